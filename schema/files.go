package schema

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// WorkspaceDir is where a workspace keeps extra schema index files, relative
// to its root.
const WorkspaceDir = ".carina/schemas"

// LoadFile loads one schema index file.
func LoadFile(path string) (*Provider, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	return decode(path, data)
}

// LoadDir loads every *.json file directly in dir, in name order, so that
// NewIndex gives the later name precedence. JSON files without a "format"
// field (not schema indexes at all, such as crn-usage.json) are skipped; any
// other failure is an error naming the file. A missing dir is an error
// wrapping fs.ErrNotExist.
func LoadDir(dir string) ([]*Provider, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	var out []*Provider
	for _, name := range names {
		p, err := LoadFile(filepath.Join(dir, name))
		if errors.Is(err, ErrNotIndex) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// LoadPath loads a file or every index file of a directory, for a -schemas
// flag that may name either.
func LoadPath(path string) ([]*Provider, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	if st.IsDir() {
		return LoadDir(path)
	}
	p, err := LoadFile(path)
	if err != nil {
		return nil, err
	}
	return []*Provider{p}, nil
}
