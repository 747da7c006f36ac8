package lsp

import (
	"context"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
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

// config returns the configuration of a directory and its schema index (nil when none could be
// chosen: logged).
func (s *Server) config(ctx context.Context, dir string) (*workspace.Config, *schema.Index, error) {
	loaded, err := s.sess.Load(ctx, dir, s.checkOf(dir, s.chain(dir), diagnostics.Options{}))
	if err != nil {
		return nil, nil, err
	}
	s.logSchemaErr(loaded.SchemaErr)
	return loaded.Config, loaded.Schemas, nil
}

// checkOf is how the server checks dir: with the chain given, leniently (schemas that cannot be
// chosen are logged, and the configuration checked with what loaded), and an untitled
// document's with the newest schemas.
func (s *Server) checkOf(dir string, chain *config.Chain, opts diagnostics.Options) session.Check {
	c := session.Check{Chain: chain, Options: opts, Lenient: true}
	if isUntitled(dir) {
		idx, err := s.schemas.Base()
		s.logSchemaErr(err)
		c.Schemas = idx
	}
	return c
}

// logSchemaErr logs why schemas could not be chosen.
func (s *Server) logSchemaErr(err error) {
	if err != nil {
		s.log.Warn("schemas: " + err.Error())
	}
}

// checkDir builds a directory's configuration and runs every check on it.
func (s *Server) checkDir(ctx context.Context, dir string) (*checked, error) {
	res, _, err := s.checkDirWith(ctx, dir, s.baseOptions(dir))
	return res, err
}

// checkDirWith is checkDir with the check's options (its memo), returning the configuration
// checked too: session.Findings, with the directory's carina-lsp.toml chain read once (its
// mistakes published), and what the server adds: each file's lines and the versions checked.
func (s *Server) checkDirWith(ctx context.Context, dir string, opts diagnostics.Options) (*checked, *workspace.Config, error) {
	chain := s.chain(dir) // empty for an untitled document's
	s.publishConfigErrors(chain)
	opts.Before = s.beforeCheck
	res, err := s.sess.Findings(ctx, dir, s.checkOf(dir, chain, opts))
	if err != nil {
		return nil, nil, err
	}
	s.logSchemaErr(res.SchemaErr)
	cfg := res.Config
	out := &checked{diags: res.Diags, versions: map[string]int32{}, lines: map[string]*source.Lines{}, loadErrs: cfg.LoadErrors}
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
	for _, f := range cfg.Files {
		if f.Overlay { // an open document: the version its checked text is
			out.versions[f.Path] = f.Version
		}
	}
	return out, cfg, nil
}
