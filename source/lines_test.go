package source

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

type pos struct{ Line, Col int }

func TestUTF16Positions(t *testing.T) {
	tests := []struct {
		name string
		src  string
		off  int
		want pos
	}{
		{"start", "abc", 0, pos{0, 0}},
		{"ascii", "abc", 2, pos{0, 2}},
		{"end", "abc", 3, pos{0, 3}},
		{"past end clamps", "abc", 10, pos{0, 3}},
		{"second line", "ab\ncd", 4, pos{1, 1}},
		{"two-byte char", "é=1", 2, pos{0, 1}},
		{"three-byte char", "日本=1", 6, pos{0, 2}},
		{"astral char is two units", "😀=1", 4, pos{0, 2}},
		{"after astral", "a😀b", 6, pos{0, 4}},
		{"inside astral char", "a😀b", 3, pos{0, 1}},
		{"crlf", "a\r\nb", 3, pos{1, 0}},
		{"cr of crlf stays on its line", "a\r\nb", 1, pos{0, 1}},
		{"lone cr", "a\rb", 2, pos{1, 0}},
		{"invalid byte counts one", "\xffb", 1, pos{0, 1}},
		{"empty", "", 0, pos{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLines(tt.src)
			line, col := l.UTF16(tt.off)
			if diff := cmp.Diff(tt.want, pos{line, col}); diff != "" {
				t.Errorf("UTF16(%d) mismatch (-want +got):\n%s", tt.off, diff)
			}
		})
	}
}

func TestOffsetUTF16(t *testing.T) {
	tests := []struct {
		name string
		src  string
		at   pos
		want int
	}{
		{"start", "abc", pos{0, 0}, 0},
		{"astral", "a😀b", pos{0, 3}, 5},
		{"inside surrogate pair", "a😀b", pos{0, 2}, 1},
		{"past line end clamps before newline", "ab\ncd", pos{0, 9}, 2},
		{"past line end clamps before crlf", "ab\r\ncd", pos{0, 9}, 2},
		{"line past end", "ab\ncd", pos{7, 0}, 5},
		{"negative line", "ab", pos{-1, 0}, 0},
		{"multi-byte", "日本=1", pos{0, 2}, 6},
		{"lone cr", "a\rbc", pos{1, 1}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NewLines(tt.src).OffsetUTF16(tt.at.Line, tt.at.Col); got != tt.want {
				t.Errorf("OffsetUTF16(%v) = %d, want %d", tt.at, got, tt.want)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	src := "let a = 'é😀'\r\nlet b = \"日本\"\rlet c = 1\n"
	l := NewLines(src)
	for off := 0; off <= len(src); off++ {
		line, col := l.UTF16(off)
		back := l.OffsetUTF16(line, col)
		if back > off {
			t.Fatalf("offset %d -> (%d,%d) -> %d: went forward", off, line, col, back)
		}
		if l2, c2 := l.UTF16(back); l2 != line || c2 != col {
			t.Fatalf("offset %d -> (%d,%d) -> %d -> (%d,%d)", off, line, col, back, l2, c2)
		}
	}
	if got := l.Count(); got != 4 {
		t.Errorf("Count() = %d, want 4", got)
	}
}

func TestByteColumn(t *testing.T) {
	l := NewLines("ab\r\né😀x")
	line, col := l.ByteColumn(10)
	if diff := cmp.Diff(pos{1, 6}, pos{line, col}); diff != "" {
		t.Error(diff)
	}
}
