package diagnostics

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// declSchema returns the schema behind a declaration (see workspace.Config.ResourceOf), or nil.
func (c *checker) declSchema(d *workspace.Decl) *schema.Resource {
	if r := c.cfg.ResourceOf(d); r != nil {
		return c.schemaOf(r)
	}
	return nil
}

// walkPath looks up path in rs and returns the index of the first segment that does not exist,
// or -1 when the whole path does.
func walkPath(rs *schema.Resource, path []string) int {
	for i := range path {
		if _, ok := rs.Walk(path[:i+1]); !ok {
			return i
		}
	}
	return -1
}

// memberNames lists the attributes or fields that can follow path[:i] in rs, for suggestions.
func memberNames(rs *schema.Resource, prefix []string) []string {
	var fields map[string]*schema.Member
	if len(prefix) == 0 {
		fields = rs.Attributes
	} else if m, ok := rs.Lookup(prefix); ok {
		t := rs.Resolve(m.Type)
		for t != nil && (t.Kind == schema.KindList || t.Kind == schema.KindMap) {
			if t.Kind == schema.KindList {
				t = rs.Resolve(t.Element)
			} else {
				t = rs.Resolve(t.Value)
			}
		}
		if t != nil && t.Kind == schema.KindStruct {
			fields = t.Fields()
		}
	}
	return slices.Sorted(maps.Keys(fields))
}

// checkAttrRefs reports `binding.attribute` references to attributes the binding does not have:
// resources and data sources against their schema, waits against their target's (passthrough),
// module calls against the module's attributes, upstream_state against the upstream exports.
func (c *checker) checkAttrRefs() {
	for _, r := range c.refs() {
		if r.Decl == nil || !r.Decl.TopLevel || len(r.Path) == 0 || r.Kind != workspace.RefValue || c.untilLHS(r) {
			continue
		}
		switch r.Decl.Kind {
		case workspace.Resource, workspace.DataSource, workspace.Wait:
			c.checkSchemaRef(r)
		case workspace.ModuleCall:
			c.checkModuleOutputRef(r)
		case workspace.Upstream:
			c.checkUpstreamRef(r)
		}
	}
}

func (c *checker) checkSchemaRef(r *workspace.Ref) {
	rs := c.declSchema(r.Decl)
	if rs == nil {
		return
	}
	path := make([]string, len(r.Path))
	for i, p := range r.Path {
		path[i] = p.Text
	}
	bad := walkPath(rs, path)
	if bad < 0 || bad == 0 && path[0] == "id" {
		// Every resource has its provider identifier as `id`.
		return
	}
	seg := r.Path[bad]
	what := fmt.Sprintf("%s (%s)", r.Name, rs.Type)
	if r.Decl.Kind == workspace.Wait {
		if w := r.Decl.WaitExpr(); w != nil && w.Target != nil {
			what = fmt.Sprintf("%s (a wait on %s, %s)", r.Name, w.Target.Text, rs.Type)
		}
	}
	sug := suggestMember(seg.Text, memberNames(rs, path[:bad]), pathFits(rs, path, bad))
	d := c.add(r.File, seg.Span, finding.Error, finding.CodeUnknownAttribute, "unknown attribute %q on %s%s", seg.Text, what, meaning(sug))
	renameTo(d, sug)
}

// pathFits accepts the replacements of path[bad] with which the whole path exists in rs
// (`vpc.vpc_idvpc.vpc_id` is not helped by vpc_id, a string with no attributes).
func pathFits(rs *schema.Resource, path []string, bad int) func(string) bool {
	return func(cand string) bool {
		p := slices.Concat(path[:bad], []string{cand}, path[bad+1:])
		return walkPath(rs, p) < 0
	}
}

