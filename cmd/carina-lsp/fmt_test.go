package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fmtResult is what one run of `carina-lsp fmt` printed and returned.
type fmtResult struct {
	Code           int
	Stdout, Stderr string
}

// fmtCmd runs `carina-lsp fmt args...` in-process with the given standard input.
func fmtCmd(t *testing.T, stdin string, args ...string) fmtResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"fmt"}, args...), strings.NewReader(stdin), &stdout, &stderr)
	return fmtResult{code, stdout.String(), stderr.String()}
}

// fmtTree writes files (slash-separated names under root) with the given permissions.
func fmtTree(t *testing.T, root string, files map[string]string) {
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

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

const (
	fmtUgly = "let x=\"a\"\nlet y = 1\n"
	fmtNice = "let x = 'a'\n\nlet y = 1\n"
)

func TestFmtStdin(t *testing.T) {
	for _, args := range [][]string{nil, {"-"}} {
		got := fmtCmd(t, fmtUgly, args...)
		if diff := cmp.Diff(fmtResult{0, fmtNice, ""}, got); diff != "" {
			t.Errorf("fmt %v (-want +got):\n%s", args, diff)
		}
	}
	got := fmtCmd(t, fmtUgly, "-l")
	if diff := cmp.Diff(fmtResult{0, "<standard input>\n", ""}, got); diff != "" {
		t.Errorf("fmt -l (-want +got):\n%s", diff)
	}
	got = fmtCmd(t, fmtNice, "-check")
	if diff := cmp.Diff(fmtResult{0, "", ""}, got); diff != "" {
		t.Errorf("fmt -check on formatted input (-want +got):\n%s", diff)
	}
	got = fmtCmd(t, fmtUgly, "-w")
	if got.Code != 2 || !strings.Contains(got.Stderr, "cannot use -w with standard input") {
		t.Errorf("fmt -w on stdin = %+v, want exit 2 and a message", got)
	}
}

func TestFmtFlags(t *testing.T) {
	dir := t.TempDir()
	fmtTree(t, dir, map[string]string{"ugly.crn": fmtUgly, "nice.crn": fmtNice})
	ugly, nice := filepath.Join(dir, "ugly.crn"), filepath.Join(dir, "nice.crn")
	tests := []struct {
		name string
		args []string
		want fmtResult
	}{
		{"print", []string{ugly, nice}, fmtResult{0, fmtNice + fmtNice, ""}},
		{"list", []string{"-l", ugly, nice}, fmtResult{0, ugly + "\n", ""}},
		{"check with a difference", []string{"-check", ugly, nice}, fmtResult{1, ugly + "\n", ""}},
		{"check clean", []string{"-check", nice}, fmtResult{0, "", ""}},
		{"bad flag", []string{"-x"}, fmtResult{Code: 2}},
		{"bad indent", []string{"-indent", "0", nice}, fmtResult{2, "", "carina-lsp fmt: -indent must be at least 1, got 0\n"}},
		{"missing path", []string{filepath.Join(dir, "nope.crn")}, fmtResult{Code: 2}},
		{"help", []string{"-h"}, fmtResult{Code: 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fmtCmd(t, "", tt.args...)
			switch tt.name {
			case "bad flag", "missing path", "help":
				if got.Code != tt.want.Code || got.Stderr == "" {
					t.Errorf("got %+v, want exit %d and a message", got, tt.want.Code)
				}
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if readFile(t, ugly) != fmtUgly {
		t.Error("a run without -w changed a file")
	}
}

func TestFmtIndentOptions(t *testing.T) {
	src := "aws.s3.Bucket {\nname = 'n'\n}\n"
	tests := []struct {
		args []string
		want string
	}{
		{nil, "aws.s3.Bucket {\n  name = 'n'\n}\n"},
		{[]string{"-indent", "4"}, "aws.s3.Bucket {\n    name = 'n'\n}\n"},
		{[]string{"-tabs"}, "aws.s3.Bucket {\n\tname = 'n'\n}\n"},
	}
	for _, tt := range tests {
		got := fmtCmd(t, src, tt.args...)
		if diff := cmp.Diff(fmtResult{0, tt.want, ""}, got); diff != "" {
			t.Errorf("fmt %v (-want +got):\n%s", tt.args, diff)
		}
	}
}

func TestFmtWrite(t *testing.T) {
	dir := t.TempDir()
	fmtTree(t, dir, map[string]string{"ugly.crn": fmtUgly, "nice.crn": fmtNice})
	ugly, nice := filepath.Join(dir, "ugly.crn"), filepath.Join(dir, "nice.crn")
	if err := os.Chmod(ugly, 0o600); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(nice)
	if err != nil {
		t.Fatal(err)
	}
	got := fmtCmd(t, "", "-w", dir)
	if diff := cmp.Diff(fmtResult{0, "", ""}, got); diff != "" {
		t.Fatalf("fmt -w (-want +got):\n%s", diff)
	}
	if s := readFile(t, ugly); s != fmtNice {
		t.Errorf("the file was not formatted: %q", s)
	}
	info, err := os.Stat(ugly)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("permissions %v after -w, want 0600", info.Mode().Perm())
	}
	after, err := os.Stat(nice)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Error("a file already formatted was rewritten")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	// -l -w lists and writes; a second run finds nothing to do.
	fmtTree(t, dir, map[string]string{"ugly.crn": fmtUgly})
	if got := fmtCmd(t, "", "-l", "-w", dir); got.Code != 0 || got.Stdout != ugly+"\n" {
		t.Errorf("fmt -l -w = %+v", got)
	}
	if got := fmtCmd(t, "", "-check", dir); got.Code != 0 || got.Stdout != "" {
		t.Errorf("fmt -check after -w = %+v", got)
	}
}

func TestFmtWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	fmtTree(t, dir, map[string]string{"real.crn": fmtUgly})
	link := filepath.Join(dir, "link.crn")
	if err := os.Symlink("real.crn", link); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	if got := fmtCmd(t, "", "-w", link); got.Code != 0 {
		t.Fatalf("fmt -w link = %+v", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v %v", fi, err)
	}
	if s := readFile(t, filepath.Join(dir, "real.crn")); s != fmtNice {
		t.Errorf("the link's target was not formatted: %q", s)
	}
}

func TestFmtDirectoryWalk(t *testing.T) {
	dir := t.TempDir()
	fmtTree(t, dir, map[string]string{
		"a.crn":              fmtUgly,
		"sub/b.crn":          fmtUgly,
		"sub/deeper/c.crn":   fmtNice,
		".hidden/d.crn":      fmtUgly,
		"sub/.git/e.crn":     fmtUgly,
		"notes.txt":          fmtUgly,
		"sub/f.crn.bak":      fmtUgly,
		"node_modules/g.crn": fmtUgly, // skipped as check skips it (session.Skip)
	})
	got := fmtCmd(t, "", "-l", dir)
	want := strings.Join([]string{
		filepath.Join(dir, "a.crn"),
		filepath.Join(dir, "sub/b.crn"),
	}, "\n") + "\n"
	if diff := cmp.Diff(fmtResult{0, want, ""}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A hidden directory named on the command line is walked.
	got = fmtCmd(t, "", "-l", filepath.Join(dir, ".hidden"))
	if got.Stdout != filepath.Join(dir, ".hidden/d.crn")+"\n" {
		t.Errorf("fmt -l .hidden = %+v", got)
	}
}

func TestFmtSyntaxErrors(t *testing.T) {
	dir := t.TempDir()
	const brokenSrc = "let x = 1\naws.s3.Bucket {\n  name \"n\"\n}\nlet é = 'ü' let y =\n"
	fmtTree(t, dir, map[string]string{"a_broken.crn": brokenSrc, "b_ugly.crn": fmtUgly})
	broken, ugly := filepath.Join(dir, "a_broken.crn"), filepath.Join(dir, "b_ugly.crn")
	got := fmtCmd(t, "", "-w", dir)
	wantErr := broken + ":3:3: expected \"=\" after attribute name \"name\"\n"
	if got.Code != 2 || !strings.HasPrefix(got.Stderr, wantErr) {
		t.Errorf("fmt -w = %+v, want exit 2 and stderr starting %q", got, wantErr)
	}
	for _, line := range strings.Split(strings.TrimSpace(got.Stderr), "\n") {
		if !strings.HasPrefix(line, broken+":") {
			t.Errorf("stderr line %q is not path:line:col: message", line)
		}
	}
	if readFile(t, ugly) != fmtNice {
		t.Error("the file after the broken one was not formatted")
	}
	if readFile(t, broken) != brokenSrc {
		t.Error("the broken file was rewritten")
	}
	// Syntax errors win over -check's exit 1.
	fmtTree(t, dir, map[string]string{"b_ugly.crn": fmtUgly})
	if got := fmtCmd(t, "", "-check", dir); got.Code != 2 || got.Stdout != ugly+"\n" {
		t.Errorf("fmt -check = %+v, want exit 2 and the differing file listed", got)
	}
	// Columns count UTF-16 code units, lines and columns from 1.
	got = fmtCmd(t, "let é = 'ü' let y =\n")
	if want := "<standard input>:1:19: expected a value after \"let y =\"\n"; got.Code != 2 || !strings.Contains(got.Stderr, want) {
		t.Errorf("stdin with errors = %+v, want %q", got, want)
	}
}

func TestFmtDiff(t *testing.T) {
	dir := t.TempDir()
	fmtTree(t, dir, map[string]string{"a.crn": fmtUgly, "b.crn": fmtNice})
	a := filepath.Join(dir, "a.crn")
	got := fmtCmd(t, "", "-d", dir)
	want := "--- " + a + "\n+++ " + a + "\n@@ -1,2 +1,3 @@\n-let x=\"a\"\n+let x = 'a'\n+\n let y = 1\n"
	if diff := cmp.Diff(fmtResult{0, want, ""}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if readFile(t, a) != fmtUgly {
		t.Error("-d changed the file")
	}
}

// TestFmtDiffAppliesWithPatch applies the output of -d with the patch program, both as
// `patch -p0` from the directory the paths were given from and as plain `patch` from the
// file's directory. Without patch the test is skipped, except under CI=true.
func TestFmtDiffAppliesWithPatch(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the patch program is required under CI=true: %v", err)
		}
		t.Skipf("skipping: no patch program: %v", err)
	}
	src := "# header\nprovider aws {\n    region = \"us-east-1\"\n}\nlet x=1\n\n\n\nlet y = [\n\"a\",\n\"b\"]\naws.s3.Bucket {\nname=\"n\" # c\ntags = {a=1}\n}\nlet last = 1"
	for _, mode := range []string{"-p0", "plain"} {
		t.Run(mode, func(t *testing.T) {
			root := t.TempDir()
			fmtTree(t, root, map[string]string{"conf/main.crn": src})
			want := fmtCmd(t, src).Stdout
			t.Chdir(root)
			d := fmtCmd(t, "", "-d", "conf")
			if d.Code != 0 || d.Stdout == "" {
				t.Fatalf("fmt -d = %+v", d)
			}
			cmd := exec.Command(patch, "-p0")
			if mode == "plain" {
				cmd = exec.Command(patch)
				cmd.Dir = filepath.Join(root, "conf")
			}
			cmd.Stdin = strings.NewReader(d.Stdout)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("patch failed: %v\n%s\ndiff:\n%s", err, out, d.Stdout)
			}
			if diff := cmp.Diff(want, readFile(t, filepath.Join(root, "conf", "main.crn"))); diff != "" {
				t.Errorf("patched file differs from fmt's output (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFmtUsageMentioned(t *testing.T) {
	var stdout bytes.Buffer
	run(context.Background(), []string{"help"}, strings.NewReader(""), &stdout, &bytes.Buffer{})
	if !strings.Contains(stdout.String(), "fmt ") {
		t.Errorf("the usage text does not list fmt:\n%s", stdout.String())
	}
}

// TestFmtListToBlocks: by default fmt rewrites a list of maps given to a list-of-struct attribute
// with a block name as repeated blocks, with the embedded schemas and those of the file's
// .carina/schemas; -list-to-blocks=false keeps the list; a broken schema file is an error.
func TestFmtListToBlocks(t *testing.T) {
	const ipam = "awscc.ec2.Ipam {\n  operating_regions = [{ region_name = 'ap-northeast-1' }]\n}\n"
	const blocks = "awscc.ec2.Ipam {\n  operating_region {\n    region_name = 'ap-northeast-1'\n  }\n}\n"
	const lists = "awscc.ec2.Ipam {\n  operating_regions = [{\n    region_name = 'ap-northeast-1'\n  }]\n}\n"
	if diff := cmp.Diff(fmtResult{0, blocks, ""}, fmtCmd(t, ipam)); diff != "" {
		t.Errorf("fmt (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(fmtResult{0, lists, ""}, fmtCmd(t, ipam, "-list-to-blocks=false")); diff != "" {
		t.Errorf("fmt -list-to-blocks=false (-want +got):\n%s", diff)
	}

	root := t.TempDir()
	const demo = `{"format": "carina-schema-index", "format_version": 1, "provider": "demo",
  "resources": {"demo.svc.Thing": {"attributes": {"items": {"block_name": "item",
    "type": {"kind": "list", "element": {"kind": "struct", "name": "Item",
      "fields": {"name": {"type": {"kind": "string"}}}}}}}}}}`
	fmtTree(t, root, map[string]string{
		"app/.carina/schemas/demo.json": demo,
		"app/main.crn":                  "demo.svc.Thing {\n  items = [{ name = 'a' }, { name = 'b' }]\n}\n",
		"other/main.crn":                "demo.svc.Thing {\n  items = [{ name = 'a' }]\n}\n",
		"broken/.carina/schemas/x.json": `{"format": "carina-schema-index", "format_version": 7}`,
		"broken/main.crn":               ipam,
	})
	got := fmtCmd(t, "", filepath.Join(root, "app", "main.crn"), filepath.Join(root, "other", "main.crn"))
	want := "demo.svc.Thing {\n  item {\n    name = 'a'\n  }\n  item {\n    name = 'b'\n  }\n}\n" +
		"demo.svc.Thing {\n  items = [{\n    name = 'a'\n  }]\n}\n" // no schema for demo there
	if diff := cmp.Diff(fmtResult{0, want, ""}, got); diff != "" {
		t.Errorf("fmt with workspace schemas (-want +got):\n%s", diff)
	}
	got = fmtCmd(t, "", filepath.Join(root, "broken", "main.crn"))
	if got.Code != 2 || !strings.Contains(got.Stderr, "format_version 7") || got.Stdout != "" {
		t.Errorf("fmt with a broken schema file = %+v, want exit 2 naming the problem", got)
	}
}

// TestFmtListToBlocksVersionChoice checks that the list-to-block rewrite reads the schemas of the
// provider version the file's configuration chooses, as check does: aws.sqs.Queue's
// policy.statement is written as blocks in the newest aws schemas, and aws 0.5.0 has no
// aws.sqs.Queue, so a configuration pinned to ~0.5.0 (by its provider block or by
// carina-providers.lock, or a module whose caller pins it) keeps the list. Standard input has no
// configuration: it is formatted with the newest schemas.
func TestFmtListToBlocksVersionChoice(t *testing.T) {
	const pin = "provider aws {\n  region  = aws.Region.ap_northeast_1\n  version = '~0.5.0'\n}\n\n"
	const list = "let queue = aws.sqs.Queue {\n  queue_name = 'jobs'\n\n  policy = {\n    statement = [{\n      effect = allow\n      action = ['sqs:SendMessage']\n    }]\n  }\n}\n"
	const blocks = "let queue = aws.sqs.Queue {\n  queue_name = 'jobs'\n\n  policy = {\n    statement {\n      effect = allow\n      action = ['sqs:SendMessage']\n    }\n  }\n}\n"
	const module = "arguments {\n  name: String\n}\n\n"
	root := t.TempDir()
	fmtTree(t, root, map[string]string{
		"pinned/main.crn":              pin + list,
		"newest/main.crn":              list,
		"locked/main.crn":              list,
		"locked/carina-providers.lock": "[[provider]]\nname = \"aws\"\nmode = \"version\"\nversion = \"0.5.0\"\n",
		"caller/main.crn":              pin + "let q = use { source = './modules/q' }\n",
		"caller/modules/q/main.crn":    module + list,
	})
	for _, tc := range []struct{ file, want string }{
		{"pinned/main.crn", pin + list},
		{"locked/main.crn", list},
		{"caller/modules/q/main.crn", module + list},
		{"newest/main.crn", blocks},
	} {
		got := fmtCmd(t, "", filepath.Join(root, filepath.FromSlash(tc.file)))
		if diff := cmp.Diff(fmtResult{0, tc.want, ""}, got); diff != "" {
			t.Errorf("fmt %s (-want +got):\n%s", tc.file, diff)
		}
	}
	if diff := cmp.Diff(fmtResult{0, pin + blocks, ""}, fmtCmd(t, pin+list)); diff != "" {
		t.Errorf("fmt of standard input (-want +got):\n%s", diff)
	}
}
