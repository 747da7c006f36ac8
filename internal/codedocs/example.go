package codedocs

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// Example is the source of one code's page: a txtar archive named <code>.txtar with
//
//	-- doc.md --        the summary (one sentence, ending with a period), a blank line, then the
//	                    sections "## What it means", "## Why it matters", "## How to fix it"
//	-- main.crn --      a file of the example tree (any name but doc.md and fixed/...; paths are
//	                    relative to the directory checked, e.g. modules/net/main.crn)
//	-- fixed/main.crn -- the fixed version of a file of the tree (files not repeated are unchanged)
type Example struct {
	Code     finding.Code
	Summary  string
	Sections []Section
	Files    []File // the example tree, in the archive's order
	Fixed    []File // the fixed versions, paths without fixed/
}

// Section is a "## " section of doc.md.
type Section struct {
	Title string
	Body  string // trimmed
}

// File is a file of an example tree: a slash path relative to its root, and its text.
type File struct {
	Path string
	Text string
}

// sectionTitles are doc.md's sections, in their order.
var sectionTitles = []string{"What it means", "Why it matters", "How to fix it"}

// Load reads every <code>.txtar of dir, sorted by code. An archive that cannot be read or parsed
// is left out and its error joined to the one returned.
func Load(dir string) ([]*Example, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	var out []*Example
	var errs []error
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		e, err := Parse(strings.TrimSuffix(filepath.Base(p), ".txtar"), string(data))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p, err))
			continue
		}
		out = append(out, e)
	}
	return out, errors.Join(errs...)
}

// Parse reads the archive of code's page, failing on what the page could not be made from.
func Parse(code, data string) (*Example, error) {
	a := txtar.Parse(data)
	if strings.TrimSpace(a.Comment) != "" {
		return nil, fmt.Errorf("text before the first section")
	}
	e := &Example{Code: finding.Code(code)}
	seen := map[string]bool{}
	doc := false
	for _, f := range a.Files {
		if seen[f.Name] {
			return nil, fmt.Errorf("section %q twice", f.Name)
		}
		seen[f.Name] = true
		if f.Name == "doc.md" {
			if err := e.parseDoc(f.Data); err != nil {
				return nil, fmt.Errorf("doc.md: %w", err)
			}
			doc = true
			continue
		}
		name, fixed := strings.CutPrefix(f.Name, "fixed/")
		if name != path.Clean(name) || path.IsAbs(name) || strings.HasPrefix(name, "../") || name == ".." {
			return nil, fmt.Errorf("section %q: not a clean relative path", f.Name)
		}
		if fixed {
			e.Fixed = append(e.Fixed, File{name, f.Data})
		} else {
			e.Files = append(e.Files, File{name, f.Data})
		}
	}
	switch {
	case !doc:
		return nil, fmt.Errorf("no doc.md section")
	case !seen["main.crn"]:
		return nil, fmt.Errorf("no main.crn section: the example's root is where main.crn is")
	case len(e.Fixed) == 0:
		return nil, fmt.Errorf("no fixed/ section")
	}
	return e, nil
}

// parseDoc reads doc.md: the summary line, a blank line, and the sections of sectionTitles.
func (e *Example) parseDoc(text string) error {
	summary, rest, _ := strings.Cut(text, "\n")
	summary = strings.TrimSpace(summary)
	if summary == "" || !strings.HasSuffix(summary, ".") || strings.HasPrefix(summary, "#") {
		return fmt.Errorf("the first line must be a one-sentence summary ending with a period, not %q", summary)
	}
	if !strings.HasPrefix(rest, "\n") {
		return fmt.Errorf("no blank line after the summary")
	}
	e.Summary = summary
	parts := strings.Split("\n"+rest, "\n## ")
	if strings.TrimSpace(parts[0]) != "" {
		return fmt.Errorf("text between the summary and %q", "## "+sectionTitles[0])
	}
	for _, p := range parts[1:] {
		title, body, _ := strings.Cut(p, "\n")
		e.Sections = append(e.Sections, Section{strings.TrimSpace(title), strings.TrimSpace(body)})
	}
	var titles []string
	for _, s := range e.Sections {
		if s.Body == "" {
			return fmt.Errorf("section %q is empty", s.Title)
		}
		titles = append(titles, s.Title)
	}
	if !slices.Equal(titles, sectionTitles) {
		return fmt.Errorf("sections %q, want %q", titles, sectionTitles)
	}
	return nil
}

// Tree returns the example's files; with fixed, each replaced by its fixed version where it has
// one (a fixed file of a new path is added).
func (e *Example) Tree(fixed bool) []File {
	out := slices.Clone(e.Files)
	if !fixed {
		return out
	}
	for _, f := range e.Fixed {
		if i := slices.IndexFunc(out, func(g File) bool { return g.Path == f.Path }); i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	return out
}

// WriteTree writes files under root, making the folders they need.
func WriteTree(root string, files []File) error {
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(f.Text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
