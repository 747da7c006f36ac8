package schema

import (
	"os"
	"path/filepath"
	"sync"
)

// Sources gives each configuration directory its schema index: the embedded default set, then the
// *.json files of the nearest .carina/schemas directory (in the configuration's directory or the
// closest one above it), then the extra providers (a -schemas flag, an editor setting), later
// sources overriding earlier ones per resource type. Indexes are cached per .carina/schemas
// directory. It is safe for concurrent use; the zero value is ready.
type Sources struct {
	defaults Defaults

	mu    sync.Mutex
	extra []*Provider
	byDir map[string]*Index // by .carina/schemas directory; "" when there is none
}

// SetExtra replaces the extra providers and forgets the cached indexes.
func (s *Sources) SetExtra(extra []*Provider) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.extra = extra
	s.byDir = nil
}

// Reset forgets the cached indexes (a schema file changed on disk).
func (s *Sources) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byDir = nil
}

// ForDir returns the schema index of the configuration in dir.
func (s *Sources) ForDir(dir string) (*Index, error) {
	return s.forLocal(FindWorkspaceDir(dir))
}

// Base returns the index of a configuration that has no directory on disk (an unsaved editor
// buffer): the embedded default set and the extra providers, without looking for a
// .carina/schemas directory.
func (s *Sources) Base() (*Index, error) {
	return s.forLocal("")
}

// forLocal returns the index for a .carina/schemas directory ("" for none).
func (s *Sources) forLocal(local string) (*Index, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if idx, ok := s.byDir[local]; ok {
		return idx, nil
	}
	var sources []*Provider
	if local != "" {
		ps, err := LoadDir(local)
		if err != nil {
			return nil, err
		}
		sources = append(sources, ps...)
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
