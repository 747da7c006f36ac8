package format

import (
	"errors"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

var update = flag.Bool("update", false, "rewrite the want.crn sections of testdata/*.txtar with the current output")

// TestGolden formats the input.crn of every testdata/*.txtar and compares the result with its
// want.crn. The archive's comment says which rule of docs/formatting.md, or which loss of the
// reference formatter, the case covers; `indent: N`, `tabs: true` and `blocks: schemas` (the
// list-to-block rewrite with the embedded schemas) lines set the options. An
// archive with an `error` section instead expects a syntax error whose message contains it.
func TestGolden(t *testing.T) {
	txtar.Run(t, "testdata/*.txtar", func(t *testing.T, path string, a *txtar.Archive) {
		in, ok := a.Get("input.crn")
		if !ok {
			t.Fatal("no input.crn section")
		}
		f := New(archiveOptions(t, a))
		got, err := f.Source(in)
		if want, ok := a.Get("error"); ok {
			var se *SyntaxError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), strings.TrimSpace(want)) {
				t.Fatalf("Source error = %v, want a syntax error containing %q", err, strings.TrimSpace(want))
			}
			return
		}
		if err != nil {
			t.Fatalf("Source: %v", err)
		}
		if *update {
			a.Set("want.crn", got)
			if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, ok := a.Get("want.crn")
		if !ok {
			t.Fatal("no want.crn section")
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("formatted input.crn differs from want.crn (-want +got):\n%s", diff)
		}
		checkProperties(t, f, in, got)
	})
}

// archiveOptions reads the formatting options of an archive's comment.
func archiveOptions(t *testing.T, a *txtar.Archive) Options {
	t.Helper()
	var opts Options
	if v := a.Option("indent"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("indent: %v", err)
		}
		opts.Indent = n
	}
	opts.Tabs = a.Option("tabs") == "true"
	switch v := a.Option("blocks"); v {
	case "schemas":
		opts.Blocks = testutil.EmbeddedIndex(t) // the list-to-block rewrite with the embedded schemas
	case "":
	default:
		t.Fatalf("blocks: %q (want schemas)", v)
	}
	return opts
}
