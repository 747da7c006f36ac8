package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/google/go-cmp/cmp"
)

// result is what one run of the command printed and returned.
type result struct {
	Code   int
	Stdout string
	Stderr string
}

// runCmd runs the command line in-process.
func runCmd(t *testing.T, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// writeTree writes files (slash-separated paths relative to root) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// syntaxError is the one syntax error the parser reports for src, which the test expects to
// start at the first occurrence of at.
func syntaxError(t *testing.T, src, at string) grammar.SyntaxError {
	t.Helper()
	errs := grammar.NewParser().Parse(src).Errors
	if len(errs) != 1 {
		t.Fatalf("%d syntax errors in %q, want 1: %v", len(errs), src, errs)
	}
	if want := strings.Index(src, at); int(errs[0].Span.Start) != want {
		t.Fatalf("the syntax error in %q starts at byte %d, want %d (%q)", src, errs[0].Span.Start, want, at)
	}
	return errs[0]
}

// utf16Pos computes the 0-based line and UTF-16 column of a byte offset, independently of the
// source package.
func utf16Pos(src string, off int) (line, col int) {
	before := src[:off]
	line = strings.Count(before, "\n")
	lineText := before[strings.LastIndex(before, "\n")+1:]
	return line, len(utf16.Encode([]rune(lineText)))
}

// Sources used by several tests.
const (
	cleanSrc = "aws.s3.Bucket {\n  bucket = 'logs'\n}\n"
	// The error is the stray "}" after an emoji: byte column 16, rune column 13, UTF-16
	// column 14 (1-based), since 😀 is 4 bytes, 1 rune and 2 UTF-16 units.
	emojiSrc = "let ok = 1\nlet x = '😀' }\n"
	// The error is after "é" (2 bytes, 1 UTF-16 unit) and "€" (3 bytes, 1 unit): byte column
	// 21, UTF-16 column 18 (1-based).
	accentSrc = "let y = 'café €' }\n"
	// A value bound to a name nothing uses: a warning, not an error.
	warnSrc = "let unused = 'logs'\n"
)

func TestExitCodes(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"clean/main.crn":  cleanSrc,
		"broken/main.crn": emojiSrc,
		"empty/README.md": "nothing to check\n",
		"warn/main.crn":   warnSrc,
		"notes.txt":       "not a source\n",
	})
	tests := []struct {
		name      string
		args      []string
		code      int
		stdout    string // exact, unless "*" (anything)
		stderrHas string // substring of stderr; "" means stderr must be empty
	}{
		// No command starts the language server; an input that ends without shutdown and exit is
		// a client that went away: exit code 1, as LSP specifies, and nothing on stdout.
		{"no arguments serves and ends with the input", nil, 1, "", ""},
		{"help", []string{"help"}, 0, usage, ""},
		{"--help", []string{"--help"}, 0, usage, ""},
		{"unknown command", []string{"lint", root}, 2, "", `unknown command "lint"`},
		{"unknown format", []string{"check", "-format", "xml", filepath.Join(root, "clean")}, 2, "", `unknown format "xml"`},
		{"unknown flag", []string{"check", "-bogus", filepath.Join(root, "clean")}, 2, "", "flag provided but not defined: -bogus"},
		{"missing path", []string{"check", filepath.Join(root, "nowhere")}, 2, "", "no such file or directory"},
		{"missing file among good paths", []string{"check", filepath.Join(root, "clean"), filepath.Join(root, "nowhere.crn")}, 2, "", "nowhere.crn"},
		{"not a .crn file", []string{"check", filepath.Join(root, "notes.txt")}, 2, "", "not a .crn file"},
		{"no .crn files", []string{"check", filepath.Join(root, "empty")}, 2, "", "no .crn files found"},
		{"clean directory", []string{"check", filepath.Join(root, "clean")}, 0, "", ""},
		{"clean file", []string{"check", filepath.Join(root, "clean", "main.crn")}, 0, "", ""},
		{"clean, json", []string{"check", "-format", "json", filepath.Join(root, "clean")}, 0, "[]\n", ""},
		{"clean, explicit text", []string{"check", "-format=text", filepath.Join(root, "clean")}, 0, "", ""},
		{"syntax error", []string{"check", filepath.Join(root, "broken")}, 1, "*", ""},
		{"syntax error, json", []string{"check", "-format", "json", filepath.Join(root, "broken", "main.crn")}, 1, "*", ""},
		{"clean and broken", []string{"check", filepath.Join(root, "clean"), filepath.Join(root, "broken")}, 1, "*", ""},
		{"warnings only", []string{"check", filepath.Join(root, "warn")}, 0, "*", ""},
		{"warnings and an error", []string{"check", filepath.Join(root, "warn"), filepath.Join(root, "broken")}, 1, "*", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(t, tt.args...)
			if got.Code != tt.code {
				t.Errorf("exit code = %d, want %d\nstdout: %s\nstderr: %s", got.Code, tt.code, got.Stdout, got.Stderr)
			}
			if tt.stdout != "*" && got.Stdout != tt.stdout {
				t.Errorf("stdout = %q, want %q", got.Stdout, tt.stdout)
			}
			if tt.stdout == "*" && got.Stdout == "" {
				t.Errorf("stdout is empty, want diagnostics")
			}
			switch {
			case tt.stderrHas == "" && got.Stderr != "":
				t.Errorf("stderr = %q, want nothing", got.Stderr)
			case !strings.Contains(got.Stderr, tt.stderrHas):
				t.Errorf("stderr = %q, want it to contain %q", got.Stderr, tt.stderrHas)
			}
		})
	}
}

