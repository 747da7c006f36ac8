package source

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/suite"
)

// TestEditEqualsFresh applies random edits (line breaks of every kind, multi-byte characters,
// long lines) to random texts and checks after each that the edited index answers every question
// as an index built from scratch does, with chunks of a few lines (so that edits cross and
// rebuild chunks) and of the default size: 30 texts a chunk size, 8 in short mode.
func TestEditEqualsFresh(t *testing.T) {
	pieces := []string{"a", "let x = 1", " ", "é", "😀", "\xff", "\n", "\r\n", "\r", "\n\n\n", strings.Repeat("b", 700), strings.Repeat("é", 400)}
	text := func(rng *rand.Rand, n int) string {
		var b strings.Builder
		for range rng.IntN(n) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for _, size := range []int{2, 3, chunkLines} {
		rng := rand.New(rand.NewPCG(uint64(size), 7))
		for range suite.Scale(8, 30) {
			src := text(rng, 30)
			l := newLinesSized(src, size)
			for range 15 {
				start := rng.IntN(len(src) + 1)
				end := start + rng.IntN(min(len(src)-start, 30)+1)
				ins := text(rng, 4)
				next := src[:start] + ins + src[end:]
				l = l.Edit(next, start, end, start+len(ins))
				src = next
				sameIndex(t, newLinesSized(src, size), l)
			}
		}
	}
}

// sameIndex checks that got answers as want does, at every line, offset and column.
func sameIndex(t *testing.T, want, got *Lines) {
	t.Helper()
	src := want.src
	if got.src != src || got.Count() != want.Count() {
		t.Fatalf("%d lines, want %d in %q", got.Count(), want.Count(), src)
	}
	for line := -1; line <= want.Count(); line++ {
		if g, w := got.LineStart(line), want.LineStart(line); g != w {
			t.Fatalf("LineStart(%d) = %d, want %d in %q", line, g, w, src)
		}
	}
	for off := -1; off <= len(src)+1; off++ {
		gl, gc := got.UTF16(off)
		wl, wc := want.UTF16(off)
		if gl != wl || gc != wc {
			t.Fatalf("UTF16(%d) = %d:%d, want %d:%d in %q", off, gl, gc, wl, wc, src)
		}
		if off%17 != 0 {
			continue
		}
		if nl, nc := naiveUTF16(got, off); nl != gl || nc != gc {
			t.Fatalf("UTF16(%d) = %d:%d, counting gives %d:%d in %q", off, gl, gc, nl, nc, src)
		}
	}
	for line := 0; line < want.Count(); line++ {
		n := want.lineEnd(line) - want.LineStart(line)
		for _, col := range []int{0, 1, n / 2, n, n + 2} {
			if g, w := got.OffsetUTF16(line, col), want.OffsetUTF16(line, col); g != w {
				t.Fatalf("OffsetUTF16(%d, %d) = %d, want %d in %q", line, col, g, w, src)
			}
		}
	}
}

// TestEditCostDoesNotGrow edits the middle of texts of 10,000 and 1,000,000 lines: the edit
// shares every chunk it does not touch, so it rebuilds the same number of lines in both.
func TestEditCostDoesNotGrow(t *testing.T) {
	for _, n := range []int{10_000, 1_000_000} {
		src := strings.Repeat("let x = 'é'\n", n)
		l := NewLines(src)
		mid := len(src) / 2
		next := src[:mid] + "\n" + src[mid:]
		e := l.Edit(next, mid, mid, mid+1)
		shared := 0
		for i := range e.chunks {
			for j := range l.chunks {
				if e.chunks[i].d == l.chunks[j].d {
					shared++
					break
				}
			}
		}
		if rebuilt := len(e.chunks) - shared; rebuilt > 3 {
			t.Errorf("%d lines: the edit rebuilt %d chunks of %d", n, rebuilt, len(e.chunks))
		}
		sameIndexSampled(t, NewLines(next), e)
	}
}

// sameIndexSampled is sameIndex at a few hundred places, for large texts.
func sameIndexSampled(t *testing.T, want, got *Lines) {
	t.Helper()
	if got.Count() != want.Count() {
		t.Fatalf("%d lines, want %d", got.Count(), want.Count())
	}
	step := max(len(want.src)/300, 1)
	for off := 0; off <= len(want.src); off += step {
		gl, gc := got.UTF16(off)
		wl, wc := want.UTF16(off)
		if gl != wl || gc != wc {
			t.Fatalf("UTF16(%d) = %d:%d, want %d:%d", off, gl, gc, wl, wc)
		}
		if g, w := got.OffsetUTF16(wl, wc+1), want.OffsetUTF16(wl, wc+1); g != w {
			t.Fatalf("OffsetUTF16(%d, %d) = %d, want %d", wl, wc+1, g, w)
		}
	}
}
