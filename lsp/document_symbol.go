package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/source"
)

// documentSymbol answers the outline: hierarchical symbols when the client supports them, else a
// flat list of symbol information.
func documentSymbol(ctx context.Context, s *Server, p *protocol.DocumentSymbolParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.DocumentSymbol{}, nil
	}
	f := sn.file
	syms := navigate.DocumentSymbols(f)
	if s.clientCaps().hierarchicalSymbol {
		return docSymbols(f.Lines, syms), nil
	}
	var flat []protocol.SymbolInformation
	var walk func(ss []navigate.Symbol, container string)
	walk = func(ss []navigate.Symbol, container string) {
		for _, x := range ss {
			flat = append(flat, protocol.SymbolInformation{
				Name: x.Name, Kind: protocol.SymbolKind(x.Kind), ContainerName: container,
				Location: protocol.Location{URI: sn.uri, Range: toRange(f.Lines, x.Span)},
			})
			walk(x.Children, x.Name)
		}
	}
	walk(syms, "")
	if flat == nil {
		flat = []protocol.SymbolInformation{}
	}
	return flat, ctx.Err()
}

func docSymbols(l *source.Lines, ss []navigate.Symbol) []protocol.DocumentSymbol {
	out := make([]protocol.DocumentSymbol, 0, len(ss))
	for _, x := range ss {
		out = append(out, protocol.DocumentSymbol{
			Name: x.Name, Detail: x.Detail, Kind: protocol.SymbolKind(x.Kind),
			Range: toRange(l, x.Span), SelectionRange: toRange(l, x.NameSpan),
			Children: docSymbols(l, x.Children),
		})
	}
	return out
}
