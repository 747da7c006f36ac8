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
		path = d.path
	} else {
		path = pathOf(p.TextDocument.URI)
	}
	if path == "" {
		return documentDiagnosticReport{Kind: reportFull}, nil
	}
	r, err := s.pullReports(ctx, filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	fr, ok := r.files[path]
	if !ok {
		return documentDiagnosticReport{Kind: reportFull}, nil // not a file of the configuration
	}
	return fr.report(p.PreviousResultID), nil
}
