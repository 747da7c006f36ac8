package source

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/carina-rs/carina-lsp/internal/suite"
)

// naiveUTF16 and naiveOffset are the conversions by counting from the line start, which the
// index must agree with whatever shortcuts it takes.
func naiveUTF16(l *Lines, off int) (int, int) {
	off = l.clamp(off)
	line := l.Line(off)
	off = min(off, l.lineEnd(line))
	col := 0
	for p := l.LineStart(line); p < off; {
		r, size := utf8.DecodeRuneInString(l.src[p:])
		if p+size > off {
			break
		}
		col += utf16Units(r)
		p += size
	}
	return line, col
}

func naiveOffset(l *Lines, line, col int) int {
	if line < 0 {
		return 0
	}
	if line >= l.Count() {
		return len(l.src)
	}
	off, end := l.LineStart(line), l.lineEnd(line)
	for units := 0; off < end; {
		r, size := utf8.DecodeRuneInString(l.src[off:end])
		if units+utf16Units(r) > col {
			break
		}
		units += utf16Units(r)
		off += size
	}
	return off
}

// TestLongLines checks the ASCII shortcut and the marks of long lines against counting from the
// line start, on random texts of short and long lines mixing ASCII, accented letters, characters
// outside the BMP, invalid bytes and every kind of line break, at every offset and column: 100
// texts, 25 in short mode.
func TestLongLines(t *testing.T) {
	pieces := []string{"a", "let x = 1", " ", "é", "字", "😀", "\xff", "\xe2\x82", "\n", "\r\n", "\r", strings.Repeat("b", 1100), strings.Repeat("é", 600)}
	rng := rand.New(rand.NewPCG(1, 2))
	for range suite.Scale(25, 100) {
		var b strings.Builder
		for range rng.IntN(16) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(4) == 0 && len(p) < 10 && p != "\n" && p != "\r" && p != "\r\n" {
				p = strings.Repeat(p, 1+rng.IntN(300))
			}
			b.WriteString(p)
		}
		src := b.String()
		l := NewLines(src)
		for off := -1; off <= len(src)+1; off++ {
			gl, gc := l.UTF16(off)
			wl, wc := naiveUTF16(l, off)
			if gl != wl || gc != wc {
				t.Fatalf("UTF16(%d) = %d:%d, want %d:%d in %q", off, gl, gc, wl, wc, src)
			}
		}
		for line := -1; line <= l.Count(); line++ {
			for col := -1; col <= l.lineEnd(min(max(line, 0), l.Count()-1))-l.LineStart(line)+3; col++ {
				if got, want := l.OffsetUTF16(line, col), naiveOffset(l, line, col); got != want {
					t.Fatalf("OffsetUTF16(%d, %d) = %d, want %d in %q", line, col, got, want, src)
				}
			}
		}
	}
}

// TestOneLongLine converts every token of a one-line megabyte file, ASCII and not: each
// conversion costs a bounded amount, not the length of the line (it took minutes). The bound is a
// ratio measured in the same run: the megabyte line takes at most longLineRatio times the CPU time
// a line of a sixteenth of it takes (16 times as many conversions, each as cheap; a cost that
// grows with the line would make that 256 times).
func TestOneLongLine(t *testing.T) {
	const longLineRatio = 48
	convert := func(item string, size int) (time.Duration, int) {
		src := "let x = [" + strings.Repeat(item, size/len(item)) + "]\n"
		start := suite.CPUTime()
		l := NewLines(src)
		n := 0
		for off := 0; off < len(src); off += len(item) / 2 {
			line, col := l.UTF16(off)
			if l.OffsetUTF16(line, col) > off {
				t.Fatalf("round trip of %d on a %d-byte line", off, len(src))
			}
			n++
		}
		return suite.CPUTime() - start, n
	}
	for name, item := range map[string]string{"ascii": "1234, ", "accented": "'é😀', "} {
		var got, ref time.Duration
		var n int
		best, all := suite.Ratio(3, longLineRatio, func() (float64, float64) {
			ref, _ = convert(item, 1<<16)
			for range 2 {
				r, _ := convert(item, 1<<16)
				ref = min(ref, r)
			}
			got, n = convert(item, 1<<20)
			return float64(got), float64(ref)
		})
		t.Logf("%s: %d conversions on a 1 MB line in %v of CPU, %.1f times the time on a line of 64 KB", name, n, got, best)
		if best > longLineRatio {
			t.Errorf("%s: the 1 MB line took %.1f times as long as a line of 64 KB at best (tries: %.1f); the bound is %v", name, best, all, longLineRatio)
		}
	}
}
