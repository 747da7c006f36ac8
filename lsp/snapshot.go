package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// snapshot is what a feature request reads: the configuration of the document's directory, the
// document's file in it (whose text and line index the answer's positions refer to), and the
// schemas.
type snapshot struct {
	uri     protocol.DocumentURI
	cfg     *workspace.Config
	file    *workspace.File
	schemas *schema.Index
}

// view is the text of the snapshot's file, which its answers' positions refer to.
func (sn snapshot) view() textView {
	return textView{path: sn.file.Path, text: sn.file.Text(), lines: sn.file.Lines}
}

// snapshotOf builds (or reuses) the snapshot of an open document. ok is false for a document that
// is not open or not a file. Every feature request reads its document through one snapshot, so
// that its answer is computed on one version of the text and converted against the same one.
func (s *Server) snapshotOf(ctx context.Context, uri protocol.DocumentURI) (snapshot, bool) {
	d := s.docs.get(uri)
	if d == nil || d.Path == "" {
		return snapshot{}, false
	}
	cfg, idx, err := s.config(ctx, filepath.Dir(d.Path))
	if err != nil {
		return snapshot{}, false
	}
	f := cfg.File(d.Path)
	if f == nil {
		return snapshot{}, false
	}
	return snapshot{uri: protocol.DocumentURI(d.URI), cfg: cfg, file: f, schemas: idx}, true
}

// offset converts a position of the snapshot's file.
func (sn snapshot) offset(p protocol.Position) int { return offsetOf(sn.file.Lines, p) }

// configs returns the configurations of every open document (for workspace symbols).
func (s *Server) configs(ctx context.Context) []*workspace.Config {
	seen := map[string]bool{}
	var out []*workspace.Config
	for _, d := range s.docs.all() {
		dir := filepath.Dir(d.Path)
		if d.Path == "" || seen[dir] {
			continue
		}
		seen[dir] = true
		if cfg, err := s.ws.Config(ctx, dir); err == nil {
			out = append(out, cfg)
		}
	}
	return out
}
