package lsp

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"
)

// partialEvery is how long reports gather before a partial result carries them: the first goes
// as soon as the first configuration is checked.
const partialEvery = 100 * time.Millisecond

// workspaceDiagnostic answers workspace/diagnostic: the diagnostics of every file of every
// configuration under the workspace folders (and of the open documents), each file's report
// "unchanged" when the client's previous result id for it still holds. Configurations are
// checked by one worker a core, those of open documents first; with a partial result token the
// reports go out in $/progress notifications as configurations are done, and the answer itself
// is empty.
func workspaceDiagnostic(ctx context.Context, s *Server, p *workspaceDiagnosticParams) (any, error) {
	prev := make(map[string]string, len(p.PreviousResultIDs)) // by path: the client may spell a URI otherwise
	for _, x := range p.PreviousResultIDs {
		prev[documentPath(x.URI)] = x.Value
	}
	dirs := s.pullDirs(ctx)
	stream := len(p.PartialResultToken) > 0

	jobs := make(chan string)
	done := make(chan *dirReports)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(dirs), 1)) {
		wg.Go(func() {
			for dir := range jobs {
				r, err := s.pullReports(ctx, dir)
				if err != nil {
					continue // canceled, or a directory gone since the walk
				}
				done <- r
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, d := range dirs {
			select {
			case jobs <- d:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()

	var all, batch []workspaceDocumentDiagnosticReport
	var last time.Time
	flush := func() {
		if len(batch) > 0 {
			s.notify(ctx, "$/progress", progressValue{Token: p.PartialResultToken, Value: workspaceDiagnosticReport{Items: batch}})
			batch = nil
			last = time.Now()
		}
	}
	for r := range done {
		for _, path := range r.order {
			fr := r.files[path]
			item := workspaceDocumentDiagnosticReport{documentDiagnosticReport: fr.report(prev[path]), URI: s.docs.uriOf(path), Version: fr.version}
			if stream {
				batch = append(batch, item)
			} else {
				all = append(all, item)
			}
		}
		if stream && (last.IsZero() || time.Since(last) >= partialEvery) {
			flush()
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	flush()
	if all == nil {
		all = []workspaceDocumentDiagnosticReport{}
	}
	return workspaceDiagnosticReport{Items: all}, nil
}

// pullDirs returns the configuration directories workspace diagnostics cover: those of the open
// documents first, then every one under the workspace folders.
func (s *Server) pullDirs(ctx context.Context) []string {
	var open []string
	for _, d := range s.docs.all() {
		if d.path != "" {
			open = append(open, filepath.Dir(d.path))
		}
	}
	slices.Sort(open)
	open = slices.Compact(open)
	out := open
	for _, d := range s.index.walk(ctx, s.workspaceFolders()) {
		if _, found := slices.BinarySearch(open, d); !found {
			out = append(out, d)
		}
	}
	return out
}
