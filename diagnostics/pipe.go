package diagnostics

import (
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// pipeArity returns how many arguments a built-in that `carina lint` wants called in pipe form
// takes (its data comes last: `parts |> join('-')` rather than `join('-', parts)`), or 0 for any
// other function.
func pipeArity(name string) int {
	switch name {
	case "join", "split", "map", "concat": // (separator or accessor or items, data)
		return 2
	case "replace": // (search, replacement, data)
		return 3
	}
	return 0
}

// checkPipeForm reports a direct call of a pipe-preferred built-in that passes the data itself
// (every argument given): not the call after `|>`, not an operand of `>>` (a function value),
// not a call with fewer arguments (a partial application, which is a function too), not in a
// validate expression (`require`, a wait's until, a validation condition), where `|>` is not
// allowed, and not in a string's `${...}`, where Carina allows no spaces (and its lint does not
// look). The fix moves the last argument before the call: `join('-', parts)` becomes
// `parts |> join('-')`.
func (c *checker) checkPipeForm() {
	for f, st := range c.statements() {
		c.pipeWalk(f, st, st.Node)
	}
}

// pipeFrame is a node pipeWalk is to visit: its parent, the keys of the block it is in (nil:
// none of the language's), and whether it is in a validate expression.
type pipeFrame struct {
	n, parent grammar.Node
	keys      *grammar.Construct
	validate  bool
}

// pipeWalk visits the tree of root in depth-first order, with a stack of its own: a pipe chain
// is a tree as deep as it is long, and a walk that recursed grew the goroutine's stack with it.
func (c *checker) pipeWalk(f *workspace.File, st *grammar.Stmt, root grammar.Node) {
	todo := append(c.pipeTodo, pipeFrame{n: root})
	for len(todo) > 0 {
		fr := todo[len(todo)-1]
		todo[len(todo)-1] = pipeFrame{} // no tree kept alive by the stack
		todo = todo[:len(todo)-1]
		n, keys, validate := fr.n, fr.keys, fr.validate
		switch x := n.(type) {
		case *grammar.RequireStmt:
			todo = append(todo, pipeFrame{n: x.Message, parent: x}, pipeFrame{n: x.Cond, parent: x, validate: true})
			continue
		case *grammar.WaitExpr:
			keys = grammar.ConstructOf(grammar.WaitConstruct)
		case *grammar.NestedBlock:
			if k := grammar.KeywordConstruct(x.Name.Text); k != nil && k.Place&grammar.InArgument != 0 {
				keys = k // validation
			} else {
				keys = nil
			}
		case *grammar.Attribute:
			if k := keys.Key(x.Key.Text); k != nil && k.Value == grammar.PredicateValue && !x.Quoted {
				validate = true
			}
			keys = nil
		case *grammar.StringLit:
			continue // an interpolation
		case *grammar.CallExpr:
			if !validate && c.pipePreferred(x, fr.parent) {
				c.reportPipe(f, st, x, fr.parent)
			}
		}
		// The children in reverse, so that the first is visited next: a buffer kept by the
		// checker, as a closure a node was a tenth of what a check of a tree allocated.
		c.kids = c.kidsBuf.Append(c.kids[:0], n)
		for i := len(c.kids) - 1; i >= 0; i-- {
			todo = append(todo, pipeFrame{n: c.kids[i], parent: n, keys: keys, validate: validate})
		}
		clear(c.kids) // no tree kept alive by the buffer
	}
	c.pipeTodo = todo
}

// pipePreferred reports whether call, whose parent is parent, is a direct call that pipe form
// would read better.
func (c *checker) pipePreferred(call *grammar.CallExpr, parent grammar.Node) bool {
	if call.Fn == nil || len(c.cfg.Functions[call.Fn.Text]) > 0 {
		return false
	}
	if n := pipeArity(call.Fn.Text); n == 0 || len(call.Args) < n {
		return false // another function, or a partial application: a function value
	}
	if b, ok := parent.(*grammar.BinaryExpr); ok && (b.Op == grammar.Compose || b.Op == grammar.Pipe && b.Y == grammar.Expr(call)) {
		return false
	}
	return true
}

// reportPipe reports a pipe-preferred call, with the fix when the call holds no comment and no
// syntax error touches it.
func (c *checker) reportPipe(f *workspace.File, st *grammar.Stmt, call *grammar.CallExpr, parent grammar.Node) {
	name := call.Fn.Text
	d := c.add(f, at(st, call.Fn.Span), finding.Warning, finding.CodePipeForm, "Consider using pipe form for '%s': data |> %s(...)", name, name)
	sp := at(st, call.Span)
	if hasComment(f, sp) || !fixableValue(f, st, call.Span) {
		return
	}
	repl := c.pipeChain(f, st, call)
	if needsParens(parent) {
		repl = "(" + repl + ")"
	}
	// Safe: the same call, written in the other order.
	d.Fixes = []finding.Fix{{Title: "Use pipe form: " + oneLine(repl), Edits: []finding.Edit{{Span: sp, NewText: repl}}, Safe: true}}
}

// pipeChain writes a pipe-preferred call in pipe form: its last argument, piped into the call of
// the others. When that argument is such a call itself, it is written in pipe form too, so a
// nested `join('-', concat(a, b))` becomes the chain `b |> concat(a) |> join('-')`.
func (c *checker) pipeChain(f *workspace.File, st *grammar.Stmt, call *grammar.CallExpr) string {
	last := call.Args[len(call.Args)-1]
	var data string
	switch x := last.(type) {
	case *grammar.CallExpr:
		if c.pipePreferred(x, call) {
			data = c.pipeChain(f, st, x)
			break
		}
		data = text(f, at(st, last.Pos()))
	case *grammar.BinaryExpr:
		data = text(f, at(st, last.Pos()))
		if x.Op == grammar.Coalesce {
			data = "(" + data + ")" // `a ?? b |> f()` would pipe b alone
		}
	default:
		data = text(f, at(st, last.Pos()))
	}
	rest := strings.TrimSpace(text(f, grammar.Span{Start: at(st, call.LParen).End, End: at(st, call.Args[len(call.Args)-2].Pos()).End}))
	return data + " |> " + call.Fn.Text + "(" + rest + ")"
}

// needsParens reports whether a pipe written where a call stands, under parent, would bind to
// less than the call did: as an operand of another operator than |> (on its left) and ??.
func needsParens(parent grammar.Node) bool {
	b, ok := parent.(*grammar.BinaryExpr)
	return ok && b.Op != grammar.Pipe && b.Op != grammar.Coalesce
}

// hasComment reports whether a comment lies within the file span sp.
func hasComment(f *workspace.File, sp grammar.Span) bool {
	toks := f.AST.Tokens
	for i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= sp.Start }); i < len(toks) && toks[i].Start < sp.End; i++ {
		if toks[i].Kind == grammar.LineComment || toks[i].Kind == grammar.BlockComment {
			return true
		}
	}
	return false
}

// oneLine shortens a text for a title: its first line, with " …" when there is more.
func oneLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
