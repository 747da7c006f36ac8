package editors

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/editors/internal/grammargen"
	"github.com/carina-rs/carina-lsp/grammar"
)

// The committed grammars are what the generator writes from the construct table and the
// templates: a template or a table edited without go generate fails here.
func TestGrammarsAreGenerated(t *testing.T) {
	files, err := grammargen.Files(grammar.Constructs())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, f.Data) {
			t.Errorf("%s is not what the construct table and its template give (%s): run go generate ./...", f.Path, firstDifference(data, f.Data))
		}
	}
}

// firstDifference describes the first line where got and want differ.
func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			line := func(lines []string) string {
				if i < len(lines) {
					return fmt.Sprintf("%q", lines[i])
				}
				return "no line"
			}
			return fmt.Sprintf("line %d is %s, want %s", i+1, line(g), line(w))
		}
	}
	return "no difference"
}

// The keywords of the grammars come from the table given to the generator: a construct added to
// a copy of the table, with a part and a keyword key, is highlighted in all three files.
func TestGrammarsFollowTheTable(t *testing.T) {
	table := append(slices.Clone(grammar.Constructs()), grammar.Construct{
		ID:      grammar.ConstructID(255), // an id no construct has
		Keyword: "sleep",
		Place:   grammar.AtTop,
		Parts:   []string{"then"},
		Keys:    []grammar.Key{{Name: "jitter", Keyword: true}, {Name: "note"}},
	})
	keywords := append(grammar.Keywords(), "sleep", "then", "jitter")
	files, err := grammargen.Files(table)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Fatalf("%d files, want the two TextMate grammars and the Vim syntax", len(files))
	}
	for _, f := range files {
		check := checkKeywords
		if f.Path == grammargen.NeovimSyntax {
			check = checkVimKeywords
		}
		if err := check(f.Data, keywords, grammar.Constants()); err != nil {
			t.Errorf("%s from a table with sleep: %v", f.Path, err)
		}
	}
}
