package diagnostics

import (
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Memo keeps the results of the statement-local checks between runs on successive versions of a
// configuration (see CheckWith). A statement's results are reused when its parse is the same
// (the parser shares the parse of an unchanged statement) and its fingerprint is: the file, the
// schemas, whether the configuration is a module, and for each name the statement uses, what it
// resolves to (the kind of declaration, its resource type, its module); statements that use a name
// resolving to nothing (an enum value, or a mistake that gets a suggestion), and those whose checks
// asked whether a name is declared (checker.readsNames), also depend on the declared names with
// their kinds and on the provider prefixes. A statement whose checks consulted more than that (see
// checker.volatile) is not memoised. Results are stored relative to the statement, so a
// statement that moved is reused too. It is safe for concurrent use; runs are serialised.
type Memo struct {
	mu       sync.Mutex
	entries  map[memoKey]*memoEntry
	analysed int // statements analysed by the last run
	reused   int // statements whose results the last run reused

	// modules holds the own checks of the modules and upstream configurations the
	// configuration uses (checker.moduleCheck): a configuration is immutable once built, so its
	// check stands while the workspace hands out the same one.
	modules map[moduleKey]*moduleEntry
}

type moduleKey struct {
	cfg     *workspace.Config
	schemas *schema.Index
}

type moduleEntry struct {
	diags []finding.Diagnostic
	used  bool // asked for by the current run
}

// moduleResult returns the memoised check of a module, if any (m may be nil). The run holds m.mu.
func (m *Memo) moduleResult(cfg *workspace.Config, schemas *schema.Index) ([]finding.Diagnostic, bool) {
	if m == nil {
		return nil, false
	}
	e := m.modules[moduleKey{cfg, schemas}]
	if e == nil {
		return nil, false
	}
	e.used = true
	return e.diags, true
}

// storeModule memoises the check of a module (m may be nil). The run holds m.mu.
func (m *Memo) storeModule(cfg *workspace.Config, schemas *schema.Index, ds []finding.Diagnostic) {
	if m == nil {
		return
	}
	if m.modules == nil {
		m.modules = map[moduleKey]*moduleEntry{}
	}
	m.modules[moduleKey{cfg, schemas}] = &moduleEntry{diags: ds, used: true}
}

type memoKey struct {
	parsed *grammar.Parsed
	path   string
}

type memoEntry struct {
	fp       uint64
	diags    []finding.Diagnostic // spans relative to the statement
	noSchema []noSchemaSite
	tags     []tagKey
	used     bool // touched by the current run
	names    bool // the checks read the declared names (checker.readsNames): fp covers them
}

// NewMemo returns an empty memo.
func NewMemo() *Memo { return &Memo{entries: map[memoKey]*memoEntry{}} }

// Stats says how many statements the last run analysed and how many it reused.
func (m *Memo) Stats() (analysed, reused int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.analysed, m.reused
}

// memoRun is one run's use of the memo (nil memo: every statement is analysed).
type memoRun struct {
	m        *Memo
	c        *checker
	names    uint64 // hash of the declared names and provider prefixes
	env      uint64 // hash of the schemas and whether the configuration is a module
	sigs     map[*workspace.Decl]string
	fns      uint64 // see functionsDigest; 0 until computed
	analysed int
	reused   int
}

func (m *Memo) begin(c *checker) *memoRun {
	r := &memoRun{m: m, c: c}
	if m == nil {
		return r
	}
	m.mu.Lock()
	h := fnv.New64a()
	env := c.environment()
	// The bindings in order, with their kinds: suggestions choose among the names of some kinds
	// only (a wait's target among those that can be waited on).
	for _, d := range c.cfg.Decls {
		if d.TopLevel && d.Kind != workspace.Function && d.Name != "_" {
			fmt.Fprintf(h, "%s:%d,", d.Name, d.Kind)
		}
	}
	io.WriteString(h, "|"+strings.Join(env.functions, ",")+"|"+strings.Join(env.modules, ","))
	providers := make([]string, 0, len(env.providers))
	for p := range env.providers {
		providers = append(providers, p)
	}
	slices.Sort(providers)
	io.WriteString(h, "|"+strings.Join(providers, ","))
	r.names = h.Sum64()
	eh := fnv.New64a()
	fmt.Fprintf(eh, "%p|%t", c.schemas, c.cfg.IsModule)
	r.env = eh.Sum64()
	r.sigs = make(map[*workspace.Decl]string, len(c.cfg.Decls))
	return r
}

func (m *Memo) end(r *memoRun) {
	if m == nil {
		return
	}
	// Entries a cancelled run did not reach are dropped too: they are analysed again next time.
	for k, e := range m.entries {
		if !e.used {
			delete(m.entries, k) // statements that are gone
		}
		e.used = false
	}
	for k, e := range m.modules {
		if !e.used {
			delete(m.modules, k) // modules no longer used, or changed since
		}
		e.used = false
	}
	m.analysed, m.reused = r.analysed, r.reused
	m.mu.Unlock()
}

// fingerprint hashes what a statement's local checks read beyond its own text; names says that
// they read the declared names.
func (r *memoRun) fingerprint(f *workspace.File, st *grammar.Stmt, names bool) uint64 {
	c := r.c
	h := fnv.New64a()
	buf := make([]byte, 0, 256)
	buf = append(buf, f.Path...)
	buf = append(buf, '|')
	buf = strconv.AppendUint(buf, r.env, 16)
	unresolved, calls := false, false
	for _, ref := range c.stmtRefs[st] {
		buf = append(buf, ref.Name...)
		buf = append(buf, '/', byte('0'+ref.Kind), '/')
		calls = calls || ref.Kind == workspace.RefCall
		if ref.Decl == nil {
			unresolved = true
			buf = append(buf, '?', ';')
			continue
		}
		buf = append(buf, r.signature(ref.Decl)...)
		// What evaluation reads of it: its value (in both of Carina's passes), and whether it
		// stands before the statement in its file (the first pass sees only those).
		buf = strconv.AppendUint(buf, r.valueDigest(ref), 16)
		if ref.Decl.File == f && ref.Decl.Stmt != nil && ref.Decl.Stmt.Offset < st.Offset {
			buf = append(buf, '<')
		}
		buf = append(buf, ';')
	}
	if calls {
		// A call reaches user functions by Carina's rules of files and order.
		buf = append(buf, "fns:"...)
		buf = strconv.AppendUint(buf, r.functionsDigest(), 16)
	}
	if unresolved || names || declaresWait(st) {
		buf = append(buf, "names:"...)
		buf = strconv.AppendUint(buf, r.names, 16)
	}
	h.Write(buf)
	return h.Sum64()
}

// valueDigest is what inference reads of the declaration a reference resolves to
// (workspace.Config.ReadDigest; a let's is computed once per configuration version, by types).
func (r *memoRun) valueDigest(ref *workspace.Ref) uint64 {
	v, _ := r.c.cfg.ReadDigest(r.c.cfg.Types(r.c.schemas), ref) // what it does not hash, the checks do not read
	return v
}

// functionsDigest is workspace.Config.FunctionsDigest, computed once per run.
func (r *memoRun) functionsDigest() uint64 {
	if r.fns == 0 {
		r.fns = r.c.cfg.FunctionsDigest()
	}
	return r.fns
}

// signature is declSignature, computed once per declaration and run.
func (r *memoRun) signature(d *workspace.Decl) string {
	if s, ok := r.sigs[d]; ok {
		return s
	}
	s := r.c.declSignature(d)
	r.sigs[d] = s
	return s
}

// declSignature is what a reference's checks read of the declaration it resolves to.
func (c *checker) declSignature(d *workspace.Decl) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%s:%t", d.Kind, d.Name, d.TopLevel)
	if res := c.cfg.ResourceOf(d); res != nil {
		b.WriteString(":" + res.Type.String())
		if res.Read != nil {
			b.WriteString(":read")
		}
	}
	switch d.Kind {
	case workspace.ModuleCall:
		fmt.Fprintf(&b, ":%p", c.moduleOf(d))
	case workspace.Module:
		if imp := c.cfg.Modules[d.Name]; imp != nil {
			fmt.Fprintf(&b, ":%p", imp.Config)
		}
	case workspace.Upstream:
		if imp := c.cfg.Upstreams[d.Name]; imp != nil {
			fmt.Fprintf(&b, ":%p", imp.Config)
		}
	}
	return b.String()
}

