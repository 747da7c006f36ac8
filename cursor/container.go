package cursor

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// container finds, for the innermost bracket open at the cursor that the tree records, the node
// it opens, and sets the slot's container from it. The frames past it (brackets the parser could
// not place) are dropped; the statement level is used when no bracket is placed. It returns the
// frame whose item the cursor is in.
func (r *resolver) container(s *Slot, frames []*frame, toks []grammar.Token) *frame {
	lowest := max(1, len(frames)-maxUnplaced)
	pl := placer{r: r, s: s, frames: frames, toks: toks, lowest: lowest, done: make([]placed, len(frames))}
	for k := len(frames) - 1; k >= lowest; k-- {
		fr := frames[k]
		in, path := pl.place(k)
		if in == InNothing {
			continue
		}
		s.In, s.Path, s.Node = in, path, path[len(path)-1]
		switch in {
		case InBlock:
			s.Block = r.blockCtx(s.Stmt, path, len(path)-1)
		case InList:
			// The block whose key the list is the value of (for depends_on and typed elements).
			for j := len(path) - 2; j >= 0; j-- {
				if _, ok := path[j].(*grammar.Attribute); ok {
					if _, ok := nodeAt(path, j-1).(*grammar.Block); ok {
						s.Block = r.blockCtx(s.Stmt, path, j-1)
					}
					break
				}
				if _, ok := path[j].(*grammar.ListExpr); !ok {
					break
				}
			}
		}
		return fr
	}
	return frames[0]
}

// opens returns what the bracket at token index oi opens, with the path from the statement's
// root to its node; InNothing when the tree has no node for it.
func (r *resolver) opens(st *grammar.Stmt, toks []grammar.Token, oi int) (In, []grammar.Node) {
	ot := toks[oi]
	rel := ot.Start - st.Offset
	var before grammar.Span // the significant token before the bracket, relative
	if p := prevSignificant(toks, ot.Start); p >= 0 {
		before = grammar.Span{Start: toks[p].Start - st.Offset, End: toks[p].End - st.Offset}
	}
	var in In
	path := find(st.Node, func(n grammar.Node) bool {
		switch n := n.(type) {
		case *grammar.Block:
			if ot.Kind == grammar.LBrace && n.Open.Start == rel {
				in = InBlock
			}
		case *grammar.Body:
			if ot.Kind == grammar.LBrace && n.Open.Start == rel {
				in = InBody
			}
		case *grammar.FnStmt:
			switch {
			case ot.Kind == grammar.LBrace && n.Open.Start == rel && n.Open.End > n.Open.Start:
				in = InBody
			case ot.Kind == grammar.LParen && n.Name != nil && n.Name.Span == before:
				in = InParams
			}
		case *grammar.ArgumentsStmt:
			if ot.Kind == grammar.LBrace && n.Kw == before {
				in = InDecls
			}
		case *grammar.OutputsStmt:
			if ot.Kind == grammar.LBrace && n.Kw == before {
				in = InDecls
			}
		case *grammar.TypeAtom:
			if n.Span.Start <= rel && rel < n.Span.End && n.Span.Start+int32(len(n.Name)) == before.End {
				switch {
				case ot.Kind == grammar.LBrace && n.Name == "struct":
					in = InStruct
				case ot.Kind == grammar.LParen && (n.Name == "list" || n.Name == "map"):
					in = InTypeArgs
				}
			}
		case *grammar.ListExpr:
			if ot.Kind == grammar.LBracket && n.Span.Start == rel {
				in = InList
			}
		case *grammar.IndexExpr:
			if ot.Kind == grammar.LBracket && n.X != nil && n.X.Pos().End == rel {
				in = InArgs
			}
		case *grammar.CallExpr:
			if ot.Kind == grammar.LParen && n.LParen.Start == rel {
				in = InArgs
			}
		case *grammar.ParenExpr:
			if ot.Kind == grammar.LParen && n.Span.Start == rel {
				in = InArgs
			}
		case *grammar.StringLit:
			if (ot.Kind == grammar.TemplateStart || ot.Kind == grammar.TemplateMid) && n.Span.Start <= rel && rel < n.Span.End {
				in = InArgs
			}
		}
		return in != InNothing
	})
	if path == nil {
		return InNothing, nil
	}
	return in, path
}

// find returns the path from root to the first node (in source order, outer before inner) that
// ok accepts, or nil.
func find(root grammar.Node, ok func(grammar.Node) bool) []grammar.Node {
	var path []grammar.Node
	var walk func(n grammar.Node) bool
	walk = func(n grammar.Node) bool {
		path = append(path, n)
		if ok(n) {
			return true
		}
		for _, c := range grammar.Children(n) {
			if walk(c) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if root == nil || !walk(root) {
		return nil
	}
	return path
}

// maxUnplaced bounds how many brackets open at the cursor, from the innermost outwards, are
// looked at for one the tree places. While typing, one to three are not placed yet; past the
// parser's nesting limit none is, and looking at each of thousands costs a walk of the tree each
// (FuzzAnalyze found a line of 2,400 unclosed braces taking 17 s). Past it, the cursor is at
// the statement's level.
const maxUnplaced = 64

// placer answers, once for each frame of one cursor position, what its bracket opens: each
// answer is a walk of the statement's tree, and both the frames outwards from the cursor and a
// type bracket's parent ask for it (without the memo, a line of thousands of unclosed brackets
// took quadratically many walks: found by FuzzAnalyze).
type placer struct {
	r      *resolver
	s      *Slot
	frames []*frame
	toks   []grammar.Token
	lowest int      // the outermost frame looked at (see maxUnplaced)
	done   []placed // by frame index
}

type placed struct {
	known bool
	in    In
	path  []grammar.Node
}

// place returns what the bracket of frame k opens, and the path to its node: the node the tree
// has for it, else a type bracket's container (typeBracket).
func (p *placer) place(k int) (In, []grammar.Node) {
	if k < p.lowest {
		return InNothing, nil
	}
	if d := p.done[k]; d.known {
		return d.in, d.path
	}
	in, path := p.r.opens(p.s.Stmt, p.toks, p.frames[k].open)
	if in == InNothing {
		in, path = p.typeBracket(k)
	}
	p.done[k] = placed{known: true, in: in, path: path}
	return in, path
}

// typeBracket places a bracket the tree has no node for because the type annotation it opens is
// still being typed: `(` at a type position opens a type constructor's argument (list(, map(),
// `{` after `struct` there a struct type's fields. The path is that of the enclosing container.
func (p *placer) typeBracket(k int) (In, []grammar.Node) {
	s, frames, toks := p.s, p.frames, p.toks
	parent := frames[k-1]
	if len(parent.item) == 0 {
		return InNothing, nil // nothing before the bracket: no type constructor
	}
	pin, ppath := InStatement, []grammar.Node{s.Stmt.Node}
	if k-1 >= 1 {
		pin, ppath = p.place(k - 1)
	}
	if pin == InNothing {
		return InNothing, nil
	}
	outer := Slot{In: pin, Item: parent.item[:len(parent.item)-1]}
	if len(outer.Item) == 0 || !outer.typePos() {
		return InNothing, nil
	}
	last := outer.Item[len(outer.Item)-1]
	switch toks[frames[k].open].Kind {
	case grammar.LParen:
		return InTypeArgs, ppath
	case grammar.LBrace:
		if last.Tok.Kind == grammar.Ident && last.Text == "struct" {
			return InStruct, ppath
		}
	}
	return InNothing, nil
}
