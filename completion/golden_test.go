package completion

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from Complete's output (review every line you accept)")

// The golden tests: each testdata/*.txtar archive holds the files of one configuration
// (subdirectories for modules and upstream configurations; a file named .keep only makes its
// directory), exactly one cursor marker <|> in one of them (removed before parsing), and a `want`
// section listing the items Complete returns, in order, one per line:
//
//	Kind label "insert" [edit="replaced text"]
//
// with `snippet:` before the insert of snippet items and the edit shown when it is not empty.
// Header lines of the archive's comment set options: `snippets: false` (a client without snippet
// support), `limit: N` (only the first N items are listed, then `... (M more)`; 40 by default)
// `dir: path` (the configuration is that subdirectory, not the archive's root) and
// `details: true` (each line ends with the item's detail) and `schema: name` (the archive's section
// name is a schema index file that overrides the embedded schemas).

// extraSchema returns the embedded schemas overridden by the schema index file in the archive's
// section name.
func extraSchema(tb testing.TB, a *txtar.Archive, name string) *schema.Index {
	tb.Helper()
	data, ok := a.Get(name)
	if !ok {
		tb.Fatalf("no section %s", name)
	}
	p, err := schema.Load(name, strings.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	return testutil.EmbeddedWith(tb, p)
}

// setup is one configuration with a cursor in one of its files.
type setup struct {
	root   string
	cfg    *workspace.Config
	file   *workspace.File
	offset int
}

// build writes the files of an archive (all sections but want) into a temporary directory, the
// cursor marker removed, and builds the configuration of its root.
func build(tb testing.TB, a *txtar.Archive) setup {
	tb.Helper()
	root := tb.TempDir()
	files, cursorFile, offset := testutil.CutFiles(tb, a.Sources())
	if cursorFile == "" {
		tb.Fatalf("no cursor marker %s", testutil.Marker)
	}
	s := setup{root: root, offset: offset}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if filepath.Base(p) == ".keep" {
			continue
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	dir := filepath.Join(root, filepath.FromSlash(a.Option("dir")))
	cfg, err := workspace.New(workspace.OSFS{}).Config(context.Background(), dir)
	if err != nil {
		tb.Fatalf("Config: %v", err)
	}
	s.cfg = cfg
	s.file = cfg.File(filepath.Join(root, filepath.FromSlash(cursorFile)))
	if s.file == nil {
		tb.Fatalf("%s is not a file of the configuration", cursorFile)
	}
	return s
}

// formatItem renders an item as a want line.
func formatItem(src string, it Item, details bool) string {
	insert := strconv.Quote(it.Insert)
	if it.Snippet {
		insert = "snippet:" + insert
	}
	line := fmt.Sprintf("%s %s %s", it.Kind, it.Label, insert)
	if it.Edit.End > it.Edit.Start {
		line += fmt.Sprintf(" edit=%q", src[it.Edit.Start:it.Edit.End])
	}
	if details && it.Detail != "" {
		line += fmt.Sprintf(" detail=%q", it.Detail)
	}
	return line
}

// checkItems checks what every item must satisfy: an edit that ends at the cursor, a sort text
// that keeps the order, something to insert, no plain-text item with snippet syntax.
func checkItems(t *testing.T, items []Item, offset int, opts Options) {
	t.Helper()
	for i, it := range items {
		if int(it.Edit.End) != offset || it.Edit.Start > it.Edit.End {
			t.Errorf("item %d %q: edit %v does not end at the cursor %d", i, it.Label, it.Edit, offset)
		}
		if i > 0 && items[i-1].SortText >= it.SortText {
			t.Errorf("item %d %q: sort text %q does not follow %q", i, it.Label, it.SortText, items[i-1].SortText)
		}
		if it.Insert == "" || it.Label == "" {
			t.Errorf("item %d: empty label or insert: %+v", i, it)
		}
		if it.Snippet && !opts.Snippets {
			t.Errorf("item %d %q: snippet item for a client without snippets", i, it.Label)
		}
	}
}

func TestGolden(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	txtar.Run(t, filepath.Join("testdata", "*.txtar"), func(t *testing.T, p string, a *txtar.Archive) {
		s := build(t, a)
		opts := Options{Snippets: a.Option("snippets") != "false"}
		idx := idx
		if name := a.Option("schema"); name != "" {
			idx = extraSchema(t, a, name)
		}
		items := Complete(context.Background(), s.cfg, s.file, s.offset, idx, opts)
		checkItems(t, items, s.offset, opts)
		limit := 40
		if l := a.Option("limit"); l != "" {
			var err error
			if limit, err = strconv.Atoi(l); err != nil {
				t.Fatalf("limit: %v", err)
			}
		}
		var got []string
		for i, it := range items {
			if i == limit {
				got = append(got, fmt.Sprintf("... (%d more)", len(items)-limit))
				break
			}
			got = append(got, formatItem(s.file.Text(), it, a.Option("details") == "true"))
		}
		if *update {
			want := strings.Join(got, "\n") + "\n"
			if len(got) == 0 {
				want = ""
			}
			a.Set("want", want)
			if err := os.WriteFile(p, []byte(a.Format()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		wantText, ok := a.Get("want")
		if !ok {
			t.Fatalf("%s has no want section", p)
		}
		if diff := cmp.Diff(txtar.Lines(wantText), got); diff != "" {
			t.Errorf("items (-want +got):\n%s", diff)
		}
	})
}
