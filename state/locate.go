package state

import (
	"path/filepath"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Location is where a configuration's state lives, found as Carina finds it.
type Location struct {
	Backend string // the backend block's kind (`local`, `s3`); "" without a block (local)
	Path    string // a local backend's file; "" for a remote one
	// File and Span are the backend block's keyword, where a caller reports a state file it
	// cannot read; File is nil without a block.
	File *workspace.File
	Span grammar.Span
}

// Remote reports whether the state is kept by a remote backend, which carina-lsp never reads.
func (l Location) Remote() bool { return l.Backend != "" && l.Backend != "local" }

// Locate finds the state of a configuration: the backend block in effect (the last of the
// first file holding one; Carina refuses blocks in two files, a check reports it), its `path`
// (relative to the configuration, as Carina anchors it) or carina.state.json beside the files.
// A `path` whose value is no string known before apply is ignored, as Carina's get_string
// ignores it.
func Locate(c *workspace.Config) Location {
	loc := Location{Path: filepath.Join(c.Dir, DefaultFile)}
	for _, f := range c.Files {
		var last *grammar.Stmt
		for _, st := range f.AST.Stmts {
			if _, ok := st.Node.(*grammar.BackendStmt); ok {
				last = st
			}
		}
		if last == nil {
			continue
		}
		b := last.Node.(*grammar.BackendStmt)
		loc.File, loc.Span = f, last.Abs(b.Kw)
		if b.Kind != nil {
			loc.Backend = b.Kind.Text
		}
		if loc.Remote() {
			loc.Path = ""
			return loc
		}
		if a := b.Body.Attr("path"); a != nil && a.Value != nil {
			if p, ok := c.StaticString(f, a.Value); ok {
				if !filepath.IsAbs(p) {
					p = filepath.Join(c.Dir, p)
				}
				loc.Path = p
			}
		}
		return loc
	}
	return loc
}
