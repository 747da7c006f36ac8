package cursor

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// The call around an offset, for signature help and for completion's expected type of an
// argument: both ask here, so they agree on the function and the argument.

// Call is a function call whose argument list holds an offset.
type Call struct {
	Name  string
	Arg   int  // index of the argument the offset is in (commas before it at the call's depth)
	Piped bool // the call follows `|>`: its value is the last argument
}

// CallAt finds, from the tokens before off, the innermost function call whose "(" is open at off.
// It works on text that does not parse: an unclosed call still gets its signature.
func CallAt(file *grammar.File, off int32) (Call, bool) {
	st := file.StmtAt(off)
	toks := file.Tokens
	lo := 0
	if st != nil {
		lo = tokenIndex(toks, st.Offset)
	}
	i := tokenIndex(toks, off) - 1 // the last token starting before off
	if i < lo {
		return Call{}, false
	}
	depth, commas := 0, 0
	for ; i >= lo; i-- {
		t := toks[i]
		switch t.Kind {
		case grammar.RParen, grammar.RBracket, grammar.RBrace:
			depth++
		case grammar.LBracket:
			if depth > 0 {
				depth--
			} else {
				commas = 0 // inside a list argument
			}
		case grammar.LBrace:
			if depth > 0 {
				depth--
			} else {
				return Call{}, false // inside a block or map: no call around
			}
		case grammar.LParen:
			if depth > 0 {
				depth--
				continue
			}
			j := prevSignificantFrom(toks, i-1, lo)
			if j >= 0 && toks[j].Kind == grammar.Ident && !strings.Contains(toks[j].Text(file.Src), ".") {
				k := prevSignificantFrom(toks, j-1, lo)
				return Call{Name: toks[j].Text(file.Src), Arg: commas, Piped: k >= 0 && toks[k].Kind == grammar.Pipe}, true
			}
			commas = 0 // a parenthesised expression inside an argument
		case grammar.Comma:
			if depth == 0 {
				commas++
			}
		case grammar.Assign:
			if depth == 0 {
				return Call{}, false
			}
		}
	}
	return Call{}, false
}

// prevSignificantFrom returns the index of the last non-trivia token at or before i (not before lo),
// or -1.
func prevSignificantFrom(toks []grammar.Token, i, lo int) int {
	for ; i >= lo; i-- {
		if !toks[i].Kind.Trivia() {
			return i
		}
	}
	return -1
}
