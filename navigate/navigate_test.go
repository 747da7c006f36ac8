package navigate_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestDefinitionCursorPlaces checks where in and around a name the cursor finds it: on any of
// its characters and just after it, not before it, and a name starting where another ends wins.
func TestDefinitionCursorPlaces(t *testing.T) {
	tests := []struct {
		name string
		line string // the second line of the file, with the cursor
		want []string
	}{
		{"start of the name", "let x = [<|>cert, y]", []string{"main.crn:1:5-1:9 cert"}},
		{"inside the name", "let x = [ce<|>rt, y]", []string{"main.crn:1:5-1:9 cert"}},
		{"just after the name", "let x = [cert<|>, y]", []string{"main.crn:1:5-1:9 cert"}},
		{"before the bracket", "let x = <|>[cert, y]", nil},
		{"in the space after a comma", "let x = [cert,<|> y]", nil},
		{"on a declaration", "let <|>x = [cert, y]", []string{"main.crn:2:5-2:6 x"}},
		{"a name in a template", `let x = "${cert}${<|>y}"`, []string{"main.crn:3:5-3:6 y"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := "let cert = aws.acm.Certificate {}\n" + tc.line + "\nlet y = 1\n"
			fx := newFixture(t, map[string]string{"main.crn": text})
			cfg, f, off := fx.cursorConfig(t)
			var got []string
			for _, l := range navigate.Definition(cfg, f, off) {
				got = append(got, fx.showSpan(t, l.Path, l.Span))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Definition (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFoldingRanges(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []navigate.Fold
	}{
		{"empty file", "", nil},
		{"one line", "let a = { b = 1 }", nil},
		{"CRLF lines", "let a = {\r\n  b = 1\r\n}\r\n", []navigate.Fold{{StartLine: 0, EndLine: 1}}},
		{"closer after content keeps its line", "let a = [\n  1,\n  2]\n", []navigate.Fold{{StartLine: 0, EndLine: 2}}},
		{"a closer on the next line folds nothing", "let a = {\n}\n", nil},
		{"one start line keeps the largest", "let a = [{\n  b = 1\n}, {\n  c = 2\n}]\n",
			[]navigate.Fold{{StartLine: 0, EndLine: 4}, {StartLine: 2, EndLine: 3}}},
		{"a comment run broken by a blank line is two runs", "# a\n# b\n\n# c\n# d\n",
			[]navigate.Fold{{StartLine: 0, EndLine: 1, Kind: navigate.FoldComment}, {StartLine: 3, EndLine: 4, Kind: navigate.FoldComment}}},
		{"slash comments run too", "// a\n// b\nlet x = 1\n", []navigate.Fold{{StartLine: 0, EndLine: 1, Kind: navigate.FoldComment}}},
		{"an unmatched endregion is ignored", "# endregion\nlet x = 1\n", nil},
		{"nested regions", "// region a\n# region b\n# endregion\n// endregion\n",
			[]navigate.Fold{{StartLine: 0, EndLine: 3, Kind: navigate.FoldRegion}, {StartLine: 1, EndLine: 2, Kind: navigate.FoldRegion}}},
		{"stray closers are skipped", "}\nlet a = {\n  b = [1,\n  2]\n}\n]\n",
			[]navigate.Fold{{StartLine: 1, EndLine: 3}, {StartLine: 2, EndLine: 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fx := newFixture(t, map[string]string{"main.crn": tc.src})
			_, f := fx.config(t, "main.crn")
			if diff := cmp.Diff(tc.want, navigate.FoldingRanges(f)); diff != "" {
				t.Errorf("FoldingRanges (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWorkspaceSymbolsCancelled(t *testing.T) {
	fx := newFixture(t, map[string]string{"main.crn": "let cert = 1\n"})
	cfg, _ := fx.config(t, "main.crn")
	ctx, cancel := context.WithCancel(context.Background())
	if got := navigate.WorkspaceSymbols(ctx, []*workspace.Config{cfg}, ""); len(got) != 1 {
		t.Errorf("before cancel: %d symbols, want 1", len(got))
	}
	cancel()
	if got := navigate.WorkspaceSymbols(ctx, []*workspace.Config{cfg, nil}, ""); got != nil {
		t.Errorf("after cancel: %v, want nil", got)
	}
}

// TestEveryOffset runs every operation at every offset of the corpus files and of the sources of
// the server's marker archives (lsp/testdata/markers), checking that nothing panics and that
// every result is well formed: spans inside their files, a definition on the name it declares,
// rename edits replacing the name, symbols' names inside their spans.
func TestEveryOffset(t *testing.T) {
	sets := []map[string]string{}
	for _, p := range corpus.Files(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, map[string]string{"main.crn": string(data)}, map[string]string{"main.crn": string(data[:len(data)/2])})
	}
	sets = append(sets, testutil.MarkerSources(t)...)
	if testing.Short() {
		sets = sets[:20]
	}
	for _, files := range sets {
		fx := newFixture(t, files)
		for name := range fx.files {
			if strings.Contains(name, "/") {
				continue
			}
			cfg, f := fx.config(t, name)
			sweep(t, fx, cfg, f)
		}
	}
}

func sweep(t *testing.T, fx *fixture, cfg *workspace.Config, f *workspace.File) {
	t.Helper()
	text := f.Text()
	name := testutil.Rel(f.Path)
	checkLoc := func(op string, off int, l navigate.Location) {
		ft, ok := fx.files[testutil.Rel(l.Path)]
		if !ok || l.Span.Start < 0 || l.Span.End <= l.Span.Start || int(l.Span.End) > len(ft) {
			t.Fatalf("%s:%d: %s returned a bad location %s %v", name, off, op, testutil.Rel(l.Path), l.Span)
		}
	}
	for off := 0; off <= len(text); off++ {
		for _, l := range navigate.Definition(cfg, f, off) {
			checkLoc("Definition", off, l)
		}
		for _, l := range navigate.References(cfg, f, off, true) {
			checkLoc("References", off, l)
		}
		for _, h := range navigate.Highlights(cfg, f, off) {
			checkLoc("Highlights", off, navigate.Location{Path: f.Path, Span: h.Span})
		}
		s, placeholder, err := navigate.PrepareRename(cfg, f, off)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s:%d: PrepareRename: empty error", name, off)
			}
			continue
		}
		if got := text[s.Start:s.End]; got != placeholder || !(s.Start <= int32(off) && int32(off) <= s.End) {
			t.Fatalf("%s:%d: PrepareRename = %v %q (text %q)", name, off, s, placeholder, got)
		}
		edits, err := navigate.Rename(cfg, f, off, "renamed_x")
		if err != nil {
			continue // a clash is possible
		}
		for p, es := range edits {
			ft := fx.files[testutil.Rel(p)]
			for _, e := range es {
				if ft[e.Span.Start:e.Span.End] != placeholder {
					t.Fatalf("%s:%d: rename edit %s %v replaces %q, want %q", name, off, testutil.Rel(p), e.Span, ft[e.Span.Start:e.Span.End], placeholder)
				}
			}
		}
	}
	var walk func([]navigate.Symbol)
	walk = func(ss []navigate.Symbol) {
		for _, s := range ss {
			if s.Name == "" || s.NameSpan.Start < s.Span.Start || s.NameSpan.End > s.Span.End || int(s.Span.End) > len(text) {
				t.Fatalf("%s: bad symbol %+v", name, s)
			}
			walk(s.Children)
		}
	}
	walk(navigate.DocumentSymbols(f))
	lines := f.Lines.Count()
	for _, fo := range navigate.FoldingRanges(f) {
		if fo.StartLine < 0 || fo.EndLine <= fo.StartLine || fo.EndLine >= lines {
			t.Fatalf("%s: bad fold %+v (%d lines)", name, fo, lines)
		}
	}
}

// FuzzNavigate runs the operations at a position of arbitrary text.
func FuzzNavigate(f *testing.F) {
	f.Add("let cert = aws.acm.Certificate {}\nlet w = wait cert { until = cert.status == x }\n", 30)
	f.Add("fn f(a) { a }\nlet x = for i in [1] { f(i) }\n", 12)
	f.Add("let s = \"${a\n}\" /* x", 5)
	f.Fuzz(func(t *testing.T, src string, off int) {
		if off < 0 || off > len(src) {
			return
		}
		fx := newFixture(t, map[string]string{"main.crn": strings.ReplaceAll(src, testutil.Marker, "")})
		cfg, file := fx.config(t, "main.crn")
		navigate.Definition(cfg, file, off)
		navigate.References(cfg, file, off, true)
		navigate.Highlights(cfg, file, off)
		if _, _, err := navigate.PrepareRename(cfg, file, off); err == nil {
			navigate.Rename(cfg, file, off, "renamed")
		}
		navigate.DocumentSymbols(file)
		navigate.FoldingRanges(file)
	})
}
