package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Options configures a Session.
type Options struct {
	// FS is what the session reads (default: the real disk).
	FS workspace.FS
	// Sources are the caller's schema sources: the embedded sets plus -schemas or the editor's
	// schema settings.
	Sources *schema.Sources
	// Override: the caller's sources win over the extra schemas a carina-lsp.toml names (the
	// command line's -schemas was given). The server sets it as its settings change.
	Override bool
	// Batch is a run over a tree that does not change while it runs (`check`): the pins of the
	// configurations that use modules are remembered across directories.
	Batch bool
}

// Session is what is derived from the files of one run or one server. Safe for concurrent use.
type Session struct {
	ws     *workspace.Workspace
	docs   *Documents
	loader *config.Loader
	base   *schema.Sources
	batch  bool
	// callers remembers, in a batch, the pins of the configurations CallerPins read.
	callers workspace.CallerMemo
	recent  recentDeps // in a batch: the modules the last configurations read

	mu       sync.Mutex
	override bool
	sources  map[string]chosen // by a chain's list of extra schemas
	memos    map[string]*diagnostics.Memo
	said     map[string]bool // the carina-lsp.toml files whose mistakes Unsaid returned

	plans plans
}

// New returns a session.
func New(o Options) *Session {
	if o.FS == nil {
		o.FS = workspace.OSFS{}
	}
	if o.Sources == nil {
		o.Sources = &schema.Sources{}
	}
	ws := workspace.New(o.FS)
	return &Session{
		ws:       ws,
		docs:     newDocuments(ws),
		loader:   config.NewLoader(),
		base:     o.Sources,
		batch:    o.Batch,
		override: o.Override,
		sources:  map[string]chosen{},
		memos:    map[string]*diagnostics.Memo{},
		plans:    plans{states: map[string]*readState{}, last: map[string]*lastPlan{}, memos: map[string]dirMemo{}, users: map[string]map[string]bool{}},
	}
}

// Workspace is the session's model of the tree, for the features that read it.
func (s *Session) Workspace() *workspace.Workspace { return s.ws }

// BaseSources are the caller's schema sources (Options.Sources).
func (s *Session) BaseSources() *schema.Sources { return s.base }

// SetOverride says whether the caller's sources win over the extra schemas carina-lsp.toml
// files name, from now on.
func (s *Session) SetOverride(on bool) {
	s.mu.Lock()
	s.override = on
	s.mu.Unlock()
}

// Chain returns the configuration files in effect in dir: the carina-lsp.toml files from dir up
// to root (without one, up to the repository root), read once each, and their mistakes.
func (s *Session) Chain(dir, root string) *config.Chain { return s.loader.Chain(dir, root) }

// ConfigChanged drops what was read of the carina-lsp.toml at path (it changed, appeared or
// went away) and the schema sources chosen from the files.
func (s *Session) ConfigChanged(path string) {
	s.loader.Forget(path)
	s.mu.Lock()
	clear(s.sources)
	s.mu.Unlock()
}

// Sources returns the schema sources of a configuration whose carina-lsp.toml chain is c: the
// caller's own when they win or no file names extra schemas, else sources with the files' extra
// schemas added. A path that does not load is left out and named in the error; the sources
// returned still hold the others (the server goes on with them; `check` stops).
func (s *Session) Sources(c *config.Chain) (*schema.Sources, error) {
	paths, src, ok := c.Schemas()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.override || !ok {
		return s.base, nil
	}
	key := strings.Join(paths, "\x00")
	if c, ok := s.sources[key]; ok {
		return c.sources, c.err
	}
	var extra []*schema.Provider
	var errs []error
	for _, path := range paths {
		ps, err := schema.LoadPath(path)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: schemas.extra: %v", src, err))
			continue
		}
		extra = append(extra, ps...)
	}
	got := &schema.Sources{}
	got.SetExtra(extra)
	err := errors.Join(errs...)
	s.sources[key] = chosen{got, err}
	return got, err
}

// chosen are the schema sources of a list of extra schemas, and what did not load of them.
type chosen struct {
	sources *schema.Sources
	err     error
}

// Memo returns the statement memo of dir's checks, kept until Forget: after an edit only the
// statements that changed, and those depending on what changed, are analysed again.
func (s *Session) Memo(dir string) *diagnostics.Memo {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.memos[dir]
	if m == nil {
		m = diagnostics.NewMemo()
		s.memos[dir] = m
	}
	return m
}

// Forget drops what the session keeps of a directory: its model (not its open buffers) and its
// memo.
func (s *Session) Forget(dir string) {
	s.ws.Forget(dir)
	s.mu.Lock()
	delete(s.memos, dir)
	s.mu.Unlock()
	s.forgetPlan(dir)
}

// Kept says how many directories' memos the session holds, for tests of its life cycle.
func (s *Session) Kept() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.memos)
}

// schemas returns the schema index of cfg from sources, with the caller's pins remembered in a
// batch.
func (s *Session) schemas(ctx context.Context, sources *schema.Sources, cfg *workspace.Config) (*schema.Index, error) {
	var memo *workspace.CallerMemo
	if s.batch {
		memo = &s.callers
	}
	return s.ws.Schemas(ctx, sources, cfg, memo)
}

// Unsaid returns the mistakes of a chain's files not returned before by this session, one line
// each ("file:line:col: message"): a command says each broken file once, however many
// configurations it applies to.
func (s *Session) Unsaid(c *config.Chain) []string {
	var msgs []string
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.said == nil {
		s.said = map[string]bool{}
	}
	for _, e := range c.Errors {
		if !s.said[e.Path] {
			msgs = append(msgs, e.Error())
		}
	}
	for _, e := range c.Errors {
		s.said[e.Path] = true
	}
	return msgs
}
