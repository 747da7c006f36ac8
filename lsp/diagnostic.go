package lsp

import (
	"context"
	"path/filepath"
)

// documentDiagnostic answers textDocument/diagnostic: the diagnostics of one document, open or
// not, from a check of its configuration (see pullReports); "unchanged" when they are the ones
// the client's previous result id names.
func documentDiagnostic(ctx context.Context, s *Server, p *documentDiagnosticParams) (any, error) {
	path := ""
	if d := s.docs.get(p.TextDocument.URI); d != nil {
		path = d.Path
	} else {
		path = pathOf(p.TextDocument.URI)
	}
	if path == "" {
		return documentDiagnosticReport{Kind: reportFull}, nil
	}
	// Only this file's items matter: the others' ids are not the client's question.
	need := func(f, id string) bool { return f == path && (p.PreviousResultID == "" || id != p.PreviousResultID) }
	r, _, err := s.pullReports(ctx, filepath.Dir(path), need)
	if err != nil {
		return nil, err
	}
	i := r.file(path)
	if i < 0 {
		return documentDiagnosticReport{Kind: reportFull}, nil // not a file of the configuration
	}
	return r.report(i, p.PreviousResultID), nil
}
