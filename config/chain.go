package config

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
)

// Chain is the configuration in effect in one directory: the files that apply, outermost first,
// and their mistakes. A value set in an inner file overrides the same key of an outer one; levels
// are keys of their own, one per code, so an inner file that sets one code's level keeps the
// levels the outer files set for the others.
type Chain struct {
	Files  []*File
	Errors []*Error
}

// Source says where a value in effect came from: a file and line, or the default.
type Source struct {
	File string // "" for the built-in default
	Pos
	Override string // the paths of the [[diagnostics.overrides]] entry that set it, if one did
}

func (s Source) String() string {
	switch {
	case s.File == "":
		return "default"
	case s.Override != "":
		return fmt.Sprintf("%s:%d (override for %s)", s.File, s.Line, s.Override)
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
}

// rel is path (made absolute) relative to dir, slash-separated, or false when path is not under
// dir.
func rel(dir, path string) (string, bool) {
	r, err := filepath.Rel(dir, absolute(path))
	if err != nil || r == ".." || strings.HasPrefix(filepath.ToSlash(r), "../") {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// Level returns the level set for code in the file at path, and where it was set (LevelUnset when no
// file sets one). Each file's [diagnostics.levels] apply, then its overrides whose paths match,
// outer files first: the last to set the code wins.
func (c *Chain) Level(path string, code finding.Code) (Level, Source) {
	lv, src := LevelUnset, Source{}
	for _, f := range c.Files {
		for _, l := range f.Levels {
			if l.code == code {
				lv, src = l.level, Source{File: f.Path, Pos: l.at}
			}
		}
		r, ok := rel(f.Dir, path)
		if !ok {
			continue
		}
		for _, o := range f.Overrides {
			if !matchAny(o.paths, r) {
				continue
			}
			for _, l := range o.levels {
				if l.code == code {
					lv, src = l.level, Source{File: f.Path, Pos: l.at, Override: patterns(o.paths)}
				}
			}
		}
	}
	return lv, src
}

// LevelFunc is Level in the form diagnostics.Options.Level takes; nil when no file sets a level.
func (c *Chain) LevelFunc() func(path string, code finding.Code) (finding.Severity, bool, bool) {
	set := false
	for _, f := range c.Files {
		set = set || len(f.Levels) > 0 || len(f.Overrides) > 0
	}
	if !set {
		return nil
	}
	return func(path string, code finding.Code) (finding.Severity, bool, bool) {
		l, _ := c.Level(path, code)
		if l == LevelUnset {
			return 0, false, false
		}
		sev, off := l.Severity()
		return sev, off, true
	}
}

// Ignored reports whether the file or directory at path is ignored: the innermost file that sets
// diagnostics.ignore decides, its patterns relative to its directory.
func (c *Chain) Ignored(path string) (bool, Source) {
	for i := len(c.Files) - 1; i >= 0; i-- {
		f := c.Files[i]
		if f.Ignore == nil {
			continue
		}
		src := Source{File: f.Path, Pos: f.Ignore.at}
		r, ok := rel(f.Dir, path)
		return ok && r != "." && matchAny(f.Ignore.v, r), src
	}
	return false, Source{}
}

// innermost returns the value the innermost file sets for a key, and where.
func innermost[T any](c *Chain, get func(f *File) *value[T]) (T, Source, bool) {
	for i := len(c.Files) - 1; i >= 0; i-- {
		if v := get(c.Files[i]); v != nil {
			return v.v, Source{File: c.Files[i].Path, Pos: v.at}, true
		}
	}
	var zero T
	return zero, Source{}, false
}

// FailOn is the least severity that fails `check`, if a file sets it.
func (c *Chain) FailOn() (finding.Severity, Source, bool) {
	return innermost(c, func(f *File) *value[finding.Severity] { return f.FailOn })
}

// Schemas are the extra schema files or directories, made absolute, if a file sets them.
func (c *Chain) Schemas() ([]string, Source, bool) {
	return innermost(c, func(f *File) *value[[]string] { return f.Schemas })
}

// ListToBlocks is the formatter's list-to-block rewrite, if a file sets it.
func (c *Chain) ListToBlocks() (bool, Source, bool) {
	return innermost(c, func(f *File) *value[bool] { return f.ListToBlocks })
}

// Indent is the formatter's spaces per level, if a file sets it.
func (c *Chain) Indent() (int, Source, bool) {
	return innermost(c, func(f *File) *value[int] { return f.Indent })
}

// Tabs is whether the formatter indents with tabs, if a file sets it.
func (c *Chain) Tabs() (bool, Source, bool) {
	return innermost(c, func(f *File) *value[bool] { return f.Tabs })
}

func matchAny(gs []glob, r string) bool {
	for _, g := range gs {
		if g.match(r) {
			return true
		}
	}
	return false
}

func patterns(gs []glob) string {
	var ps []string
	for _, g := range gs {
		ps = append(ps, fmt.Sprintf("%q", g.pattern))
	}
	return "[" + strings.Join(ps, ", ") + "]"
}
