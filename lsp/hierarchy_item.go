package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/navigate"
)

// hierarchyData is what a call hierarchy item carries back to the server: the file and the
// offset of the item's name, by which the node is found again in a newer build.
type hierarchyData struct {
	Path  string `json:"path"`
	Start int32  `json:"start"`
}

// hierarchyItem converts a node of the dependency hierarchy.
func (s *Server) hierarchyItem(n navigate.Node) (protocol.CallHierarchyItem, bool) {
	f, err := s.ws.ParseFile(n.Path)
	if err != nil {
		return protocol.CallHierarchyItem{}, false
	}
	return protocol.CallHierarchyItem{
		Name:           n.Name,
		Kind:           protocol.SymbolKind(n.Symbol),
		Detail:         n.Detail,
		URI:            s.docs.uriOf(n.Path),
		Range:          toRange(f.Lines, n.Span),
		SelectionRange: toRange(f.Lines, n.Select),
		Data:           hierarchyData{Path: n.Path, Start: n.Select.Start},
	}, true
}

// hierarchyNode finds the node of an item the client hands back, in the current build of its
// directory.
func (s *Server) hierarchyNode(ctx context.Context, item protocol.CallHierarchyItem) (navigate.Node, bool) {
	raw, err := json.Marshal(item.Data)
	if err != nil {
		return navigate.Node{}, false
	}
	var d hierarchyData
	if err := json.Unmarshal(raw, &d); err != nil || d.Path == "" {
		return navigate.Node{}, false
	}
	cfg, _, err := s.config(ctx, filepath.Dir(d.Path))
	if err != nil {
		return navigate.Node{}, false
	}
	return navigate.HierarchyNode(cfg, d.Path, d.Start)
}

// spanRanges converts spans of the file at path.
func (s *Server) spanRanges(path string, spans []grammar.Span) []protocol.Range {
	f, err := s.ws.ParseFile(path)
	if err != nil {
		return []protocol.Range{}
	}
	out := make([]protocol.Range, 0, len(spans))
	for _, sp := range spans {
		out = append(out, toRange(f.Lines, sp))
	}
	return out
}
