package lsp

import (
	"bytes"
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/graph"
)

// graphParams are the params of carina/graph.
type graphParams struct {
	TextDocument  protocol.TextDocumentIdentifier `json:"textDocument"`
	ExpandModules bool                            `json:"expandModules,omitempty"`
	SVG           bool                            `json:"svg,omitempty"`
}

// graphResult is carina/graph's answer: the graph's JSON form (docs/graph.md), and its SVG when
// asked.
type graphResult struct {
	Graph graph.JSON `json:"graph"`
	SVG   string     `json:"svg,omitempty"`
}

// carinaGraph answers carina/graph: the dependency graph of the document's configuration, for
// the editors' graph views.
func carinaGraph(ctx context.Context, s *Server, p *graphParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	// The directory's memo: the statements the last check analysed are not analysed again.
	problems := diagnostics.CheckWith(ctx, sn.cfg, sn.schemas, s.checkOptions(sn.cfg.Dir))
	g := graph.Build(sn.cfg, sn.schemas, graph.Options{ExpandModules: p.ExpandModules, Problems: problems})
	out := graphResult{Graph: g.ToJSON()}
	if p.SVG {
		var b bytes.Buffer
		if err := g.WriteSVG(ctx, &b); err != nil {
			return nil, err
		}
		out.SVG = b.String()
	}
	return out, nil
}
