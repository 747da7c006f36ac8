package diagnostics

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkBlocks walks every statement for the checks that need no schema: duplicate attribute keys,
// string literals, and directives.
func (c *checker) checkBlocks() {
	for f, st := range c.statements() {
		{
			if c.ctx.Err() != nil {
				return
			}
			owner := ownerName(st.Node)
			switch n := st.Node.(type) {
			case *grammar.ProviderStmt:
				c.checkProviderRegion(f, st, n.Kind.Text, n.Body)
				c.checkProviderKeys(f, st, n.Kind.Text, n.Body, false)
			case *grammar.LetStmt:
				if p, ok := n.Value.(*grammar.ProviderExpr); ok {
					c.checkProviderRegion(f, st, p.Kind.Text, p.Body)
					c.checkProviderKeys(f, st, p.Kind.Text, p.Body, true)
				}
			case *grammar.StateBlockStmt:
				c.checkMoved(f, st, n)
			}
			var keyed *grammar.Block
			grammar.Inspect(st.Node, func(n grammar.Node) bool {
				if kb, ok := grammar.KeyedBlockOf(n); ok {
					keyed = kb.Body // its repeated keys are the table-driven check's (checkConstructs)
				}
				switch n := n.(type) {
				case *grammar.Block:
					if n != keyed {
						c.checkDuplicateAttrs(f, st, n)
					}
				case *grammar.StringLit:
					c.checkString(f, st, n)
				case *grammar.NestedBlock:
					if n.Construct == grammar.DirectivesConstruct {
						c.checkDirectives(f, st, owner, n)
					}
				}
				return true
			})
		}
	}
}

// ownerName names the binding a statement declares, for messages ("" when anonymous).
func ownerName(n grammar.Node) string {
	if l, ok := n.(*grammar.LetStmt); ok && l.Name != nil {
		return l.Name.Text
	}
	return ""
}

func (c *checker) checkDuplicateAttrs(f *workspace.File, st *grammar.Stmt, b *grammar.Block) {
	first := map[string]*grammar.Attribute{}
	for _, it := range b.Items {
		a, ok := it.(*grammar.Attribute)
		if !ok {
			continue
		}
		prev := first[a.Key.Text]
		if prev == nil {
			first[a.Key.Text] = a
			continue
		}
		c.duplicateAttr(f, st, a, prev)
	}
}

// duplicateAttr reports attribute a, whose key prev set first in the same block.
func (c *checker) duplicateAttr(f *workspace.File, st *grammar.Stmt, a, prev *grammar.Attribute) {
	psp := at(st, prev.Key.Span)
	diag := c.add(f, at(st, a.Key.Span), finding.Warning, finding.CodeDuplicateAttribute,
		"duplicate attribute %q (first set on line %d); the last value wins", a.Key.Text, c.line(f, psp.Start))
	diag.Related = []finding.Related{{Path: f.Path, Span: psp, Message: "first set here"}}
}

func (c *checker) checkString(f *workspace.File, st *grammar.Stmt, s *grammar.StringLit) {
	for _, p := range s.Parts {
		if e, ok := p.Expr.(*grammar.EmptyExpr); ok {
			c.add(f, at(st, e.Span), finding.Error, finding.CodeEmptyInterpolation,
				"empty interpolation `${}` — fill in the expression or remove it")
		}
	}
	if s.Single && strings.Contains(s.Value, "${") {
		diag := c.add(f, at(st, s.Span), finding.Warning, finding.CodeSingleQuotedInterp,
			"single-quoted string contains '${...}' which is not interpolated; use double quotes (\"...\") for interpolation, or keep single quotes if the literal text is intended")
		if dq, ok := doubleQuoted(s.Value); ok {
			diag.Fixes = []finding.Fix{{Title: "Use double quotes", Edits: []finding.Edit{{Span: at(st, s.Span), NewText: dq}}}}
		}
	}
}

// doubleQuoted writes value as a double-quoted string whose ${...} parts interpolate, escaping
// the quotes and backslashes it holds. ok is false when that string would not parse: a "${" that
// is never closed ('${', 'x${', '${x'), or an interpolation Carina rejects ('${a ?? b}').
func doubleQuoted(value string) (string, bool) {
	q := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value) + `"`
	if s, errs := grammar.ParseString(q); s == nil || len(errs) > 0 {
		return "", false
	}
	return q, true
}

