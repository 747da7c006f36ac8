package completion

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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

// marker is the cursor marker of the golden archives.
const marker = "<|>"

// archive is a parsed txtar file: a leading comment and named files, in order.
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data string
}

var markerRE = regexp.MustCompile(`^-- (\S.*?) --$`)

func parseTxtar(data string) archive {
	var a archive
	cur := &a.comment
	for line := range strings.SplitAfterSeq(data, "\n") {
		if m := markerRE.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			a.files = append(a.files, archiveFile{name: m[1]})
			cur = &a.files[len(a.files)-1].data
			continue
		}
		*cur += line
	}
	return a
}

func formatTxtar(a archive) string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, f := range a.files {
		fmt.Fprintf(&b, "-- %s --\n", f.name)
		b.WriteString(f.data)
		if f.data != "" && !strings.HasSuffix(f.data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// option returns the value of a `name: value` header line of the archive's comment.
func (a archive) option(name string) string {
	for l := range strings.SplitSeq(a.comment, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), name+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func (a archive) want() (string, bool) {
	for _, f := range a.files {
		if f.name == "want" {
			return f.data, true
		}
	}
	return "", false
}

// defaults is the embedded aws and awscc schema set, loaded once for the package's tests.
var defaults schema.Defaults

func embeddedIndex(tb testing.TB) *schema.Index {
	tb.Helper()
	idx, err := defaults.Index()
	if err != nil {
		tb.Fatalf("embedded schemas: %v", err)
	}
	return idx
}

// extraSchema returns the embedded schemas overridden by the schema index file in the archive's
// section name.
func extraSchema(tb testing.TB, a archive, name string) *schema.Index {
	tb.Helper()
	for _, f := range a.files {
		if f.name != name {
			continue
		}
		p, err := schema.Load(name, strings.NewReader(f.data))
		if err != nil {
			tb.Fatal(err)
		}
		idx, err := defaults.With(p)
		if err != nil {
			tb.Fatal(err)
		}
		return idx
	}
	tb.Fatalf("no section %s", name)
	return nil
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
func build(tb testing.TB, a archive) setup {
	tb.Helper()
	root := tb.TempDir()
	s := setup{root: root, offset: -1}
	var cursorFile string
	for _, f := range a.files {
		if f.name == "want" {
			continue
		}
		data := f.data
		if i := strings.Index(data, marker); i >= 0 {
			if cursorFile != "" || strings.Count(data, marker) > 1 {
				tb.Fatalf("more than one cursor marker %s", marker)
			}
			cursorFile, s.offset = f.name, i
			data = data[:i] + data[i+len(marker):]
		}
		p := filepath.Join(root, filepath.FromSlash(f.name))
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
	if cursorFile == "" {
		tb.Fatalf("no cursor marker %s", marker)
	}
	dir := filepath.Join(root, filepath.FromSlash(a.option("dir")))
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
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata/*.txtar archives (%v)", err)
	}
	idx := embeddedIndex(t)
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := parseTxtar(string(data))
			s := build(t, a)
			opts := Options{Snippets: a.option("snippets") != "false"}
			idx := idx
			if name := a.option("schema"); name != "" {
				idx = extraSchema(t, a, name)
			}
			items := Complete(context.Background(), s.cfg, s.file, s.offset, idx, opts)
			checkItems(t, items, s.offset, opts)
			limit := 40
			if l := a.option("limit"); l != "" {
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
				got = append(got, formatItem(s.file.Text(), it, a.option("details") == "true"))
			}
			if *update {
				want := strings.Join(got, "\n") + "\n"
				if len(got) == 0 {
					want = ""
				}
				if i := slices.IndexFunc(a.files, func(f archiveFile) bool { return f.name == "want" }); i >= 0 {
					a.files[i].data = want
				} else {
					a.files = append(a.files, archiveFile{"want", want})
				}
				if err := os.WriteFile(p, []byte(formatTxtar(a)), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantText, ok := a.want()
			if !ok {
				t.Fatalf("%s has no want section", p)
			}
			var want []string
			for l := range strings.SplitSeq(wantText, "\n") {
				if strings.TrimSpace(l) != "" {
					want = append(want, l)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
}
