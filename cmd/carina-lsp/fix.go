package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/fix"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/internal/atomicfile"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// fixFlags are check's flags for applying quick fixes.
type fixFlags struct {
	fix, diff, unsafe bool
	// check, when set, runs the checks the fixes come from instead of diagnostics.CheckWith:
	// tests use it to offer a fix the checks never would.
	check   func(context.Context, *workspace.Config, *schema.Index) []finding.Diagnostic
	disable []finding.Code // -disable: what is not reported is not fixed either
}

// fixTargets applies the fixes of every target's configuration (check -fix): the safe ones, or
// all first fixes with -unsafe-fixes, repeated until nothing changes. The new texts stay in ws as
// overlays, so the report that follows shows what remains. Unless -diff, each changed file is
// written atomically with its permissions kept, and every fix applied is printed on stderr; with
// -diff the unified diff goes to stdout and nothing is written. It returns false when writing a
// file failed.
func fixTargets(ctx context.Context, sess *session.Session, targets []session.Target, ff fixFlags, report contain.Reporter, stdout, stderr io.Writer) bool {
	ok := true
	for _, t := range targets {
		if t.Err != nil {
			continue
		}
		// A broken carina-lsp.toml, or a configuration it ignores: reported, or not, by the check.
		chain := sess.Chain(t.Dir, "")
		if len(chain.Errors) > 0 || ignored(chain, t.Dir) {
			continue
		}
		loaded, err := sess.Load(ctx, t.Dir, session.Check{Chain: chain})
		if err != nil {
			continue // reported by the check
		}
		check := ff.check
		if check == nil {
			// What is turned off is not fixed either; an ignored file is not touched.
			check = session.Checks(chain, diagnostics.Options{OnPanic: report, Disable: ff.disable})
		}
		var res fix.Result
		contain.Run(report, "fix of a configuration", t.Dir, 0, func() {
			res, err = fix.Config(ctx, sess.Workspace(), t.Dir, loaded.Schemas, fix.Options{Unsafe: ff.unsafe, Only: t.Only, Check: check})
		})
		if err != nil {
			fmt.Fprintf(stderr, "carina-lsp check: -fix: %v\n", err)
			ok = false
			continue
		}
		for _, p := range res.Rejected {
			fmt.Fprintf(stderr, "carina-lsp check: %s: its fixes would leave a syntax error: not fixed\n", p)
		}
		paths := make([]string, 0, len(res.Texts))
		for p := range res.Texts {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			old, err := os.ReadFile(p)
			if err != nil {
				fmt.Fprintf(stderr, "carina-lsp check: %v\n", err)
				ok = false
				continue
			}
			if ff.diff {
				io.WriteString(stdout, format.Unified(display(p), string(old), res.Texts[p]))
				continue
			}
			if err := atomicfile.Replace(p, res.Texts[p]); err != nil {
				fmt.Fprintf(stderr, "carina-lsp check: %v\n", err)
				ok = false
			}
		}
		if !ff.diff {
			for _, a := range res.Applied {
				a.Path = display(a.Path)
				fmt.Fprintln(stderr, a)
			}
		}
	}
	return ok
}

// display returns a path as the user may have typed it: relative to the working directory when
// under it.
func display(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !filepath.IsAbs(r) && r != ".." && !startsWithDotDot(r) {
			return r
		}
	}
	return p
}

func startsWithDotDot(p string) bool {
	return len(p) >= 3 && p[:3] == ".."+string(filepath.Separator)
}
