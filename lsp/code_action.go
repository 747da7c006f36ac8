package lsp

import (
	"context"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
)

// codeAction offers the quick fixes of the diagnostics in the requested range: each mechanical
// repair a check or the parser attached (did-you-mean renames, enum values for quoted strings,
// durations, the missing until skeleton, reading through a wait ...), then, for each code there,
// turning it off in the nearest carina-lsp.toml. The diagnostics are those of the request's own
// snapshot, not of the last publish: a fix is always computed on the text it edits.
func codeAction(ctx context.Context, s *Server, p *protocol.CodeActionParams) (any, error) {
	out := []any{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	if containsKind(p.Context.Only, fixAllKind) {
		if a := s.fixAll(ctx, sn); a != nil {
			out = append(out, *a)
		}
	}
	chain := s.chain(filepath.Dir(sn.file.Path))
	if len(p.Context.Only) > 0 && !containsKind(p.Context.Only, protocol.QuickFix) {
		return out, ctx.Err()
	}
	v := sn.view()
	want := spanOf(v.lines, p.Range)
	diags := s.checks(filepath.Dir(sn.file.Path))(ctx, sn.cfg, sn.schemas)
	var offCodes []finding.Code
	var offs []any
	for _, x := range diags {
		if x.Path != sn.file.Path || !overlaps(x.Span, want) {
			continue
		}
		diag := toDiagnostic(s.docs, v, x, nil)
		if !slices.Contains(offCodes, x.Code) {
			offCodes = append(offCodes, x.Code)
			if a, ok := s.turnOffAction(chain, sn.file.Path, x.Code, diag); ok {
				offs = append(offs, a)
			}
		}
		for i, fix := range x.Fixes {
			changes, ok := fixChanges(s.docs, sn, &x, fix)
			if !ok {
				continue
			}
			out = append(out, protocol.CodeAction{
				Title:       fix.Title,
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{diag},
				IsPreferred: i == 0,
				Edit:        &protocol.WorkspaceEdit{Changes: changes},
			})
		}
	}
	return append(out, offs...), ctx.Err()
}

// fixChanges converts a fix's edits to text edits by document: the snapshot's own, and for a fix
// that edits other files of the configuration (a rename), theirs. ok is false when an edit names
// a file that is not part of the snapshot's configuration.
func fixChanges(docs documents, sn snapshot, x *finding.Diagnostic, fix finding.Fix) (map[protocol.DocumentURI][]protocol.TextEdit, bool) {
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	for _, e := range fix.Edits {
		path := e.File(x)
		f := sn.cfg.File(path)
		if f == nil {
			return nil, false
		}
		u := sn.uri
		if path != sn.file.Path {
			u = docs.uriOf(path)
		}
		changes[u] = append(changes[u], protocol.TextEdit{Range: toRange(f.Lines, clampSpan(e.Span, len(f.Text()))), NewText: e.NewText})
	}
	return changes, true
}

// containsKind reports whether the requested kinds ks ask for kind k: k itself or a kind above it
// (source.fixAll asks for source.fixAll.carina).
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
