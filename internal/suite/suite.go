// Package suite holds what the tests need from the two modes of scripts/test. The short mode
// (the default: go test -short, with the test cache) runs every feature on small inputs; the
// long mode (scripts/test -long, which CI runs: go test without -short) adds the sweeps and the
// heavy cases. A test part that only the long mode runs calls Long; the skip it makes in short
// mode carries LongReason, by which internal/testsummary tells it from a skip of something
// missing.
//
// Tree keeps the test cache honest for the tests that run what their test binary does not
// hold: the carina-lsp binary they build, the scripts, the editor plugins.
package suite

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// LongReason starts the message of a test skipped because it runs only in long mode.
const LongReason = "long mode only (scripts/test -long)"

// Long skips tb in short mode (go test -short); what says what the long mode runs there.
func Long(tb testing.TB, what string) {
	tb.Helper()
	if testing.Short() {
		tb.Skipf("%s: %s", LongReason, what)
	}
}

// Scale returns long in long mode and short in short mode: the size of a sweep.
func Scale(short, long int) int {
	if testing.Short() {
		return short
	}
	return long
}

// Tree opens every file under root (the repository), except version control, npm packages and
// build output. go test records the files a test opens and replays a cached result only while
// they are unchanged; a test that builds ./cmd/carina-lsp or runs a script depends on files its
// test binary does not hold, and without this a change to them would replay a stale pass.
func Tree(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "out", "dist":
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil // an unreadable file is the test's business, not the cache's
		}
		return f.Close()
	})
}

// Ratio measures a workload against a reference workload in the same run (measure returns the
// cost of each: a duration, a heap size) at most tries times, and returns the smallest ratio
// got/ref and every ratio seen; it stops at the first within bound. A cost that grows too fast is
// too high in every try, while another program busy on the machine slows one run more than the
// other only now and then: a bound on a ratio tried three times holds on a busy machine where a
// bound on one absolute figure does not.
func Ratio(tries int, bound float64, measure func() (got, ref float64)) (best float64, all []float64) {
	for range max(tries, 1) {
		got, ref := measure()
		r := got / max(ref, 1e-12)
		all = append(all, r)
		if len(all) == 1 || r < best {
			best = r
		}
		if r <= bound {
			break
		}
	}
	return best, all
}
