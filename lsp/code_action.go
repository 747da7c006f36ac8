package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/grammar"
)

// codeAction offers the quick fixes of the diagnostics in the requested range: each mechanical
// repair the checks attached (did-you-mean renames, enum values for quoted strings, durations,
// the missing until skeleton, reading through a wait).
func codeAction(ctx context.Context, s *Server, p *protocol.CodeActionParams) (any, error) {
	out := []protocol.CodeAction{}
	d := s.docs.get(p.TextDocument.URI)
	if d == nil {
		return out, nil
	}
	if len(p.Context.Only) > 0 && !containsKind(p.Context.Only, protocol.QuickFix) {
		return out, nil
	}
	want := spanOf(d.lines, p.Range)
	for _, x := range s.pub.fixable(d.path) {
		if !overlaps(x.Span, want) {
			continue
		}
		diag := toDiagnostic(d, x, nil)
		for i, fix := range x.Fixes {
			edits := make([]protocol.TextEdit, 0, len(fix.Edits))
			for _, e := range fix.Edits {
				edits = append(edits, protocol.TextEdit{Range: toRange(d.lines, clampSpan(e.Span, len(d.text))), NewText: e.NewText})
			}
			out = append(out, protocol.CodeAction{
				Title:       fix.Title,
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{diag},
				IsPreferred: i == 0,
				Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{d.uri: edits}},
			})
		}
	}
	return out, ctx.Err()
}

func containsKind(ks []protocol.CodeActionKind, k protocol.CodeActionKind) bool {
	for _, x := range ks {
		if x == k || len(x) < len(k) && k[:len(x)] == x && k[len(x)] == '.' {
			return true
		}
	}
	return false
}

// overlaps reports whether two spans touch (an empty range at a diagnostic's edge counts).
func overlaps(a, b grammar.Span) bool { return a.Start <= b.End && b.Start <= a.End }

// fixable returns the last semantic diagnostics of a file that carry quick fixes, computed on the
// document's current text (diagnostics moved by later edits have lost their fixes).
func (p *publisher) fixable(path string) []diagnostics.Diagnostic {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []diagnostics.Diagnostic
	for _, d := range p.semantic[path] {
		if len(d.Fixes) > 0 {
			out = append(out, d)
		}
	}
	return out
}
