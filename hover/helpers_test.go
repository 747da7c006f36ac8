package hover

import (
	"path"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// fixture is a configuration built from test sources, with the cursor's file and offset.
type fixture struct {
	cfg    *workspace.Config
	file   *workspace.File
	offset int
}

// build writes files (slash paths relative to testutil.Root; one of them holds the cursor marker
// when withCursor) and builds the configuration of the directory holding the marked file (the
// root when no file is marked).
func build(tb testing.TB, files map[string]string, withCursor bool) fixture {
	tb.Helper()
	clean, marked, offset := testutil.CutFiles(tb, files)
	if withCursor && marked == "" {
		tb.Fatalf("no cursor marker %q", testutil.Marker)
	}
	dir := testutil.Root
	if marked != "" {
		dir = path.Join(testutil.Root, path.Dir(marked))
	}
	cfg := testutil.Config(tb, clean, dir)
	fx := fixture{cfg: cfg, offset: offset}
	if marked != "" {
		fx.file = cfg.File(testutil.Abs(marked))
	} else if len(cfg.Files) > 0 {
		fx.file = cfg.Files[0]
	}
	return fx
}
