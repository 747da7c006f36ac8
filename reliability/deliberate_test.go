package reliability

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// A deliberate difference (docs/language-rules.md, "Deliberate differences") is a rule carina-lsp
// applies more widely than Carina, or a check Carina does not make: an input Carina accepts whose
// every language error from check is of such a rule differs on purpose, as does one Carina
// rejects for a reason that does not hold where check reads it. Each predicate holds in exactly
// the situation the page describes, read from the configuration as it was judged, so that any
// other disagreement shows.
type deliberateDifference struct {
	reason string
	// ours explains an error of check on an input Carina accepts.
	ours func(d finding.Diagnostic, m *judgedModel) bool
	// theirs explains an error of Carina's on an input check accepts.
	theirs func(msg string, m *judgedModel) bool
}

var deliberateDifferences = []deliberateDifference{
	{reason: "a reference to a binding declared nowhere is reported wherever it is written",
		ours: func(d finding.Diagnostic, m *judgedModel) bool {
			return d.Code == finding.CodeUndefined && m.declaredNowhere(d)
		}},
	{reason: "a call of a name that is no function is reported wherever it is written",
		ours: func(d finding.Diagnostic, m *judgedModel) bool {
			return d.Code == finding.CodeUnknownFunction && !grammar.IsBuiltinFunction(m.written(d)) && m.declaredNowhere(d)
		}},
	{reason: "a module attribute a resource reads is checked, as carina validate does with its providers (refcheck loads none)",
		ours: func(d finding.Diagnostic, m *judgedModel) bool {
			return d.Code == finding.CodeUnknownOutput && m.inResource(d) && m.undeclaredMember(d, workspace.ModuleCall)
		}},
	{reason: "a read of an export the upstream configuration does not declare is reported wherever it is written",
		ours: func(d finding.Diagnostic, m *judgedModel) bool {
			return d.Code == finding.CodeUnknownExport && m.undeclaredMember(d, workspace.Upstream)
		}},
	{reason: "an empty interpolation is reported anywhere",
		ours: func(d finding.Diagnostic, _ *judgedModel) bool { return d.Code == finding.CodeEmptyInterpolation }},
	{reason: "custom type names are checked against the providers' schemas (refcheck loads none)",
		ours: func(d finding.Diagnostic, _ *judgedModel) bool { return d.Code == finding.CodeUnknownCustom }},
	{reason: "a wait's depends_on is checked (Carina checks none)",
		ours: func(d finding.Diagnostic, _ *judgedModel) bool {
			return strings.HasPrefix(string(d.Code), "wait-depends-on-")
		}},
	{reason: "a dependency cycle through a binding known only after apply is reported",
		ours: func(d finding.Diagnostic, m *judgedModel) bool {
			return d.Code == finding.CodeCycle && m.cycleThroughAttributes(d)
		}},
	{reason: "directives' flags must be true or false (Carina does not check them)",
		ours: func(d finding.Diagnostic, _ *judgedModel) bool { return d.Code == finding.CodeDirectivesBoolean }},
	{reason: "directives.provider in a module names the caller's instance (refcheck checks the module as a root)",
		theirs: func(msg string, m *judgedModel) bool {
			c := m.config(m.dir)
			return c != nil && c.IsModule && strings.Contains(msg, "directives.provider: `") && strings.Contains(msg, "is not a known provider instance")
		}},
	{reason: "a module's pending call of its own function fails only where its directory is checked by itself (a warning)",
		theirs: func(msg string, m *judgedModel) bool {
			c := m.config(m.dir)
			s := unknownBuiltin.FindStringSubmatch(msg)
			return c != nil && c.IsModule && s != nil && s[1] == s[2] && len(c.Functions[s[1]]) > 0
		}},
}

// unknownBuiltin is Carina's message for a call of a name it knows no function of.
var unknownBuiltin = regexp.MustCompile(`(\w+)\(\): Unknown built-in function: (\w+)`)

// explained returns the deliberate differences that explain a disagreement (joined by "; "),
// or "": on an input Carina accepts, each of check's errors must be explained by one. dir is
// the configuration judged, as it was judged.
func explained(j judged, dir string) string {
	m := &judgedModel{dir: dir, ws: workspace.New(workspace.OSFS{})}
	var reasons []string
	if j.theirs.ok {
		for _, d := range j.all {
			i := slices.IndexFunc(deliberateDifferences, func(dd deliberateDifference) bool { return dd.ours != nil && dd.ours(d, m) })
			if i < 0 {
				return ""
			}
			if r := deliberateDifferences[i].reason; !slices.Contains(reasons, r) {
				reasons = append(reasons, r)
			}
		}
		slices.Sort(reasons)
		return strings.Join(reasons, "; ")
	}
	for _, dd := range deliberateDifferences {
		if j.ours == nil && dd.theirs != nil && dd.theirs(j.theirs.msg, m) {
			return dd.reason
		}
	}
	return ""
}

// judgedModel is the model of a configuration as it was judged, for the deliberate differences
// to read: the directory checked and those its diagnostics are in, built when first asked.
type judgedModel struct {
	dir string
	ws  *workspace.Workspace
}

