package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/hover"
)

// signatureHelp answers inside a call of a built-in or user function.
func signatureHelp(ctx context.Context, s *Server, p *protocol.SignatureHelpParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	sig := hover.SignatureAt(sn.cfg, sn.file, sn.offset(p.Position), sn.schemas)
	if sig == nil {
		return nil, nil
	}
	info := protocol.SignatureInformation{
		Label:         sig.Label,
		Documentation: protocol.MarkupContent{Kind: protocol.Markdown, Value: sig.Doc},
	}
	for _, par := range sig.Params {
		pi := protocol.ParameterInformation{Label: par.Label}
		if par.Doc != "" {
			pi.Documentation = protocol.MarkupContent{Kind: protocol.Markdown, Value: par.Doc}
		}
		info.Parameters = append(info.Parameters, pi)
	}
	active := uint32(0)
	if sig.Active >= 0 {
		active = uint32(sig.Active)
	} else {
		active = uint32(len(sig.Params)) // past the last parameter: none is highlighted
	}
	return &protocol.SignatureHelp{Signatures: []protocol.SignatureInformation{info}, ActiveParameter: active}, nil
}
