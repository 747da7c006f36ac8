package cursor

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Selection returns the spans an editor's "expand selection" steps through from byte offset
// offset of f, innermost first, each holding the one before: the word (a string's text, then the
// string), the member path up to the word, the whole path, the value, the attribute (key and
// value), the block body (inside the braces), the block, the construct, the statement. It reads
// the place through the locator, so it agrees with hover and completion on what the word and its
// nodes are; on blanks it starts at the innermost node around the offset. Text that did not
// parse gives the nodes the parser recovered (a block with no "}" ends where the statement does).
func Selection(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) []grammar.Span {
	s := LocateName(cfg, f, offset, schemas)
	src := f.Text()
	sel := selector{src: src, at: s.Offset}
	st, path := s.Stmt, s.Path
	if s.Tok.Kind != grammar.EOF {
		t := s.Tok
		inside := s.Offset > t.Start && s.Offset < t.End // not on a quote's outer side
		if t.Kind == grammar.String && inside && t.End-t.Start >= 2 && (src[t.Start] == '\'' || src[t.Start] == '"') && src[t.End-1] == src[t.Start] {
			sel.add(grammar.Span{Start: t.Start + 1, End: t.End - 1})
		}
		if t.Kind == grammar.Ident {
			sel.add(segment(src, t, s.Offset)) // status of cert.status: a dotted name is one token
		}
		sel.add(grammar.Span{Start: t.Start, End: t.End})
		if s.Span.End > s.Span.Start {
			sel.add(s.Span) // a whole enum value, a resource type
		}
	} else {
		// Blanks: no token, but the nodes around the offset still make steps.
		off := s.Offset
		st = stmtHolding(f.AST.Stmts, off)
		if st != nil {
			path = descend(st.Node, grammar.Span{Start: off - st.Offset, End: off - st.Offset})
		}
	}
	if st == nil {
		return sel.out
	}
	word := sel.last()
	for i := len(path) - 1; i >= 0; i-- {
		switch n := path[i].(type) {
		case *grammar.PathExpr:
			// The path up to the word: cert.status of cert.status.code.
			for _, p := range n.Parts {
				if abs := st.Abs(p.Span); abs.Start <= word.Start && word.End <= abs.End {
					sel.add(st.Abs(grammar.Span{Start: n.Span.Start, End: p.Span.End}))
				}
			}
		case *grammar.FieldExpr:
			for _, p := range n.Fields {
				if abs := st.Abs(p.Span); abs.Start <= word.Start && word.End <= abs.End {
					sel.add(st.Abs(grammar.Span{Start: n.Span.Start, End: p.Span.End}))
				}
			}
		case *grammar.Block:
			sel.body(st.Abs(grammar.Span{Start: n.Open.End, End: n.Close.Start}))
		case *grammar.Body:
			sel.body(st.Abs(grammar.Span{Start: n.Open.End, End: n.Close.Start}))
		case *grammar.ArgumentsStmt:
			sel.body(braced(src, st.Abs(n.Kw), st.Abs(n.Span)))
		case *grammar.OutputsStmt:
			sel.body(braced(src, st.Abs(n.Kw), st.Abs(n.Span)))
		case *grammar.FnStmt:
			sel.body(st.Abs(grammar.Span{Start: n.Open.End, End: n.Close.Start}))
			sel.add(st.Abs(join(n.Open, n.Close)))
		case *grammar.StringLit:
			for _, p := range n.Parts {
				if abs := st.Abs(p.Span); p.Expr != nil && abs.Start <= word.Start && word.End <= abs.End {
					sel.add(abs)
					if abs.Start >= 2 && src[abs.Start-2:abs.Start] == "${" && int(abs.End) < len(src) && src[abs.End] == '}' {
						sel.add(grammar.Span{Start: abs.Start - 2, End: abs.End + 1}) // ${x}
					}
				}
			}
			if !n.Doc && n.Span.End-n.Span.Start >= 2 {
				sel.add(st.Abs(grammar.Span{Start: n.Span.Start + 1, End: n.Span.End - 1}))
			}
		}
		sel.add(st.Abs(path[i].Pos()))
	}
	sel.add(grammar.Span{Start: st.Offset, End: st.End})
	return sel.out
}

// segment returns the segment of a dotted name token that holds off (or ends at it).
func segment(src string, t grammar.Token, off int32) grammar.Span {
	sp := grammar.Span{Start: t.Start, End: t.End}
	for i := t.Start; i < t.End; i++ {
		if src[i] != '.' {
			continue
		}
		if i < off {
			sp.Start = i + 1
		} else {
			sp.End = i
			break
		}
	}
	return sp
}

// braced returns the inside of the braces of a block statement that keeps no Block node
// (arguments, attributes, exports): from the "{" after its keyword kw to its "}" (or its end,
// when the "}" is missing). It is empty when there is no "{".
func braced(src string, kw, stmt grammar.Span) grammar.Span {
	open := strings.IndexByte(src[kw.End:stmt.End], '{')
	if open < 0 {
		return grammar.Span{}
	}
	end := stmt.End
	if end > 0 && src[end-1] == '}' {
		end--
	}
	return grammar.Span{Start: kw.End + int32(open) + 1, End: end}
}

// join returns the span from a's start to b's end.
func join(a, b grammar.Span) grammar.Span { return grammar.Span{Start: a.Start, End: b.End} }

// selector gathers the steps of a selection: each holds the one before, none repeats one, and
// none starts or ends in blanks.
type selector struct {
	src string
	at  int32 // the offset: the first step holds it too
	out []grammar.Span
}

func (s *selector) last() grammar.Span {
	if len(s.out) == 0 {
		return grammar.Span{Start: -1, End: -1}
	}
	return s.out[len(s.out)-1]
}

// add appends sp, trimmed of blanks, when it grows the selection; a span that does not hold the
// last one (a recovered node that ends early) is widened to, so that each step holds the one
// before.
func (s *selector) add(sp grammar.Span) {
	sp = s.trim(sp)
	if sp.End <= sp.Start {
		return
	}
	if len(s.out) == 0 {
		sp = grammar.Span{Start: min(sp.Start, s.at), End: max(sp.End, s.at)}
	} else {
		l := s.last()
		sp = grammar.Span{Start: min(sp.Start, l.Start), End: max(sp.End, l.End)}
		if sp == l {
			return
		}
	}
	s.out = append(s.out, sp)
}

// body adds the inside of a block's braces when the selection is inside it (not on a brace).
func (s *selector) body(sp grammar.Span) {
	if l := s.last(); len(s.out) > 0 && (l.Start < sp.Start || l.End > sp.End) {
		return
	}
	s.add(sp)
}

// trim narrows sp to exclude leading and trailing blanks.
func (s *selector) trim(sp grammar.Span) grammar.Span {
	sp.Start, sp.End = max(sp.Start, 0), min(sp.End, int32(len(s.src)))
	for sp.Start < sp.End && isBlank(s.src[sp.Start]) {
		sp.Start++
	}
	for sp.End > sp.Start && isBlank(s.src[sp.End-1]) {
		sp.End--
	}
	return sp
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
