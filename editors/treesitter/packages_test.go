package treesitter

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pelletier/go-toml/v2"

	"github.com/carina-rs/carina-lsp/editors/internal/tsqueries"
)

// TestEditorQueriesAreGenerated: the Helix and Zed copies of the queries are what go generate
// ./editors writes from editors/tree-sitter-carina/queries.
func TestEditorQueriesAreGenerated(t *testing.T) {
	files, err := tsqueries.Files("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join("..", f.Path))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, f.Data) {
			t.Errorf("%s is not what its query gives: run go generate ./editors", f.Path)
		}
	}
}

// editorQueries returns every query file of the Helix and Zed packages.
func editorQueries(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"../helix/queries/carina", "../zed/languages/carina"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.scm"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// TestEditorQueriesCompile: libtree-sitter compiles every query of the Helix and Zed packages
// against the committed parser.
func TestEditorQueriesCompile(t *testing.T) {
	drv := driver(t)
	files := editorQueries(t)
	if len(files) < 10 {
		t.Fatalf("only %d query files in the Helix and Zed packages", len(files))
	}
	out := run(t, drv, append([]string{"query"}, files...)...)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasSuffix(line, "\tok") {
			t.Error(line)
		}
	}
}

// TestEditorPackages: the Helix entry and the Zed extension name the grammar, the .crn files
// and carina-lsp as the language server, and Zed's grammar is this repository's folder.
func TestEditorPackages(t *testing.T) {
	var helix struct {
		Language []struct {
			Name            string   `toml:"name"`
			FileTypes       []string `toml:"file-types"`
			LanguageServers []string `toml:"language-servers"`
		} `toml:"language"`
		LanguageServer map[string]struct {
			Command string `toml:"command"`
		} `toml:"language-server"`
		Grammar []struct {
			Name   string            `toml:"name"`
			Source map[string]string `toml:"source"`
		} `toml:"grammar"`
	}
	decode(t, "../helix/languages.toml", &helix)
	type entry struct{ Name, FileType, Server, Command, Grammar string }
	var got []entry
	for _, l := range helix.Language {
		for _, s := range l.LanguageServers {
			got = append(got, entry{l.Name, strings.Join(l.FileTypes, ","), s, helix.LanguageServer[s].Command, ""})
		}
	}
	for _, g := range helix.Grammar {
		got = append(got, entry{Grammar: g.Name + " " + filepath.Base(g.Source["path"])})
	}
	want := []entry{{"carina", "crn", "carina-lsp", "carina-lsp", ""}, {Grammar: "carina tree-sitter-carina"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("helix/languages.toml (-want +got):\n%s", diff)
	}

	var zed struct {
		ID       string `toml:"id"`
		Grammars map[string]struct {
			Repository string `toml:"repository"`
			Rev        string `toml:"rev"`
			Path       string `toml:"path"`
		} `toml:"grammars"`
		LanguageServers map[string]struct {
			Name      string   `toml:"name"`
			Languages []string `toml:"languages"`
		} `toml:"language_servers"`
	}
	decode(t, "../zed/extension.toml", &zed)
	var lang struct {
		Name         string   `toml:"name"`
		Grammar      string   `toml:"grammar"`
		PathSuffixes []string `toml:"path_suffixes"`
	}
	decode(t, "../zed/languages/carina/config.toml", &lang)
	g, ok := zed.Grammars[lang.Grammar]
	if !ok {
		t.Fatalf("zed: the language's grammar %q is not in extension.toml", lang.Grammar)
	}
	if g.Path != "editors/tree-sitter-carina" {
		t.Errorf("zed: grammar path %q, want editors/tree-sitter-carina", g.Path)
	}
	if _, err := os.Stat(filepath.Join("..", "..", g.Path, "src", "parser.c")); err != nil {
		t.Errorf("zed: %v", err)
	}
	if !slices.Equal(lang.PathSuffixes, []string{"crn"}) {
		t.Errorf("zed: path_suffixes %v", lang.PathSuffixes)
	}
	ls, ok := zed.LanguageServers["carina-lsp"]
	if !ok || !slices.Contains(ls.Languages, lang.Name) {
		t.Errorf("zed: no carina-lsp server for %q: %+v", lang.Name, zed.LanguageServers)
	}
	src, err := os.ReadFile("../zed/src/lib.rs")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), `worktree.which("carina-lsp")`) {
		t.Error("zed: src/lib.rs does not start carina-lsp")
	}
}

func decode(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := toml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
