package lsp

import (
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/hover"
	"github.com/carina-rs/carina-lsp/plan"
)

// textDocumentHover answers textDocument/hover with a Markdown card. On a resource's header (the
// line up to its `{`), with a local state file, the card also holds what the state says of it
// beside the configuration (hover.Applied).
func textDocumentHover(ctx context.Context, s *Server, p *protocol.HoverParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	off := sn.offset(p.Position)
	h := hover.AtWith(ctx, sn.cfg, sn.file, off, sn.schemas, hover.Options{OnPanic: s.contained})
	if r, sp := s.plannedAt(ctx, sn, int32(off)); r != nil {
		card := hover.Applied(r)
		if h == nil {
			h = &hover.Hover{Span: sp, Markdown: card}
		} else {
			h.Markdown += "\n\n---\n\n" + card
		}
	}
	if h == nil {
		return nil, nil
	}
	r := toRange(sn.file.Lines, h.Span)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: h.Markdown}, Range: &r}, nil
}

// plannedAt returns the planned resource whose statement's header holds off, and the header, or
// nil without a local state file.
func (s *Server) plannedAt(ctx context.Context, sn snapshot, off int32) (*plan.Resource, grammar.Span) {
	var st *grammar.Stmt
	for _, x := range sn.file.AST.Stmts {
		if x.Offset <= off && off < x.End {
			st = x
			break
		}
	}
	if st == nil {
		return nil, grammar.Span{}
	}
	text := sn.file.Text()[st.Offset:st.End]
	end := strings.IndexByte(text, '{')
	if end < 0 || off > st.Offset+int32(end) {
		return nil, grammar.Span{}
	}
	pd := s.sess.Plan(ctx, sn.cfg, sn.schemas)
	if pd.Plan == nil {
		return nil, grammar.Span{}
	}
	r := pd.Plan.Of(sn.file, st)
	if r == nil {
		return nil, grammar.Span{}
	}
	return r, grammar.Span{Start: st.Offset, End: st.Offset + int32(end)}
}
