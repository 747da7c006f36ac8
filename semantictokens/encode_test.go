package semantictokens_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/source"
)

func TestEncode(t *testing.T) {
	tok := func(start, end int32, typ int, mods uint32) semantictokens.Token {
		return semantictokens.Token{Span: grammar.Span{Start: start, End: end}, Type: typ, Mods: mods}
	}
	tests := []struct {
		name string
		src  string
		toks []semantictokens.Token
		want []uint32
	}{
		{"empty", "let x = 1", nil, []uint32{}},
		{
			"same line deltas are relative to the previous token",
			"let x = 1",
			[]semantictokens.Token{tok(0, 3, semantictokens.TypeKeyword, 0), tok(4, 5, semantictokens.TypeVariable, semantictokens.ModDeclaration|semantictokens.ModReadonly), tok(8, 9, semantictokens.TypeNumber, 0)},
			[]uint32{0, 0, 3, 0, 0, 0, 4, 1, 1, 3, 0, 4, 1, 5, 0},
		},
		{
			"a new line restarts the column",
			"a\n  bb",
			[]semantictokens.Token{tok(0, 1, semantictokens.TypeVariable, 0), tok(4, 6, semantictokens.TypeProperty, 0)},
			[]uint32{0, 0, 1, 1, 0, 1, 2, 2, 2, 0},
		},
		{
			"astral characters count two UTF-16 units, BMP ones one",
			"'🚀é' x", // the string is 8 bytes, 5 units
			[]semantictokens.Token{tok(0, 8, semantictokens.TypeString, 0), tok(9, 10, semantictokens.TypeVariable, 0)},
			[]uint32{0, 0, 5, 6, 0, 0, 6, 1, 1, 0},
		},
		{
			"a token over three lines is split per line, CRLF and lone CR included",
			"/* a\r\nbc\rd */ x",
			[]semantictokens.Token{tok(0, 13, semantictokens.TypeComment, 0), tok(14, 15, semantictokens.TypeVariable, 0)},
			[]uint32{0, 0, 4, 7, 0, 1, 0, 2, 7, 0, 1, 0, 4, 7, 0, 0, 5, 1, 1, 0},
		},
		{
			"empty pieces of a split token are dropped",
			"\"\n\nx\"",
			[]semantictokens.Token{tok(0, 5, semantictokens.TypeString, 0)},
			[]uint32{0, 0, 1, 6, 0, 2, 0, 2, 6, 0},
		},
		{
			"a split token after an emoji on its first line",
			"🌍 \"a\nb\"",
			[]semantictokens.Token{tok(5, 10, semantictokens.TypeString, 0)},
			[]uint32{0, 3, 2, 6, 0, 1, 0, 2, 6, 0},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := semantictokens.Encode(source.NewLines(tc.src), tc.toks)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Encode (-want +got):\n%s", diff)
			}
		})
	}
}
