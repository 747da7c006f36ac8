package navigate_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// fixture is a loaded test configuration: the workspace over the files, and the cursor.
type fixture struct {
	ws     *workspace.Workspace
	files  map[string]string // without the cursor marker
	at     string            // the file holding the cursor ("" when there is none)
	offset int
}

// newFixture loads files (slash paths below testutil.Root), taking out the cursor marker.
func newFixture(tb testing.TB, files map[string]string) *fixture {
	tb.Helper()
	fx := &fixture{}
	fx.files, fx.at, fx.offset = testutil.CutFiles(tb, files)
	fx.ws = workspace.New(testutil.NewMemFS(fx.files))
	return fx
}

// config returns the configuration holding file name and the file.
func (fx *fixture) config(tb testing.TB, name string) (*workspace.Config, *workspace.File) {
	tb.Helper()
	p := testutil.Abs(name)
	cfg := testutil.ConfigOf(tb, fx.ws, filepath.Dir(p))
	f := cfg.File(p)
	if f == nil {
		tb.Fatalf("no file %s in its configuration", name)
	}
	return cfg, f
}

// cursorConfig returns the configuration, file and offset of the cursor.
func (fx *fixture) cursorConfig(tb testing.TB) (*workspace.Config, *workspace.File, int) {
	tb.Helper()
	if fx.at == "" {
		tb.Fatalf("no cursor %s in the sources", testutil.Marker)
	}
	cfg, f := fx.config(tb, fx.at)
	return cfg, f, fx.offset
}

// showSpan renders a span of a file as "main.crn:3:5-3:9 text" (1-based lines, 1-based UTF-16
// columns).
func (fx *fixture) showSpan(tb testing.TB, p string, s grammar.Span) string {
	tb.Helper()
	name := testutil.Rel(p)
	text, ok := fx.files[name]
	if !ok {
		return fmt.Sprintf("%s:<no such file>%v", name, s)
	}
	if s.Start < 0 || s.End < s.Start || int(s.End) > len(text) {
		return fmt.Sprintf("%s:<bad span %v>", name, s)
	}
	_, f := fx.config(tb, name)
	sl, sc := f.Lines.UTF16(int(s.Start))
	el, ec := f.Lines.UTF16(int(s.End))
	return fmt.Sprintf("%s:%d:%d-%d:%d %s", name, sl+1, sc+1, el+1, ec+1, text[s.Start:s.End])
}
