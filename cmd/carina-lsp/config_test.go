package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// projectTree is a repository (it has .git) whose carina-lsp.toml turns pipe-form off, makes
// unused-let an error but for legacy/ (an override turns it off there), fails check on warnings,
// ignores gen/ and indents by four; app/ has a file of its own that makes unused-let a warning, and
// app/legacy/ is under that file, not the override.
func projectTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	fmtTree(t, root, map[string]string{
		".git/HEAD": "ref: refs/heads/main\n",
		"carina-lsp.toml": "[diagnostics]\nfail-on = \"warning\"\nignore = [\"gen\"]\n\n[diagnostics.levels]\npipe-form = \"off\"\nunused-let = \"error\"\n\n" +
			"[[diagnostics.overrides]]\npaths = [\"legacy/**\", \"app/legacy\"]\nlevels = { unused-let = \"off\" }\n\n[format]\nindent = 4\n",
		"app/carina-lsp.toml": "[diagnostics.levels]\nunused-let = \"warning\"\n",
		"main.crn":            "let unused = 1\n",
		"app/main.crn":        "let unused = 1\n",
		"app/legacy/main.crn": "let unused = 1\n",
		"legacy/main.crn":     "let unused = 1\n",
		"gen/main.crn":        "let unused = 1\n",
	})
	return root
}

func TestCheckReadsTheConfigurationFile(t *testing.T) {
	root := projectTree(t)
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
	}{
		// The root file: unused-let an error.
		{[]string{"check", "main.crn"}, 1, "main.crn:1:5: error: unused let binding \"unused\""},
		// app's own file makes it a warning: fail-on = "warning" still fails the run.
		{[]string{"check", "app/main.crn"}, 1, "app/main.crn:1:5: warning: unused let binding"},
		// -severity overrides fail-on.
		{[]string{"check", "-severity", "error", "app/main.crn"}, 0, "app/main.crn:1:5: warning: unused let binding"},
		// The override turns it off under legacy; under app/legacy, app's own file wins over it (a
		// nested file's values win over those of the files above, overrides included).
		{[]string{"check", "legacy"}, 0, ""},
		{[]string{"check", "app/legacy"}, 1, "app/legacy/main.crn:1:5: warning: unused let binding"},
		// gen is ignored, named or walked.
		{[]string{"check", "gen"}, 0, ""},
		// -disable still turns a code off.
		{[]string{"check", "-disable", "unused-let", "main.crn"}, 0, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := runIn(t, root, tc.args, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || tc.stdout == "" && stdout.Len() > 0 {
			t.Errorf("%v: exit %d (want %d), stdout %q (want %q), stderr %q", tc.args, code, tc.code, stdout.String(), tc.stdout, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := runIn(t, root, []string{"check", "."}, &stdout, &stderr); code != 1 || strings.Contains(stdout.String(), "gen/") || strings.Contains(stdout.String(), "\nlegacy/") {
		t.Errorf("check .: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

func TestBrokenConfigurationFile(t *testing.T) {
	root := projectTree(t)
	fmtTree(t, root, map[string]string{"app/carina-lsp.toml": "[diagnostics.levels]\nunused-lett = \"warning\"\nwait-unused = \"loud\"\n"})
	want := []string{
		filepath.Join(root, "app", "carina-lsp.toml") + `:2:1: unknown diagnostic code "unused-lett"; did you mean unused-let?`,
		filepath.Join(root, "app", "carina-lsp.toml") + `:3:15: wait-unused: unknown level "loud" (want off, info, warning or error)`,
	}
	for _, args := range [][]string{{"check", "app"}, {"fmt", "-l", "app"}, {"graph", "app"}, {"config", "app"}} {
		var stdout, stderr bytes.Buffer
		code := runIn(t, root, args, &stdout, &stderr)
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
			_, msg, _ := strings.Cut(l, ": ")
			got = append(got, msg)
		}
		if code != 2 || !cmp.Equal(want, got) {
			t.Errorf("%v: exit %d, want 2; stderr (-want +got):\n%s", args, code, cmp.Diff(want, got))
		}
	}
}

func TestFmtReadsTheConfigurationFile(t *testing.T) {
	root := projectTree(t)
	fmtTree(t, root, map[string]string{"app/x.crn": "let b = aws.s3.Bucket {\nbucket = 'x'\n}\n"})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fmt", "app/x.crn"}, "let b = aws.s3.Bucket {\n    bucket = 'x'\n}\n"},
		{[]string{"fmt", "-indent", "2", "app/x.crn"}, "let b = aws.s3.Bucket {\n  bucket = 'x'\n}\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runIn(t, root, tc.args, &stdout, &stderr); code != 0 || stdout.String() != tc.want {
			t.Errorf("%v: exit %d, %q (want %q) %s", tc.args, code, stdout.String(), tc.want, stderr.String())
		}
	}
}

func TestConfigCommand(t *testing.T) {
	root := projectTree(t)
	var stdout, stderr bytes.Buffer
	if code := runIn(t, root, []string{"config", "legacy/main.crn"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			key, src, _ := strings.Cut(l, "  # ")
			got = append(got, strings.TrimSpace(key)+" | "+strings.ReplaceAll(src, root+string(filepath.Separator), ""))
		}
	}
	want := []string{
		`diagnostics.fail-on = "warning" | carina-lsp.toml:2`,
		`ignored = false | carina-lsp.toml:3`,
		`diagnostics.levels.pipe-form = "off" | carina-lsp.toml:6`,
		`diagnostics.levels.unused-let = "off" | carina-lsp.toml:11 (override for ["legacy/**", "app/legacy"])`,
		`schemas.extra = [] | default`,
		`format.list-to-blocks = true | default`,
		`format.indent = 4 | carina-lsp.toml:14`,
		`format.tabs = false | default`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("config (-want +got):\n%s\n%s", diff, stdout.String())
	}
}

// runIn runs a command line in directory dir.
func runIn(t *testing.T, dir string, args []string, stdout, stderr *bytes.Buffer) int {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	return run(context.Background(), args, strings.NewReader(""), stdout, stderr)
}
