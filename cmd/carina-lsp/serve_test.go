package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/version"
)

// lspSession is what a client sends in a whole session: initialize, initialized, shutdown, exit,
// framed for stdin.
func lspSession() string {
	var b strings.Builder
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.String()
}

// TestServeFlags: the server starts with its flags after `serve`, before it or without it, and
// with --stdio, which clients such as vscode-languageclient pass; a bad flag is a usage error.
func TestServeFlags(t *testing.T) {
	tests := []struct {
		args      []string
		code      int
		stderrHas string
	}{
		{nil, 0, ""},
		{[]string{"serve"}, 0, ""},
		{[]string{"-log-level", "debug"}, 0, "initialize"},
		{[]string{"--log-level=debug"}, 0, "initialize"},
		{[]string{"--stdio"}, 0, ""},
		{[]string{"-stdio"}, 0, ""},
		{[]string{"serve", "--stdio", "-log-level", "warn"}, 0, ""},
		{[]string{"--stdio", "-log-level", "debug"}, 0, "initialize"},
		{[]string{"-log-level", "loud"}, 2, `unknown log level "loud"`},
		{[]string{"--port", "9000"}, 2, "flag provided but not defined: -port"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args, strings.NewReader(lspSession()), &stdout, &stderr)
			if code != tt.code {
				t.Fatalf("exit code %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderrHas) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.stderrHas)
			}
			if tt.code == 0 && !strings.Contains(stdout.String(), `"serverInfo":{"name":"carina-lsp","version":"`+version.Get().String()+`"}`) {
				t.Errorf("stdout has no initialize result with serverInfo: %q", stdout.String())
			}
		})
	}
}

// TestVersionCommand: `carina-lsp version` (and --version) print the version, the commit and the
// Go version in one line; with nothing stamped the version is devel.
func TestVersionCommand(t *testing.T) {
	want := "carina-lsp " + version.Get().String() + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		if r := runCmd(t, args...); r.Code != 0 || r.Stdout != want || r.Stderr != "" {
			t.Errorf("%v: %+v, want %q", args, r, want)
		}
	}
	if r := runCmd(t, "version", "extra"); r.Code != 2 || !strings.Contains(r.Stderr, "takes no arguments") {
		t.Errorf("version extra: %+v", r)
	}
	if !regexp.MustCompile(`^carina-lsp \S+ \(commit \S+, go\S+ \w+/\w+\)\n$`).MatchString(want) {
		t.Errorf("version line %q is not in the documented form", want)
	}
}

// TestVersionStamped: the binary stamped with a version and commit by -ldflags -X, as
// scripts/release does, reports them. Stamping is the link's work, so the binary is the one the
// tests share, compiled with the suite's flags; the release's own build (-trimpath,
// CGO_ENABLED=0, -s -w), which compiles every package again, is TestRelease's, in long mode.
func TestVersionStamped(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go tool is not on PATH: %v", err)
	}
	out, err := exec.Command(buildBinary(t), "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("carina-lsp %s (commit %s, %s %s/%s)\n", stampedVersion, stampedCommit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if string(out) != want {
		t.Errorf("version = %q, want %q", out, want)
	}
}
