package editors

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/editors/internal/grammargen"
	"github.com/carina-rs/carina-lsp/grammar"
)

const (
	vscodeGrammar   = grammargen.VSCodeGrammar
	tmbundleGrammar = grammargen.BundleGrammar
)

var grammarFiles = []string{vscodeGrammar, tmbundleGrammar}

// rule is the part of a TextMate grammar rule the tests look at.
type rule struct {
	Name          string          `json:"name"`
	ContentName   string          `json:"contentName"`
	Match         string          `json:"match"`
	Begin         string          `json:"begin"`
	End           string          `json:"end"`
	Include       string          `json:"include"`
	Captures      map[string]rule `json:"captures"`
	BeginCaptures map[string]rule `json:"beginCaptures"`
	EndCaptures   map[string]rule `json:"endCaptures"`
	Patterns      []rule          `json:"patterns"`
}

type tmGrammar struct {
	Name       string          `json:"name"`
	ScopeName  string          `json:"scopeName"`
	FileTypes  []string        `json:"fileTypes"`
	UUID       string          `json:"uuid"`
	Patterns   []rule          `json:"patterns"`
	Repository map[string]rule `json:"repository"`
}

func parseGrammar(data []byte) (*tmGrammar, error) {
	var g tmGrammar
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&g); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data after the grammar object")
	}
	return &g, nil
}

