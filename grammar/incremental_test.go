package grammar_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
)

// snapshot is what a parse says, in a form two parses can be compared by.
type snapshot struct {
	Tokens []grammar.Token
	Stmts  [][3]int32 // offset, end, statement text hash-free identity: its length
	Texts  []string
	Errors []grammar.SyntaxError
}

func snap(f *grammar.File) snapshot {
	s := snapshot{Tokens: f.Tokens, Errors: f.Errors}
	for _, st := range f.Stmts {
		s.Stmts = append(s.Stmts, [3]int32{st.Offset, st.End, int32(len(st.Errors))})
		s.Texts = append(s.Texts, f.Src[st.Offset:st.End])
	}
	return s
}

// edits used by the random incremental test: each inserts or deletes text typical of typing.
var typing = []string{"", "a", "{", "}", "\"", "'", "\n", " = ", "let x = 1\n", "${", "/*", "*/", "#", "wait c {", "<<EOT\n", "EOT\n", "[", "]", "(", ")"}

// TestIncrementalEqualsFresh applies random edits to real files and checks that the incremental
// parse of every version equals a parse from scratch: 400 edits, 60 in short mode (the same
// first 60).
func TestIncrementalEqualsFresh(t *testing.T) {
	src, _ := corpus.Concat(t, 2000)
	rng := rand.New(rand.NewPCG(1, 2))
	inc := grammar.NewParser()
	inc.Parse(src)
	for i := range suite.Scale(60, 400) {
		pos := rng.IntN(len(src) + 1)
		del := 0
		if rng.IntN(3) == 0 {
			del = min(rng.IntN(8), len(src)-pos)
		}
		ins := typing[rng.IntN(len(typing))]
		src = src[:pos] + ins + src[pos+del:]
		got := snap(inc.Parse(src))
		want := snap(grammar.NewParser().Parse(src))
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("edit %d (insert %q at %d, delete %d): incremental parse differs from a fresh one (-fresh +incremental):\n%s", i, ins, pos, del, diff)
		}
	}
}
