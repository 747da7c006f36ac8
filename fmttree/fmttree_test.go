package fmttree

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	ugly = "let x=\"a\"\nlet y = 1\n"
	nice = "let x = 'a'\n\nlet y = 1\n"
)

// writeTree writes files (slash-separated names under root).
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

// TestRun runs over a tree whose carina-lsp.toml ignores gen/ and indents by four, with an inner
// file that indents with tabs under tabs/, and a broken one under bad/: what is printed, what
// the run found, and which options win.
func TestRun(t *testing.T) {
	root := t.TempDir()
	const block = "aws.s3.Bucket {\nname = 'n'\n}\n"
	writeTree(t, root, map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		"carina-lsp.toml":      "[diagnostics]\nignore = [\"gen\"]\n\n[format]\nindent = 4\n",
		"tabs/carina-lsp.toml": "[format]\ntabs = true\n",
		"bad/carina-lsp.toml":  "[format]\nindnet = 4\n",
		"a.crn":                block,
		"nice.crn":             "let x = 'a'\n",
		"gen/g.crn":            ugly,
		"tabs/t.crn":           block,
		"bad/b.crn":            block,
		"syntax/s.crn":         "let x =\n",
	})
	p := func(name string) string { return filepath.Join(root, filepath.FromSlash(name)) }
	_, notThere := os.Stat(p("nope.crn"))
	type outcome struct {
		Result         Result
		Stdout, Stderr string
	}
	tests := []struct {
		name  string
		paths []string
		opts  Options
		stdin string
		want  outcome
	}{
		{
			name:  "the file's carina-lsp.toml",
			paths: []string{p("a.crn"), p("tabs/t.crn")},
			want:  outcome{Result{Differed: true}, "aws.s3.Bucket {\n    name = 'n'\n}\n" + "aws.s3.Bucket {\n\tname = 'n'\n}\n", ""},
		},
		{
			name:  "the options given win",
			paths: []string{p("a.crn"), p("tabs/t.crn")},
			opts:  Options{Indent: 3, IndentSet: true, TabsSet: true},
			want:  outcome{Result{Differed: true}, "aws.s3.Bucket {\n   name = 'n'\n}\n" + "aws.s3.Bucket {\n   name = 'n'\n}\n", ""},
		},
		{
			name:  "a walk lists what differs, skipping what is ignored",
			paths: []string{p("tabs"), root},
			opts:  Options{List: true},
			want: outcome{Result{Failed: true, Differed: true}, p("tabs/t.crn") + "\n" + p("a.crn") + "\n" + p("tabs/t.crn") + "\n",
				"fmt: " + p("bad/carina-lsp.toml") + ":2:1: unknown key format.indnet; did you mean indent?\n" +
					p("syntax/s.crn") + ":1:7: expected a value after \"let x =\"\n"},
		},
		{
			name:  "an ignored file named is formatted",
			paths: []string{p("gen/g.crn")},
			opts:  Options{Check: true},
			want:  outcome{Result{Differed: true}, p("gen/g.crn") + "\n", ""},
		},
		{
			name:  "a diff",
			paths: []string{p("gen/g.crn"), p("nice.crn")},
			opts:  Options{Diff: true},
			want: outcome{Result{Differed: true}, "--- " + filepath.ToSlash(p("gen/g.crn")) + "\n+++ " + filepath.ToSlash(p("gen/g.crn")) +
				"\n@@ -1,2 +1,3 @@\n-let x=\"a\"\n+let x = 'a'\n+\n let y = 1\n", ""},
		},
		{
			name:  "standard input",
			paths: []string{"-"},
			opts:  Options{List: true},
			stdin: ugly,
			want:  outcome{Result{Differed: true}, "<standard input>\n", ""},
		},
		{
			name:  "standard input is not written",
			paths: []string{"-", p("nice.crn")},
			opts:  Options{Write: true},
			want:  outcome{Result{Failed: true}, "", "fmt: cannot use -w with standard input\n"},
		},
		{
			name:  "a path that is not there",
			paths: []string{p("nope.crn")},
			want:  outcome{Result{Failed: true}, "", "fmt: " + notThere.Error() + "\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			o := tt.opts
			if o.Indent == 0 {
				o.Indent = 2
			}
			o.Stdin, o.Stdout, o.Stderr, o.Prefix = strings.NewReader(tt.stdin), &stdout, &stderr, "fmt: "
			res := Run(context.Background(), tt.paths, o)
			if diff := cmp.Diff(tt.want, outcome{res, stdout.String(), stderr.String()}); diff != "" {
				t.Errorf("Run (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunWrite replaces the files that differ and leaves the others alone; a canceled run
// formats nothing.
func TestRunWrite(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.crn": ugly, "b.crn": nice})
	a, b := filepath.Join(root, "a.crn"), filepath.Join(root, "b.crn")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	opts := Options{Write: true, Indent: 2, Stdout: &out, Stderr: &out}
	if res := Run(ctx, []string{root}, opts); res != (Result{}) || out.Len() > 0 {
		t.Errorf("canceled: %+v %q", res, out.String())
	}
	before, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	if res := Run(context.Background(), []string{root}, opts); res != (Result{Differed: true}) || out.Len() > 0 {
		t.Errorf("Run -w: %+v %q", res, out.String())
	}
	after, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range []string{a, b} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got[filepath.Base(p)] = string(data)
	}
	if diff := cmp.Diff(map[string]string{"a.crn": nice, "b.crn": nice}, got); diff != "" {
		t.Errorf("the files after -w (-want +got):\n%s", diff)
	}
	if !os.SameFile(before, after) {
		t.Error("a file already formatted was rewritten")
	}
}

// TestSchemasLazy checks that a run builds a directory's configuration, to choose its schemas,
// only when the rewrite first asks about a list, and that the index it then uses is the chosen
// version's.
func TestSchemasLazy(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"app/provider.crn": "provider aws {\n  version = '~0.5.0'\n}\n",
		"app/plain.crn":    "let x = 1\n",
		"app/lists.crn":    "aws.sqs.Queue {\n  policy = { statement = [{ effect = allow }] }\n}\n",
	})
	var stdout, stderr bytes.Buffer
	r := newRun(Options{Blocks: true, Indent: 2, Stdout: &stdout, Stderr: &stderr})
	ctx := context.Background()
	dir := filepath.Join(root, "app")
	r.file(ctx, filepath.Join(dir, "plain.crn"))
	r.file(ctx, filepath.Join(dir, "provider.crn"))
	if r.byDir[dir].idx != nil {
		t.Error("formatting files without lists loaded schemas")
	}
	r.file(ctx, filepath.Join(dir, "lists.crn"))
	if r.res.Failed {
		t.Fatalf("the run failed: %s", stderr.String())
	}
	if c, ok := r.byDir[dir].idx.Choice("aws"); !ok || c.Version != "0.5.0" {
		t.Errorf("the rewrite's schemas: aws %q (%v), want 0.5.0", c.Version, ok)
	}
}