// pathExists reports whether the attribute path read from declaration d can exist: false only
// where checkAttrRefs would report a reference `d.path...`.
func (c *checker) pathExists(d *workspace.Decl, path []string) bool {
	if d == nil || len(path) == 0 {
		return true
	}
	switch d.Kind {
	case workspace.Resource, workspace.DataSource, workspace.Wait:
		rs := c.declSchema(d)
		if rs == nil {
			return true
		}
		bad := walkPath(rs, path)
		return bad < 0 || bad == 0 && path[0] == "id"
	case workspace.ModuleCall:
		mod := c.moduleOf(d)
		return mod == nil || c.hasSyntaxErrors(mod) || moduleHasAttr(mod, path[0])
	case workspace.Value, workspace.Conditional:
		v, ok := c.cfg.Types(c.schemas).DeclValue(d)
		return !ok || !v.Scalar()
	case workspace.Upstream:
		imp := c.cfg.Upstreams[d.Name]
		return imp == nil || imp.Config == nil || c.hasSyntaxErrors(imp.Config) || slices.Contains(outputNames(imp.Config, true), path[0])
	}
	return true
}

// moduleOf returns the configuration of the module a module-call binding instantiates, or nil.
func (c *checker) moduleOf(d *workspace.Decl) *workspace.Config {
	call, ok := d.Value.(*grammar.ModuleCallExpr)
	if !ok {
		return nil
	}
	if imp := c.cfg.Modules[call.Name.Text]; imp != nil {
		return imp.Config
	}
	return nil
}

func outputNames(cfg *workspace.Config, exports bool) []string {
	var out []string
	for _, o := range cfg.Outputs {
		if o.Exports == exports && !slices.Contains(out, o.Name) {
			out = append(out, o.Name)
		}
	}
	slices.Sort(out)
	return out
}

func (c *checker) checkModuleOutputRef(r *workspace.Ref) {
	mod := c.moduleOf(r.Decl)
	if mod == nil || c.hasSyntaxErrors(mod) {
		return
	}
	names := outputNames(mod, false)
	seg := r.Path[0]
	call := r.Decl.Value.(*grammar.ModuleCallExpr)
	switch {
	case slices.Contains(names, seg.Text):
	case len(names) == 0 && mod.Lookup(seg.Text) != nil:
		// A call of a module that declares no attributes has no attribute surface: Carina
		// leaves its reads alone, and a top-level binding addressed through the instance
		// (`reg.cert.bucket_name`) is how such a module is read.
	case len(names) == 0:
		c.add(r.File, seg.Span, finding.Warning, finding.CodeUnknownOutput, "module %q declares no attributes, so %s.%s reads nothing it publishes (Carina does not check it); declare it in the module's attributes { }",
			call.Name.Text, r.Name, seg.Text)
	case !c.carinaChecks(r):
		d := c.add(r.File, seg.Span, finding.Warning, finding.CodeUnknownOutput, "module %q has no attribute %q (its attributes: %s)%s; Carina reports it once the value reaches a resource, an export or a module call",
			call.Name.Text, seg.Text, listOrNone(names), didYouMean(seg.Text, names))
		c.renameFix(d, seg.Text, names)
	default:
		d := c.add(r.File, seg.Span, finding.Error, finding.CodeUnknownOutput, "module %q has no attribute %q (its attributes: %s)%s",
			call.Name.Text, seg.Text, listOrNone(names), didYouMean(seg.Text, names))
		c.renameFix(d, seg.Text, names)
	}
}

// carinaChecks reports whether Carina checks what r reads (workspace decides); the answer
// depends on the statements that read r's let, so the statement's results are not memoised.
func (c *checker) carinaChecks(r *workspace.Ref) bool {
	c.volatile = true
	return c.cfg.CarinaChecksRead(r)
}

// moduleHasAttr reports whether a call of module mod can be read as `call.name`: an attribute
// it declares, or, where it declares none, anything (Carina does not check those reads).
func moduleHasAttr(mod *workspace.Config, name string) bool {
	names := outputNames(mod, false)
	return len(names) == 0 || slices.Contains(names, name)
}

