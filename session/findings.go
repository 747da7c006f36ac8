package session

import (
	"context"
	"slices"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Check says how Findings checks a directory.
type Check struct {
	// Chain is the directory's carina-lsp.toml chain when the caller has read it (its mistakes
	// are the caller's to show); nil: read here, up to the repository root.
	Chain *config.Chain
	// Options are the checks' options; Level is set from the chain.
	Options diagnostics.Options
	// Schemas, when set, is the index to check with instead of the one the configuration
	// chooses (an untitled document's: the newest sets).
	Schemas *schema.Index
	// Lenient: schemas that cannot be chosen do not stop the check (the server): the
	// configuration is checked with what loaded, or without schemas, and the error is in
	// Findings.SchemaErr. Otherwise Findings returns it as a *SchemaError (`check`).
	Lenient bool
}

// Findings is what checking one directory's configuration found.
type Findings struct {
	Dir     string
	Config  *workspace.Config
	Chain   *config.Chain
	Schemas *schema.Index // nil when none could be chosen (Lenient)
	// SchemaErr is why some or all schemas could not be chosen (Lenient only).
	SchemaErr error
	// Diags are the diagnostics of the configuration's files, without those of files the chain
	// ignores, in the checks' order.
	Diags []finding.Diagnostic
}

// SchemaError is a configuration whose schemas could not be loaded: the extra schemas its
// carina-lsp.toml names, or (Pins) the sets of the provider versions it chooses.
type SchemaError struct {
	Err  error
	Pins bool
}

func (e *SchemaError) Error() string { return e.Err.Error() }
func (e *SchemaError) Unwrap() error { return e.Err }

// Findings checks the configuration of dir: the one way from a directory to its findings, for
// `check`, the server's published and pulled diagnostics and the documentation's examples. It
// loads the configuration (Load), runs every check with the chain's levels and drops what the
// chain ignores (Checks). In a batch, the directory is forgotten once checked, and the modules
// and upstream states of the configurations checked last are kept for those to come. An error is
// one the configuration could not be built for, or a *SchemaError.
func (s *Session) Findings(ctx context.Context, dir string, c Check) (*Findings, error) {
	if s.batch {
		defer s.Forget(dir) // its model, memo and plan: memory flat in the tree
	}
	out, err := s.Load(ctx, dir, c)
	if err != nil {
		return nil, err
	}
	if c.Options.Plan == nil {
		c.Options.Plan = s.Plan // what the change does to what the state file says is running
	}
	out.Diags = Checks(out.Chain, c.Options)(ctx, out.Config, out.Schemas)
	if s.batch {
		s.recent.read(s.ws, out.Config)
	}
	return out, nil
}

// Load reads dir's carina-lsp.toml chain (unless given), chooses the schemas the chain and the
// configuration's pins ask for, and builds the configuration: Findings without the checks, for
// what re-runs them (fixes).
func (s *Session) Load(ctx context.Context, dir string, c Check) (*Findings, error) {
	chain := c.Chain
	if chain == nil {
		chain = s.Chain(dir, "")
	}
	out := &Findings{Dir: dir, Chain: chain, Schemas: c.Schemas}
	var sources *schema.Sources
	if c.Schemas == nil {
		var err error
		if sources, err = s.Sources(chain); err != nil {
			if !c.Lenient {
				return nil, &SchemaError{Err: err}
			}
			out.SchemaErr = err
		}
	}
	cfg, err := s.ws.Config(ctx, dir)
	if err != nil {
		return nil, err
	}
	out.Config = cfg
	if c.Schemas == nil {
		idx, err := s.schemas(ctx, sources, cfg)
		switch {
		case err != nil && !c.Lenient:
			return nil, &SchemaError{err, true}
		case err != nil:
			out.SchemaErr = err
		default:
			out.Schemas = idx
		}
	}
	return out, nil
}

// Checks returns the checks of a configuration as Findings runs them: with the chain's levels,
// and without the findings in files the chain ignores.
func Checks(chain *config.Chain, opts diagnostics.Options) func(context.Context, *workspace.Config, *schema.Index) []finding.Diagnostic {
	opts.Level = chain.LevelFunc()
	return func(ctx context.Context, cfg *workspace.Config, idx *schema.Index) []finding.Diagnostic {
		return slices.DeleteFunc(diagnostics.CheckWith(ctx, cfg, idx, opts), func(d finding.Diagnostic) bool {
			ign, _ := chain.Ignored(d.Path)
			return ign
		})
	}
}

// Deps returns the directories of the modules and upstream states cfg reads, and theirs, each
// once, without cfg's own.
func Deps(cfg *workspace.Config) []string {
	var out []string
	seen := map[*workspace.Config]bool{}
	dirs := map[string]bool{cfg.Dir: true}
	var visit func(*workspace.Config)
	visit = func(c *workspace.Config) {
		if c == nil || seen[c] {
			return
		}
		seen[c] = true
		for _, imps := range []map[string]*workspace.Import{c.Modules, c.Upstreams} {
			for _, imp := range imps {
				if imp.Dir != "" && !dirs[imp.Dir] {
					dirs[imp.Dir] = true
					out = append(out, imp.Dir)
				}
				visit(imp.Config)
			}
		}
	}
	visit(cfg)
	return out
}

// ChecksOf is Checks with what a run of the checks takes from a command line or the editor's
// settings: the codes disabled, and what hears of a contained panic (for what re-runs them,
// fixes, without naming the checks' options).
func ChecksOf(chain *config.Chain, disable []finding.Code, onPanic contain.Reporter) func(context.Context, *workspace.Config, *schema.Index) []finding.Diagnostic {
	return Checks(chain, diagnostics.Options{Disable: disable, OnPanic: onPanic})
}
