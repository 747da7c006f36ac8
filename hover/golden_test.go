package hover

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from the hover output (review every card you accept)")

// TestGolden runs every testdata/*.txtar archive: the files of one configuration (a path with a
// directory puts the file in a module or upstream directory), one cursor marker <|>, and a `want`
// section holding the hovered text and the Markdown card, or `(no hover)`.
func TestGolden(t *testing.T) {
	txtar.Run(t, "testdata/*.txtar", func(t *testing.T, p string, a *txtar.Archive) {
		want, haveWant := a.Get("want")
		fx := build(t, a.Sources(), true)
		idx, _ := testutil.ChosenIndex(t, a.Sources(), fx.cfg, nil) // a lock file, a provider block's version
		got := render(fx, At(context.Background(), fx.cfg, fx.file, fx.offset, idx))
		if *update {
			a.Set("want", got)
			if err := os.WriteFile(p, []byte(a.Format()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		if !haveWant {
			t.Fatalf("no want section; run go test ./hover -run TestGolden -update and review it")
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("hover (-want +got):\n%s", diff)
		}
	})
}

// render writes a hover as a want section: the hovered text, a rule, the Markdown.
func render(fx fixture, h *Hover) string {
	if h == nil {
		return "(no hover)\n"
	}
	text := fx.file.Text()[h.Span.Start:h.Span.End]
	return "hovered: " + text + "\n---\n" + h.Markdown + "\n"
}
