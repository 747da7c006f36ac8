package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// TestNeovimProjectConfiguration opens a file of a repository whose carina-lsp.toml sets levels
// (an error made a warning, a warning made an error, one turned off) in headless Neovim with the
// plugin: the diagnostics Neovim shows have the severities `check -format json` reports for the
// same file.
func TestNeovimProjectConfiguration(t *testing.T) {
	eachNeovim(t, func(t *testing.T, nvim string) {
		bin := buildServer(t)
		dir := writeConfig(t, map[string]string{
			".git/HEAD":       "ref: refs/heads/main\n",
			"carina-lsp.toml": "[diagnostics.levels]\nunused-let = \"error\"\nunknown-attribute = \"warning\"\ntag-key-case = \"off\"\n",
			"main.crn":        "let unused = 1\n\nlet b = aws.s3.Bucket {\n  bucket     = 'x'\n  tags       = { Team = 'web', team_name = 'x' }\n  versioning = 'x'\n}\n",
		})
		// What check reports.
		var stdout bytes.Buffer
		cmd := exec.Command(bin, "check", "-format", "json", dir)
		cmd.Stdout = &stdout
		_ = cmd.Run() // exit 1: the error
		var report []struct {
			Range struct {
				Start struct {
					Line int `json:"line"`
				} `json:"start"`
			} `json:"range"`
			Code     string `json:"code"`
			Severity string `json:"severity"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
			t.Fatalf("check -format json: %v\n%s", err, stdout.String())
		}
		var want []string
		for _, d := range report {
			want = append(want, fmt.Sprintf("%d %s %s", d.Range.Start.Line, d.Code, d.Severity))
		}
		slices.Sort(want)
		// Without the file: unused-let and tag-key-case warnings, unknown-attribute an error.
		if diff := cmp.Diff([]string{"0 unused-let error", "5 unknown-attribute warning"}, want); diff != "" {
			t.Fatalf("check does not take the levels (-want +got):\n%s", diff)
		}
		// What Neovim shows.
		out := filepath.Join(t.TempDir(), "results.json")
		root := corpus.Root(t)
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		nv := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+filepath.Join(root, "e2e", "testdata", "nvim", "config.lua"))
		nv.Env = append(os.Environ(), "CARINA_LSP="+bin, "CARINA_PLUGIN="+filepath.Join(root, "editors", "nvim"), "CARINA_DIR="+dir, "CARINA_FILE=main.crn",
			fmt.Sprintf("CARINA_WANT=%d", len(want)), "CARINA_OUT="+out)
		if b, err := nv.CombinedOutput(); err != nil {
			t.Fatalf("nvim: %v\n%s", err, b)
		}
		var res struct {
			Errors      []string `json:"errors"`
			Diagnostics []struct {
				Line     int    `json:"line"`
				Code     string `json:"code"`
				Severity string `json:"severity"`
			} `json:"diagnostics"`
		}
		readJSON(t, out, &res)
		if len(res.Errors) > 0 {
			t.Fatalf("the Neovim script failed: %v", res.Errors)
		}
		var got []string
		for _, d := range res.Diagnostics {
			got = append(got, fmt.Sprintf("%d %s %s", d.Line, d.Code, d.Severity))
		}
		slices.Sort(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Neovim's diagnostics differ from check's (-check +nvim):\n%s", diff)
		}
	})
}