// declaresWait reports whether a statement is a wait (whose checks look up names by themselves:
// did-you-mean on the target, depends_on).
func declaresWait(st *grammar.Stmt) bool {
	l, ok := st.Node.(*grammar.LetStmt)
	if !ok {
		return false
	}
	_, ok = l.Value.(*grammar.WaitExpr)
	return ok
}

// reuse appends a statement's memoised results, shifted to where it stands now, and reports
// whether there were any to reuse.
func (r *memoRun) reuse(f *workspace.File, st *grammar.Stmt) bool {
	if r.m == nil {
		return false
	}
	e := r.m.entries[memoKey{st.Parsed, f.Path}]
	if e == nil || e.fp != r.fingerprint(f, st, e.names) {
		return false
	}
	e.used = true
	for _, d := range e.diags {
		r.c.out = append(r.c.out, shiftDiag(d, f.Path, st.Offset))
	}
	for _, s := range e.noSchema {
		r.c.noSchema = append(r.c.noSchema, noSchemaSite{file: f, span: s.span.Shift(st.Offset), head: s.head})
	}
	for _, k := range e.tags {
		k.file, k.span = f, k.span.Shift(st.Offset)
		r.c.tags = append(r.c.tags, k)
	}
	r.reused++
	return true
}

// store memoises a statement's results (its diagnostics all lie in its own file and span, or they
// are not memoised; nor are they when a message names a line number, lines).
func (r *memoRun) store(f *workspace.File, st *grammar.Stmt, diags []finding.Diagnostic, noSchema []noSchemaSite, tags []tagKey, lines bool) {
	r.analysed++
	volatile, names := r.c.volatile, r.c.readsNames
	r.c.volatile, r.c.readsNames = false, false
	if r.m == nil || lines || volatile {
		return
	}
	e := &memoEntry{fp: r.fingerprint(f, st, names), used: true, names: names}
	inside := func(path string, sp grammar.Span) bool {
		return path == f.Path && sp.Start >= st.Offset && sp.End <= st.End
	}
	for _, d := range diags {
		ok := inside(d.Path, d.Span)
		for _, rel := range d.Related {
			ok = ok && inside(rel.Path, rel.Span)
		}
		for _, fx := range d.Fixes {
			for _, ed := range fx.Edits {
				ok = ok && inside(ed.File(&d), ed.Span)
			}
		}
		if !ok {
			return // not memoisable: analysed again next time
		}
		e.diags = append(e.diags, shiftDiag(d, "", -st.Offset))
	}
	for _, s := range noSchema {
		e.noSchema = append(e.noSchema, noSchemaSite{head: s.head, span: s.span.Shift(-st.Offset)})
	}
	for _, k := range tags {
		k.file, k.span = nil, k.span.Shift(-st.Offset)
		e.tags = append(e.tags, k)
	}
	r.m.entries[memoKey{st.Parsed, f.Path}] = e
}

// shiftDiag moves a diagnostic (its range, related places and fix edits in the same file) by off
// bytes; path, when set, replaces its file.
func shiftDiag(d finding.Diagnostic, path string, off int32) finding.Diagnostic {
	old := d.Path
	if path != "" {
		d.Path = path
	}
	d.Span = d.Span.Shift(off)
	if len(d.Related) > 0 {
		rel := make([]finding.Related, len(d.Related))
		for i, x := range d.Related {
			if x.Path == old {
				x.Path = d.Path
				x.Span = x.Span.Shift(off)
			}
			rel[i] = x
		}
		d.Related = rel
	}
	if len(d.Fixes) > 0 {
		fixes := make([]finding.Fix, len(d.Fixes))
		for i, fx := range d.Fixes {
			edits := make([]finding.Edit, len(fx.Edits))
			for j, e := range fx.Edits {
				if e.Path == "" || e.Path == old {
					e.Span = e.Span.Shift(off)
				}
				edits[j] = e
			}
			fx.Edits = edits
			fixes[i] = fx
		}
		d.Fixes = fixes
	}
	return d
}
