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
	Overlay bool // the text comes from an open editor buffer, not from disk
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
}

// placeIndex finds declarations and references by where their names stand.
type placeIndex struct {
	once  sync.Once
	decls map[place]*Decl // by the span of the name
	refs  map[place]*Ref  // by the start of the name
}

type place struct {
	path string
	span grammar.Span
}

func (c *Config) places() *placeIndex {
	c.index.once.Do(func() {
		c.index.decls = make(map[place]*Decl, len(c.Decls))
		for _, d := range c.Decls {
			if d.File != nil {
				c.index.decls[place{d.File.Path, d.NameSpan}] = d
			}
		}
		c.index.refs = make(map[place]*Ref, len(c.Refs))
		for _, r := range c.Refs {
			if r.File != nil {
				c.index.refs[place{r.File.Path, grammar.Span{Start: r.Span.Start}}] = r
			}
		}
	})
	return c.index
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

// RefsTo returns the references that resolve to d.
func (c *Config) RefsTo(d *Decl) []*Ref {
	var out []*Ref
	for _, r := range c.Refs {
		if r.Decl == d {
			out = append(out, r)
		}
	}
	return out
}
