package diagnostics

import (
	"slices"
	"sort"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// What makes a quick fix safe to offer: applied, it must give text that parses, clear its
// diagnostic and add no error (the fix property, fix_property_test.go). The checks that rewrite a
// value consult these before attaching a fix.

// fixableValue reports whether a value of a statement (sp, statement-relative) can be rewritten
// by a quick fix: no syntax error lies in or touches it (the text there may not be what it seems:
// an unterminated string, a stray bracket), and the token after it cannot join what the fix
// writes (a name before `{`, `(` or `.` would become a block, a call or a longer name).
func fixableValue(f *workspace.File, st *grammar.Stmt, sp grammar.Span) bool {
	if slices.ContainsFunc(st.Errors, func(e grammar.SyntaxError) bool { return e.Span.Start <= sp.End && sp.Start <= e.Span.End }) {
		return false
	}
	switch nextToken(f, st.Offset+sp.End).Kind {
	case grammar.LBrace, grammar.LParen, grammar.Dot:
		return false
	}
	return true
}

// nextToken returns the first token of a file that is no white space or comment at or after the
// byte offset off (the EOF token at the end).
func nextToken(f *workspace.File, off int32) grammar.Token {
	toks := f.AST.Tokens
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= off })
	for ; i < len(toks); i++ {
		if !toks[i].Kind.Trivia() {
			return toks[i]
		}
	}
	return grammar.Token{Kind: grammar.EOF}
}

// isName reports whether s reads as one name (an identifier or dotted name) in Carina source, so
// that writing it where a value stood keeps the code well-formed.
func isName(s string) bool {
	toks := grammar.Lex(s)
	return len(toks) == 2 && toks[0].Kind == grammar.Ident && int(toks[0].End) == len(s)
}

// cycleSearchLimit bounds the declarations closesCycle visits.
const cycleSearchLimit = 10000

// closesCycle reports whether making from depend on to would close a dependency cycle: to is
// from, or depends on it, directly or not. Past cycleSearchLimit declarations it answers true: no
// suggestion rather than a wrong one. A nil from (an anonymous statement, which nothing can
// depend on) closes none.
func (c *checker) closesCycle(from, to *workspace.Decl) bool {
	if from == nil || to == nil {
		return false
	}
	if from == to {
		return true
	}
	seen := map[*workspace.Decl]bool{to: true}
	queue := []*workspace.Decl{to}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		for _, n := range c.cfg.Deps[d] {
			if n == from || len(seen) > cycleSearchLimit {
				return true
			}
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}

// dependsOnFits reports whether name, written into the depends_on list of from (a wait, or the
// resource owning a directives block; nil for an anonymous one), would be an entry free of
// errors: a binding declared as f sees it, not from itself, closing no dependency cycle and, for
// directives (directives is true), no data source or upstream_state.
func (c *checker) dependsOnFits(from *workspace.Decl, f *workspace.File, name string, directives bool) bool {
	c.volatile = true // reads the declarations and their dependencies
	d := c.cfg.LookupIn(name, f)
	switch {
	case d == nil || d == from || !d.TopLevel:
		return false
	case directives && (d.Kind == workspace.Upstream || d.Kind == workspace.DataSource):
		return false
	}
	return !c.closesCycle(from, d)
}
