package completion

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestEveryOffset completes at every offset of the cursor file of each golden archive and of
// every file of the server's marker archives: nothing may panic, and every item must satisfy
// checkItems.
func TestEveryOffset(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	idx := testutil.EmbeddedIndex(t)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := build(t, txtar.Parse(string(data)))
		for off := 0; off <= len(s.file.Text()); off++ {
			opts := Options{Snippets: off%4 != 0}
			checkItems(t, Complete(context.Background(), s.cfg, s.file, off, idx, opts), off, opts)
		}
	}
	for _, files := range testutil.MarkerSources(t) {
		cfg := testutil.Config(t, files, testutil.Root)
		for _, f := range cfg.Files {
			for off := 0; off <= len(f.Text()); off++ {
				opts := Options{Snippets: off%4 != 0}
				checkItems(t, Complete(context.Background(), cfg, f, off, idx, opts), off, opts)
			}
		}
	}
}

// TestCorpusOffsets completes at many offsets of the conformance corpus (one file in eight; one
// in forty in short mode), without schemas and with the embedded ones.
func TestCorpusOffsets(t *testing.T) {
	files := corpus.Files(t)
	idx := testutil.EmbeddedIndex(t)
	ws := workspace.New(workspace.OSFS{})
	every := suite.Scale(40, 8)
	for i, path := range files {
		if i%every != 0 {
			continue
		}
		cfg, err := ws.Config(context.Background(), filepath.Dir(path))
		if err != nil {
			t.Fatal(err)
		}
		f := cfg.File(path)
		if f == nil {
			t.Fatalf("%s is not in its configuration", path)
		}
		for off := 0; off <= len(f.Text()); off += 3 {
			checkItems(t, Complete(context.Background(), cfg, f, off, idx, Options{Snippets: true}), off, Options{Snippets: true})
			checkItems(t, Complete(context.Background(), cfg, f, off, nil, Options{}), off, Options{})
		}
	}
}

// TestWithoutSchemas: every context is recognised without schemas; what needs no schema is still
// offered.
func TestWithoutSchemas(t *testing.T) {
	tests := []struct {
		name, files, want string
	}{
		{"resource body", "-- main.crn --\nlet x = aws.acm.Certificate {\n  <|>\n}\n", "directives"},
		{"wait keys", "-- main.crn --\nlet c = aws.acm.Certificate {\n}\nlet w = wait c {\n  <|>\n}\n", "until depends_on timeout"},
		{"wait timeout", "-- main.crn --\nlet c = aws.acm.Certificate {\n}\nlet w = wait c {\n  timeout = <|>\n}\n", "5min 30s 1min 10min 15min 30min 1h 2h"},
		{"wait target", "-- main.crn --\nlet c = aws.acm.Certificate {\n}\nlet w = wait <|>\n", "c"},
		{"directives", "-- main.crn --\nlet x = aws.s3.Bucket {\n  directives {\n    <|>\n  }\n}\n", "create_before_destroy depends_on force_delete prevent_destroy provider"},
		{"top level", "-- main.crn --\n<|>\n", "let wait read use upstream_state provider arguments attributes exports fn for if import removed moved backend require"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := build(t, txtar.Parse(tt.files))
			var got []string
			for _, it := range Complete(context.Background(), s.cfg, s.file, s.offset, nil, Options{Snippets: true}) {
				got = append(got, it.Label)
			}
			if diff := cmp.Diff(strings.Fields(tt.want), got); diff != "" {
				t.Errorf("labels (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCancelled(t *testing.T) {
	s := build(t, txtar.Parse("-- main.crn --\n<|>\n"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if items := Complete(ctx, s.cfg, s.file, s.offset, testutil.EmbeddedIndex(t), Options{}); items != nil {
		t.Errorf("cancelled request returned %d items", len(items))
	}
}

func TestBadArguments(t *testing.T) {
	s := build(t, txtar.Parse("-- main.crn --\nlet x = 1<|>\n"))
	idx := testutil.EmbeddedIndex(t)
	for _, off := range []int{-1, len(s.file.Text()) + 1} {
		if items := Complete(context.Background(), s.cfg, s.file, off, idx, Options{}); items != nil {
			t.Errorf("offset %d: %d items", off, len(items))
		}
	}
	if items := Complete(context.Background(), s.cfg, nil, 0, idx, Options{}); items != nil {
		t.Errorf("nil file: %d items", len(items))
	}
}

// TestFunctionsInValues: a built-in function is offered in a value position once a word is
// typed (`let z = jo` offers join), inserted as a call, or as its bare name before a "(".
func TestFunctionsInValues(t *testing.T) {
	tests := []struct{ files, insert string }{
		{"-- main.crn --\nlet z = jo<|>\n", "join()"},
		{"-- main.crn --\nlet z = jo<|>('-', ['a'])\n", "join"},
		{"-- main.crn --\nlet b = aws.s3.Bucket {\n  bucket = jo<|>\n}\n", "join()"},
	}
	for _, tt := range tests {
		s := build(t, txtar.Parse(tt.files))
		found := ""
		for _, it := range Complete(context.Background(), s.cfg, s.file, s.offset, testutil.EmbeddedIndex(t), Options{}) {
			if it.Label == "join" && it.Kind == Function {
				found = it.Insert
			}
		}
		if found != tt.insert {
			t.Errorf("%q: join inserted as %q, want %q", tt.files, found, tt.insert)
		}
	}
}

// TestProviderPanicContained makes one provider of items panic: its items are left out, the
// others are still offered, and the panic is reported once with the file, the line and the stack.
func TestProviderPanicContained(t *testing.T) {
	s := build(t, txtar.Parse("-- main.crn --\nlet cert = aws.acm.Certificate {\n  domain_name = 'x'\n}\nlet x = <|>\n"))
	var reports []contain.Panic
	opts := Options{
		OnPanic: func(p contain.Panic) { reports = append(reports, p) },
		beforeProvider: func(name string) {
			if name == "resource types" {
				panic("injected")
			}
		},
	}
	labels := map[string]bool{}
	kinds := map[Kind]bool{}
	for _, it := range Complete(context.Background(), s.cfg, s.file, s.offset, testutil.EmbeddedIndex(t), opts) {
		labels[it.Label] = true
		kinds[it.Kind] = true
	}
	if kinds[Class] {
		t.Error("the panicking provider's items (resource types) are offered")
	}
	if !labels["wait"] || !labels["cert"] {
		t.Errorf("the other providers' items are missing: %v", labels)
	}
	if len(reports) != 1 || reports[0].Unit != "completion resource types" || reports[0].Line != 4 || !strings.Contains(reports[0].Stack, "robust_test.go") {
		t.Errorf("reports: %+v", reports)
	}
}
