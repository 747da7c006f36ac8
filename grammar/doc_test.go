package grammar

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
)

// typingEdits are the texts TestDocEqualsFresh inserts: what typing adds, and what breaks and
// restores the lexer's and splitter's state (quotes, comments, heredocs, brackets).
var typingEdits = []string{"", "a", "{", "}", "\"", "'", "\n", " = ", "let x = 1\n", "${", "/*", "*/", "#", "wait c {", "<<EOT\n", "EOT\n", "[", "]", "(", ")", "\xff", "é"}

// TestDocEqualsFresh applies random edits to 2,000 lines of the corpus with chunks of one to a
// few statements (so that edits cross, rebuild and merge chunks) and of the default size, through
// Reparse with the edit's range (sometimes wider than the change) and through ParseDoc, and checks
// after each that the Doc's flat parse and its errors equal a parse from scratch and that its
// chunks are consistent: 250 edits a chunk size, 50 in short mode.
func TestDocEqualsFresh(t *testing.T) {
	base, _ := corpus.Concat(t, 2000)
	for _, size := range []int{1, 2, 3, 7, chunkStmts} {
		rng := rand.New(rand.NewPCG(uint64(size), 3))
		ps := fresh()
		ps.chunk = size
		src := base
		d := ps.ParseDoc(src)
		for i := range suite.Scale(50, 250) {
			pos := rng.IntN(len(src) + 1)
			del := 0
			if rng.IntN(3) == 0 {
				del = min(rng.IntN(8), len(src)-pos)
			}
			ins := typingEdits[rng.IntN(len(typingEdits))]
			next := src[:pos] + ins + src[pos+del:]
			if i%5 == 4 {
				d = ps.ParseDoc(next)
			} else {
				e := Edit{Start: pos, OldEnd: pos + del, NewEnd: pos + len(ins)}
				if rng.IntN(4) == 0 { // a client's range may cover unchanged text
					grow := min(rng.IntN(20), len(src)-e.OldEnd)
					e.OldEnd += grow
					e.NewEnd += grow
				}
				d = ps.Reparse(d, next, e)
			}
			src = next
			checkDoc(t, d)
			want := fresh().Parse(src)
			if got := d.File(); !reflect.DeepEqual(view(want), view(got)) {
				t.Fatalf("size %d, edit %d (insert %q at %d, delete %d): the Doc differs from a fresh parse (-fresh +doc):\n%s",
					size, i, ins, pos, del, cmp.Diff(view(want), view(got), cmpopts.EquateEmpty()))
			}
		}
	}
}

// checkDoc checks the chunks of a Doc: their global indexes, that each holds the tokens from its
// start to the next one's, that statements lie in their chunk, and that Errors is the flat
// parse's.
func checkDoc(t *testing.T, d *Doc) {
	t.Helper()
	stmts, toks := 0, 0
	for i, r := range d.chunks {
		if r.firstStmt != stmts || r.firstTok != toks {
			t.Fatalf("chunk %d: first statement %d, token %d; want %d, %d", i, r.firstStmt, r.firstTok, stmts, toks)
		}
		start := r.c.start + r.shift
		end := int32(len(d.src) + 1)
		if i+1 < len(d.chunks) {
			end = d.chunkStart(i + 1)
		}
		for _, tk := range r.c.toks {
			if s := tk.Start + r.shift; s < start || s >= end {
				t.Fatalf("chunk %d [%d, %d) holds a token at %d", i, start, end, s)
			}
		}
		for _, s := range r.c.stmts {
			if o := s.Offset + r.shift; o < start || o >= end {
				t.Fatalf("chunk %d [%d, %d) holds a statement at %d", i, start, end, o)
			}
		}
		if i > 0 && len(r.c.stmts) == 0 && i+1 < len(d.chunks) {
			t.Fatalf("chunk %d of %d has no statement", i, len(d.chunks))
		}
		stmts += len(r.c.stmts)
		toks += len(r.c.toks)
	}
	if stmts != d.nStmts || toks != d.nToks {
		t.Fatalf("%d statements and %d tokens in the chunks, the Doc says %d and %d", stmts, toks, d.nStmts, d.nToks)
	}
	if diff := cmp.Diff(d.File().Errors, d.Errors(), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("Errors differs from the flat parse's:\n%s", diff)
	}
}

// TestReparseCostDoesNotGrow re-parses after a one-character edit in the middle of 10,000 and
// 100,000 lines: the new version shares every chunk but the few around the edit.
func TestReparseCostDoesNotGrow(t *testing.T) {
	for _, n := range []int{10_000, 100_000} {
		src, _ := corpus.Concat(t, n)
		ps := fresh()
		d := ps.ParseDoc(src)
		mid := len(src) / 2
		next := src[:mid] + "#" + src[mid:]
		e := ps.Reparse(d, next, Edit{Start: mid, OldEnd: mid, NewEnd: mid + 1})
		old := map[*chunk]bool{}
		for _, r := range d.chunks {
			old[r.c] = true
		}
		rebuilt := 0
		for _, r := range e.chunks {
			if !old[r.c] {
				rebuilt++
			}
		}
		if rebuilt > 3 {
			t.Errorf("%d lines: the edit rebuilt %d chunks of %d", n, rebuilt, len(e.chunks))
		}
		sameAsFresh(t, e.File())
	}
}
