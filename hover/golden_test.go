package hover

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from the hover output (review every card you accept)")

// TestGolden runs every testdata/*.txtar archive: the files of one configuration (a path with a
// directory puts the file in a module or upstream directory), one cursor marker <|>, and a `want`
// section holding the hovered text and the Markdown card, or `(no hover)`.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no testdata/*.txtar archives")
	}
	idx := embeddedIndex(t)
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := parseTxtar(string(data))
			files := map[string]string{}
			want, haveWant := "", false
			for _, f := range a.files {
				if f.name == "want" {
					want, haveWant = f.data, true
					continue
				}
				files[f.name] = f.data
			}
			fx := build(t, files, true)
			got := render(fx, At(context.Background(), fx.cfg, fx.file, fx.offset, idx))
			if *update {
				if !haveWant {
					a.files = append(a.files, archiveFile{name: "want"})
				}
				for i := range a.files {
					if a.files[i].name == "want" {
						a.files[i].data = got
					}
				}
				if err := os.WriteFile(p, []byte(a.format()), 0o644); err != nil {
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
}

// render writes a hover as a want section: the hovered text, a rule, the Markdown.
func render(fx fixture, h *Hover) string {
	if h == nil {
		return "(no hover)\n"
	}
	text := fx.file.Text()[h.Span.Start:h.Span.End]
	return "hovered: " + text + "\n---\n" + h.Markdown + "\n"
}
