package codedocs

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Result is what checking an example tree found.
type Result struct {
	// Diags are the diagnostics, fixes included, with slash paths relative to the tree's root, in
	// the order check prints them.
	Diags []finding.Diagnostic
	// Lines are check's text output for each of Diags: `path:line:col: severity: message [code]`.
	Lines []string
	// Schemas are the schemas each configuration was checked with, by its slash directory
	// relative to the root ("." for the root), for formatting its files as fmt does.
	Schemas map[string]*schema.Index
}

// Check checks the tree under root as `carina-lsp check root` does: every directory holding .crn
// files (what session.Skip names skipped) is a configuration, checked by session.Findings with the schemas its
// provider blocks or lock file choose from sources and a statement memo, nothing disabled.
// cmd/carina-lsp's TestCodeDocsCheck holds its output to the command's.
func Check(ctx context.Context, sources *schema.Sources, root string) (*Result, error) {
	var dirs []string
	err := session.Walk(ctx, workspace.OSFS{}, root, func(dir string) error {
		if !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
		return nil
	}, func(_ string, err error) error { return err })
	if err != nil {
		return nil, err
	}
	sess := session.New(session.Options{Sources: sources, Batch: true})
	res := &Result{Schemas: map[string]*schema.Index{}}
	type located struct {
		d    finding.Diagnostic
		line string
	}
	var found []located
	for _, dir := range dirs {
		checked, err := sess.Findings(ctx, dir, session.Check{Options: diagnostics.Options{Memo: diagnostics.NewMemo()}})
		if err != nil {
			return nil, err
		}
		cfg, idx := checked.Config, checked.Schemas
		for _, le := range cfg.LoadErrors {
			return nil, le.Err
		}
		rel, err := relative(root, dir)
		if err != nil {
			return nil, err
		}
		res.Schemas[rel] = idx
		files := map[string]*workspace.File{}
		for _, f := range cfg.Files {
			files[f.Path] = f
		}
		for _, d := range checked.Diags {
			f := files[d.Path]
			if f == nil {
				return nil, fmt.Errorf("%s: a diagnostic of a file outside its configuration", d.Path)
			}
			// check's text format: 1-based lines and UTF-16 columns.
			line, col := f.Lines.UTF16(int(d.Span.Start))
			if d.Path, err = relative(root, d.Path); err != nil {
				return nil, err
			}
			for i := range d.Related {
				if d.Related[i].Path, err = relative(root, d.Related[i].Path); err != nil {
					return nil, err
				}
			}
			found = append(found, located{d, fmt.Sprintf("%s:%d:%d: %s: %s [%s]", d.Path, line+1, col+1, d.Severity, d.Message, d.Code)})
		}
	}
	slices.SortStableFunc(found, func(a, b located) int { return finding.Compare(a.d, b.d) })
	for _, l := range found {
		res.Diags = append(res.Diags, l.d)
		res.Lines = append(res.Lines, l.line)
	}
	return res, nil
}

// relative returns p as a slash path relative to root.
func relative(root, p string) (string, error) {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return "", err
	}
	return filepath.ToSlash(rel), nil
}

// Of returns the diagnostics of r with code c, and their text lines.
func (r *Result) Of(c finding.Code) ([]finding.Diagnostic, []string) {
	var ds []finding.Diagnostic
	var lines []string
	for i, d := range r.Diags {
		if d.Code == c {
			ds = append(ds, d)
			lines = append(lines, r.Lines[i])
		}
	}
	return ds, lines
}
