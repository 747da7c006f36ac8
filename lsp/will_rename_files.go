package lsp

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// willRenameFiles answers, before files or folders are renamed, the edits that keep every `use`
// and `upstream_state` source of the workspace pointing where it did: in every configuration
// under the workspace folders (and of the open documents), a source naming a renamed folder or one
// inside it, and the sources of files that move. Edits are in the files' current text (the open
// buffer, else the disk), at their current URIs: the client applies them before renaming.
func willRenameFiles(ctx context.Context, s *Server, p *protocol.RenameFilesParams) (any, error) {
	var renames []navigate.PathRename
	for _, f := range p.Files {
		from, to := pathOf(protocol.DocumentURI(f.OldURI)), pathOf(protocol.DocumentURI(f.NewURI))
		if from != "" && to != "" && from != to {
			renames = append(renames, navigate.PathRename{From: from, To: to})
		}
	}
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	if len(renames) == 0 {
		return &protocol.WorkspaceEdit{Changes: changes}, nil
	}
	open := map[string]bool{}
	for _, d := range s.docs.all() {
		open[d.Path] = true
	}
	for _, path := range s.sourcePaths(ctx) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f := s.readSource(path, open[path])
		if f == nil {
			continue
		}
		for _, e := range navigate.SourceEdits(f, renames) {
			u := s.docs.uriOf(path)
			changes[u] = append(changes[u], protocol.TextEdit{Range: toRange(f.Lines, e.Span), NewText: e.NewText})
		}
	}
	return &protocol.WorkspaceEdit{Changes: changes}, nil
}

// sourcePaths returns every .crn file of the configurations under the workspace folders and of
// the open documents, sorted.
func (s *Server) sourcePaths(ctx context.Context) []string {
	s.mu.Lock()
	folders := slices.Clone(s.folders)
	s.mu.Unlock()
	dirs := s.index.walk(ctx, folders)
	var out []string
	for _, dir := range dirs {
		entries, err := s.fs.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.IsDir() && workspace.IsSource(e.Name()) {
				out = append(out, filepath.Join(dir, e.Name()))
			}
		}
	}
	for _, d := range s.docs.all() {
		if d.Path != "" {
			if _, untitled := untitledURI(d.Path); !untitled {
				out = append(out, d.Path)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// readSource returns a source file's current text parsed: the open buffer, else the disk. A file
// on disk that names no source is not parsed.
func (s *Server) readSource(path string, open bool) *workspace.File {
	if open {
		f, err := s.ws.ParseFile(path)
		if err != nil {
			return nil
		}
		return f
	}
	data, err := s.fs.ReadFile(path)
	if err != nil {
		return nil
	}
	text := string(data)
	if !strings.Contains(text, "source") {
		return nil
	}
	return &workspace.File{Path: path, AST: s.index.parser.Fork().Parse(text), Lines: source.NewLines(text)}
}
