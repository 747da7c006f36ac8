package lsp

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// symbolIndex holds the top-level names of every configuration under the workspace folders, for
// workspace symbols in a workspace of many configurations: it is built in the background once the
// session starts (with $/progress when the client shows it), one directory at a time, and a
// directory is indexed again when its files change on disk. It keeps only the names and their
// locations (converted to LSP ranges while the file was at hand), never a configuration's model:
// a directory is analysed only when a file of it is open. The configurations of open documents
// are searched live instead (they may hold unsaved text).
type symbolIndex struct {
	s      *Server
	parser *grammar.Parser

	mu     sync.Mutex
	byDir  map[string]*indexedDir
	cancel context.CancelFunc // the build under way
	ready  chan struct{}      // closed when the last build started is done
	builds sync.WaitGroup     // every build still running, canceled ones included
	took   time.Duration      // how long the last complete build took
	walked int                // configuration directories the last complete build found
	// releaseAfter is the directories a complete build must index before the server hands the
	// memory the build used back to the system (releaseAfterDirs; tests lower it).
	releaseAfter int
}

// releaseAfterDirs: a build of this many directories (a tree of some 5,000 files) leaves garbage
// that Go would keep for minutes; a build that ends after the workspace pull would otherwise keep
// it until the next one.
const releaseAfterDirs = 3000

// indexedDir is what the index holds of one directory: the names of its files that hold symbols,
// and the symbols. A workspace of 72,600 files keeps this for every one of them, so it holds no
// path or URI (made for the answers only) and no string that shares memory with a file's text.
type indexedDir struct {
	files []string // base names
	syms  []indexedSymbol
}

// indexedSymbol is one name of the index, in the file files[file] of its directory.
type indexedSymbol struct {
	name, container string
	rng             protocol.Range
	kind            uint8
	file            uint16
}

// progressToken is the token of the index's $/progress notifications.
const progressToken = "carina-lsp/index"

// maxWorkspaceSymbols bounds the answer to workspace/symbol: the best matches first.
const maxWorkspaceSymbols = 1000

// maxWalk bounds the directories the index visits (a workspace folder that is a home directory
// or a disk's root): past it, the rest is not indexed (workspace symbols still search the open
// configurations).
const maxWalk = 100_000

func newSymbolIndex(s *Server) *symbolIndex {
	ready := make(chan struct{})
	close(ready)
	return &symbolIndex{s: s, parser: grammar.NewParser(), byDir: map[string]*indexedDir{}, ready: ready, releaseAfter: releaseAfterDirs}
}

// start (re)builds the index of folders in the background, canceling a build under way.
func (ix *symbolIndex) start(ctx context.Context, folders []string, progress bool) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	ready := make(chan struct{})
	ix.mu.Lock()
	if ix.cancel != nil {
		ix.cancel()
	}
	ix.cancel, ix.ready = cancel, ready
	ix.builds.Add(1)
	ix.mu.Unlock()
	go func() {
		defer ix.builds.Done()
		defer close(ready)
		ix.build(ctx, folders, progress)
	}()
}

// stop cancels a build under way and waits until every build has returned, so that nothing of
// the index runs (or logs) once the server has stopped. A canceled build returns at its next
// directory.
func (ix *symbolIndex) stop() {
	ix.mu.Lock()
	if ix.cancel != nil {
		ix.cancel()
	}
	ix.mu.Unlock()
	ix.builds.Wait()
}

// wait waits for the build under way (for tests and benchmarks).
func (ix *symbolIndex) wait() {
	ix.mu.Lock()
	ready := ix.ready
	ix.mu.Unlock()
	<-ready
}

// build indexes every configuration directory under folders, dropping the directories no longer
// there.
func (ix *symbolIndex) build(ctx context.Context, folders []string, progress bool) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			ix.s.log.Error("index panicked", zap.Any("panic", r))
		}
	}()
	if progress {
		// The client must create the token before it hears of it; this goroutine may wait.
		if _, err := ix.s.conn.Call(ctx, "window/workDoneProgress/create", map[string]any{"token": progressToken}, nil); err != nil {
			progress = false
		}
	}
	report := func(value any) {
		if progress {
			ix.s.notify(ctx, "$/progress", map[string]any{"token": progressToken, "value": value})
		}
	}
	report(map[string]any{"kind": "begin", "title": "Indexing Carina configurations", "percentage": 0})
	dirs := ix.walk(ctx, folders)
	seen := make(map[string]bool, len(dirs))
	last := time.Now()
	for i, dir := range dirs {
		if ctx.Err() != nil {
			report(map[string]any{"kind": "end", "message": "canceled"})
			return
		}
		seen[dir] = true
		ix.index(ctx, dir)
		if time.Since(last) > 200*time.Millisecond {
			last = time.Now()
			report(map[string]any{"kind": "report", "message": fmt.Sprintf("%d/%d directories", i+1, len(dirs)), "percentage": 100 * (i + 1) / len(dirs)})
		}
	}
	ix.mu.Lock()
	for dir := range ix.byDir {
		if !seen[dir] {
			delete(ix.byDir, dir)
		}
	}
	ix.took, ix.walked = time.Since(start), len(dirs)
	release := len(dirs) >= ix.releaseAfter
	ix.mu.Unlock()
	if release {
		ix.s.releaseMemory()
	}
	report(map[string]any{"kind": "end", "message": fmt.Sprintf("%d directories", len(dirs))})
	ix.s.log.Info("indexed", zap.Int("directories", len(dirs)), zap.Duration("took", time.Since(start)))
}

