package lsp

import (
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/source"
)

// checkInlay: `inlay F: @m "label" ...` or none.
func checkInlay(r *markerRun, as assertion) {
	name := r.subject(as)
	var hints []inlayHint
	end := toPosition(r.lines[name], len(r.m.files[name]))
	if err := r.c.call("textDocument/inlayHint", &inlayHintParams{TextDocument: r.file(as, name), Range: protocol.Range{End: end}}, &hints); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got []string
	for _, h := range hints {
		got = append(got, r.markerOf(r.uris[name], h.Position), h.Label)
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %q", as.line, got)
	}
}

// decodedToken is a semantic token decoded from LSP's relative encoding.
type decodedToken struct {
	line, col, length int // 0-based line, UTF-16 column and length
	typ               string
	mods              []string
}

// decodeTokens decodes semantic token data with the server's legend.
func decodeTokens(data []uint32) []decodedToken {
	types, modNames := legendTypes()
	var out []decodedToken
	line, col := 0, 0
	for i := 0; i+5 <= len(data); i += 5 {
		if data[i] > 0 {
			col = 0
		}
		line += int(data[i])
		col += int(data[i+1])
		tk := decodedToken{line: line, col: col, length: int(data[i+2]), typ: "?"}
		if int(data[i+3]) < len(types) {
			tk.typ = types[data[i+3]]
		}
		for b, m := range modNames {
			if data[i+4]&(1<<b) != 0 {
				tk.mods = append(tk.mods, m)
			}
		}
		out = append(out, tk)
	}
	return out
}

// tokensOf returns a file's tokens, of the whole file or (rng not nil) of a range.
func tokensOf(r *markerRun, as assertion, doc protocol.TextDocumentIdentifier, rng *protocol.Range) []decodedToken {
	r.t.Helper()
	var toks semanticTokens
	var err error
	if rng == nil {
		err = r.c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &toks)
	} else {
		err = r.c.call("textDocument/semanticTokens/range", &protocol.SemanticTokensRangeParams{TextDocument: doc, Range: *rng}, &toks)
	}
	if err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	return decodeTokens(toks.Data)
}

// tokenAt returns the description of the token holding p ("none" when there is none).
func tokenAt(toks []decodedToken, p protocol.Position) string {
	for _, tk := range toks {
		if tk.line == int(p.Line) && tk.col <= int(p.Character) && int(p.Character) < tk.col+tk.length {
			return strings.Join(append([]string{tk.typ}, tk.mods...), " ")
		}
	}
	return "none"
}

// checkSemantic: `semantic @k: type [mod ...]` or none, in the full and the range answer (the
// marker's line).
func checkSemantic(r *markerRun, as assertion) {
	pos, _ := r.at(as, r.subject(as))
	want := strings.Join(r.fields(as), " ")
	full := tokenAt(tokensOf(r, as, pos.TextDocument, nil), pos.Position)
	line := protocol.Range{Start: protocol.Position{Line: pos.Position.Line}, End: protocol.Position{Line: pos.Position.Line + 1}}
	ranged := tokenAt(tokensOf(r, as, pos.TextDocument, &line), pos.Position)
	if full != want || ranged != want {
		r.t.Errorf("%s: full %q, range %q", as.line, full, ranged)
	}
}

// checkTokens: `tokens F: => NAME`, every token of F a line: line:col len type mods text.
func checkTokens(r *markerRun, as assertion) {
	name := r.subject(as)
	section := as.result()
	if section == "" {
		r.t.Fatalf("%s: want => NAME", as.line)
	}
	got := renderTokens(r.m.files[name], r.lines[name], tokensOf(r, as, r.file(as, name), nil))
	if want := txtar.Lines(r.expected(as, section)); !slices.Equal(got, want) {
		r.t.Errorf("%s: the tokens are\n%s", as.line, strings.Join(got, "\n"))
	}
}

// renderTokens writes tokens a line each, 1-based, with the text found at that UTF-16 position
// (so a line also checks the encoding).
func renderTokens(text string, l *source.Lines, toks []decodedToken) []string {
	var out []string
	for _, tk := range toks {
		mods := "-"
		if len(tk.mods) > 0 {
			mods = strings.Join(tk.mods, ",")
		}
		s, e := l.OffsetUTF16(tk.line, tk.col), l.OffsetUTF16(tk.line, tk.col+tk.length)
		out = append(out, fmt.Sprintf("%d:%d %d %s %s %s", tk.line+1, tk.col+1, tk.length, tk.typ, mods, text[s:e]))
	}
	return out
}
