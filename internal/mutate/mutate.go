// Package mutate owns the mutations of Carina sources that the robustness and differential tests
// apply to the corpus. The token-level ones (One, Of) break the syntax: a token deleted,
// duplicated or swapped with its neighbour, a keyword or a punctuation mark inserted, a line
// deleted, the text cut short. The semantic ones (Semantic, Sites) are chosen on the parse tree
// and keep it valid: a call's arguments, a literal's or an annotation's type, a name, a folder
// changed so that Carina's language rules, not its grammar, have something to say. A mutation is
// a pure function of the source and the random source it is given, so a failing case is
// reproduced by its seed.
package mutate

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Kind is a kind of mutation.
type Kind int

// The kinds of mutation.
const (
	DeleteToken Kind = iota
	DuplicateToken
	SwapTokens
	InsertKeyword
	InsertPunct
	DeleteLine
	Truncate
	numKinds // the token kinds end here; the semantic kinds follow (semantic.go)
)

var tokenNames = [...]string{"delete token", "duplicate token", "swap tokens", "insert keyword",
	"insert punctuation", "delete line", "truncate"}

func (k Kind) String() string {
	if k < numKinds {
		return tokenNames[k]
	}
	return semanticNames[k-numKinds]
}

// Mutation is one mutated source and what was done to it.
type Mutation struct {
	Kind Kind
	Text string
	Desc string // e.g. `delete token "=" at 120`
}

// punct is what InsertPunct inserts: brackets, operators and quotes, the marks whose loss or
// duplication typing produces.
var punct = []string{"{", "}", "[", "]", "(", ")", "=", ",", ".", ":", "|>", "|", "!", "==", "'", "\"", "${", "#", "/*"}

// words is what InsertKeyword inserts: the language's keywords and literal words.
var words = append(grammar.Keywords(), grammar.Constants()...)

// One applies one mutation of a random kind to src. A source without significant tokens is
// returned with a keyword inserted.
func One(src string, rng *rand.Rand) Mutation {
	return Of(Kind(rng.IntN(int(numKinds))), src, rng)
}

// Of applies one mutation of kind k to src.
func Of(k Kind, src string, rng *rand.Rand) Mutation {
	toks := significant(src)
	if len(toks) == 0 {
		w := words[rng.IntN(len(words))]
		return Mutation{InsertKeyword, w + " " + src, fmt.Sprintf("insert %q at 0", w)}
	}
	i := rng.IntN(len(toks))
	t := toks[i]
	text := t.Text(src)
	switch k {
	case DeleteToken:
		return Mutation{k, src[:t.Start] + src[t.End:], fmt.Sprintf("delete token %q at %d", text, t.Start)}
	case DuplicateToken:
		return Mutation{k, src[:t.End] + text + src[t.End:], fmt.Sprintf("duplicate token %q at %d", text, t.Start)}
	case SwapTokens:
		if i+1 >= len(toks) {
			return Of(DeleteToken, src, rng)
		}
		u := toks[i+1]
		return Mutation{k, src[:t.Start] + u.Text(src) + src[t.End:u.Start] + text + src[u.End:],
			fmt.Sprintf("swap tokens %q at %d and %q at %d", text, t.Start, u.Text(src), u.Start)}
	case InsertKeyword:
		w := words[rng.IntN(len(words))]
		return Mutation{k, src[:t.Start] + w + " " + src[t.Start:], fmt.Sprintf("insert %q at %d", w, t.Start)}
	case InsertPunct:
		p := punct[rng.IntN(len(punct))]
		at := t.Start
		if rng.IntN(2) == 0 {
			at = t.End
		}
		return Mutation{k, src[:at] + p + src[at:], fmt.Sprintf("insert %q at %d", p, at)}
	case DeleteLine:
		lines := strings.SplitAfter(src, "\n")
		n := rng.IntN(len(lines))
		return Mutation{k, strings.Join(lines[:n], "") + strings.Join(lines[n+1:], ""), fmt.Sprintf("delete line %d", n+1)}
	case Truncate:
		return Mutation{k, src[:t.End], fmt.Sprintf("truncate after %q at %d", text, t.Start)}
	}
	panic("mutate: unknown kind")
}

// significant returns the tokens of src that are not trivia.
func significant(src string) []grammar.Token {
	var out []grammar.Token
	for _, t := range grammar.Lex(src) {
		if !t.Kind.Trivia() && t.Kind != grammar.EOF {
			out = append(out, t)
		}
	}
	return out
}
