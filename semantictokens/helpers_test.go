package semantictokens_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// load builds the configuration of files (slash paths relative to testutil.Root) and returns the
// file called name (a file of a subdirectory belongs to that directory's configuration: a module).
func load(tb testing.TB, files map[string]string, name string) (*workspace.Config, *workspace.File) {
	tb.Helper()
	p := testutil.Abs(name)
	cfg := testutil.Config(tb, files, filepath.Dir(p))
	f := cfg.File(p)
	if f == nil {
		tb.Fatalf("no file %s in the configuration", name)
	}
	return cfg, f
}

// render decodes the LSP encoding of a file's tokens back into one readable line a token:
//
//	line:col len type mods text
//
// with 1-based lines and 1-based UTF-16 columns, mods comma-separated or "-", and the text found
// at that UTF-16 position (so the line also checks the encoding round trip).
func render(src string, data []uint32) []string {
	types, modNames := semantictokens.Legend()
	ls := source.NewLines(src)
	var out []string
	line, col := 0, 0
	for i := 0; i+5 <= len(data); i += 5 {
		if data[i] > 0 {
			col = 0
		}
		line += int(data[i])
		col += int(data[i+1])
		n := int(data[i+2])
		typ := "?"
		if int(data[i+3]) < len(types) {
			typ = types[data[i+3]]
		}
		var mods []string
		for b, name := range modNames {
			if data[i+4]&(1<<b) != 0 {
				mods = append(mods, name)
			}
		}
		m := "-"
		if len(mods) > 0 {
			m = strings.Join(mods, ",")
		}
		s, e := ls.OffsetUTF16(line, col), ls.OffsetUTF16(line, col+n)
		out = append(out, fmt.Sprintf("%d:%d %d %s %s %s", line+1, col+1, n, typ, m, src[s:e]))
	}
	return out
}
