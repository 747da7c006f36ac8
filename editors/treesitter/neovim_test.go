package treesitter

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// neovims returns the Neovims on PATH: nvim and nvim-<version> (scripts/install-neovim-next
// installs a newer one beside Debian's 0.7).
func neovims() []string {
	var out []string
	if p, err := exec.LookPath("nvim"); err == nil {
		out = append(out, p)
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		m, _ := filepath.Glob(filepath.Join(dir, "nvim-[0-9]*"))
		out = append(out, m...)
	}
	return out
}

// TestNeovimLoadsParser: every Neovim on PATH loads the committed parser from a runtimepath and,
// through the plugin's treesitter option (editors/nvim), the grammar's queries, and highlights
// the sample's tokens with the expected captures.
func TestNeovimLoadsParser(t *testing.T) {
	nvims := neovims()
	needTool(t, "nvim", len(nvims) > 0)
	_, err := exec.LookPath("gcc")
	needTool(t, "gcc", err == nil)
	needTool(t, "libtree-sitter-dev (tree_sitter/api.h)", haveHeaders())

	dir := t.TempDir()
	src := filepath.Join(grammarDir, "src")
	inputs(t, filepath.Join(src, "parser.c"), filepath.Join(src, "scanner.c"), filepath.Join("..", "nvim", "lua", "carina", "init.lua"),
		filepath.Join("testdata", "nvim_captures.lua"), filepath.Join("testdata", "sample.crn"))
	for _, q := range queryNames {
		inputs(t, queryPath(q))
	}
	if err := os.MkdirAll(filepath.Join(dir, "parser"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("gcc", "-O1", "-shared", "-fPIC", "-o", filepath.Join(dir, "parser", "carina.so"),
		"-I", src, filepath.Join(src, "parser.c"), filepath.Join(src, "scanner.c"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the parser: %v\n%s", err, msg)
	}
	plugin, err := filepath.Abs(filepath.Join("..", "nvim"))
	if err != nil {
		t.Fatal(err)
	}
	sample, err := filepath.Abs(filepath.Join("testdata", "sample.crn"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "nvim_captures.lua"))
	if err != nil {
		t.Fatal(err)
	}
	// The tokens of sample.crn (row:col-row:col, 0-based) and a capture each must get.
	want := map[string]string{
		"0:0-0:30":    "comment",
		"1:0-1:3":     "keyword",  // let
		"1:11-1:30":   "type",     // aws.acm.Certificate
		"2:2-2:13":    "property", // domain_name
		"2:19-2:22":   "function.builtin",
		"6:13-6:17":   "keyword", // wait
		"7:2-7:7":     "keyword", // until (a key that is a keyword: #any-of?)
		"7:24-7:26":   "operator",
		"7:27-7:60":   "constant",        // an enum value (#match?)
		"8:12-8:17":   "number.duration", // 75min
		"11:3-11:7":   "function",
		"11:13-11:19": "type.builtin",
		"12:2-12:6":   "function.builtin",
		"12:7-12:10":  "string",
		"15:13-15:19": "label", // <<-EOT
	}
	for _, nv := range nvims {
		out := filepath.Join(dir, filepath.Base(nv)+".txt")
		lua := "lua _G.carina_ts = {dir=" + luaString(dir) + ", plugin=" + luaString(plugin) + ", file=" + luaString(sample) + ", out=" + luaString(out) + "}"
		cmd := exec.Command(nv, "--headless", "-u", "NONE", "-i", "NONE", "--cmd", lua, "-c", "luafile "+script)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", nv, err, msg)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatalf("%s wrote nothing: %v", nv, err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		if strings.HasPrefix(lines[0], "ERROR") {
			t.Fatalf("%s: %s", nv, lines[0])
		}
		for _, q := range queryNames {
			if !slices.Contains(lines, "query "+q+" ok") {
				t.Errorf("%s: query %s not loaded", nv, q)
			}
		}
		got := map[string][]string{}
		for _, l := range lines {
			if m := captureLine.FindStringSubmatch(l); m != nil {
				got[m[1]] = append(got[m[1]], m[2])
			}
		}
		for at, name := range want {
			if !slices.Contains(got[at], name) {
				t.Errorf("%s: at %s: captures %v, want @%s", nv, at, got[at], name)
			}
		}
	}
}

var captureLine = regexp.MustCompile(`^(\d+:\d+-\d+:\d+) (\S+)$`)

// luaString quotes s for Lua.
func luaString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
