package diagnostics

import (
	"context"
	"fmt"
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checker carries one configuration's check run.
type checker struct {
	kids     []grammar.Node // the children of the node pipeWalk visits
	kidsBuf  grammar.ChildBuffer
	pipeTodo []pipeFrame // pipeWalk's stack of nodes to visit
	ctx      context.Context
	cfg      *workspace.Config
	schemas  *schema.Index // nil: no schemas
	opts     Options
	out      []finding.Diagnostic
	refIndex map[refKey]*workspace.Ref // the reference each path expression is, by statement

	// only, when set, limits the statement-local checks to one statement of onlyFile (the
	// incremental path checks statement by statement).
	only     *grammar.Stmt
	onlyFile *workspace.File
	stmtRefs map[*grammar.Stmt][]*workspace.Ref // references by statement
	onlyRefs []*workspace.Ref                   // stmtRefs[only], looked up once a statement
	env      *environment                       // names every statement's checks may consult
	noSchema []noSchemaSite                     // types without schema, in check order
	tags     []tagKey                           // the keys of every tags map, in check order
	// volatile is set by a statement's checks that consulted more of the configuration than the
	// memo's fingerprint covers (whether a suggested binding has an attribute, or would close a
	// dependency cycle): the statement's results are not memoised. Only statements with a
	// mistake that gets a suggestion set it.
	volatile bool
	// readsNames is set by a statement's checks that looked up whether a top-level name is
	// declared (a bare enum value as a placeholder): its memo entry then depends on the names.
	readsNames bool

	providers map[string]bool     // providerNames, computed once
	regions   map[string][]string // knownRegions by provider, computed once
	linesUsed bool                // a message of the statement being checked names a line number
	broken    bool                // a file of the configuration has a syntax error

	modChecks map[*workspace.Config][]finding.Diagnostic // the own checks of the modules used, once a run
}

// environment is what statement-local checks consult beyond their statement's own references:
// the names for did-you-mean suggestions and the provider prefixes. Computed once per run.
type environment struct {
	providers map[string]bool
	bindings  []string // top-level bindings (no functions, no `_`)
	functions []string // user functions and built-ins, sorted
	modules   []string // `use` aliases, sorted
}

// noSchemaSite is a resource type without schema, where it is written; one note per type and
// configuration is reported (at its first place).
type noSchemaSite struct {
	file *workspace.File
	span grammar.Span
	head string
}

// noSchemaAt records a resource type without schema.
func (c *checker) noSchemaAt(f *workspace.File, sp grammar.Span, head string) {
	c.noSchema = append(c.noSchema, noSchemaSite{f, sp, head})
}

// statements yields the statements in scope: one under c.only, else every statement of every file.
func (c *checker) statements() func(yield func(*workspace.File, *grammar.Stmt) bool) {
	return func(yield func(*workspace.File, *grammar.Stmt) bool) {
		if c.only != nil {
			yield(c.onlyFile, c.only)
			return
		}
		for _, f := range c.cfg.Files {
			for _, st := range f.AST.Stmts {
				if !yield(f, st) {
					return
				}
			}
		}
	}
}

// refs returns the references in scope.
func (c *checker) refs() []*workspace.Ref {
	if c.only != nil {
		return c.onlyRefs
	}
	return c.cfg.Refs
}

// providerNames returns the first segments that start enum values and resource types rather
// than references, as types decides them (Info.Providers).
func (c *checker) providerNames() map[string]bool {
	if c.providers != nil {
		return c.providers
	}
	out := map[string]bool{}
	for _, p := range c.cfg.Types(c.schemas).Providers() {
		out[p] = true
	}
	c.providers = out
	return out
}

// environment returns the names statement-local checks consult, computing them once.
func (c *checker) environment() *environment {
	if c.env != nil {
		return c.env
	}
	only, onlyFile := c.only, c.onlyFile
	c.only, c.onlyFile = nil, nil // the provider prefixes come from the whole configuration
	env := &environment{providers: c.providerNames(), bindings: c.names(nil)}
	c.only, c.onlyFile = only, onlyFile
	for name := range c.cfg.Functions {
		env.functions = append(env.functions, name)
	}
	env.functions = append(env.functions, grammar.BuiltinFunctions()...)
	slices.Sort(env.functions)
	for name := range c.cfg.Modules {
		env.modules = append(env.modules, name)
	}
	slices.Sort(env.modules)
	c.env = env
	return env
}

type refKey struct {
	stmt *grammar.Stmt
	expr grammar.Expr
}

// refAt returns the reference a path expression of a statement is, or nil.
func (c *checker) refAt(st *grammar.Stmt, e grammar.Expr) *workspace.Ref {
	if c.refIndex == nil {
		c.refIndex = make(map[refKey]*workspace.Ref, len(c.cfg.Refs))
		for _, r := range c.cfg.Refs {
			c.refIndex[refKey{r.Stmt, r.Expr}] = r
		}
	}
	return c.refIndex[refKey{st, e}]
}

// at converts a statement-relative span to a file span.
func at(st *grammar.Stmt, sp grammar.Span) grammar.Span { return st.Abs(sp) }

func (c *checker) add(f *workspace.File, sp grammar.Span, sev finding.Severity, code finding.Code, format string, args ...any) *finding.Diagnostic {
	msg, ok := "", false
	if format == "%s" && len(args) == 1 {
		msg, ok = args[0].(string) // a message built by the caller: no formatting
	}
	if !ok {
		msg = fmt.Sprintf(format, args...)
	}
	c.out = append(c.out, finding.Diagnostic{Path: f.Path, Span: sp, Severity: sev, Code: code, Message: msg})
	return &c.out[len(c.out)-1]
}

// text returns the source text of a file span.
func text(f *workspace.File, sp grammar.Span) string { return f.Text()[sp.Start:sp.End] }

// line returns the 1-based line of a file offset, for messages that point elsewhere. A message
// that holds a line number is true only where the statement stands now: the statement's results
// are then not memoised (see Memo), so that a statement moved by an edit says the new line.
func (c *checker) line(f *workspace.File, off int32) int {
	c.linesUsed = true
	return f.Lines.Line(int(off)) + 1
}

// names returns the names of the configuration's top-level bindings accepted by keep.
func (c *checker) names(keep func(*workspace.Decl) bool) []string {
	var out []string
	for _, d := range c.cfg.Decls {
		if d.TopLevel && d.Kind != workspace.Function && d.Name != "_" && (keep == nil || keep(d)) {
			out = append(out, d.Name)
		}
	}
	return out
}
