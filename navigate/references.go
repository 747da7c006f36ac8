package navigate

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// target is what references, highlights and rename work on: a declaration of the
// configuration, an output of another configuration read through a binding, an enum value (a
// name that resolves to nothing, matched by its text), or a module call's argument key.
type target struct {
	decl   *workspace.Decl
	output *workspace.Output // with via: the upstream_state or module call binding reading it
	via    *workspace.Decl
	enum   string
	module *workspace.Import // with argKey: the module whose argument the key sets
	argKey string
}

// targetOf returns the target of what lies under the cursor, if any.
func targetOf(cfg *workspace.Config, s *cursor.Site) (target, bool) {
	switch {
	case isName(s):
		r := s.Ref
		switch {
		case s.Decl == nil:
			if r != nil && r.Kind == workspace.RefValue {
				return target{enum: describeRef(r)}, true
			}
		case s.Role != cursor.Member || s.Decl.Kind == workspace.Wait:
			return target{decl: s.Decl}, true
		case r != nil:
			if o := fieldOutput(cfg, r); o != nil {
				return target{output: o, via: s.Decl}, true
			}
		}
	case s.Role == cursor.Declaration && s.Decl != nil:
		return target{decl: s.Decl}, true
	case s.Role == cursor.Output && s.Output != nil:
		return target{output: s.Output}, true
	case s.Role == cursor.ArgumentKey:
		return target{module: s.Module, argKey: s.Text}, true
	}
	return target{}, false
}

// occurrence is one place a target appears.
type occurrence struct {
	loc   Location
	write bool // the declaration
}

// occurrences lists every place of the configuration (and, for declarations in other
// directories, that place) where t appears, the declaration first.
func occurrences(cfg *workspace.Config, t target) []occurrence {
	var out []occurrence
	switch {
	case t.decl != nil:
		out = append(out, occurrence{declLocation(t.decl), true})
		for _, r := range cfg.Refs {
			if r.Decl == t.decl {
				out = append(out, occurrence{loc: refLocation(r)})
			}
		}
	case t.output != nil:
		out = append(out, occurrence{outputLocation(t.output), true})
		for _, r := range cfg.Refs {
			if t.via != nil && r.Decl == t.via && len(r.Path) > 0 && r.Path[0].Text == t.output.Name {
				out = append(out, occurrence{loc: Location{Path: r.File.Path, Span: r.Path[0].Span}})
			}
		}
	case t.enum != "":
		for _, r := range cfg.Refs {
			if r.Decl == nil && r.Kind == workspace.RefValue && describeRef(r) == t.enum {
				out = append(out, occurrence{loc: Location{Path: r.File.Path, Span: enumSpan(r)}})
			}
		}
	case t.argKey != "":
		for _, l := range moduleArgKeys(cfg, t.module, t.argKey) {
			out = append(out, occurrence{loc: l})
		}
		if d := argumentDecl(t.module, t.argKey); d != nil {
			out = append(out, occurrence{declLocation(d), true})
			for _, r := range t.module.Config.Refs {
				if r.Decl == d {
					out = append(out, occurrence{loc: refLocation(r)})
				}
			}
		}
	}
	return out
}

// enumSpan is the span of a whole dotted enum value.
func enumSpan(r *workspace.Ref) grammar.Span {
	s := r.Span
	if n := len(r.Path); n > 0 {
		s.End = r.Path[n-1].Span.End
	}
	return s
}

// moduleArgKeys returns the keys that set argument name in the calls of module imp made by the
// configuration.
func moduleArgKeys(cfg *workspace.Config, imp *workspace.Import, name string) []Location {
	var out []Location
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			grammar.Inspect(st.Node, func(n grammar.Node) bool {
				mc, ok := n.(*grammar.ModuleCallExpr)
				if !ok || mc.Name == nil || cfg.Modules[mc.Name.Text] != imp {
					return true
				}
				for _, it := range mc.Body.Items {
					if a, ok := it.(*grammar.Attribute); ok && a.Key.Text == name {
						out = append(out, Location{Path: f.Path, Span: st.Abs(a.Key.Span)})
					}
				}
				return true
			})
		}
	}
	return out
}

// References returns every place of the configuration where the name at offset of f is used:
// the uses of a binding across the files of the directory (wait targets, depends_on entries and
// reads through a wait included), and the declaration itself when includeDecl is set. On a
// module call's argument key, it returns the keys setting that argument in the configuration's
// calls of the module, and the argument's declaration and uses in the module; on an
// upstream_state field or a module output, its reads through the binding; on an enum value, the
// uses of the same value.
func References(cfg *workspace.Config, f *workspace.File, offset int, includeDecl bool) []Location {
	t, ok := targetOf(cfg, locate(cfg, f, offset))
	if !ok {
		return nil
	}
	var out []Location
	for _, o := range occurrences(cfg, t) {
		if o.write && !includeDecl {
			continue
		}
		out = append(out, o.loc)
	}
	return sortLocations(out)
}
