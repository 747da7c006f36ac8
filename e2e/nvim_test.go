package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// nvimResults is what testdata/nvim/client.lua reports.
type nvimResults struct {
	Errors      []string `json:"errors"`
	Diagnostics []struct {
		Line    int    `json:"line"`
		Col     int    `json:"col"`
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"diagnostics"`
	Completion []string `json:"completion"`
	Hover      any      `json:"hover"`
	Formatted  []string `json:"formatted"`
}

// TestNeovim opens the wait configuration in headless Neovim with its built-in LSP client and
// checks diagnostics, completion inside the wait block, hover and formatting.
func TestNeovim(t *testing.T) {
	nvim := need(t, "nvim")
	bin := buildServer(t)
	dir := writeConfig(t, waitConfig())
	out := filepath.Join(t.TempDir(), "results.json")
	script := filepath.Join(corpus.Root(t), "e2e", "testdata", "nvim", "client.lua")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "CARINA_LSP="+bin, "CARINA_DIR="+dir, "CARINA_OUT="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("no results from nvim: %v", err)
	}
	var res nvimResults
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("results %s: %v", data, err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("the Neovim script failed: %v", res.Errors)
	}
	var codes []string
	for _, d := range res.Diagnostics {
		codes = append(codes, d.Code)
		if d.Line > 3 {
			t.Errorf("diagnostic past wait.crn's last line (from another file?): %+v", d)
		}
	}
	if !slices.Contains(codes, "wait-until-type-mismatch") {
		t.Errorf("diagnostics %v: want wait-until-type-mismatch for the misspelt enum value", res.Diagnostics)
	}
	if !slices.Contains(res.Completion, "timeout") || slices.Contains(res.Completion, "until") {
		t.Errorf("completion at key position in the wait block: %v, want timeout and not the keys already set", res.Completion)
	}
	if hover, _ := res.Hover.(string); !strings.Contains(hover, "> cert_issued (until cert.status == aws.acm.Certificate.Status.Isued)") {
		t.Errorf("hover on wait: %v, want the plan line", res.Hover)
	}
	want := []string{
		"let cert_issued = wait cert {",
		"  until      = cert.status == aws.acm.Certificate.Status.Isued",
		"  depends_on = [validation_record]",
		"}",
	}
	if strings.Join(res.Formatted, "\n") != strings.Join(want, "\n") {
		t.Errorf("formatted buffer:\n%s\nwant:\n%s", strings.Join(res.Formatted, "\n"), strings.Join(want, "\n"))
	}
}
