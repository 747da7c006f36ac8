package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/suite"
)

// buildBinary builds the command into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the go tool is not on PATH under CI: %v", err)
		}
		t.Skipf("the go tool is not on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "carina-lsp")
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The built binary, run as a process: exit codes and output as the in-process tests expect.
func TestBinary(t *testing.T) {
	suite.Long(t, "builds the binary and runs it as a process")
	bin := buildBinary(t)
	broken := filepath.Join(t.TempDir(), "broken.crn")
	if err := os.WriteFile(broken, []byte(emojiSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		args      []string
		code      int
		stdoutHas string // "" means stdout must be empty
		stderrHas string // "" means stderr must be empty
	}{
		{"the example configuration", []string{"check", "../../examples/wait-cert"}, 0, "", ""},
		{"a broken file", []string{"check", broken}, 1, broken + ":2:14: error: ", ""},
		{"an unknown command", []string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{"a missing path", []string{"check", filepath.Join(filepath.Dir(broken), "missing")}, 2, "", "no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			switch {
			case errors.As(err, &exit):
				code = exit.ExitCode()
			case err != nil:
				t.Fatal(err)
			}
			if code != tt.code {
				t.Errorf("exit code = %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, stdout.String(), stderr.String())
			}
			out := stdout.String()
			for _, s := range []struct {
				name, got, has string
			}{{"stdout", out, tt.stdoutHas}, {"stderr", stderr.String(), tt.stderrHas}} {
				switch {
				case s.has == "" && s.got != "":
					t.Errorf("%s = %q, want nothing", s.name, s.got)
				case !strings.Contains(s.got, s.has):
					t.Errorf("%s = %q, want it to contain %q", s.name, s.got, s.has)
				}
			}
		})
	}
}