// walk returns the directories under folders that hold .crn files (session.Dirs: what every walk
// skips is skipped, symbolic links are not followed), after at most maxWalk directories.
func (ix *symbolIndex) walk(ctx context.Context, folders []string) []string {
	dirs, truncated := session.Dirs(ctx, ix.s.fs, folders, maxWalk)
	if truncated {
		ix.s.log.Warn("the workspace folders hold too many directories: indexed the first ones only", zap.Int("directories", maxWalk))
	}
	return dirs
}

// index indexes one directory (again): its files as on disk, with a model built from them alone
// (without loading modules, which the names do not need) and then dropped.
func (ix *symbolIndex) index(ctx context.Context, dir string) {
	entries, err := ix.s.fs.ReadDir(dir)
	var files []*workspace.File
	if err == nil {
		for _, e := range entries {
			if e.IsDir() || !workspace.IsSource(e.Name()) {
				continue
			}
			path := filepath.Join(dir, e.Name())
			data, err := ix.s.fs.ReadFile(path)
			if err != nil {
				continue
			}
			text := string(data)
			files = append(files, &workspace.File{Path: path, AST: ix.parser.Fork().Parse(text), Lines: source.NewLines(text)})
		}
	}
	id := &indexedDir{}
	if len(files) > 0 {
		lines := map[string]*source.Lines{}
		for _, f := range files {
			lines[f.Path] = f.Lines
		}
		file := map[string]uint16{}
		containers := map[string]string{} // one copy of each container name
		for _, x := range navigate.WorkspaceSymbols(ctx, []*workspace.Config{workspace.Build(dir, files)}, "") {
			n, ok := file[x.Path]
			if !ok {
				if len(id.files) > math.MaxUint16 {
					break // more files than a directory holds in practice; the rest unindexed
				}
				n = uint16(len(id.files))
				file[x.Path] = n
				id.files = append(id.files, strings.Clone(filepath.Base(x.Path))) // not the path it slices
			}
			c, ok := containers[x.Container]
			if !ok {
				c = strings.Clone(x.Container)
				containers[c] = c
			}
			// The names are slices of the file's text: cloned, so the text can go.
			id.syms = append(id.syms, indexedSymbol{name: strings.Clone(x.Name), container: c, rng: toRange(lines[x.Path], x.Span), kind: uint8(x.Kind), file: n})
		}
	}
	id.syms = slices.Clip(id.syms)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if len(id.syms) == 0 {
		delete(ix.byDir, dir)
		return
	}
	ix.byDir[dir] = id
}

// changed indexes a directory again after its files changed on disk, when it is under a folder.
func (ix *symbolIndex) changed(ctx context.Context, dir string, folders []string) {
	if !slices.ContainsFunc(folders, func(f string) bool { return dir == f || strings.HasPrefix(dir, f+string(filepath.Separator)) }) {
		return
	}
	go ix.index(context.WithoutCancel(ctx), dir)
}

// search returns the indexed names matching query, best first, leaving out the directories in
// skip (searched live).
func (ix *symbolIndex) search(ctx context.Context, query string, skip map[string]bool) []scoredSymbol {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var out []scoredSymbol
	for dir, id := range ix.byDir {
		if ctx.Err() != nil {
			return nil
		}
		if skip[dir] {
			continue
		}
		for _, x := range id.syms {
			if score, ok := navigate.MatchSymbol(query, x.name); ok {
				out = append(out, scoredSymbol{name: x.name, kind: protocol.SymbolKind(x.kind), container: x.container, path: filepath.Join(dir, id.files[x.file]), rng: x.rng, score: score})
			}
		}
	}
	return out
}

// scoredSymbol is a match of a workspace-symbol query: from the index, or from an open
// configuration with the URI the client knows its file by.
type scoredSymbol struct {
	name, container string
	kind            protocol.SymbolKind
	path            string
	uri             protocol.DocumentURI // "" for the index's: made for the answers kept
	rng             protocol.Range
	score           int
}

// bestSymbols sorts matches best first (then by name and place) and keeps the first max.
func bestSymbols(found []scoredSymbol, max int) []protocol.SymbolInformation {
	slices.SortFunc(found, func(a, b scoredSymbol) int {
		return cmp.Or(cmp.Compare(a.score, b.score), cmp.Compare(a.name, b.name), cmp.Compare(a.path, b.path),
			cmp.Compare(a.rng.Start.Line, b.rng.Start.Line), cmp.Compare(a.rng.Start.Character, b.rng.Start.Character))
	})
	found = found[:min(len(found), max)]
	out := make([]protocol.SymbolInformation, 0, len(found))
	for _, x := range found {
		uri := x.uri
		if uri == "" {
			uri = uriOf(x.path)
		}
		out = append(out, protocol.SymbolInformation{Name: x.name, Kind: x.kind, ContainerName: x.container, Location: protocol.Location{URI: uri, Range: x.rng}})
	}
	return out
}
