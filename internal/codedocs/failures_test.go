package codedocs

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/schema"
)

// The tests of this file show that the checks of codedocs_test.go fail when they should: on an
// example that does not report its code, on a fixed example that still does, on an unformatted
// example, on a stale, missing or extra page, on a code without a source and on a wrong pending
// list.

// badExample is a code's source: main.crn references an undefined binding, fixed declares it.
const badExample = `-- doc.md --
A reference names no binding.

## What it means

m

## Why it matters

w

## How to fix it

f
-- main.crn --
let a = b.id
-- fixed/main.crn --
let b = aws.s3.Bucket {}

let a = b.id
`

func TestVerifyFails(t *testing.T) {
	e, err := Parse("undefined-binding", badExample)
	if err != nil {
		t.Fatal(err)
	}
	var sources schema.Sources
	ctx := context.Background()
	if _, err := Verify(ctx, &sources, e, t.TempDir()); err != nil {
		t.Fatalf("the good example fails: %v", err)
	}
	tests := []struct {
		name string
		edit func(e Example) *Example
		want string
	}{
		{"example does not report", func(e Example) *Example { e.Files = e.Tree(true); return &e }, "does not report undefined-binding"},
		{"fixed still reports", func(e Example) *Example { e.Fixed = e.Files; return &e }, "fixed example still reports undefined-binding"},
		{"fixed unformatted", func(e Example) *Example {
			e.Fixed = []File{{"main.crn", "let b = aws.s3.Bucket {}\nlet a = b.id\n"}}
			return &e
		}, "fixed/main.crn: not as carina-lsp fmt leaves it"},
		{"example unformatted", func(e Example) *Example {
			e.Files = []File{{"main.crn", "let a=b.id\n"}}
			return &e
		}, "main.crn: not as carina-lsp fmt leaves it"},
		{"another code", func(e Example) *Example { e.Code = "dependency-cycle"; return &e }, "does not report dependency-cycle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Verify(ctx, &sources, tt.edit(*e), t.TempDir())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Verify = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

func TestSyncDirFails(t *testing.T) {
	dir := t.TempDir()
	want := map[string]string{"a.md": "# a\n", "README.md": "# index\n"}
	if err := syncDir(dir, want, true); err != nil {
		t.Fatal(err)
	}
	if err := syncDir(dir, want, false); err != nil {
		t.Fatalf("just written, yet: %v", err)
	}
	for _, tt := range []struct {
		name  string
		setup func()
		want  string
	}{
		{"stale", func() { os.WriteFile(filepath.Join(dir, "a.md"), []byte("# a, edited\n"), 0o644) }, "a.md: stale: run go test ./internal/codedocs -update"},
		{"missing", func() { os.Remove(filepath.Join(dir, "a.md")) }, "a.md: missing"},
		{"extra", func() { os.WriteFile(filepath.Join(dir, "gone.md"), []byte("x"), 0o644) }, "gone.md: stale (no code's page)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := syncDir(dir, want, true); err != nil {
				t.Fatal(err)
			}
			tt.setup()
			err := syncDir(dir, want, false)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("syncDir = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

func TestParseFails(t *testing.T) {
	for _, tt := range []struct{ edit, want string }{
		{strings.Replace(badExample, "A reference names no binding.", "A reference names no binding", 1), "ending with a period"},
		{strings.Replace(badExample, "## Why it matters", "## Why", 1), "sections"},
		{strings.Replace(badExample, "-- main.crn --", "-- other.crn --", 1), "no main.crn"},
		{strings.Replace(badExample, "-- fixed/main.crn --", "-- other.crn --", 1), "no fixed/"},
		{strings.Replace(badExample, "-- main.crn --", "-- ../main.crn --", 1), "not a clean relative path"},
	} {
		if _, err := Parse("undefined-binding", tt.edit); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse = %v, want an error saying %q", err, tt.want)
		}
	}
}

func TestCoverageFails(t *testing.T) {
	all := map[finding.Code]bool{}
	for _, c := range finding.Codes() {
		all[c] = true
	}
	if got := coverage(all, nil); len(got) != 0 {
		t.Fatalf("every code has a source, yet: %q", got)
	}
	delete(all, finding.CodeCycle)
	for _, tt := range []struct {
		pending []finding.Code
		want    string
	}{
		{nil, "dependency-cycle has no source"},
		{[]finding.Code{finding.CodeCycle, finding.CodeSyntax}, "syntax is pending but has a source"},
		{[]finding.Code{finding.CodeCycle, "no-such-code"}, `pending lists "no-such-code"`},
	} {
		got := coverage(all, tt.pending)
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, tt.want) }) {
			t.Errorf("coverage with pending %q = %q, want a message saying %q", tt.pending, got, tt.want)
		}
	}
	if got := coverage(all, []finding.Code{finding.CodeCycle}); len(got) != 0 {
		t.Errorf("the missing source is pending, yet: %q", got)
	}
}