func readGrammar(t *testing.T, path string) (*tmGrammar, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := parseGrammar(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g, data
}

// wordList matches the group of alternatives in a keyword pattern: (if|else).
var wordList = regexp.MustCompile(`\(((?:[a-z_]+\|)*[a-z_]+)\)`)

const (
	wordBefore = `(?<![\w.])`
	wordAfter  = `(?![\w.])`
)

// patternWords returns the words of repository[section].patterns, each pattern being
// (?<![\w.])(word|word...)(?![\w.]) with a scope of one of the allowed prefixes.
func patternWords(g *tmGrammar, section string, scopePrefixes ...string) ([]string, error) {
	r, ok := g.Repository[section]
	if !ok {
		return nil, fmt.Errorf("no repository.%s", section)
	}
	if len(r.Patterns) == 0 {
		return nil, fmt.Errorf("repository.%s has no patterns", section)
	}
	var words []string
	for _, p := range r.Patterns {
		if !slices.ContainsFunc(scopePrefixes, func(s string) bool { return strings.HasPrefix(p.Name, s) }) {
			return nil, fmt.Errorf("repository.%s: pattern %q has scope %q, want one of %v", section, p.Match, p.Name, scopePrefixes)
		}
		groups := wordList.FindAllStringSubmatch(p.Match, -1)
		if len(groups) != 1 || p.Match != wordBefore+"("+groups[0][1]+")"+wordAfter {
			return nil, fmt.Errorf("repository.%s: pattern %q is not %s(word|...)%s", section, p.Match, wordBefore, wordAfter)
		}
		words = append(words, strings.Split(groups[0][1], "|")...)
	}
	return words, nil
}

// coverage compares the words of a grammar's keyword patterns with a keyword list: missing are
// keywords the grammar lacks, extra are grammar words that are no keywords, dup are words listed
// twice in the grammar.
func coverage(grammarWords, keywords []string) (missing, extra, dup []string) {
	have := map[string]int{}
	for _, w := range grammarWords {
		have[w]++
		if have[w] == 2 {
			dup = append(dup, w)
		}
	}
	want := map[string]bool{}
	for _, k := range keywords {
		want[k] = true
		if have[k] == 0 {
			missing = append(missing, k)
		}
	}
	for w := range have {
		if !want[w] {
			extra = append(extra, w)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	sort.Strings(dup)
	return missing, extra, dup
}

// checkKeywords reports every difference between a grammar file's keyword and constant patterns
// and the given lists, as one error.
func checkKeywords(data []byte, keywords, constants []string) error {
	g, err := parseGrammar(data)
	if err != nil {
		return err
	}
	var problems []string
	for _, c := range []struct {
		section string
		list    []string
		scopes  []string
	}{
		{"keywords", keywords, []string{"keyword.", "storage.type"}},
		{"constants", constants, []string{"constant.language."}},
	} {
		words, err := patternWords(g, c.section, c.scopes...)
		if err != nil {
			return err
		}
		missing, extra, dup := coverage(words, c.list)
		if len(missing) > 0 {
			problems = append(problems, fmt.Sprintf("repository.%s lacks %s", c.section, strings.Join(missing, ", ")))
		}
		if len(extra) > 0 {
			problems = append(problems, fmt.Sprintf("repository.%s has %s, which the lexer does not list", c.section, strings.Join(extra, ", ")))
		}
		if len(dup) > 0 {
			problems = append(problems, fmt.Sprintf("repository.%s lists %s twice", c.section, strings.Join(dup, ", ")))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return nil
}

func TestGrammarKeywordsMatchLexer(t *testing.T) {
	for _, path := range grammarFiles {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkKeywords(data, grammar.Keywords(), grammar.Constants()); err != nil {
			t.Errorf("%s: %v (grammar.Keywords() is %v)", path, err, grammar.Keywords())
		}
	}
}

// The parity check must fail when the lexer and the grammar drift apart, in either direction.
func TestKeywordCheckDetectsDrift(t *testing.T) {
	data, err := os.ReadFile(vscodeGrammar)
	if err != nil {
		t.Fatal(err)
	}
	keywords := grammar.Keywords()
	constants := grammar.Constants()

	// A keyword added to the lexer only.
	err = checkKeywords(data, append(slices.Clone(keywords), "retry"), constants)
	if err == nil || !strings.Contains(err.Error(), "lacks retry") {
		t.Errorf("a new lexer keyword: got %v, want a report that the grammar lacks retry", err)
	}
	// A keyword removed from the lexer only.
	without := slices.DeleteFunc(slices.Clone(keywords), func(k string) bool { return k == "until" })
	err = checkKeywords(data, without, constants)
	if err == nil || !strings.Contains(err.Error(), "has until") {
		t.Errorf("a removed lexer keyword: got %v, want a report of the extra until", err)
	}
	// A keyword removed from the grammar only.
	edited := bytes.Replace(data, []byte("(until|"), []byte("("), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("the grammar has no (until| to remove")
	}
	err = checkKeywords(edited, keywords, constants)
	if err == nil || !strings.Contains(err.Error(), "lacks until") {
		t.Errorf("a keyword dropped from the grammar: got %v", err)
	}
	// A keyword listed twice.
	edited = bytes.Replace(data, []byte("(wait)"), []byte("(wait|until)"), 1)
	err = checkKeywords(edited, keywords, constants)
	if err == nil || !strings.Contains(err.Error(), "until twice") {
		t.Errorf("a keyword listed twice: got %v", err)
	}
	// A constant added to the lexer only.
	err = checkKeywords(data, keywords, append(slices.Clone(constants), "undefined"))
	if err == nil || !strings.Contains(err.Error(), "constants lacks undefined") {
		t.Errorf("a new constant: got %v", err)
	}
	// A keyword pattern that is not whole-word.
	edited = bytes.Replace(data, []byte(`(?<![\\w.])(wait)(?![\\w.])`), []byte(`(wait)`), 1)
	if err := checkKeywords(edited, keywords, constants); err == nil {
		t.Error("a keyword pattern without word boundaries was accepted")
	}
	// Invalid JSON.
	if err := checkKeywords(data[:len(data)/2], keywords, constants); err == nil {
		t.Error("truncated JSON was accepted")
	}
}

// walkRules calls f for every rule and capture in the grammar, with a path for messages.
func walkRules(g *tmGrammar, f func(path string, r rule)) {
	var walk func(path string, r rule)
	walk = func(path string, r rule) {
		f(path, r)
		for i, p := range r.Patterns {
			walk(fmt.Sprintf("%s.patterns[%d]", path, i), p)
		}
		for _, caps := range []struct {
			name string
			m    map[string]rule
		}{{"captures", r.Captures}, {"beginCaptures", r.BeginCaptures}, {"endCaptures", r.EndCaptures}} {
			for k, c := range caps.m {
				walk(fmt.Sprintf("%s.%s[%s]", path, caps.name, k), c)
			}
		}
	}
	for i, p := range g.Patterns {
		walk(fmt.Sprintf("patterns[%d]", i), p)
	}
	for name, r := range g.Repository {
		walk("repository."+name, r)
	}
}

func TestGrammarStructure(t *testing.T) {
	g, _ := readGrammar(t, vscodeGrammar)
	if g.ScopeName != "source.carina" {
		t.Errorf("scopeName = %q, want source.carina", g.ScopeName)
	}
	if !slices.Equal(g.FileTypes, []string{"crn"}) {
		t.Errorf("fileTypes = %v, want [crn]", g.FileTypes)
	}
	if !uuidPattern.MatchString(g.UUID) {
		t.Errorf("uuid %q is not a UUID", g.UUID)
	}
	walkRules(g, func(path string, r rule) {
		// Every include points at an existing repository entry (or the grammar itself).
		if inc := r.Include; inc != "" && inc != "$self" && inc != "$base" {
			if !strings.HasPrefix(inc, "#") {
				t.Errorf("%s: include %q of another grammar", path, inc)
			} else if _, ok := g.Repository[inc[1:]]; !ok {
				t.Errorf("%s: include %q has no repository entry", path, inc)
			}
		}
		if (r.Begin == "") != (r.End == "") {
			t.Errorf("%s: begin %q without end %q (or the reverse)", path, r.Begin, r.End)
		}
		// Keyword scopes come only from repository.keywords, so that the parity test sees them
		// all; other rules include #keywords for the keyword part of their match.
		for _, scope := range strings.Fields(r.Name + " " + r.ContentName) {
			isKeyword := strings.HasPrefix(scope, "keyword.") && !strings.HasPrefix(scope, "keyword.operator.")
			if (isKeyword || strings.HasPrefix(scope, "storage.")) && !strings.HasPrefix(path, "repository.keywords.") {
				t.Errorf("%s: keyword scope %q outside repository.keywords", path, scope)
			}
			if root, _, _ := strings.Cut(scope, "."); !standardRoots[root] {
				t.Errorf("%s: scope %q is not under a standard TextMate root (comment, constant, entity, ...)", path, scope)
			}
			if !strings.HasSuffix(scope, ".carina") {
				t.Errorf("%s: scope %q does not end in .carina", path, scope)
			}
		}
	})
	for _, want := range []string{"keywords", "constants", "comments", "block-comment", "strings", "interpolation", "heredoc", "numbers", "enum-value", "resource-type", "operators"} {
		if _, ok := g.Repository[want]; !ok {
			t.Errorf("repository.%s is missing", want)
		}
	}
}

// standardRoots are the top-level scope names of the TextMate naming conventions, which colour
// themes style.
var standardRoots = map[string]bool{
	"comment": true, "constant": true, "entity": true, "invalid": true, "keyword": true, "markup": true,
	"meta": true, "punctuation": true, "storage": true, "string": true, "support": true, "variable": true,
}

var uuidPattern = regexp.MustCompile(`^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$`)

// The VS Code manifest points at the grammar and the language configuration that exist.
func TestVSCodeManifestPaths(t *testing.T) {
	data, err := os.ReadFile("vscode/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Contributes struct {
			Languages []struct {
				ID            string   `json:"id"`
				Extensions    []string `json:"extensions"`
				Configuration string   `json:"configuration"`
			} `json:"languages"`
			Grammars []struct {
				Language  string `json:"language"`
				ScopeName string `json:"scopeName"`
				Path      string `json:"path"`
			} `json:"grammars"`
		} `json:"contributes"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Contributes.Languages) != 1 || len(m.Contributes.Grammars) != 1 {
		t.Fatalf("want one language and one grammar, got %+v", m.Contributes)
	}
	lang, gr := m.Contributes.Languages[0], m.Contributes.Grammars[0]
	if lang.ID != "carina" || !slices.Equal(lang.Extensions, []string{".crn"}) || gr.Language != lang.ID || gr.ScopeName != "source.carina" {
		t.Errorf("contributions: %+v %+v", lang, gr)
	}
	if filepath.Clean(filepath.Join("vscode", gr.Path)) != filepath.Clean(vscodeGrammar) {
		t.Errorf("grammar path %q, want %s", gr.Path, vscodeGrammar)
	}
	var conf map[string]any
	confData, err := os.ReadFile(filepath.Join("vscode", lang.Configuration))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(confData, &conf); err != nil {
		t.Errorf("%s: %v", lang.Configuration, err)
	}
}
