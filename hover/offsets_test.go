package hover

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// TestEveryOffset hovers every byte offset of every golden configuration and of the server's
// marker archives (complete and partial statements alike) and asks for signature help and inlay
// hints there: nothing may panic, and a hover's span must lie in the file and hold the offset.
func TestEveryOffset(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	idx := testutil.EmbeddedIndex(t)
	ctx := context.Background()
	var sets []map[string]string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		for name, text := range txtar.Parse(string(data)).Sources() {
			files[name] = strings.Replace(text, testutil.Marker, "", 1)
		}
		sets = append(sets, files)
	}
	for _, files := range append(sets, testutil.MarkerSources(t)...) {
		fx := build(t, files, false)
		for _, f := range fx.cfg.Files {
			text := f.Text()
			for off := 0; off <= len(text); off++ {
				if h := At(ctx, fx.cfg, f, off, idx); h != nil {
					if h.Span.Start < 0 || int(h.Span.End) > len(text) || int(h.Span.Start) > off || off > int(h.Span.End) || h.Markdown == "" {
						t.Fatalf("%s at %d: span %v, card %q", f.Path, off, h.Span, h.Markdown)
					}
				}
				SignatureAt(fx.cfg, f, off, nil)
			}
			for _, h := range InlayHints(fx.cfg, f, grammar.Span{Start: 0, End: int32(len(text))}, idx) {
				if h.Offset < 0 || h.Offset > len(text) || h.Label == "" {
					t.Fatalf("%s: bad inlay hint %+v", f.Path, h)
				}
			}
		}
	}
}

// TestNilInputs checks the entry points with nothing to work on.
func TestNilInputs(t *testing.T) {
	ctx := context.Background()
	if At(ctx, nil, nil, 0, nil) != nil || SignatureAt(nil, nil, 0, nil) != nil || InlayHints(nil, nil, grammar.Span{}, nil) != nil {
		t.Error("nil configuration: want nothing")
	}
	fx := build(t, map[string]string{"main.crn": "let cert = aws.acm.Certificate {\n  domain_name = 'x'\n}\n\nlet w = wait cert {\n  until = cert.status == issued\n}\n"}, false)
	// Without schemas: still the binding and wait cards, with Carina's defaults.
	h := At(ctx, fx.cfg, fx.file, strings.Index(fx.file.Text(), "w ="), nil)
	if h == nil || !strings.Contains(h.Markdown, "Carina's default") {
		t.Errorf("no schemas: want the wait card with Carina's defaults, got %+v", h)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if At(canceled, fx.cfg, fx.file, 5, nil) != nil {
		t.Error("canceled context: want nothing")
	}
}

// TestCardPanicContained makes writing a card panic: the hover shows the plain card of the
// thing's role instead, and the panic is reported with the file, the line and the stack.
func TestCardPanicContained(t *testing.T) {
	fx := build(t, map[string]string{"main.crn": "let cert = aws.acm.Certificate {\n  domain_name = 'x'\n}\nlet arn = cert.arn\n"}, false)
	f := fx.cfg.Files[0]
	var reports []contain.Panic
	opts := Options{OnPanic: func(p contain.Panic) { reports = append(reports, p) }, beforeCard: func() { panic("injected") }}
	off := strings.Index(f.Text(), "cert.arn")
	h := AtWith(context.Background(), fx.cfg, f, off, testutil.EmbeddedIndex(t), opts)
	if h == nil || h.Markdown != "`cert` — reference" {
		t.Errorf("card after the panic: %+v", h)
	}
	if len(reports) != 1 || reports[0].Unit != "hover reference" || reports[0].Line != 4 || !strings.Contains(reports[0].Stack, "offsets_test.go") {
		t.Errorf("reports: %+v", reports)
	}
	if h := At(context.Background(), fx.cfg, f, off, testutil.EmbeddedIndex(t)); h == nil || !strings.Contains(h.Markdown, "aws.acm.Certificate") {
		t.Errorf("the card without a panic: %+v", h)
	}
}
