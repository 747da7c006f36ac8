package reliability

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/lsp"
)

// Hostile workspaces: a directory of 5,000 files, symbolic link loops, unreadable files and
// directories.

// TestManyFiles checks a directory of 5,000 .crn files (one configuration): check, fmt and the
// server (opening one file analyses all of them; a keystroke re-analyses only what changed)
// end, and references resolve across the files.
func TestManyFiles(t *testing.T) {
	const n = 5000
	dir := t.TempDir()
	for i := range n {
		prev := "'first'"
		if i > 0 {
			prev = fmt.Sprintf("b%04d.bucket", i-1)
		}
		writeFile(t, filepath.Join(dir, fmt.Sprintf("f%04d.crn", i)), fmt.Appendf(nil, "let b%04d = aws.s3.Bucket {\n  bucket = 'b-%04d'\n\n  tags = {\n    previous = %s\n  }\n}\n", i, i, prev))
	}
	writeFile(t, filepath.Join(dir, "last.crn"), []byte("let last = b4999.bukket\n"))

	r := run(t, time.Minute, "", "check", "-format", "json", "-severity", "info", dir)
	t.Logf("check: %v, peak heap %d MiB, exit %d", r.took.Round(time.Millisecond), r.peakHeap>>20, r.code)
	var ds []diag
	_ = json.Unmarshal([]byte(r.stdout), &ds)
	if r.code != 1 || len(ds) != 2 || ds[1].File != filepath.Join(dir, "last.crn") || !strings.Contains(ds[1].Message, "bukket") {
		t.Errorf("check: exit %d, %v; want 1 and the two diagnostics of last.crn", r.code, ds)
	}
	if r := run(t, time.Minute, "", "fmt", "-l", dir); r.code != 0 || r.stdout != "" {
		t.Errorf("fmt -l: exit %d, %.300s %s", r.code, r.stdout, r.stderr)
	} else {
		t.Logf("fmt -l: %v", r.took.Round(time.Millisecond))
	}

	s := startSession(t, lsp.Options{})
	s.initialize(dir)
	path := filepath.Join(dir, "last.crn")
	start := time.Now()
	u := s.open(path, readText(t, path))
	semantic := func(p protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if d.Code != "syntax" {
				return true
			}
		}
		return false
	}
	s.waitDiagnostics(time.Minute, u, semantic)
	first := time.Since(start)
	var locs []protocol.Location
	if err := s.call(time.Minute, "textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(0, 13)}}, &locs); err != nil || len(locs) != 1 || !strings.HasSuffix(string(locs[0].URI), "f4999.crn") {
		t.Errorf("definition of b4999: %v, %v", locs, err)
	}
	var syms []protocol.SymbolInformation
	if err := s.call(time.Minute, "workspace/symbol", &protocol.WorkspaceSymbolParams{Query: "b2500"}, &syms); err != nil || len(syms) == 0 {
		t.Errorf("workspace symbol b2500: %v, %v", syms, err)
	}
	// A keystroke that changes the mistake, then the semantic check that reports it.
	start = time.Now()
	s.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": 2},
		"contentChanges": []map[string]any{{"range": protocol.Range{Start: pos(0, 23), End: pos(0, 23)}, "text": "t"}},
	})
	s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if strings.Contains(d.Message, `"bukkett"`) {
				return true
			}
		}
		return false
	})
	t.Logf("server: first analysis of %d files %v, a keystroke re-analysed in %v", n+1, first.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// symlinkTree makes a configuration with every kind of link loop: a module source that is a
// link to its own directory (twice, so that following them would branch at every level), a
// file linked to itself, two files linked to each other, a dangling link, and a directory
// linked to its parent.
func symlinkTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "loop")
	writeFile(t, filepath.Join(dir, "main.crn"), []byte("let m = use { source = './self' }\nlet n = use { source = './twin' }\nlet a = 1\nlet b = a\n"))
	for link, target := range map[string]string{
		"self": ".", "twin": ".", "up": "..",
		"a.crn": "a.crn", "b.crn": "c.crn", "c.crn": "b.crn", "dangling.crn": "nowhere.crn",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatalf("symlink: %v", err)
		}
	}
	return dir
}

