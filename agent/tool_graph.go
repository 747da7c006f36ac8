package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/graph"
	"github.com/carina-rs/carina-lsp/session"
)

// GraphInput is the graph tool's input.
type GraphInput struct {
	Input
	ExpandModules bool `json:"expandModules,omitempty" jsonschema:"show the inside of each module instance"`
}

// GraphResult is a configuration's dependency graph.
type GraphResult struct {
	Graph any    `json:"graph" jsonschema:"the graph as carina-lsp graph -format json writes it (docs/graph.md): nodes, edges, cycles, left_out"`
	Order string `json:"order" jsonschema:"a first apply's order in Carina's plan lines, as carina-lsp graph -format order writes it"`
}

func addGraph(s *server) {
	add(s, toolInfo{Name: "graph", Title: "Dependency graph and apply order",
		Description: "The dependency graph of a configuration (resources, data sources, waits, modules, upstream states, " +
			"providers, and what each waits for) as JSON, and the order a first apply creates them in."},
		func(ctx context.Context, c *call, in GraphInput) (GraphResult, error) { return c.graph(ctx, in) })
}

func (c *call) graph(ctx context.Context, in GraphInput) (GraphResult, error) {
	t, file, err := c.target(in.Input)
	if err != nil {
		return GraphResult{}, err
	}
	sess := c.session()
	if in.Text != "" {
		sess.Workspace().SetOverlay(file, in.Text)
	}
	chain := sess.Chain(t.Dir, "")
	if len(chain.Errors) > 0 {
		return GraphResult{}, chainError(chain)
	}
	loaded, err := sess.Load(ctx, t.Dir, session.Check{Chain: chain})
	if err != nil {
		return GraphResult{}, err
	}
	for _, le := range loaded.Config.LoadErrors {
		return GraphResult{}, fmt.Errorf("%s: %w", le.Path, le.Err)
	}
	problems := session.ChecksOf(chain, nil, nil)(ctx, loaded.Config, loaded.Schemas)
	g := graph.Build(loaded.Config, loaded.Schemas, graph.Options{ExpandModules: in.ExpandModules, Problems: problems})
	var order strings.Builder
	if err := g.WriteOrder(&order); err != nil {
		return GraphResult{}, err
	}
	// What graph -format json writes, through its one writer.
	var data bytes.Buffer
	if err := g.WriteJSON(&data); err != nil {
		return GraphResult{}, err
	}
	res := GraphResult{Order: order.String()}
	if err := json.Unmarshal(data.Bytes(), &res.Graph); err != nil {
		return GraphResult{}, err
	}
	return res, nil
}
