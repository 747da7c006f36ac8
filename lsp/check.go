package lsp

import (
	"context"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checked is the result of checking one configuration.
type checked struct {
	diags    []finding.Diagnostic
	versions map[string]int32         // open documents of the configuration: the version checked
	lines    map[string]*source.Lines // every file of the configuration
	loadErrs []workspace.LoadError    // files of the configuration that could not be read
}

// config returns the configuration of a directory and its schema index.
func (s *Server) config(ctx context.Context, dir string) (*workspace.Config, *schema.Index, error) {
	return s.configIn(ctx, dir, nil)
}

// configIn is config with the directory's carina-lsp.toml chain when the caller has it (nil: read
// here).
func (s *Server) configIn(ctx context.Context, dir string, chain *config.Chain) (*workspace.Config, *schema.Index, error) {
	cfg, err := s.ws.Config(ctx, dir)
	if err != nil {
		return nil, nil, err
	}
	var idx *schema.Index
	if isUntitled(dir) {
		idx, err = s.schemas.Base()
	} else {
		if chain == nil {
			chain = s.projectChain(dir)
		}
		idx, err = s.ws.Schemas(ctx, s.sourcesFor(chain), cfg, nil)
	}
	if err != nil {
		s.log.Warn("schemas: " + err.Error())
		idx = nil
	}
	return cfg, idx, nil
}

// checkDir builds a directory's configuration and runs every check on it.
func (s *Server) checkDir(ctx context.Context, dir string) (*checked, error) {
	res, _, err := s.checkDirWith(ctx, dir, s.baseOptions(dir))
	return res, err
}

// checkDirWith is checkDir with the check's options (its memo), returning the configuration
// checked too. The directory's carina-lsp.toml chain, read once, gives the schemas, the levels
// and what is ignored.
func (s *Server) checkDirWith(ctx context.Context, dir string, opts diagnostics.Options) (*checked, *workspace.Config, error) {
	chain := s.projectChain(dir) // empty for an untitled document's
	cfg, idx, err := s.configIn(ctx, dir, chain)
	if err != nil {
		return nil, nil, err
	}
	opts.Before = s.beforeCheck
	opts.Level = chain.LevelFunc()
	// What the directory's carina-lsp.toml ignores is never reported.
	diags := withoutIgnored(chain, diagnostics.CheckWith(ctx, cfg, idx, opts))
	out := &checked{diags: diags, versions: map[string]int32{}, lines: map[string]*source.Lines{}, loadErrs: cfg.LoadErrors}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	for _, f := range cfg.Files {
		out.lines[f.Path] = f.Lines
	}
	// Related places may lie in the modules and upstream configurations it reads.
	for _, ic := range cfg.Imported() {
		for _, f := range ic.Files {
			if out.lines[f.Path] == nil {
				out.lines[f.Path] = f.Lines
			}
		}
	}
	for _, d := range s.docs.all() {
		if filepath.Dir(d.path) != dir {
			continue
		}
		if f := cfg.File(d.path); f != nil && f.Text() == d.text {
			out.versions[d.path] = d.version
		}
	}
	return out, cfg, nil
}

// memo returns the memo of a directory's statement-local checks: after an edit, only the edited
// statements and those depending on what changed are analysed again.
func (s *Server) memo(dir string) *diagnostics.Memo {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.memos[dir]
	if m == nil {
		m = diagnostics.NewMemo()
		s.memos[dir] = m
	}
	return m
}
