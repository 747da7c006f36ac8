package navigate

import (
	"fmt"
	"sort"
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// hit is what lies under the cursor. Exactly one of ref, decl, argKey and output is set, or
// none, and then what describes the thing for messages.
type hit struct {
	ref *workspace.Ref // a reference: on its name (seg < 0) or on its attribute segment Path[seg]
	seg int

	decl *workspace.Decl // the name of a declaration

	argKey *g.Name           // a key of a module call's body (absolute span): the argument it sets
	module *workspace.Import // the module called, when argKey is set

	output *workspace.Output // the name of an `attributes` or `exports` entry

	what string // otherwise: what the cursor is on ("the keyword \"wait\"", ...), "" for nothing
	why  string // and, when it helps, why it has no declaration in the configuration
}

// lookup finds what lies at offset off of f.
func lookup(cfg *workspace.Config, f *workspace.File, off int) hit {
	p := int32(off)
	// A cursor just after a name is on it, unless it is also on the start of another one.
	for _, strict := range []bool{true, false} {
		in := func(s g.Span) bool {
			if strict {
				return s.Start <= p && p < s.End
			}
			return s.Start <= p && p <= s.End
		}
		for _, r := range cfg.Refs {
			if !samePath(r.File, f) {
				continue
			}
			if in(r.Span) {
				return hit{ref: r, seg: -1}
			}
			for i, s := range r.Path {
				if in(s.Span) {
					return hit{ref: r, seg: i}
				}
			}
		}
		for _, d := range cfg.Decls {
			if samePath(d.File, f) && in(d.NameSpan) {
				return hit{decl: d}
			}
		}
		for _, o := range cfg.Outputs {
			if samePath(o.File, f) && in(o.Stmt.Abs(o.Decl.Name.Span)) {
				return hit{output: o}
			}
		}
	}
	return syntaxHit(cfg, f, p)
}

// syntaxHit describes what the syntax tree and the tokens say is at p, for the places that are
// no reference or declaration: a module call's argument key, an attribute key, a resource type,
// a keyword, a literal.
func syntaxHit(cfg *workspace.Config, f *workspace.File, p int32) hit {
	if st := f.AST.StmtAt(p); st != nil {
		path := nodePath(st.Node, p-st.Offset)
		if h, ok := nameHit(cfg, st, path); ok {
			return h
		}
	}
	t, ok := tokenAt(f.AST.Tokens, p)
	if !ok {
		return hit{}
	}
	text := t.Text(f.AST.Src)
	switch t.Kind {
	case g.Ident:
		switch {
		case text == "true" || text == "false" || text == "null":
			return hit{what: fmt.Sprintf("the literal %s", text)}
		case g.IsKeyword(text):
			return hit{what: fmt.Sprintf("the keyword %q", text)}
		}
		return hit{what: fmt.Sprintf("%q", text)}
	case g.String, g.TemplateStart, g.TemplateMid, g.TemplateEnd, g.Heredoc:
		return hit{what: "a string"}
	case g.Int, g.Float, g.Duration:
		return hit{what: "a number"}
	case g.LineComment, g.BlockComment:
		return hit{what: "a comment"}
	}
	return hit{}
}

// tokenAt returns the token at p, or the one ending at p when p starts none (the cursor just
// after a word); spaces and line breaks are no token.
func tokenAt(toks []g.Token, p int32) (g.Token, bool) {
	blank := func(k g.Kind) bool { return k == g.Space || k == g.Newline || k == g.EOF }
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > p })
	if i < len(toks) && toks[i].Start <= p && !blank(toks[i].Kind) {
		return toks[i], true
	}
	if i > 0 && toks[i-1].End == p && !blank(toks[i-1].Kind) {
		return toks[i-1], true
	}
	return g.Token{}, false
}

// nameHit classifies the innermost node of path when it is a name with a role of its own.
func nameHit(cfg *workspace.Config, st *g.Stmt, path []g.Node) (hit, bool) {
	n := len(path)
	if n == 0 {
		return hit{}, false
	}
	parent := func(k int) g.Node {
		if n-1-k >= 0 {
			return path[n-1-k]
		}
		return nil
	}
	switch x := path[n-1].(type) {
	case *g.Name:
		switch par := parent(1).(type) {
		case *g.Attribute:
			if par.Key != x {
				return hit{}, false
			}
			switch owner := parent(3).(type) {
			case *g.ModuleCallExpr:
				abs := &g.Name{Text: x.Text, Span: st.Abs(x.Span)}
				return hit{argKey: abs, module: cfg.Modules[owner.Name.Text]}, true
			case *g.WaitExpr:
				if k := x.Text; k == "until" || k == "depends_on" || k == "timeout" {
					return hit{what: fmt.Sprintf("the keyword %q", k)}, true
				}
			case *g.ResourceExpr:
				return hit{what: fmt.Sprintf("the attribute %q of %s", x.Text, owner.Type.String()), why: "attributes are defined by the provider's schema"}, true
			}
			return hit{what: fmt.Sprintf("the attribute key %q", x.Text)}, true
		case *g.NestedBlock:
			return hit{what: fmt.Sprintf("the block %q", x.Text), why: "blocks are defined by the provider's schema"}, true
		case *g.ProviderStmt, *g.ProviderExpr:
			return hit{what: fmt.Sprintf("the provider %q", x.Text)}, true
		case *g.BackendStmt:
			return hit{what: fmt.Sprintf("the backend type %q", x.Text)}, true
		case *g.TypeField:
			return hit{what: fmt.Sprintf("the struct field %q", x.Text)}, true
		}
	case *g.PathExpr:
		switch par := parent(1).(type) {
		case *g.ResourceExpr:
			if par.Type == x {
				return hit{what: fmt.Sprintf("the resource type %s", x.String()), why: "resource types are defined by the provider"}, true
			}
		case *g.AddressExpr:
			if par.Type == x {
				return hit{what: fmt.Sprintf("the resource type %s", x.String()), why: "resource types are defined by the provider"}, true
			}
		}
	case *g.TypeAtom:
		if x.Name != "" {
			return hit{what: fmt.Sprintf("the type %s", x.Name)}, true
		}
	}
	return hit{}, false
}

// nodePath returns the nodes from n down to the innermost one containing rel (a cursor just
// after a node is in it when no other node starts there).
func nodePath(n g.Node, rel int32) []g.Node {
	var path []g.Node
	for n != nil {
		path = append(path, n)
		var next, loose g.Node
		for _, c := range g.Children(n) {
			s := c.Pos()
			if s.Start <= rel && rel < s.End {
				next = c
				break
			}
			if loose == nil && s.Contains(rel) {
				loose = c
			}
		}
		if next == nil {
			next = loose
		}
		n = next
	}
	return path
}

// describeRef says what a reference's name is, for messages.
func describeRef(r *workspace.Ref) string {
	var b strings.Builder
	b.WriteString(r.Name)
	for _, s := range r.Path {
		b.WriteString(".")
		b.WriteString(s.Text)
	}
	return b.String()
}
