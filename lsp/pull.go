package lsp

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// pullCache keeps, by configuration directory, the result ids of its files' reports last sent
// for pulled diagnostics (textDocument/diagnostic, workspace/diagnostic), so that a client pulling
// again (VS Code pulls the workspace every few seconds) gets "unchanged" without a check. It keeps
// the ids, not the reports: a client that no longer has a report asks with another id, and the
// directory is checked again for it. An entry is dropped when its directory or one it reads (a
// module, an upstream state) changes: an edit, an open or close, a change on disk; every entry
// when the settings or the schemas change.
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
	dir   string
	files []fileReport            // every .crn file of the configuration, by name
	items [][]protocol.Diagnostic // files[i]'s in items[i], when just computed; nil in the cache
	deps  []string                // the directories it read besides its own: modules, upstreams
}

// fileReport is one file's pulled diagnostics, what the cache keeps for each of a workspace's
// files: its name and result id.
type fileReport struct {
	name    string // the base name: the path is the directory's
	id      uint64 // a hash of the items: the same findings, the same id
	version *int32 // the open document's version checked; nil for a file read from disk
}

// path returns the path of the file of fr.
func (r *dirReports) path(fr fileReport) string { return filepath.Join(r.dir, fr.name) }

// file returns the index in files of the file at path, -1 when it is none of them.
func (r *dirReports) file(path string) int {
	if filepath.Dir(path) != r.dir {
		return -1
	}
	i, found := slices.BinarySearchFunc(r.files, filepath.Base(path), func(f fileReport, n string) int { return strings.Compare(f.name, n) })
	if !found {
		return -1
	}
	return i
}

// report is the answer for files[i] given the result id the client last had. The items must be
// at hand unless the id is the client's (pullReports sees to it).
func (r *dirReports) report(i int, previous string) documentDiagnosticReport {
	id := r.files[i].resultID()
	if previous != "" && previous == id {
		return documentDiagnosticReport{Kind: reportUnchanged, ResultID: id}
	}
	return documentDiagnosticReport{Kind: reportFull, ResultID: id, Items: r.items[i]}
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
	for _, d := range r.deps { // its own directory is not indexed: dirs[d] is its entry
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
	for _, d := range r.deps {
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
	c.drop(dir)
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
		if err := s.callClient(ctx, "workspace/diagnostic/refresh", nil); err != nil {
			s.log.Debug("workspace/diagnostic/refresh", zap.Error(err))
		}
	}()
}

// pullReports returns the reports of the files of dir's configuration: the ids kept when no file
// needs its items (need says which do: the client does not hold its report under that id), or a
// check's, with every file's items. The check uses the same build and, for a directory with open
// documents, the same statement memo as the push path; a directory without open documents is
// checked with a memo of its own and then forgotten by the workspace (as `carina-lsp check`
// does), so that pulling a whole workspace does not keep its models.
// fresh tells whether it checked.
func (s *Server) pullReports(ctx context.Context, dir string, need func(path, id string) bool) (r *dirReports, fresh bool, err error) {
	kept, epoch := s.pulls.get(dir)
	if kept != nil && !slices.ContainsFunc(kept.files, func(f fileReport) bool { return need(kept.path(f), f.resultID()) }) {
		return kept, false, nil
	}
	open := map[string]bool{}
	for _, d := range s.docs.all() {
		open[filepath.Dir(d.Path)] = true
	}
	opts := diagnostics.Options{Memo: diagnostics.NewMemo(), OnPanic: s.contained, Disable: s.disabledCodes()}
	if open[dir] {
		opts = s.baseOptions(dir)
	}
	res, cfg, err := s.checkDirWith(ctx, dir, opts)
	if err != nil {
		return nil, false, err
	}
	s.pub.reportUnreadable(ctx, dir, res.loadErrs)
	files := slices.SortedFunc(slices.Values(cfg.Files), func(a, b *workspace.File) int { return strings.Compare(a.Path, b.Path) })
	r = &dirReports{dir: dir, files: make([]fileReport, 0, len(files)), items: make([][]protocol.Diagnostic, 0, len(files))}
	for _, f := range files {
		v := textView{path: f.Path, text: f.Text(), lines: f.Lines}
		items := reportItems(s.docs, v, res.diags, res.lines)
		fr := fileReport{name: strings.Clone(filepath.Base(f.Path)), id: reportID(items)} // not the path it slices
		if ver, ok := res.versions[f.Path]; ok {
			fr.version = &ver
		}
		r.files = append(r.files, fr)
		r.items = append(r.items, items)
	}
	r.deps = session.Deps(cfg)
	for _, d := range append([]string{dir}, r.deps...) {
		if !open[d] {
			s.sess.Forget(d) // the builds of this check and of the modules it read, and their memos
		}
	}
	s.pulls.put(dir, &dirReports{dir: dir, files: r.files, deps: r.deps}, epoch) // the ids only
	return r, true, nil
}

// reportID is the hash a report's result id spells: of its items as sent.
func reportID(items []protocol.Diagnostic) uint64 {
	h := fnv.New64a()
	b, _ := publishDiagnosticsParams{Diagnostics: items}.MarshalJSON()
	h.Write(b)
	return h.Sum64()
}

// resultID is the report's result id as sent.
func (fr fileReport) resultID() string { return strconv.FormatUint(fr.id, 36) }

// progressValue is a $/progress notification's params.
type progressValue struct {
	Token json.RawMessage `json:"token"`
	Value any             `json:"value"`
}
