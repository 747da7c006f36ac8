package fix

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/internal/atomicfile"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TargetOptions says which fixes Targets applies and where it shows them.
type TargetOptions struct {
	Unsafe  bool           // suggestions too (a did-you-mean among several names), not only safe fixes
	Diff    bool           // print the unified diff of each changed file on Stdout and write nothing
	Disable []finding.Code // codes not reported, so not fixed either
	// Check runs the checks the fixes come from; nil: each configuration's checks
	// (session.ChecksOf with its chain, Disable and OnPanic). Tests offer fixes no check would.
	Check   func(ctx context.Context, cfg *workspace.Config, schemas *schema.Index) []finding.Diagnostic
	OnPanic contain.Reporter // hears of a panic contained while fixing
	Stdout  io.Writer
	Stderr  io.Writer
	// Prefix begins each message on Stderr but an applied fix's (which reads path:line:col: fixed: ...).
	Prefix string
}

// Targets applies the fixes of the configuration of every target (check -fix), through the
// session's chains, schemas and workspace: the safe ones, or all first fixes with Unsafe,
// repeated until nothing changes (Config). A target that could not be read, whose carina-lsp.toml
// is broken or ignores it, or whose configuration does not load is left to the check that
// follows, which reports it. The new texts stay in the session's workspace as overlays, so that
// check reports what remains. Unless Diff, each changed file is replaced atomically with its
// permissions kept, and every fix applied is printed on Stderr; with Diff the unified diff goes
// to Stdout and nothing is written. It returns false when a file could not be read or written,
// or a configuration could not be fixed (each said on Stderr).
func Targets(ctx context.Context, sess *session.Session, targets []session.Target, opts TargetOptions) bool {
	ok := true
	for _, t := range targets {
		if t.Err != nil {
			continue
		}
		// A broken carina-lsp.toml, or a configuration it ignores: reported, or not, by the check.
		chain := sess.Chain(t.Dir, "")
		if ign, _ := chain.Ignored(t.Dir); len(chain.Errors) > 0 || ign {
			continue
		}
		loaded, err := sess.Load(ctx, t.Dir, session.Check{Chain: chain})
		if err != nil {
			continue // reported by the check
		}
		check := opts.Check
		if check == nil {
			// What is turned off is not fixed either; an ignored file is not touched.
			check = session.ChecksOf(chain, opts.Disable, opts.OnPanic)
		}
		var res Result
		contain.Run(opts.OnPanic, "fix of a configuration", t.Dir, 0, func() {
			res, err = Config(ctx, sess.Workspace(), t.Dir, loaded.Schemas, Options{Unsafe: opts.Unsafe, Only: t.Only, Check: check})
		})
		if err != nil {
			fmt.Fprintf(opts.Stderr, "%s-fix: %v\n", opts.Prefix, err)
			ok = false
			continue
		}
		for _, p := range res.Rejected {
			fmt.Fprintf(opts.Stderr, "%s%s: its fixes would leave a syntax error: not fixed\n", opts.Prefix, p)
		}
		paths := make([]string, 0, len(res.Texts))
		for p := range res.Texts {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			old, err := os.ReadFile(p)
			if err != nil {
				fmt.Fprintf(opts.Stderr, "%s%v\n", opts.Prefix, err)
				ok = false
				continue
			}
			if opts.Diff {
				io.WriteString(opts.Stdout, format.Unified(display(p), string(old), res.Texts[p]))
				continue
			}
			if err := atomicfile.Replace(p, res.Texts[p]); err != nil {
				fmt.Fprintf(opts.Stderr, "%s%v\n", opts.Prefix, err)
				ok = false
			}
		}
		if !opts.Diff {
			for _, a := range res.Applied {
				a.Path = display(a.Path)
				fmt.Fprintln(opts.Stderr, a)
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
