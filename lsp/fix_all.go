package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/fix"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// fixAllKind is the code action kind of "fix all": VS Code's editor.codeActionsOnSave asks for it
// (or for source.fixAll, which contains it).
const fixAllKind protocol.CodeActionKind = "source.fixAll.carina"

// fixAll is the code action that applies every safe fix of a document, repeated until nothing
// changes, as `check -fix` does: computed in a scratch workspace over the open buffers, so the
// server's own state is untouched, and answered as minimal edits of the document. nil when there
// is nothing to fix.
func (s *Server) fixAll(ctx context.Context, sn snapshot) *protocol.CodeAction {
	dir := filepath.Dir(sn.file.Path)
	scratch := workspace.New(s.fs)
	for _, d := range s.docs.all() {
		if filepath.Dir(d.Path) == dir {
			scratch.SetOverlay(d.Path, d.Text)
		}
	}
	scratch.SetOverlay(sn.file.Path, sn.file.Text())
	chain := s.chain(dir)
	res, err := fix.Config(ctx, scratch, dir, sn.schemas, fix.Options{Only: map[string]bool{sn.file.Path: true},
		// What carina-lsp.toml turns off or ignores is not fixed either.
		Check: session.ChecksOf(chain, s.disabledCodes(), s.contained)})
	text, changed := res.Texts[sn.file.Path]
	if err != nil || !changed {
		return nil
	}
	v := sn.view()
	return &protocol.CodeAction{
		Title: "Fix all safe problems",
		Kind:  fixAllKind,
		Edit:  &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{sn.uri: textEdits(v, format.LineEdits(v.text, text))}},
	}
}
