package format

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// parse parses src. It works around one parser bug: the grammar package rejects a bare `struct`
// as a type (`vpc: struct = { ... }`), which Carina accepts (the reference's plan_display
// fixtures use it, and its formatter prints it as `struct {}`). When every syntax error of the
// file is such a bare `struct`, parse re-parses a copy of src in which those words are spelled
// `Struct` (same length, so every offset holds) and returns that tree; the printer writes the
// tokens' text from the original src, so the output keeps `struct` as written.
func parse(ps *grammar.Parser, src string) *grammar.File {
	f := ps.Parse(src)
	if len(f.Errors) == 0 {
		return f
	}
	var patched []byte
	for _, e := range f.Errors {
		if !bareStruct(src, f.Tokens, e.Span) {
			return f
		}
		if patched == nil {
			patched = []byte(src)
		}
		patched[e.Span.Start] = 'S'
	}
	g := ps.Parse(string(patched))
	if len(g.Errors) > 0 {
		return f
	}
	g.Src = src
	return g
}

// bareStruct reports whether the error span sp is the word `struct` used as a type without its
// `{ fields }`: an identifier token `struct` after a ":" and not followed by "{".
func bareStruct(src string, toks []grammar.Token, sp grammar.Span) bool {
	if sp.End-sp.Start != int32(len("struct")) || src[sp.Start:sp.End] != "struct" {
		return false
	}
	for i, t := range toks {
		if t.Start != sp.Start {
			continue
		}
		if t.Kind != grammar.Ident || t.End != sp.End {
			return false
		}
		prev, next := grammar.EOF, grammar.EOF
		for j := i - 1; j >= 0; j-- {
			if !toks[j].Kind.Trivia() {
				prev = toks[j].Kind
				break
			}
		}
		for j := i + 1; j < len(toks); j++ {
			if !toks[j].Kind.Trivia() {
				next = toks[j].Kind
				break
			}
		}
		return prev == grammar.Colon && next != grammar.LBrace
	}
	return false
}