// checkDirectives checks what is directives' own in a resource's directives block: the entries
// of depends_on and the provider instance (its keys and their kinds are checkConstructs').
func (c *checker) checkDirectives(f *workspace.File, st *grammar.Stmt, owner string, b *grammar.NestedBlock) {
	dc := grammar.ConstructOf(grammar.DirectivesConstruct)
	on := dc.Keyword
	if owner != "" {
		on = fmt.Sprintf("%s on %q", dc.Keyword, owner)
	}
	for _, it := range b.Body.Items {
		a, ok := it.(*grammar.Attribute)
		if !ok {
			continue
		}
		k := a.Key.Text
		key := dc.Key(k)
		if a.Quoted {
			key = nil
		}
		switch {
		case key != nil && key.Value == grammar.BindingsValue:
			c.checkDirectivesDependsOn(f, st, owner, on, a)
		case key != nil && key.Value == grammar.BindingValue:
			p, isPath := a.Value.(*grammar.PathExpr)
			switch {
			case isPath && len(p.Parts) == 1 && c.cfg.IsModule && c.opts.nested:
				// Inside a module, provider instances come from the calling configuration.
			case isPath && len(p.Parts) == 1:
				d := c.cfg.Lookup(p.Parts[0].Text)
				if d != nil && d.Kind == workspace.Provider {
					break
				}
				sev, suffix := finding.Error, ""
				if c.cfg.IsModule {
					// Checked by itself, a module has no caller's instances: Carina's checker
					// rejects the directory, a caller loads it without the problem.
					sev, suffix = finding.Warning, " (only where carina validate runs in this module's directory: a caller loads the module without it)"
				}
				c.add(f, at(st, p.Span), sev, finding.CodeDirectivesProviderRef,
					"directives.provider: `%s` is not a known provider instance. Declare it with `let %s = provider <kind> { ... }`.%s", p.Parts[0].Text, p.Parts[0].Text, suffix)
			case a.Value != nil:
				if s, isStr := a.Value.(*grammar.StringLit); isStr {
					diag := c.add(f, at(st, s.Span), finding.Error, finding.CodeDirectivesProviderRef,
						"directives.provider: value must be a bare binding identifier, not a string literal (e.g., `provider = us`, not `provider = \"us\"`)")
					if !s.Interpolated() {
						diag.Message = fmt.Sprintf("directives.provider: value must be a bare binding identifier, not a string literal: write provider = %s", s.Value)
						diag.Fixes = []finding.Fix{{Title: "Change to " + s.Value, Edits: []finding.Edit{{Span: at(st, s.Span), NewText: s.Value}}, Safe: true}}
					}
				}
			}
		}
	}
}

// ownerDecl returns the top-level declaration called name that file f sees, or nil for "" (an
// anonymous resource).
func (c *checker) ownerDecl(f *workspace.File, name string) *workspace.Decl {
	if name == "" {
		return nil
	}
	return c.cfg.LookupIn(name, f)
}