func (c *checker) checkUpstreamRef(r *workspace.Ref) {
	imp := c.cfg.Upstreams[r.Name]
	if imp == nil || imp.Config == nil || c.hasSyntaxErrors(imp.Config) {
		return // the exports cannot be read: nothing to check against
	}
	names := outputNames(imp.Config, true)
	seg := r.Path[0]
	if slices.Contains(names, seg.Text) {
		return
	}
	c.volatile = true // the suggestion reads the upstream's export types
	in := c.cfg.Types(c.schemas)
	sug := spell.Closest(seg.Text, names, func(cand string) bool { return in.UpstreamFieldFits(r.File.Path, r.Stmt, r.Expr, cand) })
	d := c.add(r.File, seg.Span, finding.Error, finding.CodeUnknownExport, "upstream_state %q does not export %q (its exports: %s)%s",
		r.Name, seg.Text, listOrNone(names), meaning(sug))
	renameTo(d, sug)
}

func (c *checker) hasSyntaxErrors(cfg *workspace.Config) bool {
	return slices.ContainsFunc(cfg.Files, func(f *workspace.File) bool { return len(f.AST.Errors) > 0 })
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// checkModuleCalls checks the arguments of every module call that Carina expands (types decides
// which) against the module's `arguments`.
func (c *checker) checkModuleCalls() {
	for f, st := range c.statements() {
		var expanded map[*grammar.ModuleCallExpr]bool
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			call, ok := n.(*grammar.ModuleCallExpr)
			if !ok {
				return true
			}
			if expanded == nil {
				expanded = c.cfg.Types(c.schemas).ExpandedCalls(f.Path, st)
			}
			if expanded[call] {
				c.checkModuleCall(f, st, call)
			}
			return true
		})
	}
}

func (c *checker) checkModuleCall(f *workspace.File, st *grammar.Stmt, call *grammar.ModuleCallExpr) {
	c.checkModuleCallOf(f, st, call, call.Name.Text)
}

// checkModuleCallOf checks a module call's arguments against the module imported as name (the
// call's own, or another one a suggestion would change it to).
func (c *checker) checkModuleCallOf(f *workspace.File, st *grammar.Stmt, call *grammar.ModuleCallExpr, name string) {
	imp := c.cfg.Modules[name]
	if imp == nil || imp.Config == nil || c.hasSyntaxErrors(imp.Config) {
		return
	}
	params := map[string]*grammar.ParamDecl{}
	decls := map[string]*workspace.Decl{}
	var names []string
	for _, d := range imp.Config.Decls {
		if p, ok := d.Node.(*grammar.ParamDecl); ok && d.Kind == workspace.Argument {
			params[d.Name] = p
			decls[d.Name] = d
			names = append(names, d.Name)
		}
	}
	slices.Sort(names)
	given := map[string]bool{}
	for _, it := range call.Body.Items {
		a, ok := it.(*grammar.Attribute)
		if !ok {
			continue
		}
		given[a.Key.Text] = true
		if params[a.Key.Text] == nil {
			d := c.add(f, at(st, a.Key.Span), finding.Error, finding.CodeUnknownArgument, "unknown argument %q for module %q (its arguments: %s)%s",
				a.Key.Text, name, listOrNone(names), didYouMean(a.Key.Text, names))
			c.renameFix(d, a.Key.Text, names)
		}
	}
	if slices.ContainsFunc(call.Body.Items, func(it grammar.Item) bool { _, bad := it.(*grammar.BadItem); return bad }) {
		return
	}
	for _, n := range names {
		if p := params[n]; p.Default == nil && !given[n] {
			typ := ""
			if d := decls[n]; p.Type != nil && d != nil {
				typ = " (" + text(d.File, d.Stmt.Abs(p.Type.Span)) + ")"
			}
			c.add(f, at(st, call.Name.Span), finding.Error, finding.CodeMissingArgument, "missing required argument %q%s for module %q: add %s = <value>", n, typ, name, n)
		}
	}
}
