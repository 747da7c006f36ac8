package diagnostics

import (
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestListBlockFormatChecksClean formats every file of a configuration with the list-to-block
// rewrite (what `carina-lsp fmt` does by default) and checks it again: no code is reported more
// often than before, and no prefer-block-syntax is left. It runs on the golden cases and on every
// directory of the corpus.
func TestListBlockFormatChecksClean(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	fm := format.New(format.Options{Blocks: idx})
	rewritten := 0
	run := func(name string, env fixEnv) {
		before, ok := env.check(t, name)
		if !ok {
			return
		}
		changed := false
		for _, f := range before.cfg.Files {
			out, err := fm.Source(f.Text())
			if err != nil {
				continue // a syntax error: fmt leaves the file alone
			}
			if out != f.Text() {
				env.ws.SetOverlay(f.Path, out)
				changed = true
			}
		}
		if !changed {
			return
		}
		after, ok := env.check(t, name+", formatted")
		for _, f := range before.cfg.Files {
			env.ws.ClearOverlay(f.Path)
			if f.Overlay {
				env.ws.SetOverlay(f.Path, f.Text())
			}
		}
		if !ok {
			return
		}
		if n := countFunc(before.diags, func(d finding.Diagnostic) bool { return d.Code == finding.CodeListBlock }); n > 0 {
			rewritten++
		}
		was := map[finding.Code]int{}
		for _, d := range before.diags {
			was[d.Code]++
		}
		for _, d := range after.diags {
			if d.Code == finding.CodeListBlock {
				t.Errorf("%s: formatted, still %s", name, describeDiag(after.cfg, d))
				continue
			}
			if was[d.Code]--; was[d.Code] < 0 {
				t.Errorf("%s: formatting added %s", name, describeDiag(after.cfg, d))
			}
		}
	}
	for _, p := range append(txtar.Glob(t, goldenArchives), txtar.Glob(t, fixArchives)...) {
		a := txtar.Read(t, p)
		run(filepath.Base(p), fixEnv{workspace.New(testutil.NewMemFS(a.Sources())), testutil.Root})
	}
	dirs, _ := corpusDirs(t)
	ws := workspace.New(workspace.OSFS{})
	for _, dir := range dirs {
		run(dir, fixEnv{ws, dir})
	}
	t.Logf("%d configurations with lists written as blocks by formatting", rewritten)
	if rewritten < 3 {
		t.Errorf("only %d configurations had a list to rewrite: is the scan broken?", rewritten)
	}
}
