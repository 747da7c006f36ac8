package semantictokens_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	g "github.com/carina-rs/carina-lsp/grammar"
	st "github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/source"
)

func TestEncode(t *testing.T) {
	tok := func(start, end int32, typ int, mods uint32) st.Token {
		return st.Token{Span: g.Span{Start: start, End: end}, Type: typ, Mods: mods}
	}
	tests := []struct {
		name string
		src  string
		toks []st.Token
		want []uint32
	}{
		{"empty", "let x = 1", nil, []uint32{}},
		{
			"same line deltas are relative to the previous token",
			"let x = 1",
			[]st.Token{tok(0, 3, st.TypeKeyword, 0), tok(4, 5, st.TypeVariable, st.ModDeclaration|st.ModReadonly), tok(8, 9, st.TypeNumber, 0)},
			[]uint32{0, 0, 3, 0, 0, 0, 4, 1, 1, 3, 0, 4, 1, 5, 0},
		},
		{
			"a new line restarts the column",
			"a\n  bb",
			[]st.Token{tok(0, 1, st.TypeVariable, 0), tok(4, 6, st.TypeProperty, 0)},
			[]uint32{0, 0, 1, 1, 0, 1, 2, 2, 2, 0},
		},
		{
			"astral characters count two UTF-16 units, BMP ones one",
			"'🚀é' x", // the string is 8 bytes, 5 units
			[]st.Token{tok(0, 8, st.TypeString, 0), tok(9, 10, st.TypeVariable, 0)},
			[]uint32{0, 0, 5, 6, 0, 0, 6, 1, 1, 0},
		},
		{
			"a token over three lines is split per line, CRLF and lone CR included",
			"/* a\r\nbc\rd */ x",
			[]st.Token{tok(0, 13, st.TypeComment, 0), tok(14, 15, st.TypeVariable, 0)},
			[]uint32{0, 0, 4, 7, 0, 1, 0, 2, 7, 0, 1, 0, 4, 7, 0, 0, 5, 1, 1, 0},
		},
		{
			"empty pieces of a split token are dropped",
			"\"\n\nx\"",
			[]st.Token{tok(0, 5, st.TypeString, 0)},
			[]uint32{0, 0, 1, 6, 0, 2, 0, 2, 6, 0},
		},
		{
			"a split token after an emoji on its first line",
			"🌍 \"a\nb\"",
			[]st.Token{tok(5, 10, st.TypeString, 0)},
			[]uint32{0, 3, 2, 6, 0, 1, 0, 2, 6, 0},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := st.Encode(source.NewLines(tc.src), tc.toks)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Encode (-want +got):\n%s", diff)
			}
		})
	}
}
