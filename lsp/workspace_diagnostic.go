package lsp

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/carina-rs/carina-lsp/session"
)

// partialEvery is how long reports gather before a partial result carries them: the first goes
// as soon as the first configuration is checked.
const partialEvery = 100 * time.Millisecond

// returnAfter is the files a pull must answer for before the server hands the memory it used
// back to the system.
const returnAfter = 5000

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
	// A file needs its items sent unless the client holds them under the id they still have.
	need := func(path, id string) bool { v := prev[path]; return v == "" || v != id }
	dirs := s.pullDirs(ctx)
	stream := len(p.PartialResultToken) > 0

	var all, batch []workspaceDocumentDiagnosticReport
	var last time.Time
	flush := func() {
		if len(batch) > 0 {
			s.notify(ctx, "$/progress", progressValue{Token: p.PartialResultToken, Value: workspaceDiagnosticReport{Items: batch}})
			batch = nil
			last = time.Now()
		}
	}
	files := 0
	pull := func(ctx context.Context, dir string) *dirReports {
		r, _, err := s.pullReports(ctx, dir, need)
		if err != nil {
			return nil // canceled, or a directory gone since the walk
		}
		return r
	}
	session.Pool(ctx, min(runtime.GOMAXPROCS(0), max(len(dirs), 1)), false, session.Slice(dirs), pull, func(r *dirReports) bool {
		if r == nil {
			return true
		}
		files += len(r.files)
		for i, fr := range r.files {
			path := r.path(fr)
			item := workspaceDocumentDiagnosticReport{documentDiagnosticReport: r.report(i, prev[path]), URI: s.docs.uriOf(path), Version: fr.version}
			if stream {
				batch = append(batch, item)
			} else {
				all = append(all, item)
			}
		}
		if stream && (last.IsZero() || time.Since(last) >= partialEvery) {
			flush()
		}
		return true
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	flush()
	if all == nil {
		all = []workspaceDocumentDiagnosticReport{}
	}
	res := workspaceDiagnosticReport{Items: all}
	if files < returnAfter {
		return res, nil
	}
	// A pull of a large tree makes garbage in proportion to it (the client's previous ids, the
	// reports), and Go would keep the pages for minutes: a server that idles in an editor between
	// pulls gives them back once the answer is out (one collection of what it holds, milliseconds).
	return thenResult{res, s.releaseMemory}, nil
}

// pullDirs returns the configuration directories workspace diagnostics cover: those of the open
// documents first, then every one under the workspace folders.
func (s *Server) pullDirs(ctx context.Context) []string {
	var open []string
	for _, d := range s.docs.all() {
		if d.Path != "" {
			open = append(open, filepath.Dir(d.Path))
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
