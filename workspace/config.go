package workspace

import (
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
)

// File is one parsed source file of a configuration.
type File struct {
	Path    string
	AST     *grammar.File
	Lines   *source.Lines
	Overlay bool  // the text comes from an open editor buffer, not from disk
	Version int32 // an Overlay's: the editor's version of the buffer the text is
}

// Text returns the file's text.
func (f *File) Text() string { return f.AST.Src }

// Config is the semantic model of one configuration: every `*.crn` file directly in one
// directory, sharing one namespace. It is immutable once built.
type Config struct {
	Dir   string
	Files []*File // sorted by path

	Decls     []*Decl            // every declaration, top-level and local, in file order
	Bindings  map[string][]*Decl // top-level lets and arguments by name (duplicates kept, file order)
	Functions map[string][]*Decl // user functions by name
	Outputs   []*Output          // attributes { } and exports { } entries
	Refs      []*Ref             // every reference, in file order
	Waits     []*WaitInfo        // every wait, in file order
	Modules   map[string]*Import // `use` aliases by name
	Upstreams map[string]*Import // upstream_state bindings by name

	// Deps maps each top-level declaration to the top-level declarations its value refers to
	// (value references, wait targets and depends_on entries, directives.depends_on), without
	// duplicates, in order of first reference.
	Deps map[*Decl][]*Decl

	IsModule   bool // declares arguments or attributes: a module, not a root configuration
	LoadErrors []LoadError

	index *placeIndex // the declarations and references by place, built on first use
	types *typeEnv    // what inference reads, and the inferences made, built on first use
}

// placeIndex finds declarations and references by where their names stand, and by what they
// name: the lookups that rename and the checks do for each of many names, which would otherwise
// each go over every reference of the configuration.
type placeIndex struct {
	once     sync.Once
	decls    map[place]*Decl    // by the span of the name
	refs     map[place]*Ref     // by the start of the name
	refsTo   map[*Decl][]*Ref   // the references resolving to a declaration, in Refs order
	free     map[string]*Ref    // by name, the first reference that resolves to nothing (not a call)
	locals   map[inStmt][]*Decl // the local declarations of a statement by name, in Decls order
	stmtRefs map[inStmt]*Ref    // the first reference of a statement by name (not a call)
}

type place struct {
	path string
	span grammar.Span
}

// inStmt is a name within one statement.
type inStmt struct {
	stmt *grammar.Stmt
	name string
}

func (c *Config) places() *placeIndex {
	c.index.once.Do(func() {
		c.index.decls = make(map[place]*Decl, len(c.Decls))
		for _, d := range c.Decls {
			if d.File != nil {
				c.index.decls[place{d.File.Path, d.NameSpan}] = d
			}
		}
		c.index.locals = map[inStmt][]*Decl{}
		for _, d := range c.Decls {
			if !d.TopLevel {
				k := inStmt{d.Stmt, d.Name}
				c.index.locals[k] = append(c.index.locals[k], d)
			}
		}
		c.index.refs = make(map[place]*Ref, len(c.Refs))
		c.index.refsTo = map[*Decl][]*Ref{}
		c.index.free = map[string]*Ref{}
		c.index.stmtRefs = map[inStmt]*Ref{}
		for _, r := range c.Refs {
			if r.File != nil {
				c.index.refs[place{r.File.Path, grammar.Span{Start: r.Span.Start}}] = r
			}
			if r.Decl != nil {
				c.index.refsTo[r.Decl] = append(c.index.refsTo[r.Decl], r)
			}
			if r.Kind == RefCall {
				continue
			}
			if r.Decl == nil && c.index.free[r.Name] == nil {
				c.index.free[r.Name] = r
			}
			if k := (inStmt{r.Stmt, r.Name}); c.index.stmtRefs[k] == nil {
				c.index.stmtRefs[k] = r
			}
		}
	})
	return c.index
}

