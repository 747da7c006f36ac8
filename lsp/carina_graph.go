package lsp

import (
	"bytes"
	"context"
	"path"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/graph"
)

// graphParams are the params of carina/graph.
type graphParams struct {
	TextDocument  protocol.TextDocumentIdentifier `json:"textDocument"`
	ExpandModules bool                            `json:"expandModules,omitempty"`
	SVG           bool                            `json:"svg,omitempty"`
	// Direction and Theme are the picture's: "LR" (default) or "TB", "light" (default) or "dark".
	Direction string `json:"direction,omitempty"`
	Theme     string `json:"theme,omitempty"`
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
	var opts graph.SVGOptions
	var err error
	if opts.Direction, err = graph.ParseDirection(p.Direction); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "carina/graph: "+err.Error())
	}
	if opts.Theme, err = graph.ParseTheme(p.Theme); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "carina/graph: "+err.Error())
	}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	// The directory's memo: the statements the last check analysed are not analysed again.
	problems := s.checks(sn.cfg.Dir)(ctx, sn.cfg, sn.schemas)
	g := graph.Build(sn.cfg, sn.schemas, graph.Options{ExpandModules: p.ExpandModules, Problems: problems})
	out := graphResult{Graph: g.ToJSON()}
	if p.SVG {
		var b bytes.Buffer
		if err := g.WriteSVG(ctx, &b, opts); err != nil {
			return nil, err
		}
		out.SVG = b.String()
	}
	if isUntitled(sn.cfg.Dir) {
		out.nameUntitled(g.Name(), sn.uri)
	}
	return out, nil
}

// nameUntitled shows the graph of an unsaved document by the document, not by the synthetic
// directory it is analysed in (untitled.go), which a view would show as its title: the directory
// is the document's URI as the client sent it, its file the document's name (Untitled-1, as the
// editor's tab has it), and the picture's title that name. dirName is the synthetic directory's
// base name, the title WriteSVG gave the picture.
func (r *graphResult) nameUntitled(dirName string, uri protocol.DocumentURI) {
	name := path.Base(parseURI(string(uri)).path)
	if name == "." || name == "/" {
		name = string(uri)
	}
	r.Graph.Directory = string(uri)
	for i := range r.Graph.Nodes {
		if r.Graph.Nodes[i].File == untitledFile {
			r.Graph.Nodes[i].File = name
		}
	}
	for i := range r.Graph.Edges {
		if r.Graph.Edges[i].File == untitledFile {
			r.Graph.Edges[i].File = name
		}
	}
	for i := range r.Graph.LeftOut {
		if r.Graph.LeftOut[i].File == untitledFile {
			r.Graph.LeftOut[i].File = name
		}
	}
	if r.SVG != "" {
		r.SVG = strings.Replace(r.SVG, "<title>"+graph.XMLText(dirName)+"</title>", "<title>"+graph.XMLText(name)+"</title>", 1)
	}
}
