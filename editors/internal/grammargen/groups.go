package grammargen

import (
	"fmt"
	"regexp"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Groups are the keywords of a construct table, sorted by how the editors highlight them. Each
// template gives every group its TextMate scope or Vim group; the words of a group are in table
// order.
type Groups struct {
	Storage     []string // keywords that bind a name: let, fn
	Conditional []string // if and its else
	Loop        []string // for and its in
	Wait        []string // the wait construct
	Declaration []string // blocks that declare part of a configuration: provider, arguments, import ...
	Other       []string // the rest: read, use, require ..., and the keys that are keywords (until)
}

// group returns the group of a construct's keyword and of its parts (in, else). Which colour a
// keyword gets is the editors' choice, not the language's, so it is decided here and not in the
// construct table; a construct this does not name is highlighted as Other until it does.
func (g *Groups) group(id grammar.ConstructID) *[]string {
	switch id {
	case grammar.LetConstruct, grammar.FnConstruct:
		return &g.Storage
	case grammar.IfConstruct:
		return &g.Conditional
	case grammar.ForConstruct:
		return &g.Loop
	case grammar.WaitConstruct:
		return &g.Wait
	case grammar.ProviderConstruct, grammar.BackendConstruct, grammar.ArgumentsConstruct,
		grammar.AttributesConstruct, grammar.ExportsConstruct, grammar.ValidationConstruct,
		grammar.DirectivesConstruct, grammar.ImportConstruct, grammar.RemovedConstruct,
		grammar.MovedConstruct:
		return &g.Declaration
	}
	return &g.Other
}

// named lists the groups with their field names, for messages.
func (g *Groups) named() []struct {
	name  string
	words []string
} {
	return []struct {
		name  string
		words []string
	}{
		{"Storage", g.Storage}, {"Conditional", g.Conditional}, {"Loop", g.Loop},
		{"Wait", g.Wait}, {"Declaration", g.Declaration}, {"Other", g.Other},
	}
}

// word is what a keyword may be: it is written into regular expressions and Vim commands as is.
var word = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// Group sorts the keywords of constructs (the same words grammar.Keywords derives from the
// table: each construct's keyword, its parts and its keys that are keywords) into groups. A word
// is listed once, in the group where the table first gives it. Every group must have a word: a
// template would otherwise write an empty alternation, which matches everywhere.
func Group(constructs []grammar.Construct) (Groups, error) {
	var g Groups
	seen := map[string]bool{}
	add := func(to *[]string, w string) error {
		if w == "" || seen[w] {
			return nil
		}
		if !word.MatchString(w) {
			return fmt.Errorf("keyword %q is not a lower-case word", w)
		}
		seen[w] = true
		*to = append(*to, w)
		return nil
	}
	for _, c := range constructs {
		to := g.group(c.ID)
		words := append([]string{c.Keyword}, c.Parts...)
		for _, w := range words {
			if err := add(to, w); err != nil {
				return Groups{}, err
			}
		}
		for _, k := range c.Keys {
			if !k.Keyword {
				continue
			}
			if err := add(&g.Other, k.Name); err != nil {
				return Groups{}, err
			}
		}
	}
	for _, n := range g.named() {
		if len(n.words) == 0 {
			return Groups{}, fmt.Errorf("no keyword of the table is in group %s: drop its patterns from the templates and from Groups", n.name)
		}
	}
	return g, nil
}
