package fix

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

const bucket = "let logs = aws.s3.Bucket {\n  bucket = 'registry-logs'\n}\n"

// renameCheck is a made-up check offering in every file a safe fix of 'registry-logs' to 'logs',
// except in files named bad.crn, where the fix drops the closing quote.
func renameCheck(_ context.Context, cfg *workspace.Config, _ *schema.Index) []finding.Diagnostic {
	var out []finding.Diagnostic
	for _, f := range cfg.Files {
		i := strings.Index(f.Text(), "'registry-logs'")
		if i < 0 {
			continue
		}
		to := "'logs'"
		if filepath.Base(f.Path) == "bad.crn" {
			to = "'logs"
		}
		sp := grammar.Span{Start: int32(i), End: int32(i + len("'registry-logs'"))}
		out = append(out, finding.Diagnostic{Path: f.Path, Span: sp, Severity: finding.Warning, Code: "made-up", Message: "made up",
			Fixes: []finding.Fix{{Title: "Change to " + to, Edits: []finding.Edit{{Span: sp, NewText: to}}, Safe: true}}})
	}
	return out
}

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

// readTree returns the .crn files under root by slash-separated name.
func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".crn" {
			return err
		}
		data, err := os.ReadFile(p)
		r, _ := filepath.Rel(root, p)
		got[filepath.ToSlash(r)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestTargets fixes a tree with the made-up check: what is written, what is printed, and what
// is left to the check that follows (an ignored configuration, a broken carina-lsp.toml, files
// of a configuration not named).
func TestTargets(t *testing.T) {
	fixed := strings.Replace(bucket, "'registry-logs'", "'logs'", 1)
	files := map[string]string{
		".git/HEAD":           "",
		"carina-lsp.toml":     "[diagnostics]\nignore = [\"gen\"]\n",
		"app/main.crn":        bucket,
		"app/other.crn":       bucket,
		"gen/main.crn":        bucket,
		"bad/carina-lsp.toml": "[format]\nindnet = 4\n",
		"bad/main.crn":        bucket,
		"broken/bad.crn":      bucket,
		"broken/good.crn":     bucket,
		"nothing/main.crn":    "let x = 1\n",
		"only/main.crn":       bucket,
		"only/not-named.crn":  bucket,
	}
	tests := []struct {
		name   string
		paths  []string // under the tree
		diff   bool
		want   map[string]string // the files that change
		stdout string
		stderr string
	}{
		{
			name:   "a configuration",
			paths:  []string{"app"},
			want:   map[string]string{"app/main.crn": fixed, "app/other.crn": fixed},
			stderr: "R/app/main.crn:2:12: fixed: Change to 'logs' [made-up]\nR/app/other.crn:2:12: fixed: Change to 'logs' [made-up]\n",
		},
		{
			name:   "a diff writes nothing",
			paths:  []string{"app"},
			diff:   true,
			stdout: "--- R/app/main.crn\n+++ R/app/main.crn\n@@ -1,3 +1,3 @@\n let logs = aws.s3.Bucket {\n-  bucket = 'registry-logs'\n+  bucket = 'logs'\n }\n--- R/app/other.crn\n+++ R/app/other.crn\n@@ -1,3 +1,3 @@\n let logs = aws.s3.Bucket {\n-  bucket = 'registry-logs'\n+  bucket = 'logs'\n }\n",
		},
		{
			name:  "left to the check",
			paths: []string{"gen", "bad", "nothing", "missing"},
		},
		{
			name:   "a file whose fixes would leave a syntax error",
			paths:  []string{"broken"},
			want:   map[string]string{"broken/good.crn": fixed},
			stderr: "check: R/broken/bad.crn: its fixes would leave a syntax error: not fixed\nR/broken/good.crn:2:12: fixed: Change to 'logs' [made-up]\n",
		},
		{
			name:   "a file named",
			paths:  []string{"only/main.crn"},
			want:   map[string]string{"only/main.crn": fixed},
			stderr: "R/only/main.crn:2:12: fixed: Change to 'logs' [made-up]\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, files)
			var paths []string
			for _, p := range tt.paths {
				paths = append(paths, filepath.Join(root, filepath.FromSlash(p)))
			}
			var targets []session.Target
			if err := session.Targets(context.Background(), paths, func(t session.Target) { targets = append(targets, t) }); err != nil && !strings.Contains(err.Error(), "missing") {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			opts := TargetOptions{Diff: tt.diff, Check: renameCheck, Stdout: &stdout, Stderr: &stderr, Prefix: "check: ",
				OnPanic: func(p contain.Panic) { t.Errorf("panic: %v", p) }}
			if !Targets(context.Background(), session.New(session.Options{Batch: true}), targets, opts) {
				t.Errorf("Targets failed: %s", stderr.String())
			}
			want := map[string]string{}
			for name, text := range files {
				if strings.HasSuffix(name, ".crn") {
					want[name] = text
				}
			}
			for name, text := range tt.want {
				want[name] = text
			}
			if diff := cmp.Diff(want, readTree(t, root)); diff != "" {
				t.Errorf("the files after Targets (-want +got):\n%s", diff)
			}
			r := filepath.ToSlash(root)
			if diff := cmp.Diff(tt.stdout, strings.ReplaceAll(filepath.ToSlash(stdout.String()), r, "R")); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.stderr, strings.ReplaceAll(filepath.ToSlash(stderr.String()), r, "R")); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}