// FreeRef returns the first reference (not a function call) written name that resolves to no
// declaration, such as an enum value written bare, or nil.
func (c *Config) FreeRef(name string) *Ref { return c.places().free[name] }

// LocalsNamed returns the local declarations (not top-level) of statement st called name.
func (c *Config) LocalsNamed(st *grammar.Stmt, name string) []*Decl {
	return c.places().locals[inStmt{st, name}]
}

// RefNamedIn returns the first reference (not a function call) of statement st written name,
// or nil.
func (c *Config) RefNamedIn(st *grammar.Stmt, name string) *Ref {
	return c.places().stmtRefs[inStmt{st, name}]
}

// DeclAt returns the declaration whose name is at span sp of the file at path, or nil. The
// index behind it is built once per configuration.
func (c *Config) DeclAt(path string, sp grammar.Span) *Decl { return c.places().decls[place{path, sp}] }

// RefAt returns the reference whose name starts at offset start of the file at path, or nil.
func (c *Config) RefAt(path string, start int32) *Ref {
	return c.places().refs[place{path, grammar.Span{Start: start}}]
}

// Output is one entry of an `attributes` (module outputs) or `exports` block.
type Output struct {
	Name    string
	Exports bool
	File    *File
	Stmt    *grammar.Stmt
	Decl    *grammar.OutputDecl
}

// WaitInfo is one wait with its resolved parts.
type WaitInfo struct {
	Decl      *Decl
	Expr      *grammar.WaitExpr
	Target    *Ref   // nil when the wait has no target
	DependsOn []*Ref // the entries of depends_on that are plain names
}

// Import is a `use` module or an `upstream_state`: the directory its source names and, when it
// could be loaded, that directory's configuration.
type Import struct {
	Decl   *Decl
	Source string // as written
	Dir    string // resolved against the importing configuration's directory
	Config *Config
	Err    error // why Config is nil
}

// LoadError is a file of the configuration that could not be read.
type LoadError struct {
	Path string
	Err  error
}

// Lookup returns the first top-level binding called name, or nil.
func (c *Config) Lookup(name string) *Decl {
	if ds := c.Bindings[name]; len(ds) > 0 {
		return ds[0]
	}
	return nil
}

// LookupIn returns the top-level binding called name as a reference in file f resolves it: f's
// own declaration when f declares the name, else the first one (Lookup), or nil.
func (c *Config) LookupIn(name string, f *File) *Decl {
	return sameFileFirst(c.Bindings[name], f)
}

// sameFileFirst picks among the top-level declarations of one name: f's own declaration replaces
// its siblings' (as in Carina's directory loading), else the first one, or nil.
func sameFileFirst(ds []*Decl, f *File) *Decl {
	for _, d := range ds {
		if d.File == f {
			return d
		}
	}
	if len(ds) > 0 {
		return ds[0]
	}
	return nil
}

// File returns the configuration's file with the given path, or nil.
func (c *Config) File(path string) *File {
	for _, f := range c.Files {
		if f.Path == path {
			return f
		}
	}
	return nil
}

// RefsTo returns the references that resolve to d, in the order of Refs. The slice is the
// index's: the caller must not change it.
func (c *Config) RefsTo(d *Decl) []*Ref { return c.places().refsTo[d] }

// Imported returns the configurations c reads, directly or through others: its modules' and
// upstream configurations', each once, in no particular order. Diagnostics of c may point at
// their files (a module's provider block, an upstream's syntax error).
func (c *Config) Imported() []*Config {
	seen := map[*Config]bool{c: true}
	var out []*Config
	var visit func(*Config)
	visit = func(x *Config) {
		for _, m := range []map[string]*Import{x.Modules, x.Upstreams} {
			for _, imp := range m {
				if imp.Config != nil && !seen[imp.Config] {
					seen[imp.Config] = true
					out = append(out, imp.Config)
					visit(imp.Config)
				}
			}
		}
	}
	visit(c)
	return out
}
