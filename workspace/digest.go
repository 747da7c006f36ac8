package workspace

import (
	"fmt"
	"hash/fnv"
	"unsafe"

	"github.com/carina-rs/carina-lsp/types"
)

// ReadDigest returns a hash of what evaluating a statement reads of the declaration ref resolves
// to, as in (c's evaluation) sees it, for callers that keep results computed from a statement between versions of a
// configuration (the checks' memo, the plan's): a top-level let's value (in both of Carina's
// passes), the value a resource's body gives the attribute read (evaluation puts constants in
// place of such references; through a wait, its target's), the parse of an argument's, an if's,
// a for's or a function's statement, an upstream_state's configuration as loaded. ok is false
// where the value read is one this does not hash (a module's, a provider instance's): such a
// statement's results are not kept.
func (c *Config) ReadDigest(in *types.Info, ref *Ref) (digest uint64, ok bool) {
	d := ref.Decl
	switch d.Kind {
	case Value:
		if !d.TopLevel {
			return 0, true // a local let: the statement's own text
		}
		return in.Digest(d), true
	case Resource, DataSource:
		if len(ref.Path) == 0 {
			return 0, true
		}
		return in.AttributeDigest(d, ref.Path[0].Text), true
	case Argument, Conditional, ForEach, Function:
		if d.Stmt != nil {
			return uint64(uintptr(unsafe.Pointer(d.Stmt.Parsed))), true
		}
		return 0, true
	case LocalLet, LoopVar, Param:
		return 0, true // declared in the statement: its own text
	case Wait:
		for _, w := range c.Waits {
			if w.Decl == d {
				if w.Target == nil || w.Target.Decl == nil || len(ref.Path) == 0 {
					return 0, true
				}
				t := w.Target.Decl
				if t.Kind != Resource && t.Kind != DataSource {
					return 0, false
				}
				return in.AttributeDigest(t, ref.Path[0].Text), true
			}
		}
		return 0, true
	case Upstream:
		// The workspace hands out the same configuration while its files are unchanged.
		if u := c.Upstreams[d.Name]; u != nil && d.Stmt != nil {
			h := fnv.New64a()
			fmt.Fprintf(h, "%p|%p", u.Config, d.Stmt.Parsed)
			return h.Sum64(), true
		}
		return 0, false
	}
	return 0, false
}

// FunctionsDigest hashes the user functions of the configuration: their files, order and parse.
// A call reaches them by Carina's rules of files and order, so a statement with a call depends on
// all of them.
func (c *Config) FunctionsDigest() uint64 {
	h := fnv.New64a()
	for _, d := range c.Decls {
		if d.Kind == Function && d.Stmt != nil {
			fmt.Fprintf(h, "%s|%s|%d|%p;", d.Name, d.File.Path, d.Stmt.Offset, d.Stmt.Parsed)
		}
	}
	return h.Sum64() | 1
}
