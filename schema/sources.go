package schema

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Sources gives each configuration directory its schema index: the embedded default set, then the
// *.json files of the nearest .carina/schemas directory (in the configuration's directory or the
// closest one above it), then the extra providers (a -schemas flag, an editor setting), later
// sources overriding earlier ones per resource type. Indexes are cached per .carina/schemas
// directory, and which one a directory has is cached too (a tree of thousands of configurations
// would otherwise look for .carina/schemas in every directory above each one). It is safe for
// concurrent use; the zero value is ready.
type Sources struct {
	defaults Defaults

	mu     sync.Mutex
	extra  []*Provider
	byDir  map[string]*Index // by .carina/schemas directory; "" when there is none
	locals map[string]string // absolute directory → its .carina/schemas directory, or ""
	// chosen are the indexes of pinned versions, by .carina/schemas directory and choices.
	chosen map[string]*Index
	// callers are the choices of the configurations that use a module, by the module's directory.
	callers    map[string]map[string]Choice
	choiceMaps map[string]map[string]Choice // each choice of callers once, by choiceKey
	// locks are the lock files read, by path (nil data: none there), so that a tree of
	// thousands of configurations does not look for one in every directory above each; Reset
	// forgets them (the server calls it when a lock file changes).
	locks    map[string][]byte
	lockDirs map[string]string // absolute directory → its nearest lock file, or ""
}

// SetExtra replaces the extra providers and forgets the cached indexes.
func (s *Sources) SetExtra(extra []*Provider) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.extra = extra
	s.byDir = nil
	s.chosen = nil
}

// Reset forgets the cached indexes and where the .carina/schemas directories are (a schema file
// changed on disk).
func (s *Sources) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byDir = nil
	s.locals = nil
	s.chosen = nil
	s.locks = nil
	s.lockDirs = nil
}

// ForDir returns the schema index of the configuration in dir.
func (s *Sources) ForDir(dir string) (*Index, error) {
	return s.forLocal(s.findLocal(dir))
}

// findLocal is FindWorkspaceDir with the answers for dir and the directories above it cached.
func (s *Sources) findLocal(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	return s.nearest(abs, &s.locals, func(d string) (string, bool) {
		cand := filepath.Join(d, WorkspaceDir)
		info, err := os.Stat(cand)
		return cand, err == nil && info.IsDir()
	})
}

// nearest walks from dir (absolute) up to the first directory where probe finds what it looks
// for, and returns that (or "" at the root), remembering the answer in *cache (guarded by s.mu)
// for every directory walked, so that the configurations below one directory ask the file
// system once.
func (s *Sources) nearest(dir string, cache *map[string]string, probe func(dir string) (string, bool)) string {
	var below []string // the directories walked, from dir up
	found := ""
	for d := dir; ; {
		s.mu.Lock()
		l, ok := (*cache)[d]
		s.mu.Unlock()
		if ok {
			found = l
			break
		}
		below = append(below, d)
		if f, ok := probe(d); ok {
			found = f
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if *cache == nil {
		*cache = map[string]string{}
	}
	// The directories above dir, not dir: those are shared by the configurations below them, and
	// dir, asked again, costs one probe; a tree of thousands of configurations is not kept.
	for _, d := range below[min(1, len(below)):] {
		(*cache)[d] = found
	}
	return found
}

// Base returns the index of a configuration that has no directory on disk (an unsaved editor
// buffer): the embedded default set and the extra providers, without looking for a
// .carina/schemas directory.
func (s *Sources) Base() (*Index, error) {
	return s.forLocal("")
}

// loadLocal loads the files of a .carina/schemas directory; none for "".
func loadLocal(local string) ([]*Provider, error) {
	if local == "" {
		return nil, nil
	}
	return LoadDir(local)
}

// forLocal returns the index for a .carina/schemas directory ("" for none).
func (s *Sources) forLocal(local string) (*Index, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if idx, ok := s.byDir[local]; ok {
		return idx, nil
	}
	sources, err := loadLocal(local)
	if err != nil {
		return nil, err
	}
	idx, err := s.defaults.With(append(sources, s.extra...)...)
	if err != nil {
		return nil, err
	}
	if s.byDir == nil {
		s.byDir = map[string]*Index{}
	}
	s.byDir[local] = idx
	return idx, nil
}

// FindWorkspaceDir returns the .carina/schemas directory in dir or the nearest directory above it,
// or "".
func FindWorkspaceDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(abs, WorkspaceDir)
		if info, err := os.Stat(cand); err == nil && info.IsDir() {
			return cand
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return ""
		}
		abs = parent
	}
}

