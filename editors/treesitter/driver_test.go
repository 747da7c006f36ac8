package treesitter

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// grammarDir is the tree-sitter grammar's folder, from this package's.
const grammarDir = "../tree-sitter-carina"

// needTool skips the test when the C toolchain or libtree-sitter is missing, saying so, except
// under CI=true, where .ci/run installs them and the test must run.
func needTool(t testing.TB, what string, ok bool) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is required under CI=true", what)
	}
	t.Skipf("%s is missing: apt-get install gcc libtree-sitter-dev", what)
}

// haveHeaders reports whether gcc finds libtree-sitter's header.
func haveHeaders() bool {
	cmd := exec.Command("gcc", "-E", "-x", "c", "-")
	cmd.Stdin = strings.NewReader("#include <tree_sitter/api.h>\n")
	return cmd.Run() == nil
}

// driver builds testdata/driver.c with the committed parser and returns its path.
func driver(t testing.TB) string {
	t.Helper()
	_, err := exec.LookPath("gcc")
	needTool(t, "gcc", err == nil)
	needTool(t, "libtree-sitter-dev (tree_sitter/api.h)", haveHeaders())
	src := filepath.Join(grammarDir, "src")
	inputs(t, filepath.Join("testdata", "driver.c"), filepath.Join(src, "parser.c"), filepath.Join(src, "scanner.c"), filepath.Join(src, "tree_sitter", "parser.h"))
	out := filepath.Join(t.TempDir(), "driver")
	cmd := exec.Command("gcc", "-O2", "-o", out, "-I", src, filepath.Join("testdata", "driver.c"),
		filepath.Join(src, "parser.c"), filepath.Join(src, "scanner.c"), "-ltree-sitter")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the driver: %v\n%s", err, msg)
	}
	return out
}

// inputs opens the files that gcc, the driver or Neovim read, so that go test's cache sees them
// (it tracks the files a test opens, not those its commands do).
func inputs(t testing.TB, paths ...string) {
	t.Helper()
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

// run runs the driver with args and returns its standard output.
func run(t testing.TB, drv string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(drv, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("driver %s: %v\n%s", args[0], err, stderr.String())
	}
	return stdout.String()
}

// span is a byte range [start, end).
type span struct{ Start, End int }

// parsed is what the driver's parse command says of one file.
type parsed struct {
	Errors []string // "ERROR@start-end", "MISSING@start-end"
	Stmts  []span   // the top-level statements
}

// parseFiles parses the files with the committed parser.
func parseFiles(t *testing.T, drv string, files []string) map[string]parsed {
	t.Helper()
	out := map[string]parsed{}
	for len(files) > 0 {
		n := min(len(files), 200) // keep the command line short
		for _, line := range strings.Split(strings.TrimSuffix(run(t, drv, append([]string{"parse"}, files[:n]...)...), "\n"), "\n") {
			f := strings.Split(line, "\t")
			if len(f) != 3 {
				t.Fatalf("driver parse: bad line %q", line)
			}
			var p parsed
			if f[1] != "-" {
				p.Errors = strings.Split(f[1], ",")
			}
			if f[2] != "-" {
				for _, r := range strings.Split(f[2], ",") {
					p.Stmts = append(p.Stmts, parseSpan(t, r))
				}
			}
			out[f[0]] = p
		}
		files = files[n:]
	}
	return out
}

func parseSpan(t *testing.T, s string) span {
	t.Helper()
	a, b, ok := strings.Cut(s, "-")
	start, err1 := strconv.Atoi(a)
	end, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("bad span %q", s)
	}
	return span{start, end}
}
