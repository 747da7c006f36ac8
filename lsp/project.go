package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/finding"
)

// projects is what the server published of the project configuration files (carina-lsp.toml):
// the session reads them.
type projects struct {
	mu        sync.Mutex
	published map[string]string // per file: the mistakes last published (their text)
}

func newProjects() *projects {
	return &projects{published: map[string]string{}}
}

// chain returns the configuration in effect in directory dir: the carina-lsp.toml files from dir
// up to the workspace folder holding it (without one, up to the repository root). What could be
// read of them applies; their mistakes are publishConfigErrors's to publish.
func (s *Server) chain(dir string) *config.Chain {
	if isUntitled(dir) {
		return &config.Chain{}
	}
	root := ""
	for _, f := range s.workspaceFolders() {
		if r, err := filepath.Rel(f, dir); err == nil && !strings.HasPrefix(filepath.ToSlash(r), "../") && r != ".." && len(f) > len(root) {
			root = f
		}
	}
	return s.sess.Chain(dir, root)
}

// publishConfigErrors publishes the mistakes of a chain's files, each file once until they
// change (an empty list clears a file that was fixed).
func (s *Server) publishConfigErrors(c *config.Chain) {
	byFile := map[string][]*config.Error{}
	for _, f := range c.Files {
		byFile[f.Path] = nil
	}
	for _, e := range c.Errors {
		byFile[e.Path] = append(byFile[e.Path], e)
	}
	for path, errs := range byFile {
		var key strings.Builder
		for _, e := range errs {
			key.WriteString(e.Error() + "\n")
		}
		s.projs.mu.Lock()
		old, seen := s.projs.published[path]
		changed := key.String() != old && (seen || len(errs) > 0)
		s.projs.published[path] = key.String()
		s.projs.mu.Unlock()
		if changed {
			s.publishDiagnostics(&publishDiagnosticsParams{URI: s.docs.uriOf(path), Diagnostics: configDiagnostics(errs)})
		}
	}
}

// forgetConfig drops what was read of a configuration file that changed on disk (or went away),
// clearing its published mistakes if it is gone.
func (s *Server) forgetConfig(path string) {
	s.sess.ConfigChanged(path)
	s.projs.mu.Lock()
	old := s.projs.published[path]
	delete(s.projs.published, path)
	s.projs.mu.Unlock()
	if old != "" {
		s.publishDiagnostics(&publishDiagnosticsParams{URI: s.docs.uriOf(path), Diagnostics: []protocol.Diagnostic{}})
	}
}

// configDiagnostics converts a file's mistakes: each an error at its place (the file is small
// ASCII TOML as a rule: its columns are taken as UTF-16 columns).
func configDiagnostics(errs []*config.Error) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	for _, e := range errs {
		p := protocol.Position{Line: uint32(max(e.Line-1, 0)), Character: uint32(max(e.Col-1, 0))}
		out = append(out, protocol.Diagnostic{
			Range:    protocol.Range{Start: p, End: protocol.Position{Line: p.Line, Character: p.Character + 1}},
			Severity: protocol.DiagnosticSeverityError,
			Source:   "carina-lsp",
			Message:  e.Msg,
		})
	}
	return out
}

// turnOffAction is the quick fix that sets a code's level to off in the nearest carina-lsp.toml
// (in the workspace folder, created, when none applies), or false when it cannot be offered: a
// syntax error, a file whose new text would not read, or a file to create where the client
// cannot create files.
func (s *Server) turnOffAction(c *config.Chain, path string, code finding.Code, diag protocol.Diagnostic) (any, bool) {
	if code == finding.CodeSyntax || code == "" {
		return nil, false
	}
	target, text, exists := "", "", false
	if n := len(c.Files); n > 0 {
		target, exists = c.Files[n-1].Path, true
		data, err := s.fs.ReadFile(target)
		if err != nil {
			return nil, false
		}
		text = string(data)
	} else {
		dir := filepath.Dir(path)
		for _, f := range s.workspaceFolders() {
			if r, err := filepath.Rel(f, dir); err == nil && !strings.HasPrefix(filepath.ToSlash(r), "../") && r != ".." {
				dir = f
				break
			}
		}
		target = filepath.Join(dir, config.FileName)
		if !s.clientCaps().createFiles {
			return nil, false
		}
	}
	next := config.WithLevel(text, code, config.LevelOff)
	// Offered only when the new text reads without a mistake and turns the code off there.
	if f, errs := config.Parse(target, []byte(next)); len(errs) > 0 || !f.TurnsOff(code) {
		return nil, false
	}
	title := fmt.Sprintf("Turn %s off in %s", code, relTo(filepath.Dir(path), target))
	uri := s.docs.uriOf(target)
	if exists {
		lines := strings.Count(text, "\n")
		end := protocol.Position{Line: uint32(lines), Character: uint32(len(text) - strings.LastIndex(text, "\n") - 1)}
		return protocol.CodeAction{Title: title, Kind: protocol.QuickFix, Diagnostics: []protocol.Diagnostic{diag},
			Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{uri: {{Range: protocol.Range{End: end}, NewText: next}}}}}, true
	}
	return codeActionWithFiles{Title: title, Kind: protocol.QuickFix, Diagnostics: []protocol.Diagnostic{diag},
		Edit: workspaceEditWithFiles{DocumentChanges: []any{
			createFile{Kind: "create", URI: uri, Options: &protocol.CreateFileOptions{IgnoreIfExists: true}},
			protocol.TextDocumentEdit{TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}}, Edits: []protocol.TextEdit{{NewText: next}}},
		}}}, true
}

// relTo is target relative to dir when that is shorter, for a title.
func relTo(dir, target string) string {
	if r, err := filepath.Rel(dir, target); err == nil && len(r) < len(target) {
		return filepath.ToSlash(r)
	}
	return target
}
