package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// pollStates looks every interval at the local state files the session's plans read that the
// client's file watchers do not report (a backend's path outside the workspace folders or not
// named *.state.json, or a client that registers no watchers), and when one changed (an apply),
// checks the configurations planned against it again and asks the client to refresh its lenses,
// as a watched-file event would. It returns when ctx is done.
func (s *Server) pollStates(ctx context.Context, interval time.Duration) {
	type seen struct {
		mod    time.Time
		size   int64
		exists bool
	}
	last := map[string]seen{}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		files := s.sess.StateFiles()
		for p := range last {
			if _, ok := files[p]; !ok {
				delete(last, p) // no longer planned against
			}
		}
		changed := false
		for path, dirs := range files {
			if path == "" || s.watched(path) {
				continue
			}
			var now seen
			if fi, err := os.Stat(path); err == nil {
				now = seen{fi.ModTime(), fi.Size(), true}
			}
			before, known := last[path]
			last[path] = now
			if !known || before == now {
				continue // the first look only notes it: the plan read it then
			}
			changed = true
			for _, d := range dirs {
				s.pub.dirChanged(ctx, d)
			}
		}
		if changed {
			s.refreshLenses(ctx)
		}
	}
}

// watched reports whether the client's file watchers report changes of a state file: it
// registered them (initialized.go), the file is named *.state.json and lies in a workspace folder.
func (s *Server) watched(path string) bool {
	if !s.clientCaps().watchedFilesDyn || !strings.HasSuffix(path, ".state.json") {
		return false
	}
	for _, f := range s.workspaceFolders() {
		if rel, err := filepath.Rel(f, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
