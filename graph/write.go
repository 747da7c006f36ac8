package graph

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// Formats returns the names of the forms Write writes.
func Formats() []string { return []string{"svg", "dot", "mermaid", "json", "order"} }

// FormatFor returns the form name asks for (one of Formats); for "", the form of a file named
// out: svg for a .svg file, else dot. An unknown name is an error that lists the forms.
func FormatFor(name, out string) (string, error) {
	if name == "" {
		name = "dot"
		if strings.EqualFold(filepath.Ext(out), ".svg") {
			name = "svg"
		}
	}
	if !slices.Contains(Formats(), name) {
		return "", fmt.Errorf("unknown format %q (want %s)", name, strings.Join(Formats(), ", "))
	}
	return name, nil
}

// Write writes g in the form named (one of Formats); opts are the picture's, for svg.
func (g *Graph) Write(ctx context.Context, w io.Writer, format string, opts SVGOptions) error {
	switch format {
	case "dot":
		return g.WriteDOT(w)
	case "mermaid":
		return g.WriteMermaid(w)
	case "json":
		return g.WriteJSON(w)
	case "order":
		return g.WriteOrder(w)
	case "svg":
		return g.WriteSVG(ctx, w, opts)
	}
	_, err := FormatFor(format, "")
	return err
}

// Place is where a statement left out starts, as path:line:col (the column in bytes), for
// messages; the path alone when the graph was not built from its file.
func (g *Graph) Place(l LeftOut) string {
	if f := g.files[l.File]; f != nil {
		line, col := f.Lines.ByteColumn(int(l.Span.Start))
		return fmt.Sprintf("%s:%d:%d", l.File, line+1, col+1)
	}
	return l.File
}
