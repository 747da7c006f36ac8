package navigate

import (
	"fmt"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// callClash reports why renaming d to newName would move a call between a binding and a
// function: a binding and a function may share a name, a call of it applying the binding's
// partial application when inference says so (types.Info.CallsBinding: a let declared before
// the call in its file, holding a closure), else calling the function.
func callClash(cfg *workspace.Config, d *workspace.Decl, newName string) error {
	in := cfg.Types(nil) // what a binding holds is a closure or not whatever the schemas
	if d.Kind == workspace.Function {
		for _, r := range cfg.RefsTo(d) {
			for _, b := range bindingsAt(cfg, r, newName) {
				if in.CallsBinding(r.File.Path, r.Stmt, b) {
					return fmt.Errorf("the call at %s would apply the partial application of the %s %q at %s instead", where(r.File, r.Span.Start), b.Kind, newName, where(b.File, b.NameSpan.Start))
				}
			}
		}
		for _, r := range callsOf(cfg, newName) {
			if r.Decl != nil && r.Decl.Kind != workspace.Function && !in.CallsBinding(r.File.Path, r.Stmt, r.Decl) {
				return fmt.Errorf("the call of %q at %s, which names the %s %q, would call the renamed function", newName, where(r.File, r.Span.Start), r.Decl.Kind, newName)
			}
		}
		return nil
	}
	if len(cfg.Functions[newName]) == 0 && !grammar.IsBuiltinFunction(newName) {
		return nil
	}
	for _, r := range cfg.RefsTo(d) {
		if r.Kind == workspace.RefCall && !in.CallsBinding(r.File.Path, r.Stmt, d) {
			return fmt.Errorf("%q is a function: the call at %s would call it instead of the renamed binding", newName, where(r.File, r.Span.Start))
		}
	}
	for _, r := range callsOf(cfg, newName) {
		if (d.TopLevel || r.Stmt == d.Stmt) && in.CallsBinding(r.File.Path, r.Stmt, d) {
			return fmt.Errorf("the call of the function %q at %s would apply the renamed binding instead", newName, where(r.File, r.Span.Start))
		}
	}
	return nil
}

// callsOf returns the calls written name.
func callsOf(cfg *workspace.Config, name string) []*workspace.Ref {
	var out []*workspace.Ref
	for _, r := range cfg.Refs {
		if r.Kind == workspace.RefCall && r.Name == name {
			out = append(out, r)
		}
	}
	return out
}

// bindingsAt returns the bindings called name that a call r may apply: the locals of its
// statement and the top-level lets of its file.
func bindingsAt(cfg *workspace.Config, r *workspace.Ref, name string) []*workspace.Decl {
	out := cfg.LocalsNamed(r.Stmt, name)
	for _, b := range cfg.Bindings[name] {
		if b.File == r.File {
			out = append(out, b)
		}
	}
	return out
}
