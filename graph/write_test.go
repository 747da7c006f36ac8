package graph

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// TestFormatFor: a name given wins, and without one a .svg file asks for svg; an unknown name
// lists the forms there are.
func TestFormatFor(t *testing.T) {
	type result struct{ Format, Err string }
	for _, tc := range []struct {
		name, out string
		want      result
	}{
		{"", "", result{"dot", ""}},
		{"", "graph.svg", result{"svg", ""}},
		{"", "GRAPH.SVG", result{"svg", ""}},
		{"", "graph.dot", result{"dot", ""}},
		{"json", "graph.svg", result{"json", ""}},
		{"order", "", result{"order", ""}},
		{"mermaid", "", result{"mermaid", ""}},
		{"png", "", result{"", `unknown format "png" (want svg, dot, mermaid, json, order)`}},
	} {
		f, err := FormatFor(tc.name, tc.out)
		got := result{Format: f}
		if err != nil {
			got.Err = err.Error()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("FormatFor(%q, %q) (-want +got):\n%s", tc.name, tc.out, diff)
		}
	}
}

// TestWrite: Write in each form writes what that form's writer does; a statement left out is
// placed by its line and byte column.
func TestWrite(t *testing.T) {
	cfg := testutil.Config(t, map[string]string{"main.crn": "let a = aws.s3.Bucket { bucket = 'é' }\n  let = \n"}, testutil.Root)
	g := Build(cfg, testutil.EmbeddedIndex(t), Options{})
	ctx := context.Background()
	writers := map[string]func(*bytes.Buffer) error{
		"dot":     func(b *bytes.Buffer) error { return g.WriteDOT(b) },
		"mermaid": func(b *bytes.Buffer) error { return g.WriteMermaid(b) },
		"json":    func(b *bytes.Buffer) error { return g.WriteJSON(b) },
		"order":   func(b *bytes.Buffer) error { return g.WriteOrder(b) },
		"svg":     func(b *bytes.Buffer) error { return g.WriteSVG(ctx, b, SVGOptions{Theme: Dark}) },
	}
	for _, f := range Formats() {
		var want, got bytes.Buffer
		if err := writers[f](&want); err != nil {
			t.Fatal(err)
		}
		if err := g.Write(ctx, &got, f, SVGOptions{Theme: Dark}); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.String(), got.String()); diff != "" {
			t.Errorf("Write %s (-Write%s +Write):\n%s", f, f, diff)
		}
	}
	if err := g.Write(ctx, &bytes.Buffer{}, "png", SVGOptions{}); err == nil {
		t.Error("Write png: no error")
	}
	var places []string
	for _, l := range g.LeftOut {
		places = append(places, g.Place(l))
	}
	places = append(places, g.Place(LeftOut{File: "elsewhere.crn"}))
	main := filepath.Join(testutil.Root, "main.crn")
	if diff := cmp.Diff([]string{main + ":2:3", "elsewhere.crn"}, places); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
}