// A file that cannot be read is an I/O error (exit 2), even when other files have syntax
// errors, and the readable files are still reported.
func TestUnreadableFiles(t *testing.T) {
	t.Run("chmod 000", testChmod000)

	for _, tc := range []struct {
		name string
		make func(t *testing.T, dir, p string)
		msg  string
	}{
		{"dangling symlink", func(t *testing.T, dir, p string) {
			if err := os.Symlink(filepath.Join(dir, "gone"), p); err != nil {
				t.Skipf("cannot make a symlink: %v", err)
			}
		}, "no such file or directory"},
		{"symlink to a directory", func(t *testing.T, dir, p string) {
			if err := os.Mkdir(filepath.Join(dir, "realdir"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, "realdir"), p); err != nil {
				t.Skipf("cannot make a symlink: %v", err)
			}
		}, "is a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"broken.crn": emojiSrc})
			bad := filepath.Join(dir, "bad.crn")
			tc.make(t, dir, bad)
			got := runCmd(t, "check", dir)
			if got.Code != 2 {
				t.Errorf("exit code = %d, want 2", got.Code)
			}
			if !strings.Contains(got.Stderr, "bad.crn") || !strings.Contains(got.Stderr, tc.msg) {
				t.Errorf("stderr = %q, want an error naming bad.crn (%s)", got.Stderr, tc.msg)
			}
			if !strings.Contains(got.Stdout, "broken.crn:2:14:") {
				t.Errorf("stdout = %q, want the readable file's diagnostics", got.Stdout)
			}
		})
	}
}

// The text format is `path:line:col: severity: message [code]`, 1-based, with columns in UTF-16
// code units.
func TestTextFormat(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"emoji.crn": emojiSrc, "accent.crn": accentSrc, "ok.crn": cleanSrc})
	emoji := syntaxError(t, emojiSrc, "}")
	accent := syntaxError(t, accentSrc, "}")
	if l, c := utf16Pos(emojiSrc, int(emoji.Span.Start)); l != 1 || c != 13 {
		t.Fatalf("utf16Pos = %d:%d, want 1:13 (0-based)", l, c)
	}
	want := fmt.Sprintf("%s:1:18: error: %s [syntax]\n%s:2:14: error: %s [syntax]\n",
		filepath.Join(dir, "accent.crn"), accent.Msg,
		filepath.Join(dir, "emoji.crn"), emoji.Msg)
	got := runCmd(t, "check", dir)
	if got.Code != 1 || got.Stderr != "" {
		t.Errorf("code %d, stderr %q; want 1 and nothing", got.Code, got.Stderr)
	}
	if diff := cmp.Diff(want, got.Stdout); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
}

// Warnings use the same format, with their own severity and code.
func TestTextFormatWarning(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"warn.crn": warnSrc})
	got := runCmd(t, "check", dir)
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(filepath.Join(dir, "warn.crn")) + `:1:5: warning: [^\n]*"unused"[^\n]* \[unused-let\]\n$`)
	if got.Code != 0 || got.Stderr != "" || !re.MatchString(got.Stdout) {
		t.Errorf("code %d, stderr %q, stdout %q; want 0 and one line matching %s", got.Code, got.Stderr, got.Stdout, re)
	}
}