// TestSymlinkLoops runs check, fmt and the server on a configuration full of link loops: all end
// in time; the looping files are reported as unreadable, the rest is checked.
func TestSymlinkLoops(t *testing.T) {
	dir := symlinkTree(t)
	r := run(t, time.Minute, "", "check", dir)
	t.Logf("check: %v, exit %d\n%s%s", r.took.Round(time.Millisecond), r.code, r.stdout, r.stderr)
	for _, f := range []string{"a.crn", "b.crn", "c.crn", "dangling.crn"} {
		if !strings.Contains(r.stderr, filepath.Join(dir, f)) {
			t.Errorf("check does not report %s", f)
		}
	}
	if r.code != 2 || !strings.Contains(r.stderr, "too many levels of symbolic links") || !strings.Contains(r.stdout, `unused let binding "b"`) {
		t.Errorf("check: exit %d; want 2, the loops reported and main.crn checked", r.code)
	}
	if r := run(t, time.Minute, "", "check", filepath.Dir(dir)); r.code != 2 {
		t.Errorf("check of the parent (a walk through the links): exit %d", r.code)
	}
	if r := run(t, time.Minute, "", "fmt", "-l", dir); r.code != 0 || r.stdout != filepath.Join(dir, "main.crn")+"\n" {
		t.Errorf("fmt -l (main.crn only: links are not followed): exit %d, %s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, time.Minute, "", "fmt", "-w", filepath.Join(dir, "a.crn")); r.code != 2 || !strings.Contains(r.stderr, "too many levels") {
		t.Errorf("fmt -w on a looping link: exit %d, %s", r.code, r.stderr)
	}

	s := startSession(t, lsp.Options{})
	s.initialize(dir)
	path := filepath.Join(dir, "main.crn")
	u := s.open(path, readText(t, path))
	s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if strings.Contains(d.Message, `"b"`) {
				return true
			}
		}
		return false
	})
	var h protocol.Hover
	if err := s.call(time.Minute, "textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(0, 4)}}, &h); err != nil {
		t.Errorf("hover on the looping module: %v", err)
	}
	waitLogged(t, s, "too many levels of symbolic links")
}

// waitLogged waits for a window/logMessage containing text.
func waitLogged(t *testing.T, s *session, text string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute) // against a hang only
	for time.Now().Before(deadline) {
		for _, l := range s.logged() {
			if strings.Contains(l, text) {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("no message to the user about %q; got %q", text, s.logged())
}

// TestUnreadable makes a file and a directory of a configuration unreadable: check reports both
// (exit 2) and checks the rest, fmt reports them and writes nothing, and the server tells the
// user which file it left out. Root reads anything, so as root the binary runs as nobody.
func TestUnreadable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "cfg")
	writeFile(t, filepath.Join(dir, "main.crn"), []byte("let uses_secret = secret.bucket\nlet ref = uses_secret\n"))
	writeFile(t, filepath.Join(dir, "secret.crn"), []byte("let secret = aws.s3.Bucket {\n  bucket = 'x'\n}\n"))
	writeFile(t, filepath.Join(dir, "locked", "inner.crn"), []byte("let inner = 1\n"))
	asRoot := os.Geteuid() == 0
	if asRoot {
		// nobody must reach the files: open the temporary directories on the way.
		for p := dir; p != filepath.Dir(filepath.Dir(root)); p = filepath.Dir(p) {
			if err := os.Chmod(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	secret, locked := filepath.Join(dir, "secret.crn"), filepath.Join(dir, "locked")
	if err := os.Chmod(secret, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.Chmod(secret, 0o644)
		os.Chmod(locked, 0o755)
	})
	cmd := func(args ...string) *exec.Cmd {
		c := exec.Command(bin, args...)
		if asRoot {
			asNobody(c)
		}
		return c
	}

	r := runCmd(t, time.Minute, "", cmd("check", dir))
	t.Logf("check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	if r.code != 2 || !strings.Contains(r.stderr, secret+": permission denied") || !strings.Contains(r.stderr, locked+": permission denied") {
		t.Errorf("check: exit %d, stderr %q; want 2 and both unreadable paths", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, `undefined binding "secret"`) {
		t.Errorf("check did not check the readable file: %q", r.stdout)
	}
	before := readTextAsRoot(t, secret)
	r = runCmd(t, time.Minute, "", cmd("fmt", "-w", dir))
	if r.code != 2 || !strings.Contains(r.stderr, "permission denied") {
		t.Errorf("fmt -w: exit %d, stderr %q; want 2 and permission denied", r.code, r.stderr)
	}
	if readTextAsRoot(t, secret) != before {
		t.Error("fmt -w changed an unreadable file")
	}

	// The server: in process it reads as this process's user; as root it would read the file,
	// so the binary runs as nobody over stdio.
	var s *session
	if asRoot {
		s = startBinary(t, cmd("serve"))
	} else {
		s = startSession(t, lsp.Options{})
	}
	s.initialize(dir)
	path := filepath.Join(dir, "main.crn")
	u := s.open(path, readTextAsRoot(t, path))
	s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if strings.Contains(d.Message, `undefined binding "secret"`) {
				return true
			}
		}
		return false
	})
	waitLogged(t, s, secret)
}

// readTextAsRoot reads a file, making it readable for the moment if it is not.
func readTextAsRoot(t *testing.T, path string) string {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	defer os.Chmod(path, info.Mode().Perm())
	return readText(t, path)
}
