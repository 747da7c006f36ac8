package config

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExplain explains the chains of a tree: the root's file, an inner file over it, an override
// that matches, an ignored directory, and no file at all.
func TestExplain(t *testing.T) {
	dir := tree(t, map[string]string{
		"repo/.git/HEAD": "",
		"repo/carina-lsp.toml": "[diagnostics]\nfail-on = \"warning\"\nignore = [\"gen\"]\n[diagnostics.levels]\npipe-form = \"off\"\n" +
			"[[diagnostics.overrides]]\npaths = [\"legacy/**\"]\nlevels = { unused-let = \"off\" }\n[format]\nindent = 4\n",
		"repo/app/carina-lsp.toml": "[schemas]\nextra = [\"/schemas\", \"/more.json\"]\n[format]\nlist-to-blocks = false\ntabs = true\n",
		"repo/legacy/main.crn":     "",
		"repo/gen/main.crn":        "",
		"bare/.git/HEAD":           "",
		"bare/main.crn":            "",
	})
	tests := []struct {
		name      string
		path, dir string // under the tree
		want      string
		unix      bool // absolute paths that start with /
	}{
		{
			name: "no file",
			path: "bare/main.crn", dir: "bare",
			want: `# the configuration in effect for D/bare/main.crn
# no carina-lsp.toml in D/bare or above it: every value is the default
diagnostics.fail-on = "error"  # default
ignored = false                # default
schemas.extra = []             # default
format.list-to-blocks = true   # default
format.indent = 2              # default
format.tabs = false            # default
# every code is reported at its own level (no diagnostics.levels set)
`,
		},
		{
			name: "an override",
			path: "repo/legacy/main.crn", dir: "repo/legacy",
			want: `# the configuration in effect for D/repo/legacy/main.crn
# files, outermost first:
#   D/repo/carina-lsp.toml
diagnostics.fail-on = "warning"        # D/repo/carina-lsp.toml:2
ignored = false                        # D/repo/carina-lsp.toml:3
diagnostics.levels.pipe-form = "off"   # D/repo/carina-lsp.toml:5
diagnostics.levels.unused-let = "off"  # D/repo/carina-lsp.toml:8 (override for ["legacy/**"])
schemas.extra = []                     # default
format.list-to-blocks = true           # default
format.indent = 4                      # D/repo/carina-lsp.toml:10
format.tabs = false                    # default
# every other code is reported at its own level
`,
		},
		{
			name: "an inner file",
			path: "repo/app", dir: "repo/app", unix: true,
			want: `# the configuration in effect for D/repo/app
# files, outermost first:
#   D/repo/carina-lsp.toml
#   D/repo/app/carina-lsp.toml
diagnostics.fail-on = "warning"             # D/repo/carina-lsp.toml:2
ignored = false                             # D/repo/carina-lsp.toml:3
diagnostics.levels.pipe-form = "off"        # D/repo/carina-lsp.toml:5
schemas.extra = ["/schemas", "/more.json"]  # D/repo/app/carina-lsp.toml:2
format.list-to-blocks = false               # D/repo/app/carina-lsp.toml:4
format.indent = 4                           # D/repo/carina-lsp.toml:10
format.tabs = true                          # D/repo/app/carina-lsp.toml:5
# every other code is reported at its own level
`,
		},
		{
			name: "an ignored directory",
			path: "repo/gen", dir: "repo/gen",
			want: `# the configuration in effect for D/repo/gen
# files, outermost first:
#   D/repo/carina-lsp.toml
diagnostics.fail-on = "warning"       # D/repo/carina-lsp.toml:2
ignored = true                        # D/repo/carina-lsp.toml:3
diagnostics.levels.pipe-form = "off"  # D/repo/carina-lsp.toml:5
schemas.extra = []                    # default
format.list-to-blocks = true          # default
format.indent = 4                     # D/repo/carina-lsp.toml:10
format.tabs = false                   # default
# every other code is reported at its own level
`,
		},
	}
	l := NewLoader()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.unix && runtime.GOOS == "windows" {
				t.Skip("/schemas is not an absolute path")
			}
			at := filepath.Join(dir, filepath.FromSlash(tt.dir))
			c := l.Chain(at, "")
			if len(c.Errors) > 0 {
				t.Fatal(c.Errors)
			}
			got := filepath.ToSlash(strings.ReplaceAll(c.Explain(filepath.Join(dir, filepath.FromSlash(tt.path)), at), dir, "D"))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Explain (-want +got):\n%s", diff)
			}
		})
	}
}
