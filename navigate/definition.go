package navigate

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Definition returns where the name at offset of f (a file of cfg) is declared:
//   - a binding, a wait target, a depends_on entry (of a wait or of directives), a loop
//     variable, a function parameter, a user function, a module alias: its declaration, in any
//     file of the directory;
//   - an attribute read through a wait (`cert_issued.certificate_arn`): the wait;
//   - a field of an upstream_state (`orgs.accounts`): the export in the upstream directory;
//   - an output of a module call (`web.vpc_id`): the attribute in the module's directory;
//   - a module call's argument key: the argument's declaration in the module's directory;
//   - a declaration: itself.
//
// It returns nothing for names without a declaration in source: attributes of provider schemas,
// enum values, built-in functions, keywords.
func Definition(cfg *workspace.Config, f *workspace.File, offset int) []Location {
	s := locate(cfg, f, offset)
	switch {
	case isName(s):
		switch {
		case s.Decl == nil:
		case s.Role != cursor.Member || s.Decl.Kind == workspace.Wait:
			return []Location{declLocation(s.Decl)}
		case s.Ref != nil:
			if o := fieldOutput(cfg, s.Ref); o != nil {
				return []Location{outputLocation(o)}
			}
		}
	case s.Role == cursor.Declaration && s.Decl != nil:
		return []Location{declLocation(s.Decl)}
	case s.Role == cursor.Output && s.Output != nil:
		return []Location{outputLocation(s.Output)}
	case s.Role == cursor.ArgumentKey:
		if d := argumentDecl(s.Module, s.Text); d != nil {
			return []Location{declLocation(d)}
		}
	}
	return nil
}

// fieldOutput returns the output a reference's first attribute segment reads: an export of an
// upstream_state, or an attribute of a module call's module.
func fieldOutput(cfg *workspace.Config, r *workspace.Ref) *workspace.Output {
	if r.Decl == nil || len(r.Path) == 0 {
		return nil
	}
	var imp *workspace.Import
	exports := false
	switch r.Decl.Kind {
	case workspace.Upstream:
		imp, exports = cfg.Upstreams[r.Decl.Name], true
	case workspace.ModuleCall:
		if mc := moduleCallOf(r.Decl); mc != "" {
			imp = cfg.Modules[mc]
		}
	}
	if imp == nil || imp.Config == nil {
		return nil
	}
	for _, o := range imp.Config.Outputs {
		if o.Exports == exports && o.Name == r.Path[0].Text {
			return o
		}
	}
	return nil
}

// moduleCallOf returns the module alias a module call binding calls (`let web = net { ... }`).
func moduleCallOf(d *workspace.Decl) string {
	if mc, ok := d.Value.(*grammar.ModuleCallExpr); ok && mc.Name != nil {
		return mc.Name.Text
	}
	return ""
}

// argumentDecl returns the declaration of the argument called name in a module.
func argumentDecl(imp *workspace.Import, name string) *workspace.Decl {
	if imp == nil || imp.Config == nil {
		return nil
	}
	for _, d := range imp.Config.Bindings[name] {
		if d.Kind == workspace.Argument {
			return d
		}
	}
	return nil
}
