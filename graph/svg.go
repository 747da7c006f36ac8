package graph

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/goccy/go-graphviz"
)

// WriteSVG writes the graph as an SVG picture: its DOT (WriteDOT) laid out by Graphviz's dot,
// which runs in-process (compiled to WebAssembly, run by a pure-Go runtime): nothing to install.
func (g *Graph) WriteSVG(ctx context.Context, w io.Writer) error {
	var dot bytes.Buffer
	if err := g.WriteDOT(&dot); err != nil {
		return err
	}
	return RenderSVG(ctx, dot.Bytes(), w)
}

// renderMu serialises rendering: go-graphviz keeps one WebAssembly instance per process behind
// its package functions (ParseBytes), so concurrent renders corrupt each other's memory. It is
// the one package-level variable here, guarding the library's own.
var renderMu sync.Mutex

// RenderSVG lays out DOT source with Graphviz's dot and writes it as SVG.
func RenderSVG(ctx context.Context, dot []byte, w io.Writer) error {
	renderMu.Lock()
	defer renderMu.Unlock()
	gv, err := graphviz.New(ctx)
	if err != nil {
		return fmt.Errorf("svg: starting Graphviz: %w", err)
	}
	defer gv.Close()
	parsed, err := graphviz.ParseBytes(dot)
	if err != nil {
		return fmt.Errorf("svg: %w", err)
	}
	defer parsed.Close()
	if err := gv.Render(ctx, parsed, graphviz.SVG, w); err != nil {
		return fmt.Errorf("svg: %w", err)
	}
	return nil
}
