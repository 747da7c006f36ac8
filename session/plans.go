package session

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// plans keeps what the plans of a session's configurations are computed from: each state file
// read once and read again only when its size or modification time changes, each
// configuration's last plan, computed again only for a new version of the configuration, of
// its schemas or of its state, and each configuration's plan memo, so that a new version
// evaluates only the statements an edit reached.
type plans struct {
	mu     sync.Mutex
	states map[string]*readState // by the state file's path
	last   map[string]*lastPlan  // by configuration directory
	memos  map[string]dirMemo    // by configuration directory
	// users are the configuration directories each local state file was last planned for, by
	// the file's path: what a change of the file changes.
	users map[string]map[string]bool
}

// dirMemo is a directory's plan memo, for the schemas it was filled with.
type dirMemo struct {
	idx  *schema.Index
	memo *plan.Memo
}

type readState struct {
	mod  time.Time
	size int64
	file *state.File
	err  error
}

type lastPlan struct {
	cfg *workspace.Config
	idx *schema.Index
	st  *readState
	out diagnostics.Planned
}

// Plan returns cfg's plan against its local state file (diagnostics.Options.Plan): nothing
// (Planned.Plan nil, no error) when the file does not exist, at the cost of one stat.
func (s *Session) Plan(ctx context.Context, cfg *workspace.Config, idx *schema.Index) diagnostics.Planned {
	loc := state.Locate(cfg)
	if loc.Remote() {
		return diagnostics.Planned{Loc: loc, Err: fmt.Errorf("backend %s: %w", loc.Backend, state.ErrRemote)}
	}
	s.use(loc.Path, cfg.Dir)
	rs, err := s.readState(ctx, loc)
	if err != nil || rs == nil {
		return diagnostics.Planned{Loc: loc, Err: err}
	}
	if rs.err != nil {
		return diagnostics.Planned{Loc: loc, Err: rs.err}
	}
	s.plans.mu.Lock()
	if lp := s.plans.last[cfg.Dir]; lp != nil && lp.cfg == cfg && lp.idx == idx && lp.st == rs {
		s.plans.mu.Unlock()
		return lp.out
	}
	dm := s.plans.memos[cfg.Dir]
	if dm.memo == nil || dm.idx != idx {
		dm = dirMemo{idx: idx, memo: plan.NewMemo()}
		s.plans.memos[cfg.Dir] = dm
	}
	s.plans.mu.Unlock()
	in := plan.Input{Config: cfg, Info: cfg.Types(idx), State: rs.file, Memo: dm.memo}
	if idx != nil { // without schemas nothing is create-only
		in.Schemas = plan.IndexSchemas{Index: idx}
	}
	p, err := plan.Compute(ctx, in)
	if err != nil {
		return diagnostics.Planned{Loc: loc, Err: err} // cancelled: not kept
	}
	out := diagnostics.Planned{Plan: p, Loc: loc}
	s.plans.mu.Lock()
	s.plans.last[cfg.Dir] = &lastPlan{cfg: cfg, idx: idx, st: rs, out: out}
	s.plans.mu.Unlock()
	return out
}

// readState returns the state file at loc as last read, reading it again when its size or
// modification time changed; nil when it does not exist.
func (s *Session) readState(ctx context.Context, loc state.Location) (*readState, error) {
	fi, err := os.Stat(loc.Path)
	if noFileThere(err) {
		s.plans.mu.Lock()
		delete(s.plans.states, loc.Path)
		s.plans.mu.Unlock()
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.plans.mu.Lock()
	rs := s.plans.states[loc.Path]
	s.plans.mu.Unlock()
	if rs != nil && rs.mod.Equal(fi.ModTime()) && rs.size == fi.Size() {
		return rs, nil
	}
	f, err := state.Load(ctx, nil, loc, 0)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	rs = &readState{mod: fi.ModTime(), size: fi.Size(), file: f, err: err}
	s.plans.mu.Lock()
	s.plans.states[loc.Path] = rs
	s.plans.mu.Unlock()
	return rs, nil
}

// noFileThere reports whether a stat's error says no file can be at the path, rather than that
// one is there and cannot be read: it does not exist, a part of the path is a file, or the path
// names nothing a file system has (an untitled document's synthetic directory, whose NUL byte the
// system refuses; a name too long).
func noFileThere(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) ||
		errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENAMETOOLONG)
}

// use records that dir's configuration plans against the state file at path, which it may use
// instead of another.
func (s *Session) use(path, dir string) {
	s.plans.mu.Lock()
	defer s.plans.mu.Unlock()
	for p, dirs := range s.plans.users {
		if p != path && dirs[dir] {
			delete(dirs, dir)
			if len(dirs) == 0 {
				delete(s.plans.users, p)
			}
		}
	}
	if s.plans.users[path] == nil {
		s.plans.users[path] = map[string]bool{}
	}
	s.plans.users[path][dir] = true
}

// StateFiles returns the local state files the session's plans read, each with the
// configuration directories that plan against it, sorted.
func (s *Session) StateFiles() map[string][]string {
	s.plans.mu.Lock()
	defer s.plans.mu.Unlock()
	out := make(map[string][]string, len(s.plans.users))
	for p, dirs := range s.plans.users {
		for d := range dirs {
			out[p] = append(out[p], d)
		}
		slices.Sort(out[p])
	}
	return out
}

// forgetPlan drops a directory's last plan, its memo and its use of a state file.
func (s *Session) forgetPlan(dir string) {
	s.plans.mu.Lock()
	delete(s.plans.last, dir)
	delete(s.plans.memos, dir)
	for p, dirs := range s.plans.users {
		delete(dirs, dir)
		if len(dirs) == 0 {
			delete(s.plans.users, p)
		}
	}
	s.plans.mu.Unlock()
}
