package treesitter

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

// queryNames are the queries the grammar ships (README.md).
var queryNames = []string{"highlights", "locals", "folds", "indents", "textobjects", "injections"}

func queryPath(name string) string {
	return filepath.Join(grammarDir, "queries", name+".scm")
}

// TestQueriesCompile: libtree-sitter compiles every query against the committed parser.
func TestQueriesCompile(t *testing.T) {
	drv := driver(t)
	args := []string{"query"}
	for _, q := range queryNames {
		args = append(args, queryPath(q))
	}
	out := run(t, drv, args...)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		got = append(got, line)
	}
	var want []string
	for _, q := range queryNames {
		want = append(want, queryPath(q)+"\tok")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("queries (-want +got):\n%s", diff)
	}
}

// anyOf matches an #any-of? predicate and its words.
var anyOf = regexp.MustCompile(`\(#any-of\? @([\w.]+)((?:\s+"[^"]*")+)\)`)

// TestHighlightListsFollowTheTable: the words highlights.scm lists are the construct table's
// keywords and package grammar's built-in functions, and every keyword the grammar spells is
// highlighted as one.
func TestHighlightListsFollowTheTable(t *testing.T) {
	data, err := os.ReadFile(queryPath("highlights"))
	if err != nil {
		t.Fatal(err)
	}
	scm := string(data)
	lists := map[string][][]string{}
	for _, m := range anyOf.FindAllStringSubmatch(scm, -1) {
		var words []string
		for _, w := range strings.Fields(m[2]) {
			words = append(words, strings.Trim(w, `"`))
		}
		lists[m[1]] = append(lists[m[1]], words)
	}
	check := func(capture string, want []string) {
		if len(lists[capture]) == 0 {
			t.Errorf("no #any-of? list for @%s", capture)
		}
		for _, got := range lists[capture] {
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("@%s's list (-want +got):\n%s", capture, diff)
			}
		}
	}
	check("keyword", grammar.Keywords())
	check("function.builtin", grammar.BuiltinFunctions())

	// The keywords grammar.js spells as literals are all captured as literals.
	js, err := os.ReadFile(filepath.Join(grammarDir, "grammar.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, kw := range grammar.Keywords() {
		if !strings.Contains(string(js), "'"+kw+"'") {
			continue
		}
		if !strings.Contains(scm, `"`+kw+`"`+"\n") && !strings.Contains(scm, `"`+kw+`" @`) {
			t.Errorf("highlights.scm does not highlight the keyword %q", kw)
		}
	}
	for _, c := range grammar.Constants() {
		if !slices.Contains([]string{"true", "false", "null"}, c) {
			t.Errorf("constant %q: highlights.scm knows true, false and null", c)
		}
	}
}
