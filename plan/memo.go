package plan

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Memo keeps what a plan evaluates of each resource statement (its attributes' values, its
// directives) between plans of successive versions of one configuration with one set of
// schemas, so that after an edit only the edited statement and those reading what changed are
// evaluated again: a statement's body is reused when its parse is the same (the parser shares
// the parse of an unchanged statement) and so is what it reads beyond its text
// (workspace.Ref.ReadDigest of each name it uses, and the user functions when it calls one).
// A statement reading what that does not hash (a wait, a module, an upstream_state) is
// evaluated each time. Runs are serialised; it is safe for concurrent use.
type Memo struct {
	mu      sync.Mutex
	entries map[memoKey]*memoEntry
	// evaluated and reused count the resource statements of the last run.
	evaluated, reused int
	// secrets keeps the comparisons of configured secrets with stored hashes (secret.go).
	secrets *secretCache
}

type memoKey struct {
	parsed *grammar.Parsed
	path   string
}

type memoEntry struct {
	fp   uint64
	body body
	used bool // reached by the current run
	// diffed is the resource's diff against its state row, with what it read of the resources
	// its values reference (readsKey).
	diffed *diffed
}

// body is what a resource statement's text and what it reads decide.
type body struct {
	desired    []Attr
	directives Directives
	notes      []blockNote // what Carina refuses in its nested blocks
}

// diffed is what diff decided of a resource, and the inputs beside its values it decided from.
type diffed struct {
	state               *state.Resource
	reads               string // readsKey
	movedFrom, importID string
	desired             []Attr // resolved
	written             []Value
	op                  Op
	changes             []Change
	forcing             []string
	unchanged           int
}

// readsKey is what resolving r's values reads of other resources beyond their written values
// (which r's fingerprint holds): each referenced resource's state row, operation and moved-from.
// ok is false where a reference reads what this does not key (an upstream's state, a module
// instance's or a for item's value, what the plan does not hold): r's diff is then not kept.
func (c *computer) readsKey(r *Resource) (key string, ok bool) {
	var b []byte
	ok = true
	var walk func(v Value)
	walk = func(v Value) {
		switch v.Kind {
		case Ref:
			if v.ref == nil {
				return
			}
			if _, up := c.in.Config.Upstreams[v.ref.binding]; up {
				ok = false
				return
			}
			t := c.byBinding[v.ref.binding]
			if t == nil {
				t = c.waitTarget(v.ref.binding)
			}
			if t == nil {
				ok = false
				return
			}
			c.diff(t)
			b = fmt.Appendf(b, "%s=%p|%d|%s;", v.ref.binding, t.State, t.Op, t.MovedFrom)
		case Interp, List, Map:
			for _, e := range v.Elems {
				walk(e)
			}
		}
		if v.upstream || v.loop {
			ok = false
		}
	}
	for _, a := range r.Desired {
		walk(a.Value)
	}
	return string(b), ok
}

// reuseDiff gives r the diff its entry kept, when r's inputs are those it was decided from
// (reads: its readsKey).
func (r *Resource) reuseDiff(reads string) bool {
	e := r.memo
	if e == nil || e.diffed == nil {
		return false
	}
	d := e.diffed
	if d.state != r.State || d.movedFrom != r.MovedFrom || d.importID != r.ImportID || d.reads != reads {
		return false
	}
	r.Desired = slices.Clone(d.desired)
	r.written = d.written
	r.Op, r.Changes, r.Forcing, r.UnchangedLen = d.op, slices.Clone(d.changes), slices.Clone(d.forcing), d.unchanged
	return true
}

// keepDiff keeps r's diff in its entry.
func (r *Resource) keepDiff(reads string) {
	e := r.memo
	if e == nil {
		return
	}
	e.diffed = &diffed{reads: reads, state: r.State, movedFrom: r.MovedFrom, importID: r.ImportID, desired: slices.Clone(r.Desired),
		written: r.written, op: r.Op, changes: slices.Clone(r.Changes), forcing: slices.Clone(r.Forcing), unchanged: r.UnchangedLen}
}

// NewMemo returns an empty memo.
func NewMemo() *Memo { return &Memo{entries: map[memoKey]*memoEntry{}, secrets: newSecretCache()} }

// Stats says how many resource statements the last run evaluated and how many it reused.
func (m *Memo) Stats() (evaluated, reused int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.evaluated, m.reused
}

// secretCache is the memo's cache of secrets' comparisons, a new one when m is nil (a plan
// made once compares each secret once anyway).
func (m *Memo) secretCache() *secretCache {
	if m == nil || m.secrets == nil {
		return newSecretCache()
	}
	return m.secrets
}

// begin locks the memo for a run (m may be nil).
func (m *Memo) begin() {
	if m != nil {
		m.mu.Lock()
		m.evaluated, m.reused = 0, 0
	}
}

// end drops the entries the run did not reach (statements that are gone, or not reached
// before a cancellation) and unlocks the memo.
func (m *Memo) end() {
	if m == nil {
		return
	}
	for k, e := range m.entries {
		if !e.used {
			delete(m.entries, k)
		}
		e.used = false
	}
	m.mu.Unlock()
}

// body returns a resource statement's body: the memo's when it still stands, else evaluated
// (and kept), with the memo's entry (nil when it is not kept).
func (c *computer) body(f *workspace.File, st *grammar.Stmt, x *grammar.ResourceExpr) (body, *memoEntry) {
	m := c.in.Memo
	if m == nil || st.Parsed == nil {
		return c.evaluate(f, st, x), nil
	}
	fp, ok := c.fingerprint(f, st)
	key := memoKey{st.Parsed, f.Path}
	if e := m.entries[key]; ok && e != nil && e.fp == fp {
		e.used = true
		m.reused++
		return e.body, e
	}
	b := c.evaluate(f, st, x)
	m.evaluated++
	if !ok {
		return b, nil
	}
	e := &memoEntry{fp: fp, body: b, used: true}
	m.entries[key] = e
	return b, e
}

// evaluate reads a resource statement's attributes and directives.
func (c *computer) evaluate(f *workspace.File, st *grammar.Stmt, x *grammar.ResourceExpr) body {
	var b body
	if x.Body == nil {
		return b
	}
	b.desired, b.notes = bodyAttrs(c.schemaOf(x), x.Body, func(v grammar.Expr) Value { return c.value(f, st, v) })
	if d := directivesBlock(x.Body); d != nil {
		b.directives = c.directives(f, st, d.Body)
	}
	return b
}

// fingerprint hashes what a statement's evaluation reads beyond its own text; ok is false when
// it reads what the hash does not cover.
func (c *computer) fingerprint(f *workspace.File, st *grammar.Stmt) (uint64, bool) {
	buf := make([]byte, 0, 128)
	buf = append(buf, f.Path...)
	calls := false
	for _, ref := range c.refsOf(st) {
		buf = append(buf, '|')
		buf = append(buf, ref.Name...)
		buf = append(buf, '/', byte('0'+ref.Kind))
		calls = calls || ref.Kind == workspace.RefCall
		d := ref.Decl
		if d == nil {
			buf = append(buf, '?') // an enum identifier: the name is its value
			continue
		}
		v, ok := c.in.Config.ReadDigest(c.in.Info, ref)
		if !ok {
			return 0, false
		}
		buf = append(buf, '/', byte('0'+d.Kind))
		buf = strconv.AppendBool(buf, d.TopLevel)
		buf = strconv.AppendUint(buf, v, 16)
		// The first of Carina's passes sees only what stands before the statement in its file.
		if d.File == f && d.Stmt != nil && d.Stmt.Offset < st.Offset {
			buf = append(buf, '<')
		}
	}
	if calls {
		buf = append(buf, "|fns:"...)
		buf = strconv.AppendUint(buf, c.functions(), 16)
	}
	h := fnv.New64a()
	h.Write(buf)
	return h.Sum64(), true
}

// functions is the configuration's FunctionsDigest, computed once per run.
func (c *computer) functions() uint64 {
	if c.fns == 0 {
		c.fns = c.in.Config.FunctionsDigest()
	}
	return c.fns
}

// refsOf returns the references a top-level statement holds, indexed once per run.
func (c *computer) refsOf(st *grammar.Stmt) []*workspace.Ref {
	if c.refs == nil {
		c.refs = map[*grammar.Stmt][]*workspace.Ref{}
		for _, ref := range c.in.Config.Refs {
			c.refs[ref.Stmt] = append(c.refs[ref.Stmt], ref)
		}
	}
	return c.refs[st]
}

// dependsOn lists the top-level bindings a statement's values read, in order of first reference.
func (c *computer) dependsOn(st *grammar.Stmt) []string {
	var out []string
	for _, ref := range c.refsOf(st) {
		if ref.Dependency() && !slices.Contains(out, ref.Decl.Name) {
			out = append(out, ref.Decl.Name)
		}
	}
	return out
}
