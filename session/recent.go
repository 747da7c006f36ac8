package session

import (
	"slices"
	"sync"

	"github.com/carina-rs/carina-lsp/workspace"
)

// keptDeps is how many directories of modules and upstream states a batch keeps built for the
// configurations still to come: the configurations of a tree are checked in order, and those
// near each other use the same modules.
const keptDeps = 64

// recentDeps are the directories of modules and upstream states read by the configurations
// checked last, oldest first, at most keptDeps: the older ones are forgotten, so that memory does
// not grow with the modules of the tree.
type recentDeps struct {
	mu   sync.Mutex
	dirs []string
}

// read records the directories a configuration read and forgets those no longer among the last
// keptDeps.
func (r *recentDeps) read(ws *workspace.Workspace, cfg *workspace.Config) {
	dirs := Deps(cfg)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range dirs {
		if i := slices.Index(r.dirs, d); i >= 0 {
			r.dirs = slices.Delete(r.dirs, i, i+1) // read again: the most recent
		}
		r.dirs = append(r.dirs, d)
	}
	for len(r.dirs) > keptDeps {
		ws.Forget(r.dirs[0])
		r.dirs = r.dirs[1:]
	}
}
