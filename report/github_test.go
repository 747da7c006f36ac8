package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
	"github.com/google/go-cmp/cmp"
)

// The escaping itself, on messages no check produces today: CR, LF and '%' in the message, and
// every special character in the path.
func TestGitHubEscaping(t *testing.T) {
	src := "let x = 1\n"
	path := "dir,1/x:y%z\r\n.crn"
	msg := "first line\nsecond 100%\r\nthird: a, b %0A"
	files := map[string]*workspace.File{path: {Path: path, Lines: source.NewLines(src)}}
	d := finding.Diagnostic{Path: path, Span: grammar.Span{Start: 4, End: 5}, Severity: finding.Info,
		Code: "some,code:x", Message: msg}
	var out bytes.Buffer
	if err := writeAll(mustFormat(t, "github"), &out, []Located{{Diagnostic: d, Range: RangeOf(d, files)}}); err != nil {
		t.Fatal(err)
	}
	if strings.Count(out.String(), "\n") != 1 || strings.Contains(out.String(), "\r") {
		t.Fatalf("one diagnostic must be one line: %q", out.String())
	}
	cmds := testutil.WorkflowCommands(t, out.String())
	want := []testutil.WorkflowCommand{{
		Command: "notice",
		Props:   map[string]string{"file": path, "line": "1", "col": "5", "endLine": "1", "endColumn": "6", "title": "carina some,code:x"},
		Data:    msg,
	}}
	if diff := cmp.Diff(want, cmds); diff != "" {
		t.Errorf("round trip (-want +got):\n%s\noutput: %q", diff, out.String())
	}
}
