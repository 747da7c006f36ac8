package diagnostics

import (
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkNaming reports binding names that are not snake_case: the names of lets (top-level and
// local, `use` aliases included), loop variables, functions and their parameters; a name that
// starts with "_" is exempt. The fix renames the binding and every reference to it in the
// configuration to the snake_case spelling, through the rename of the editor (navigate.Rename),
// which refuses a name that is taken; with a syntax error in the configuration there is no fix
// (a reference in text that did not parse would be missed).
func (c *checker) checkNaming() {
	for _, d := range c.cfg.Decls {
		if !namedBinding(d.Kind) || d.File == nil || strings.HasPrefix(d.Name, "_") || isSnakeCase(d.Name) {
			continue
		}
		diag := c.add(d.File, d.NameSpan, finding.Warning, finding.CodeSnakeCase,
			"Binding '%s' is not snake_case. Use snake_case for binding names (e.g., 'my_resource').", d.Name)
		to := grammar.SnakeCase(d.Name)
		if c.broken || !isSnakeCase(to) || grammar.IsKeyword(to) {
			continue
		}
		byFile, err := navigate.Rename(c.cfg, d.File, int(d.NameSpan.Start), to)
		if err != nil || len(byFile) == 0 {
			continue
		}
		// Not safe: a binding's name is the identity of its resource in plans and state, so a
		// renamed resource may be planned as replaced (a moved block says otherwise).
		fix := finding.Fix{Title: "Rename to " + to}
		for _, f := range c.cfg.Files { // in file order
			for _, e := range byFile[f.Path] {
				ed := finding.Edit{Span: e.Span, NewText: e.NewText}
				if f != d.File {
					ed.Path = f.Path
				}
				fix.Edits = append(fix.Edits, ed)
			}
		}
		diag.Fixes = []finding.Fix{fix}
	}
}

// namedBinding reports whether declarations of kind k have a binding name of the user's: every
// kind but module arguments (whose names are the module's interface to its callers).
func namedBinding(k workspace.DeclKind) bool { return k != workspace.Argument }

// isSnakeCase reports whether name is snake_case as `carina lint` means it: only lower-case ASCII
// letters, digits and "_", not starting with a digit, not starting or ending with "_", no "__".
func isSnakeCase(name string) bool {
	if name == "" || name[0] == '_' || name[len(name)-1] == '_' || name[0] >= '0' && name[0] <= '9' || strings.Contains(name, "__") {
		return false
	}
	for i := 0; i < len(name); i++ {
		if ch := name[i]; !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '_') {
			return false
		}
	}
	return true
}
