package grammargen

import (
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
)

// A table that leaves a group empty is refused: the templates would write an empty alternation,
// which highlights nothing in Vim and matches everywhere in TextMate.
func TestGroupRefusesAnEmptyGroup(t *testing.T) {
	table := slices.DeleteFunc(slices.Clone(grammar.Constructs()), func(c grammar.Construct) bool {
		return c.ID == grammar.WaitConstruct
	})
	if _, err := Files(table); err == nil || !strings.Contains(err.Error(), "group Wait") {
		t.Errorf("a table without wait: got %v, want an error about group Wait", err)
	}
}

// Keywords are written into regular expressions, JSON strings and Vim commands as they are, so
// only plain words are taken.
func TestGroupRefusesANonWord(t *testing.T) {
	for _, bad := range []string{`sle"ep`, "a|b", "two words", "Sleep"} {
		table := append(slices.Clone(grammar.Constructs()), grammar.Construct{ID: grammar.ConstructID(255), Keyword: bad})
		if _, err := Files(table); err == nil || !strings.Contains(err.Error(), "not a lower-case word") {
			t.Errorf("keyword %q: got %v, want an error", bad, err)
		}
	}
}

// A word the table gives twice (depends_on, a key of wait and of directives) is listed once.
func TestGroupListsAWordOnce(t *testing.T) {
	g, err := Group(grammar.Constructs())
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, n := range g.named() {
		all = append(all, n.words...)
	}
	slices.Sort(all)
	if !slices.Equal(all, grammar.Keywords()) {
		t.Errorf("the groups hold %v, want grammar.Keywords() %v, each once", all, grammar.Keywords())
	}
}
