package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// binDir holds the binary the tests share (sharedBinary); TestMain makes and removes it.
var binDir string

func TestMain(m *testing.M) {
	testutil.MainInTempDir(m, "carina-lsp-test-", func(dir string) error { binDir = dir; return nil })
}

// The version and commit the shared binary is stamped with, as scripts/release stamps a release.
const (
	stampedVersion = "9.8.7"
	stampedCommit  = "0123456789ab"
)

// sharedBinary builds the command once for every test that runs it as a process, with the
// version and commit stamped (-ldflags -X, the link's business) and otherwise the flags the rest
// of the suite compiles with, so that the build is a link, not every package compiled again.
var sharedBinary = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(binDir, "carina-lsp")
	const pkg = "github.com/carina-rs/carina-lsp/internal/version"
	ldflags := "-X " + pkg + ".version=" + stampedVersion + " -X " + pkg + ".commit=" + stampedCommit
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// buildBinary returns the command built (sharedBinary); without the go tool the test is skipped,
// except under CI=true.
func buildBinary(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the go tool is not on PATH under CI: %v", err)
		}
		t.Skipf("the go tool is not on PATH: %v", err)
	}
	bin, err := sharedBinary()
	if err != nil {
		t.Fatal(err)
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
