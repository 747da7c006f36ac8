package lsp

import (
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/hover"
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
	if card, sp := s.plannedAt(ctx, sn, int32(off)); card != "" {
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

// plannedAt returns the card of what the plan does to the statement whose header holds off,
// and the header: its resource's (hover.Applied), or a module call's instances'
// (hover.Instance); "" without a local state file.
func (s *Server) plannedAt(ctx context.Context, sn snapshot, off int32) (string, grammar.Span) {
	var st *grammar.Stmt
	for _, x := range sn.file.AST.Stmts {
		if x.Offset <= off && off < x.End {
			st = x
			break
		}
	}
	if st == nil {
		return "", grammar.Span{}
	}
	text := sn.file.Text()[st.Offset:st.End]
	end := strings.IndexByte(text, '{')
	if end < 0 || off > st.Offset+int32(end) {
		return "", grammar.Span{}
	}
	pd := s.sess.Plan(ctx, sn.cfg, sn.schemas)
	if pd.Plan == nil {
		return "", grammar.Span{}
	}
	sp := grammar.Span{Start: st.Offset, End: st.Offset + int32(end)}
	if r := pd.Plan.Of(sn.file, st); r != nil {
		return hover.Applied(r), sp
	}
	var cards []string
	for _, in := range pd.Plan.Instances(sn.file, st) {
		cards = append(cards, hover.Instance(in))
	}
	return strings.Join(cards, "\n\n---\n\n"), sp
}
