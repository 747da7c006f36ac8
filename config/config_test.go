package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/google/go-cmp/cmp"
)

// errorsOf returns a file's mistakes as "line:col: message".
func errorsOf(errs []*Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, strings.TrimPrefix(e.Error(), "/p/carina-lsp.toml:"))
	}
	return out
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"valid", "[diagnostics]\nfail-on = \"warning\"\nignore = [\"gen/**\"]\n\n[diagnostics.levels]\npipe-form = \"off\"\nwait-unused = \"error\"\nsyntax = \"error\"\n\n[[diagnostics.overrides]]\npaths = [\"legacy/**\"]\nlevels = { unused-let = \"off\" }\n\n[schemas]\nextra = [\"s.json\"]\n\n[format]\nlist-to-blocks = false\nindent = 4\ntabs = false\n", nil},
		{"dotted and inline forms", "diagnostics.levels.pipe-form = \"off\"\nformat = { indent = 3 }\n", nil},
		{"a TOML syntax error", "[diagnostics\nfail-on = 1\n", []string{"1:13: expected ']' to close table name"}},
		{"an unknown table", "[diagnostic]\n", []string{"1:2: unknown table [diagnostic]; did you mean diagnostics?"}},
		{"an unknown key", "[format]\nindnet = 2\n", []string{"2:1: unknown key format.indnet; did you mean indent?"}},
		{"an unknown code", "[diagnostics.levels]\nwait-unsued = \"off\"\n", []string{`2:1: unknown diagnostic code "wait-unsued"; did you mean wait-unused?`}},
		{"an unknown level", "[diagnostics.levels]\npipe-form = \"silent\"\n", []string{`2:13: pipe-form: unknown level "silent" (want off, info, warning or error)`}},
		{"syntax lowered", "[diagnostics.levels]\nsyntax = \"warning\"\n", []string{"2:10: syntax errors cannot be turned off or lowered"}},
		{"a level twice", "[diagnostics]\nlevels = { pipe-form = \"off\", pipe-form = \"info\" }\n", []string{"2:31: the level of pipe-form is set twice"}},
		{"a key twice", "[format]\nindent = 2\nindent = 3\n", []string{"3:1: format.indent is set twice"}},
		{"overrides as a table", "[diagnostics.overrides]\npaths = []\n", []string{"1:2: overrides are an array of tables: write [[diagnostics.overrides]]", "2:1: overrides are an array of tables: write [[diagnostics.overrides]]"}},
		{"a pattern outside", "[diagnostics]\nignore = [\"../x\"]\n", []string{`2:11: diagnostics.ignore: "../x": a path pattern must stay inside the file's directory (no leading / or ..)`}},
		{"a wrong type", "[diagnostics]\nfail-on = 1\n[format]\nindent = 40\ntabs = \"yes\"\n", []string{"2:11: diagnostics.fail-on: want a string", "4:10: format.indent: 40 spaces (want 1 to 16)", "5:8: format.tabs: want true or false"}},
		{"an unknown override key", "[[diagnostics.overrides]]\npath = [\"x\"]\n", []string{"2:1: unknown key path in [[diagnostics.overrides]]; did you mean paths?"}},
		{"a bad fail-on", "[diagnostics]\nfail-on = \"hint\"\n", []string{`2:11: diagnostics.fail-on: unknown level "hint" (want error, warning or info)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := Parse("/p/carina-lsp.toml", []byte(tc.src))
			if diff := cmp.Diff(tc.want, errorsOf(errs)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, path string
		want          bool
	}{
		{"legacy", "legacy/main.crn", true},
		{"legacy", "legacy", true},
		{"legacy", "legacy2/main.crn", false},
		{"legacy/**", "legacy/a/b/main.crn", true},
		{"**/gen", "a/b/gen/x.crn", true},
		{"**/gen", "gen/x.crn", true},
		{"*.crn", "main.crn", true},
		{"*.crn", "dir/main.crn", false},
		{"**/*.crn", "dir/main.crn", true},
		{"./env/*/main.crn", "env/prod/main.crn", true},
		{"env/?rod", "env/prod/x.crn", true},
	} {
		g, err := parseGlob(tc.pattern)
		if err != nil {
			t.Fatalf("%s: %v", tc.pattern, err)
		}
		if got := g.match(tc.path); got != tc.want {
			t.Errorf("%q matches %q: %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

// tree writes files under a new directory and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestChain(t *testing.T) {
	dir := tree(t, map[string]string{
		"carina-lsp.toml":           "[diagnostics]\nfail-on = \"warning\"\nignore = [\"gen\"]\n[diagnostics.levels]\npipe-form = \"off\"\nunused-let = \"error\"\n[[diagnostics.overrides]]\npaths = [\"app/legacy/**\"]\nlevels = { unused-let = \"off\" }\n[format]\nindent = 4\n",
		"app/carina-lsp.toml":       "[diagnostics.levels]\npipe-form = \"info\"\n[format]\ntabs = true\n",
		"app/legacy/main.crn":       "",
		"outside/.git/HEAD":         "",
		"outside/repo/x.crn":        "",
		"outside/carina-lsp.toml":   "[format]\nindent = 8\n",
		"app/other/carina-lsp.toml": "[diagnostics]\nignore = []\n",
	})
	l := NewLoader()
	app := l.Chain(filepath.Join(dir, "app", "legacy"), dir)
	if len(app.Files) != 2 || len(app.Errors) != 0 {
		t.Fatalf("files %d, errors %v", len(app.Files), app.Errors)
	}
	main := filepath.Join(dir, "app", "legacy", "main.crn")
	type got struct {
		Level  string
		Source string
	}
	level := func(c *Chain, path string, code finding.Code) got {
		l, s := c.Level(path, code)
		return got{l.String(), strings.ReplaceAll(s.String(), dir, "D")}
	}
	if diff := cmp.Diff([]got{
		{"info", "D/app/carina-lsp.toml:2"},
		{"off", `D/carina-lsp.toml:9 (override for ["app/legacy/**"])`},
		{"", "default"},
	}, []got{level(app, main, "pipe-form"), level(app, main, "unused-let"), level(app, main, "tag-key-case")}); diff != "" {
		t.Errorf("levels (-want +got):\n%s", diff)
	}
	if l, _ := app.Level(filepath.Join(dir, "app", "x.crn"), "unused-let"); l != LevelError {
		t.Errorf("outside the override: %s", l)
	}
	if n, _, _ := app.Indent(); n != 4 {
		t.Errorf("indent from the outer file: %d", n)
	}
	if tabs, src, _ := app.Tabs(); !tabs || !strings.HasSuffix(src.File, filepath.Join("app", "carina-lsp.toml")) {
		t.Errorf("tabs from the inner file: %v %v", tabs, src)
	}
	if ign, _ := app.Ignored(filepath.Join(dir, "gen", "x.crn")); !ign {
		t.Error("gen/x.crn is not ignored")
	}
	// An inner file's ignore replaces the outer one's.
	other := l.Chain(filepath.Join(dir, "app", "other"), dir)
	if ign, src := other.Ignored(filepath.Join(dir, "gen", "x.crn")); ign || !strings.Contains(src.File, "other") {
		t.Errorf("the inner ignore: %v from %v", ign, src)
	}
	// Without a root, the walk stops at the repository root: the file above it does not apply.
	repo := l.Chain(filepath.Join(dir, "outside", "repo"), "")
	if len(repo.Files) != 1 {
		t.Errorf("in a repository: %d files", len(repo.Files))
	}
	// A root that is not above the directory is ignored in favour of the repository root.
	if c := l.Chain(filepath.Join(dir, "outside", "repo"), filepath.Join(dir, "app")); len(c.Files) != 1 {
		t.Errorf("a root elsewhere: %d files", len(c.Files))
	}
	// A change is seen once the loader forgets the file.
	if err := os.WriteFile(filepath.Join(dir, "app", "carina-lsp.toml"), []byte("[diagnostics.levels]\npipe-form = \"error\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if l := level(l.Chain(filepath.Join(dir, "app"), dir), main, "pipe-form"); l.Level != "info" {
		t.Errorf("before Forget: %v", l)
	}
	l.Forget(filepath.Join(dir, "app", "carina-lsp.toml"))
	if l := level(l.Chain(filepath.Join(dir, "app"), dir), main, "pipe-form"); l.Level != "error" {
		t.Errorf("after Forget: %v", l)
	}
}

func TestWithLevel(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
		ok               bool
	}{
		{"a new file", "", "[diagnostics.levels]\npipe-form = \"off\"\n", true},
		{"a table added at the end", "# team settings\n[format]\nindent = 4", "# team settings\n[format]\nindent = 4\n\n[diagnostics.levels]\npipe-form = \"off\"\n", true},
		{"under the table's header", "[diagnostics.levels] # ours\nwait-unused = \"error\"\n[format]\ntabs = true\n", "[diagnostics.levels] # ours\npipe-form = \"off\"\nwait-unused = \"error\"\n[format]\ntabs = true\n", true},
		{"the code's line replaced", "[diagnostics.levels]\npipe-form = \"error\" # loud\n", "[diagnostics.levels]\npipe-form = \"off\"\n", true},
		{"an inline table: the new text would define the table twice", "[diagnostics]\nlevels = { wait-unused = \"error\" }\n", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := WithLevel(tc.text, "pipe-form", LevelOff)
			f, errs := Parse("/p/carina-lsp.toml", []byte(got))
			if ok := len(errs) == 0 && f.TurnsOff("pipe-form"); ok != tc.ok {
				t.Fatalf("reads and turns it off: %v, want %v (%v)\n%s", ok, tc.ok, errorsOf(errs), got)
			}
			if tc.ok && got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