// A relative path stays relative in the output; no path means the current directory.
func TestRelativePaths(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"cfg/emoji.crn": emojiSrc})
	t.Chdir(dir)
	msg := syntaxError(t, emojiSrc, "}").Msg
	want := "cfg/emoji.crn:2:14: error: " + msg + " [syntax]\n"
	for _, args := range [][]string{
		{"check", "cfg"},
		{"check", "./cfg/"},
		{"check", "cfg/emoji.crn"},
		{"check", "./cfg/../cfg/emoji.crn"},
	} {
		got := runCmd(t, args...)
		if got.Code != 1 || got.Stdout != filepath.FromSlash(want) {
			t.Errorf("%v: code %d, stdout %q; want 1 and %q", args, got.Code, got.Stdout, want)
		}
	}
	t.Chdir(filepath.Join(dir, "cfg"))
	if got := runCmd(t, "check"); got.Code != 1 || got.Stdout != "emoji.crn:2:14: error: "+msg+" [syntax]\n" {
		t.Errorf("check with no path: code %d, stdout %q", got.Code, got.Stdout)
	}
}

type jsonPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type jsonDiagnostic struct {
	File  string `json:"file"`
	Range struct {
		Start jsonPosition `json:"start"`
		End   jsonPosition `json:"end"`
	} `json:"range"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// The JSON format is an array of {file, range, severity, code, message} with LSP-style 0-based
// positions in UTF-16 code units; a clean run prints [] (not null).
func TestJSONFormat(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"emoji.crn": emojiSrc, "ok.crn": cleanSrc})
	e := syntaxError(t, emojiSrc, "}")
	got := runCmd(t, "check", "-format", "json", dir)
	if got.Code != 1 || got.Stderr != "" {
		t.Errorf("code %d, stderr %q; want 1 and nothing", got.Code, got.Stderr)
	}

	// Exactly these fields, nothing more.
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(got.Stdout), &raw); err != nil {
		t.Fatalf("stdout is not a JSON array: %v\n%s", err, got.Stdout)
	}
	if len(raw) != 1 {
		t.Fatalf("%d diagnostics, want 1: %s", len(raw), got.Stdout)
	}
	if diff := cmp.Diff([]string{"code", "file", "message", "range", "severity"}, keys(raw[0])); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}

	var diags []jsonDiagnostic
	if err := json.Unmarshal([]byte(got.Stdout), &diags); err != nil {
		t.Fatal(err)
	}
	sl, sc := utf16Pos(emojiSrc, int(e.Span.Start))
	el, ec := utf16Pos(emojiSrc, int(e.Span.End))
	var want jsonDiagnostic
	want.File = filepath.Join(dir, "emoji.crn")
	want.Range.Start = jsonPosition{sl, sc}
	want.Range.End = jsonPosition{el, ec}
	want.Severity = "error"
	want.Code = "syntax"
	want.Message = e.Msg
	if diff := cmp.Diff([]jsonDiagnostic{want}, diags); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if want.Range.Start != (jsonPosition{1, 13}) || want.Range.End != (jsonPosition{1, 14}) {
		t.Errorf("range = %+v, want 1:13-1:14 (0-based UTF-16)", want.Range)
	}

	clean := runCmd(t, "check", "-format", "json", filepath.Join(dir, "ok.crn"))
	if clean.Code != 0 || clean.Stdout != "[]\n" {
		t.Errorf("clean: code %d, stdout %q; want 0 and \"[]\\n\"", clean.Code, clean.Stdout)
	}
}

// A file argument is checked as part of its directory's configuration (its siblings are loaded
// with it, so that the names they declare resolve), but only its own diagnostics are reported.
func TestFileArgumentReportsOnlyThatFile(t *testing.T) {
	// b.crn uses vpc, which a.crn declares: alone, it has an undefined binding.
	subnetSrc := "awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n}\n"
	alone := filepath.Join(t.TempDir(), "b.crn")
	writeTree(t, filepath.Dir(alone), map[string]string{"b.crn": subnetSrc})
	if got := runCmd(t, "check", alone); got.Code != 1 || !strings.Contains(got.Stdout, "vpc") {
		t.Errorf("b.crn alone: code %d, stdout %q; want 1 and an error about vpc", got.Code, got.Stdout)
	}

	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		// a.crn declares vpc and has a syntax error in another statement.
		"a.crn": "let vpc = awscc.ec2.Vpc { cidr_block = '10.0.0.0/16' }\nlet x = '😀' }\n",
		// b.crn is clean only because a.crn is part of its configuration.
		"b.crn": subnetSrc,
		"c.crn": "let y = 1 }\n",
	})
	a := filepath.Join(dir, "a.crn")
	b := filepath.Join(dir, "b.crn")
	c := filepath.Join(dir, "c.crn")
	tests := []struct {
		name  string
		args  []string
		code  int
		files []string // the files the output names, in order
	}{
		{"the clean file", []string{b}, 0, nil},
		{"a broken file", []string{a}, 1, []string{a}},
		{"two files", []string{c, b, a}, 1, []string{a, c}},
		{"the directory", []string{dir}, 1, []string{a, c}},
		{"a file and its directory", []string{b, dir}, 1, []string{a, c}},
		{"the same file twice", []string{c, c}, 1, []string{c}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCmd(t, append([]string{"check"}, tt.args...)...)
			if got.Code != tt.code || got.Stderr != "" {
				t.Errorf("code %d, stderr %q; want %d and nothing", got.Code, got.Stderr, tt.code)
			}
			if diff := cmp.Diff(tt.files, outputFiles(got.Stdout)); diff != "" {
				t.Errorf("files reported (-want +got):\n%s\nstdout:\n%s", diff, got.Stdout)
			}
		})
	}
}

// outputFiles returns the file of each text-format line.
func outputFiles(stdout string) []string {
	var out []string
	for line := range strings.Lines(stdout) {
		out = append(out, strings.SplitN(line, ".crn:", 2)[0]+".crn")
	}
	return out
}

// A directory is walked recursively; every directory holding .crn files is one configuration;
// hidden directories and node_modules are skipped unless named on the command line.
func TestDirectoryWalk(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"a.crn":                 "let a = 1 }\n",
		"sub/b.crn":             "let b = 1 }\n",
		"sub/deeper/c.crn":      "let c = 1 }\n",
		"sub/deeper/d.crn":      "let d = c\n",
		"nocrn/readme.md":       "# no sources\n",
		".hidden/h.crn":         "let h = 1 }\n",
		"sub/.git/x.crn":        "let x = 1 }\n",
		"node_modules/n.crn":    "let n = 1 }\n",
		"sub/deeper/notes.crn~": "let backup = 1 }\n",
	})
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

	got := runCmd(t, "check", root)
	if got.Code != 1 || got.Stderr != "" {
		t.Errorf("code %d, stderr %q", got.Code, got.Stderr)
	}
	if diff := cmp.Diff([]string{p("a.crn"), p("sub/b.crn"), p("sub/deeper/c.crn")}, outputFiles(got.Stdout)); diff != "" {
		t.Errorf("files reported (-want +got):\n%s", diff)
	}

	// Each directory is its own configuration.
	targets, err := collectTargets([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, tg := range targets {
		if tg.Only != nil {
			t.Errorf("target %s limited to %v, want the whole directory", tg.Dir, tg.Only)
		}
		dirs = append(dirs, tg.Dir)
	}
	if diff := cmp.Diff([]string{root, p("sub"), p("sub/deeper")}, dirs); diff != "" {
		t.Errorf("configurations (-want +got):\n%s", diff)
	}

	// A symlink inside the tree is not followed (no double reports, no cycles); a symlinked
	// directory named on the command line is walked, under the name given.
	if err := os.Symlink(p("sub"), p("linked")); err != nil {
		t.Skipf("cannot make a symlink: %v", err)
	}
	if again := runCmd(t, "check", root); again.Stdout != got.Stdout || again.Code != 1 {
		t.Errorf("with a symlink in the tree: code %d, stdout %q; want the same report as without", again.Code, again.Stdout)
	}
	got = runCmd(t, "check", p("linked"))
	if diff := cmp.Diff([]string{p("linked/b.crn"), p("linked/deeper/c.crn")}, outputFiles(got.Stdout)); diff != "" || got.Code != 1 || got.Stderr != "" {
		t.Errorf("check linked: code %d, stderr %q (-want +got files):\n%s", got.Code, got.Stderr, diff)
	}

	// A hidden directory named on the command line is checked.
	got = runCmd(t, "check", p(".hidden"))
	if diff := cmp.Diff([]string{p(".hidden/h.crn")}, outputFiles(got.Stdout)); diff != "" || got.Code != 1 {
		t.Errorf("check .hidden: code %d (-want +got files):\n%s", got.Code, diff)
	}
}

// keys returns the sorted keys of m.
func keys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// An interrupted run stops with exit code 2.
func TestCanceled(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.crn": cleanSrc})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"check", dir}, strings.NewReader(""), &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "interrupted") || stdout.Len() != 0 {
		t.Errorf("code %d, stdout %q, stderr %q; want 2, nothing, interrupted", code, stdout.String(), stderr.String())
	}
}

// failingWriter fails every write, like a closed pipe.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// A report that cannot be written is an I/O error.
func TestWriteError(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"broken.crn": emojiSrc})
	for _, format := range []string{"text", "json"} {
		var stderr bytes.Buffer
		code := run(context.Background(), []string{"check", "-format", format, dir}, strings.NewReader(""), failingWriter{}, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "broken pipe") {
			t.Errorf("%s: code %d, stderr %q; want 2 and the write error", format, code, stderr.String())
		}
	}
}