// config returns the configuration of dir, or nil when it cannot be built.
func (m *judgedModel) config(dir string) *workspace.Config {
	c, err := m.ws.Config(context.Background(), dir)
	if err != nil {
		return nil
	}
	return c
}

// written returns the name a diagnostic's span starts with: the binding or function it is on.
func (m *judgedModel) written(d finding.Diagnostic) string {
	src, err := os.ReadFile(d.Path)
	if err != nil || int(d.Span.Start) >= len(src) || d.Span.Start < 0 {
		return ""
	}
	rest := src[d.Span.Start:]
	n := 0
	for n < len(rest) && (rest[n] == '_' || 'a' <= rest[n] && rest[n] <= 'z' || 'A' <= rest[n] && rest[n] <= 'Z' || n > 0 && '0' <= rest[n] && rest[n] <= '9') {
		n++
	}
	return string(rest[:n])
}

// declaredNowhere reports whether the name d is on is declared nowhere in the configuration of
// its file: no binding, argument, function, parameter, loop variable or local of any file of it.
func (m *judgedModel) declaredNowhere(d finding.Diagnostic) bool {
	name := m.written(d)
	c := m.config(filepath.Dir(d.Path))
	if name == "" || c == nil {
		return false
	}
	return len(c.Functions[name]) == 0 && !slices.ContainsFunc(c.Decls, func(x *workspace.Decl) bool { return x.Name == name })
}

// undeclaredMember reports whether d is on the attribute of a reference to a binding of kind
// (a module call or an upstream_state) that the configuration read declares nowhere among its
// outputs: its module's attributes, its upstream's exports.
func (m *judgedModel) undeclaredMember(d finding.Diagnostic, kind workspace.DeclKind) bool {
	c := m.config(filepath.Dir(d.Path))
	if c == nil {
		return false
	}
	for _, r := range c.Refs {
		if r.File == nil || r.File.Path != d.Path || r.Decl == nil || r.Decl.Kind != kind || len(r.Path) == 0 || r.Path[0].Span != d.Span {
			continue
		}
		var imp *workspace.Import
		if call, ok := r.Decl.Value.(*grammar.ModuleCallExpr); ok {
			imp = c.Modules[call.Name.Text]
		} else {
			imp = c.Upstreams[r.Decl.Name]
		}
		if imp == nil || imp.Config == nil {
			return false
		}
		return !slices.ContainsFunc(imp.Config.Outputs, func(o *workspace.Output) bool {
			return o.Exports == (kind == workspace.Upstream) && o.Name == r.Path[0].Text
		})
	}
	return false
}

// inResource reports whether d is within a resource expression's attributes.
func (m *judgedModel) inResource(d finding.Diagnostic) bool {
	c := m.config(filepath.Dir(d.Path))
	if c == nil {
		return false
	}
	f := c.File(d.Path)
	if f == nil {
		return false
	}
	found := false
	for _, st := range f.AST.Stmts {
		if st.Offset > d.Span.Start || d.Span.Start >= st.End || st.Node == nil {
			continue
		}
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			if r, ok := n.(*grammar.ResourceExpr); ok && r.Body != nil {
				sp := st.Abs(r.Body.Pos())
				found = found || sp.Start <= d.Span.Start && d.Span.End <= sp.End
			}
			return !found
		})
	}
	return found
}

// afterApply reports whether a binding of kind k has attributes known only after apply: a for
// or an if binds resources or module calls.
func afterApply(k workspace.DeclKind) bool {
	switch k {
	case workspace.Resource, workspace.DataSource, workspace.ModuleCall, workspace.Wait, workspace.ForEach, workspace.Conditional:
		return true
	}
	return false
}

// cycleThroughAttributes reports whether the declaration d is on is in a dependency cycle with
// a member whose value is known only after apply (afterApply): a cycle Carina's let resolution
// (`Cyclic let binding detected`) does not see.
func (m *judgedModel) cycleThroughAttributes(d finding.Diagnostic) bool {
	c := m.config(filepath.Dir(d.Path))
	if c == nil {
		return false
	}
	start := c.DeclAt(d.Path, d.Span)
	if start == nil {
		return false
	}
	from := reach(c.Deps, start, false)
	to := reach(c.Deps, start, true)
	for x := range from {
		if to[x] && afterApply(x.Kind) {
			return true
		}
	}
	return false
}

// reach returns the declarations reachable from start through deps (reverse: those that reach
// start), start included.
func reach(deps map[*workspace.Decl][]*workspace.Decl, start *workspace.Decl, reverse bool) map[*workspace.Decl]bool {
	seen := map[*workspace.Decl]bool{start: true}
	work := []*workspace.Decl{start}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		var next []*workspace.Decl
		if reverse {
			for y, ds := range deps {
				if slices.Contains(ds, x) {
					next = append(next, y)
				}
			}
		} else {
			next = deps[x]
		}
		for _, y := range next {
			if !seen[y] {
				seen[y] = true
				work = append(work, y)
			}
		}
	}
	return seen
}
