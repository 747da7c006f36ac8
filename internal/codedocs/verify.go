package codedocs

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Verify checks an example under dir (which it fills: dir/example and dir/fixed): the example
// must report its code and the fixed example must not; the fixed files must be as
// `carina-lsp fmt` leaves them, and so must the example's unless formatting them clears the code
// (the mistake is one fmt repairs) or they do not parse. It returns what checking the example
// found, for its page.
func Verify(ctx context.Context, sources *schema.Sources, e *Example, dir string) (*Result, error) {
	broken := filepath.Join(dir, "example")
	if err := WriteTree(broken, e.Tree(false)); err != nil {
		return nil, err
	}
	r, err := Check(ctx, sources, broken)
	if err != nil {
		return nil, fmt.Errorf("checking the example: %w", err)
	}
	var errs []error
	if ds, _ := r.Of(e.Code); len(ds) == 0 {
		errs = append(errs, fmt.Errorf("the example does not report %s; check reports:\n%s", e.Code, lines(r)))
	}
	fixedDir := filepath.Join(dir, "fixed")
	if err := WriteTree(fixedDir, e.Tree(true)); err != nil {
		return nil, err
	}
	fixed, err := Check(ctx, sources, fixedDir)
	if err != nil {
		return nil, fmt.Errorf("checking the fixed example: %w", err)
	}
	if _, ls := fixed.Of(e.Code); len(ls) > 0 {
		errs = append(errs, fmt.Errorf("the fixed example still reports %s:\n%s", e.Code, strings.Join(ls, "\n")))
	}
	for _, f := range e.Fixed {
		if err := formatted(f, fixed); err != nil {
			errs = append(errs, fmt.Errorf("fixed/%s: %w", f.Path, err))
		}
	}
	var unformatted []error
	for _, f := range e.Files {
		if err := formatted(f, r); err != nil && !errors.Is(err, errSyntax) {
			unformatted = append(unformatted, fmt.Errorf("%s: %w", f.Path, err))
		}
	}
	if len(unformatted) > 0 {
		// Allowed when fmt itself repairs the mistake: the formatted tree no longer reports it.
		cleared, err := clearedByFmt(ctx, sources, e, r, filepath.Join(dir, "formatted"))
		if err != nil {
			return nil, err
		}
		if !cleared {
			errs = append(errs, unformatted...)
		}
	}
	return r, errors.Join(errs...)
}

// errSyntax is formatted's answer for a file that does not parse.
var errSyntax = errors.New("syntax errors")

// formatted reports, for a .crn file, whether `carina-lsp fmt` would leave it as it is, with the
// list-to-block rewrite of the schemas its configuration was checked with (r).
func formatted(f File, r *Result) error {
	if !workspace.IsSource(f.Path) {
		return nil
	}
	out, err := formatFile(f, r)
	switch {
	case err != nil:
		return err
	case out != f.Text:
		return fmt.Errorf("not as carina-lsp fmt leaves it; it prints:\n%s", out)
	}
	return nil
}

// formatFile formats a .crn file of a checked tree as `carina-lsp fmt` does.
func formatFile(f File, r *Result) (string, error) {
	idx := r.Schemas[path.Dir(f.Path)]
	fm := format.New(format.Options{})
	if idx != nil {
		fm = fm.WithBlocks(idx)
	}
	out, err := fm.Source(f.Text)
	var se *format.SyntaxError
	if errors.As(err, &se) {
		return "", errSyntax
	}
	return out, err
}

// clearedByFmt reports whether formatting the example's files (under dir) clears its code.
func clearedByFmt(ctx context.Context, sources *schema.Sources, e *Example, r *Result, dir string) (bool, error) {
	var files []File
	for _, f := range e.Files {
		if workspace.IsSource(f.Path) {
			if out, err := formatFile(f, r); err == nil {
				f.Text = out
			}
		}
		files = append(files, f)
	}
	if err := WriteTree(dir, files); err != nil {
		return false, err
	}
	after, err := Check(ctx, sources, dir)
	if err != nil {
		return false, err
	}
	ds, _ := after.Of(e.Code)
	return len(ds) == 0, nil
}

// lines is check's output for r, for messages.
func lines(r *Result) string {
	if len(r.Lines) == 0 {
		return "(nothing)"
	}
	return strings.Join(r.Lines, "\n")
}
