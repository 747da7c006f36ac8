package graph

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

var update = flag.Bool("update", false, "rewrite testdata/wait-cert.* and testdata/hostile-mermaid.json from the graph (review every line you accept)")

// TestExampleGolden draws the bundled example, examples/wait-cert, in every text format and
// compares each with its golden file; the SVG must draw every node and edge.
func TestExampleGolden(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join("..", "examples", "wait-cert")
	cfg := testutil.ConfigOf(t, workspace.New(workspace.OSFS{}), dir)
	idx := testutil.EmbeddedIndex(t)
	g := Build(cfg, idx, Options{Problems: diagnostics.Check(ctx, cfg, idx)})
	for _, f := range []struct {
		ext   string
		write func(*bytes.Buffer) error
	}{
		{"dot", func(b *bytes.Buffer) error { return g.WriteDOT(b) }},
		{"mermaid", func(b *bytes.Buffer) error { return g.WriteMermaid(b) }},
		{"json", func(b *bytes.Buffer) error { return g.WriteJSON(b) }},
		{"order", func(b *bytes.Buffer) error { return g.WriteOrder(b) }},
	} {
		t.Run(f.ext, func(t *testing.T) {
			var b bytes.Buffer
			if err := f.write(&b); err != nil {
				t.Fatal(err)
			}
			got := strings.ReplaceAll(b.String(), filepath.ToSlash(dir), "examples/wait-cert")
			path := filepath.Join("testdata", "wait-cert."+f.ext)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", path, diff)
			}
		})
	}
	t.Run("svg", func(t *testing.T) {
		var b bytes.Buffer
		if err := g.WriteSVG(ctx, &b, SVGOptions{}); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		for _, n := range g.Nodes {
			if !strings.Contains(svg, `<g class="node" data-id="`+xmlEscape(n.ID)+`"`) {
				t.Errorf("node %s is not drawn", n.ID)
			}
		}
		for _, e := range merged(g.Edges) {
			if !strings.Contains(svg, `data-from="`+xmlEscape(e.From)+`" data-to="`+xmlEscape(e.To)+`"`) {
				t.Errorf("edge %s -> %s is not drawn", e.To, e.From)
			}
		}
		path := filepath.Join("testdata", "wait-cert.svg")
		if *update {
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), svg); diff != "" {
			t.Errorf("%s (-want +got):\n%s", path, diff)
		}
	})
}