// ForConfig returns the schema index of a configuration with the provider versions it chooses
// (Defaults.Choose): the provider blocks come with every call, so an edit of one applies at the
// next check; lock files are read once until Reset. A module that pins nothing gets the choice of the last
// configuration seen using it.
func (s *Sources) ForConfig(pins Pins) (*Index, error) {
	abs, err := filepath.Abs(pins.Dir)
	if err == nil {
		pins.Dir = abs
	}
	s.mu.Lock()
	pins.Inherited = s.callers[pins.Dir]
	s.mu.Unlock()
	lockPath := s.findLock(pins.Dir)
	var entries []lockEntry
	var lockErr error
	if lockPath != "" {
		data, _ := s.readLock(lockPath)
		entries, lockErr = parseLock(lockPath, data)
	}
	s.defaults.load()
	if s.defaults.err != nil {
		return nil, s.defaults.err
	}
	choices, err := s.defaults.chooseWith(lockPath, entries, lockErr, pins)
	if err != nil {
		return nil, err
	}
	ck := choiceKey(choices)
	s.mu.Lock()
	if len(pins.Modules) > 0 {
		// One map for each choice there is, shared by the modules of a tree's configurations.
		if same, ok := s.choiceMaps[ck]; ok {
			choices = same
		} else {
			if s.choiceMaps == nil {
				s.choiceMaps = map[string]map[string]Choice{}
			}
			s.choiceMaps[ck] = choices
		}
	}
	for _, m := range pins.Modules {
		if s.callers == nil {
			s.callers = map[string]map[string]Choice{}
		}
		s.callers[m] = choices
	}
	s.mu.Unlock()
	local := s.findLocal(pins.Dir)
	key := local + "\x00" + ck
	s.mu.Lock()
	idx, ok := s.chosen[key]
	extra := s.extra
	s.mu.Unlock()
	if ok {
		return idx, nil
	}
	sources, err := loadLocal(local)
	if err != nil {
		return nil, err
	}
	idx, err = s.defaults.For(choices, append(sources, extra...)...)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.chosen == nil {
		s.chosen = map[string]*Index{}
	}
	s.chosen[key] = idx
	return idx, nil
}

// findLock returns the lock file in dir (absolute) or the nearest directory above it, or "",
// remembering the answer for dir and the directories above it as findLocal does.
func (s *Sources) findLock(dir string) string {
	return s.nearest(dir, &s.lockDirs, func(d string) (string, bool) {
		p := filepath.Join(d, LockFile)
		data, err := s.readLock(p)
		return p, err == nil && data != nil
	})
}

// readLock is os.ReadFile remembered per path for the lock files there are (findLock remembers
// where there is none).
func (s *Sources) readLock(path string) ([]byte, error) {
	s.mu.Lock()
	data, ok := s.locks[path]
	s.mu.Unlock()
	if !ok {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return nil, fs.ErrNotExist
		}
		s.mu.Lock()
		if s.locks == nil {
			s.locks = map[string][]byte{}
		}
		s.locks[path] = data
		s.mu.Unlock()
	}
	if data == nil {
		return nil, fs.ErrNotExist
	}
	return data, nil
}

// Defaults returns the embedded sets the sources start from.
func (s *Sources) Defaults() *Defaults { return &s.defaults }

func choiceKey(choices map[string]Choice) string {
	keys := make([]string, 0, len(choices))
	for p, c := range choices {
		keys = append(keys, strings.Join([]string{p, c.Version, strconv.Itoa(int(c.Reason)), c.Asked, c.Lock, c.Mode,
			strconv.FormatBool(c.Patch), strconv.FormatBool(c.Approx)}, "\x00"))
	}
	slices.Sort(keys)
	return strings.Join(keys, "\x01")
}
