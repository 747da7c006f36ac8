package checktree

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// copyCorpus copies the .crn files of the corpus under root and returns root.
func copyCorpus(t *testing.T, root string) string {
	t.Helper()
	src := corpus.Shared(t, "corpus")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".crn") {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// collectTargets is session.Targets gathered.
func collectTargets(paths []string) ([]session.Target, error) {
	var out []session.Target
	err := session.Targets(context.Background(), paths, func(t session.Target) { out = append(out, t) })
	return out, err
}

// TestForgetsConfigurations checks the corpus with two workers and then looks at what the
// workspace still holds: only configurations that another one imports (a module checked before
// its users is built again for them), not the tree.
func TestForgetsConfigurations(t *testing.T) {
	root := copyCorpus(t, t.TempDir())
	targets, err := collectTargets([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	c := &Checker{Session: session.New(session.Options{Batch: true}), Threshold: finding.Error}
	reported := 0
	c.Run(context.Background(), session.Slice(targets), 2, func(Outcome) { reported++ })
	if reported != len(targets) {
		t.Fatalf("%d of %d configurations reported", reported, len(targets))
	}
	// The directories some configuration imports.
	imported := map[string]bool{}
	all := workspace.New(workspace.OSFS{})
	for _, tg := range targets {
		cfg, err := all.Config(context.Background(), tg.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, imps := range []map[string]*workspace.Import{cfg.Modules, cfg.Upstreams} {
			for _, imp := range imps {
				imported[imp.Dir] = true
			}
		}
	}
	st := c.Session.Workspace().Stats()
	t.Logf("%d configurations checked, %d directories imported; the workspace holds %d configurations and %d files", len(targets), len(imported), st.Configs, st.Files)
	if st.Configs > len(imported) {
		t.Errorf("the workspace holds %d configurations after the run; at most the %d imported ones may stay", st.Configs, len(imported))
	}
	if all := all.Stats(); st.Files >= all.Files/2 {
		t.Errorf("the workspace holds %d parsed files after the run, of %d in the tree", st.Files, all.Files)
	}
}

// TestMemoChangesNothing checks a configuration that repeats the corpus (so that most
// statements have a verbatim twin whose names resolve alike, which the memo analyses once) and the
// corpus itself, with and without the memo: the findings are the same.
func TestMemoChangesNothing(t *testing.T) {
	root := copyCorpus(t, t.TempDir())
	src, _ := corpus.Concat(t, 20000)
	repeated := filepath.Join(root, "repeated")
	if err := os.MkdirAll(repeated, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repeated, "main.crn"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	targets, err := collectTargets([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	findings := func(memo bool) []report.Located {
		c := &Checker{Session: session.New(session.Options{Batch: true}), Memo: memo, Threshold: finding.Error}
		var out []report.Located
		c.Run(context.Background(), session.Slice(targets), 2, func(r Outcome) { out = append(out, r.Findings...) })
		return out
	}
	with, without := findings(true), findings(false)
	if len(without) < 1000 {
		t.Fatalf("only %d findings: the test needs many", len(without))
	}
	if diff := cmp.Diff(without, with); diff != "" {
		t.Errorf("findings with the memo differ from those without (-without +with):\n%s", diff)
	}
}

// TestCheck checks targets of a tree one by one: what each outcome holds, with the directories
// and files under the tree written from R.
func TestCheck(t *testing.T) {
	root := t.TempDir()
	const join = "let s = join('-', ['a', 'b'])\n" // two warnings: unused-let, pipe-form
	const join2 = "let t = join('-', ['c'])\n"
	for name, text := range map[string]string{
		".git/HEAD":              "",
		"carina-lsp.toml":        "[diagnostics]\nignore = [\"gen\"]\n",
		"warn/main.crn":          join,
		"warn/other.crn":         join2,
		"failon/carina-lsp.toml": "[diagnostics]\nfail-on = \"warning\"\n",
		"failon/main.crn":        join,
		"gen/main.crn":           join,
		"bad/carina-lsp.toml":    "[format]\nindnet = 4\n",
		"bad/main.crn":           join,
		"syntax/main.crn":        "let bad =\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := func(name string) string { return filepath.Join(root, filepath.FromSlash(name)) }
	type outcome struct {
		Dir                              string
		Findings, Messages               []string
		Fails, IOFailed, Internal, Fatal bool
	}
	r := filepath.ToSlash(root)
	rel := func(s string) string { return strings.ReplaceAll(filepath.ToSlash(s), r, "R") }
	summary := func(o Outcome) outcome {
		out := outcome{Dir: rel(o.Dir), Fails: o.Fails, IOFailed: o.IOFailed, Internal: o.Internal, Fatal: o.Fatal}
		for _, f := range o.Findings {
			out.Findings = append(out.Findings, fmt.Sprintf("%s:%d:%d: %s %s", rel(f.Path), f.Range.Start.Line+1, f.Range.Start.Character+1, f.Severity, f.Code))
		}
		for _, m := range o.Messages {
			out.Messages = append(out.Messages, rel(m))
		}
		return out
	}
	warnings := func(file string) []string {
		return []string{file + ":1:5: warning unused-let", file + ":1:9: warning pipe-form"}
	}
	tests := []struct {
		name    string
		checker Checker
		target  session.Target
		want    outcome
	}{
		{
			name:   "warnings under the threshold",
			target: session.Target{Dir: p("warn")},
			want:   outcome{Dir: "R/warn", Findings: append(warnings("R/warn/main.crn"), warnings("R/warn/other.crn")...)},
		},
		{
			name:    "warnings at the threshold given",
			checker: Checker{Threshold: finding.Warning, ThresholdSet: true},
			target:  session.Target{Dir: p("failon")},
			want:    outcome{Dir: "R/failon", Findings: warnings("R/failon/main.crn"), Fails: true},
		},
		{
			name:   "the threshold of fail-on",
			target: session.Target{Dir: p("failon")},
			want:   outcome{Dir: "R/failon", Findings: warnings("R/failon/main.crn"), Fails: true},
		},
		{
			name:    "the threshold given wins over fail-on",
			checker: Checker{Threshold: finding.Error, ThresholdSet: true},
			target:  session.Target{Dir: p("failon")},
			want:    outcome{Dir: "R/failon", Findings: warnings("R/failon/main.crn")},
		},
		{
			name:    "a file named, and what was disabled",
			checker: Checker{Options: diagnostics.Options{Disable: []finding.Code{"pipe-form"}}},
			target:  session.Target{Dir: p("warn"), Only: map[string]bool{p("warn/other.crn"): true}},
			want:    outcome{Dir: "R/warn", Findings: []string{"R/warn/other.crn:1:5: warning unused-let"}},
		},
		{
			name:   "a syntax error",
			target: session.Target{Dir: p("syntax")},
			want:   outcome{Dir: "R/syntax", Findings: []string{"R/syntax/main.crn:1:9: error syntax"}, Fails: true},
		},
		{
			name:    "the schemas said",
			checker: Checker{Verbose: true, Memo: true},
			target:  session.Target{Dir: p("syntax")},
			want: outcome{Dir: "R/syntax", Findings: []string{"R/syntax/main.crn:1:9: error syntax"}, Fails: true,
				Messages: []string{"P: R/syntax: schemas: no provider block or lock file: the newest known (aws newer than 0.5.0, source of 2026-04-20; awscc newer than 0.6.0, source of 2026-08-15)\n"}},
		},
		{
			name:   "ignored",
			target: session.Target{Dir: p("gen")},
			want:   outcome{Dir: "R/gen"},
		},
		{
			name:   "a broken carina-lsp.toml",
			target: session.Target{Dir: p("bad")},
			want:   outcome{Dir: "R/bad", Messages: []string{"P: R/bad/carina-lsp.toml:2:1: unknown key format.indnet; did you mean indent?\n"}, Fatal: true},
		},
		{
			name:   "a target that could not be read",
			target: session.Target{Dir: p("gone"), Err: errors.New("gone: no such directory")},
			want:   outcome{Dir: "R/gone", Messages: []string{"P: gone: no such directory\n"}, IOFailed: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.checker
			c.Session, c.Prefix = session.New(session.Options{Batch: true}), "P: "
			if !c.ThresholdSet {
				c.Threshold = finding.Error
			}
			if diff := cmp.Diff(tt.want, summary(c.Check(context.Background(), tt.target))); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}