func (c *checker) checkDirectivesDependsOn(f *workspace.File, st *grammar.Stmt, owner, on string, a *grammar.Attribute) {
	list, ok := a.Value.(*grammar.ListExpr)
	if !ok {
		if a.Value == nil {
			return
		}
		sp := at(st, a.Value.Pos())
		name := ""
		switch v := a.Value.(type) {
		case *grammar.PathExpr:
			name = v.Parts[0].Text
		case *grammar.StringLit:
			if !v.Interpolated() {
				name = v.Value
			}
		}
		if name == "" {
			c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "directives.depends_on: must be a list of binding identifiers, e.g. depends_on = [<binding>, ...]")
			return
		}
		d := c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "directives.depends_on: must be a list of binding identifiers: write [%s]", name)
		if isName(name) && fixableValue(f, st, a.Value.Pos()) && c.dependsOnFits(c.ownerDecl(f, owner), f, name, true) {
			d.Fixes = []finding.Fix{{Title: "Make it a list", Edits: []finding.Edit{{Span: sp, NewText: "[" + name + "]"}}, Safe: true}}
		}
		return
	}
	seen := map[string]bool{}
	for _, e := range list.Elems {
		sp := at(st, e.Pos())
		p, isPath := e.(*grammar.PathExpr)
		switch {
		case !isPath:
			if s, isStr := e.(*grammar.StringLit); isStr && !s.Interpolated() {
				d := c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn,
					"directives.depends_on: list elements must be binding identifiers, not string literals: write %s", s.Value)
				if isName(s.Value) && fixableValue(f, st, e.Pos()) && c.dependsOnFits(c.ownerDecl(f, owner), f, s.Value, true) {
					d.Fixes = []finding.Fix{{Title: "Change to " + s.Value, Edits: []finding.Edit{{Span: sp, NewText: s.Value}}, Safe: true}}
				}
			} else {
				c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "directives.depends_on: must be a list of binding identifiers")
			}
			continue
		case len(p.Parts) > 1:
			d := c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn,
				"directives.depends_on: list elements must be a bare binding identifier, not an attribute selector (got `%s`): write %s", p.String(), p.Parts[0].Text)
			d.Fixes = []finding.Fix{{Title: "Change to " + p.Parts[0].Text, Edits: []finding.Edit{{Span: sp, NewText: p.Parts[0].Text}}, Safe: true}}
			continue
		}
		n := p.Parts[0].Text
		if seen[n] {
			d := c.add(f, sp, finding.Warning, finding.CodeDirectivesDependsOn, "%s: depends_on lists %q more than once; remove the repeat", on, n)
			d.Fixes = []finding.Fix{{Title: "Remove the duplicate", Edits: []finding.Edit{{Span: listEntrySpan(f, sp), NewText: ""}}, Safe: true}}
			continue
		}
		seen[n] = true
		d := c.cfg.Lookup(n)
		switch {
		case owner != "" && n == owner:
			d := c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "%s: depends_on lists %q itself; a resource cannot depend on itself: remove it", on, n)
			d.Fixes = []finding.Fix{{Title: "Remove " + n, Edits: []finding.Edit{{Span: listEntrySpan(f, sp), NewText: ""}}, Safe: true}}
		case d == nil:
			from := c.ownerDecl(f, owner)
			sug := spell.Closest(n, c.names(nil), func(cand string) bool { return c.dependsOnFits(from, f, cand, true) })
			d := c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "%s: depends_on names %q, which is not declared in this configuration%s",
				on, n, meaning(sug))
			renameTo(d, sug)
		case d.Kind == workspace.Upstream:
			c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "%s: upstream_state binding %q is not a valid depends_on target (it is another configuration, read before this one is applied): remove it", on, n)
		case d.Kind == workspace.DataSource:
			c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "%s: data sources cannot be depends_on targets (binding %q): remove it, or read its attributes where the order matters", on, n)
		case d.Kind == workspace.Conditional && c.cfg.Types(c.schemas).IfBindsValue(d):
			c.volatile = true // reads the let's value
			c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "%s: binding %q holds a value by the branch its if takes, not a resource (Carina: not declared in this scope): depends_on lists resources",
				on, n)
		case d.Kind == workspace.ModuleCall && c.laterOrElsewhere(d, f, st) && c.hasAttributes(d):
			// Carina reads a module call as its placeholder (`module:m`) where the file's own
			// pass has met it, declared before in the same file; elsewhere it knows the call of
			// a module that declares attributes as a binding, and accepts the entry.
		case d.Kind != workspace.Resource && d.Kind != workspace.Conditional:
			// Carina resolves the entry like a value (a let's value, a module call's
			// placeholder) and finds no resource of that name.
			hint := ""
			switch d.Kind {
			case workspace.Wait:
				hint = fmt.Sprintf("; to go after the wait, read its attributes (%s.<attribute>) where they are needed", n)
			case workspace.ModuleCall:
				hint = "; to go after the module's resources, read the module's attributes where they are needed"
			}
			c.add(f, sp, finding.Error, finding.CodeDirectivesDependsOn, "%s: binding %q is %s, not a resource (Carina: not declared in this scope): depends_on lists resources%s",
				on, n, withArticle(d.Kind.String()), hint)
		}
	}
}

// hasAttributes reports whether the module a module call instantiates declares attributes.
func (c *checker) hasAttributes(d *workspace.Decl) bool {
	mod := c.moduleOf(d)
	return mod != nil && len(outputNames(mod, false)) > 0
}

// laterOrElsewhere reports whether declaration d is in another file than st's, or after st.
func (c *checker) laterOrElsewhere(d *workspace.Decl, f *workspace.File, st *grammar.Stmt) bool {
	c.volatile = true // reads where another statement stands
	return d.File != f || d.Stmt == nil || d.Stmt.Offset > st.Offset
}
