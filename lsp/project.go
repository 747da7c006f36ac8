package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/schema"
)

// projects holds what the server read of the project configuration files (carina-lsp.toml): the
// files themselves (reread when the client says one changed), the mistakes published for each,
// and the schema sources of each list of extra schemas they name.
type projects struct {
	loader *config.Loader

	mu        sync.Mutex
	published map[string]string          // per file: the mistakes last published (their text)
	sources   map[string]*schema.Sources // by the files' list of extra schemas
}

func newProjects() *projects {
	return &projects{loader: config.NewLoader(), published: map[string]string{}, sources: map[string]*schema.Sources{}}
}

// projectChain returns the configuration in effect in directory dir: the carina-lsp.toml files
// from dir up to the workspace folder holding it (without one, up to the repository root). Their
// mistakes are published as diagnostics on each file, and what could be read still applies.
func (s *Server) projectChain(dir string) *config.Chain {
	if isUntitled(dir) {
		return &config.Chain{}
	}
	root := ""
	for _, f := range s.workspaceFolders() {
		if r, err := filepath.Rel(f, dir); err == nil && !strings.HasPrefix(filepath.ToSlash(r), "../") && r != ".." && len(f) > len(root) {
			root = f
		}
	}
	c := s.projs.loader.Chain(dir, root)
	s.publishConfigErrors(c)
	return c
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
	s.projs.loader.Forget(path)
	s.projs.mu.Lock()
	old := s.projs.published[path]
	delete(s.projs.published, path)
	clear(s.projs.sources)
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

// sourcesFor returns the schema sources for a configuration: the server's own when the client's
// settings name extra schemas (they win) or no carina-lsp.toml does, else sources with the
// files' extra schemas added.
func (s *Server) sourcesFor(c *config.Chain) *schema.Sources {
	s.mu.Lock()
	fromSettings := len(s.settings.Schemas) > 0
	s.mu.Unlock()
	paths, _, ok := c.Schemas()
	if fromSettings || !ok {
		return &s.schemas
	}
	key := strings.Join(paths, "\x00")
	s.projs.mu.Lock()
	defer s.projs.mu.Unlock()
	if src := s.projs.sources[key]; src != nil {
		return src
	}
	var extra []*schema.Provider
	for _, p := range paths {
		ps, err := schema.LoadPath(p)
		if err != nil {
			s.log.Warn("carina-lsp.toml: schemas.extra: " + err.Error())
			continue
		}
		extra = append(extra, ps...)
	}
	src := &schema.Sources{}
	src.SetExtra(extra)
	s.projs.sources[key] = src
	return src
}

// withoutIgnored drops the findings in files the configuration ignores.
func withoutIgnored(c *config.Chain, ds []finding.Diagnostic) []finding.Diagnostic {
	return slices.DeleteFunc(ds, func(d finding.Diagnostic) bool {
		ign, _ := c.Ignored(d.Path)
		return ign
	})
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
