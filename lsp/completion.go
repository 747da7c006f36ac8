package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/completion"
)

// textDocumentCompletion answers completion from the tokens and partial tree at the cursor, so it
// works while the statement being typed does not parse. Each item's edit replaces the typed word;
// snippets are sent only to clients that support them; no item carries a client command.
func textDocumentCompletion(ctx context.Context, s *Server, p *protocol.CompletionParams) (any, error) {
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return list, nil
	}
	items := completion.Complete(ctx, sn.cfg, sn.file, sn.offset(p.Position), sn.schemas, completion.Options{Snippets: s.clientCaps().snippets, OnPanic: s.contained})
	for _, it := range items {
		format := protocol.InsertTextFormatPlainText
		if it.Snippet {
			format = protocol.InsertTextFormatSnippet
		}
		ci := protocol.CompletionItem{
			Label:            it.Label,
			Kind:             completionKind(it.Kind),
			Detail:           it.Detail,
			SortText:         it.SortText,
			FilterText:       it.FilterText,
			InsertTextFormat: format,
			TextEdit:         &protocol.TextEdit{Range: toRange(sn.file.Lines, it.Edit), NewText: it.Insert},
		}
		if it.Documentation != "" {
			ci.Documentation = protocol.MarkupContent{Kind: protocol.Markdown, Value: it.Documentation}
		}
		list.Items = append(list.Items, ci)
	}
	return list, ctx.Err()
}

// completionKind maps item kinds to LSP's.
func completionKind(k completion.Kind) protocol.CompletionItemKind {
	switch k {
	case completion.Keyword:
		return protocol.CompletionItemKindKeyword
	case completion.Snippet:
		return protocol.CompletionItemKindSnippet
	case completion.Property:
		return protocol.CompletionItemKindProperty
	case completion.Field:
		return protocol.CompletionItemKindField
	case completion.Variable:
		return protocol.CompletionItemKindVariable
	case completion.Reference:
		return protocol.CompletionItemKindReference
	case completion.EnumMember:
		return protocol.CompletionItemKindEnumMember
	case completion.Value:
		return protocol.CompletionItemKindValue
	case completion.Type:
		return protocol.CompletionItemKindTypeParameter
	case completion.Module:
		return protocol.CompletionItemKindModule
	case completion.Function:
		return protocol.CompletionItemKindFunction
	case completion.Folder:
		return protocol.CompletionItemKindFolder
	case completion.Class:
		return protocol.CompletionItemKindClass
	case completion.Operator:
		return protocol.CompletionItemKindOperator
	}
	return protocol.CompletionItemKindText
}
