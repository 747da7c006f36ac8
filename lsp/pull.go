package lsp

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"path/filepath"
	"strconv"
	"sync"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/workspace"
)

// pullCache keeps, by configuration directory, the reports of its files last computed for pulled
// diagnostics (textDocument/diagnostic, workspace/diagnostic), so that a client pulling again
// (VS Code pulls the workspace every few seconds) gets "unchanged" without a check. An entry is
// dropped when its directory or one it reads (a module, an upstream state) changes: an edit, an
// open or close, a change on disk; every entry when the settings or the schemas change. It holds
// the reports only, never a model.
type pullCache struct {
	mu    sync.Mutex
	epoch uint64 // bumped by every invalidation: a check that raced one is not kept
	dirs  map[string]*dirReports
	// readers indexes dirs by what they read: for each directory, the configurations whose
	// reports depend on it. An edit invalidates through it, so a keystroke costs the entries it
	// touches, not a pass over a workspace's thousand.
	readers map[string]map[string]bool
}

// dirReports are the reports of the files of one configuration.
type dirReports struct {
	files map[string]fileReport // every .crn file of the configuration, by path
	order []string              // their paths, sorted
	deps  map[string]bool       // the directories it read: its own, its modules' and upstreams'
}

// fileReport is one file's pulled diagnostics.
type fileReport struct {
	id      string // a hash of the items: the same findings, the same id
	items   []protocol.Diagnostic
	version *int32 // the open document's version checked; nil for a file read from disk
}

func newPullCache() *pullCache {
	return &pullCache{dirs: map[string]*dirReports{}, readers: map[string]map[string]bool{}}
}

func (c *pullCache) get(dir string) (*dirReports, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dirs[dir], c.epoch
}

// put keeps a directory's reports unless something was invalidated since epoch.
func (c *pullCache) put(dir string, r *dirReports, epoch uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch != epoch {
		return
	}
	c.drop(dir)
	c.dirs[dir] = r
	for d := range r.deps {
		if c.readers[d] == nil {
			c.readers[d] = map[string]bool{}
		}
		c.readers[d][dir] = true
	}
}

// drop removes dir's reports and their entries in readers; c.mu must be held.
func (c *pullCache) drop(dir string) {
	r := c.dirs[dir]
	if r == nil {
		return
	}
	delete(c.dirs, dir)
	for d := range r.deps {
		delete(c.readers[d], dir)
		if len(c.readers[d]) == 0 {
			delete(c.readers, d)
		}
	}
}

// invalidate drops the reports of every configuration that read dir.
func (c *pullCache) invalidate(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	for d := range c.readers[dir] {
		c.drop(d)
	}
}

// invalidateAll drops every report.
func (c *pullCache) invalidateAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	clear(c.dirs)
	clear(c.readers)
}

// pulling reports whether the client pulls diagnostics: then nothing is pushed.
func (s *Server) pulling() bool { return s.clientCaps().pullDiagnostics }

// refreshPulls asks a pulling client that supports it to pull again: something changed that it
// did not edit (a file on disk, the settings, the schemas).
func (s *Server) refreshPulls(ctx context.Context) {
	if !s.clientCaps().pullRefresh || s.conn == nil {
		return
	}
	go func() {
		if _, err := s.conn.Call(context.WithoutCancel(ctx), "workspace/diagnostic/refresh", nil, nil); err != nil {
			s.log.Debug("workspace/diagnostic/refresh", zap.Error(err))
		}
	}()
}

// pullReports returns the reports of the files of dir's configuration: kept ones, or from a check
// of the same build and, for a directory with open documents, the same statement memo the push
// path uses. A directory without open documents is checked with a memo of its own and then
// forgotten by the workspace (as `carina-lsp check` does), so that pulling a whole workspace does
// not keep its models.
func (s *Server) pullReports(ctx context.Context, dir string) (*dirReports, error) {
	if r, _ := s.pulls.get(dir); r != nil {
		return r, nil
	}
	_, epoch := s.pulls.get(dir)
	open := map[string]bool{}
	for _, d := range s.docs.all() {
		open[filepath.Dir(d.path)] = true
	}
	opts := diagnostics.Options{Memo: diagnostics.NewMemo(), OnPanic: s.contained, Disable: s.disabledCodes(), Level: s.projectChain(dir).LevelFunc()}
	if open[dir] {
		opts = s.checkOptions(dir)
	}
	res, cfg, err := s.checkDirWith(ctx, dir, opts)
	if err != nil {
		return nil, err
	}
	s.pub.reportUnreadable(ctx, dir, res.loadErrs)
	r := &dirReports{files: make(map[string]fileReport, len(cfg.Files)), deps: map[string]bool{dir: true}}
	for _, f := range cfg.Files {
		v := textView{path: f.Path, text: f.Text(), lines: f.Lines}
		items := reportItems(s.docs, v, res.diags, res.lines)
		fr := fileReport{id: reportID(items), items: items}
		if ver, ok := res.versions[f.Path]; ok {
			fr.version = &ver
		}
		r.files[f.Path] = fr
		r.order = append(r.order, f.Path)
	}
	addDeps(r.deps, cfg, map[*workspace.Config]bool{})
	for d := range r.deps {
		if !open[d] {
			s.ws.Forget(d) // the builds of this check and of the modules it read
		}
	}
	s.pulls.put(dir, r, epoch)
	return r, nil
}

// addDeps adds the directories of the modules and upstream states cfg reads, and theirs.
func addDeps(deps map[string]bool, cfg *workspace.Config, seen map[*workspace.Config]bool) {
	if cfg == nil || seen[cfg] {
		return
	}
	seen[cfg] = true
	for _, imps := range []map[string]*workspace.Import{cfg.Modules, cfg.Upstreams} {
		for _, imp := range imps {
			if imp.Dir != "" {
				deps[imp.Dir] = true
			}
			addDeps(deps, imp.Config, seen)
		}
	}
}

// reportID is the result id of a report: a hash of its items as sent.
func reportID(items []protocol.Diagnostic) string {
	h := fnv.New64a()
	b, _ := publishDiagnosticsParams{Diagnostics: items}.MarshalJSON()
	h.Write(b)
	return strconv.FormatUint(h.Sum64(), 36)
}

// report is the answer for one file given the result id the client last had.
func (fr fileReport) report(previous string) documentDiagnosticReport {
	if previous != "" && previous == fr.id {
		return documentDiagnosticReport{Kind: reportUnchanged, ResultID: fr.id}
	}
	return documentDiagnosticReport{Kind: reportFull, ResultID: fr.id, Items: fr.items}
}

// progressValue is a $/progress notification's params.
type progressValue struct {
	Token json.RawMessage `json:"token"`
	Value any             `json:"value"`
}
