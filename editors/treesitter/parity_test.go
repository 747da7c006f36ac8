package treesitter

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// scopesOf maps each capture of highlights.scm to the TextMate scopes (prefixes) of the same
// tokens: the highlight parity, as the two TextMate grammars are held to each other. A capture
// missing here fails the test.
var scopesOf = map[string][]string{
	"comment":             {"comment.", "punctuation.definition.comment."},
	"keyword":             {"keyword.declaration.", "keyword.other.", "keyword.control.wait.", "storage.type."},
	"keyword.repeat":      {"keyword.control.loop."},
	"keyword.conditional": {"keyword.control.conditional."},
	"operator":            {"keyword.operator."},
	// A dotted name is one token: a reference's fields and dots are the variable's.
	"variable": {"variable.other.readwrite.", "entity.name.variable.", "variable.other.member.", "punctuation.accessor."},
	"property": {"variable.other.property.", "variable.other.member."},
	// An enum value is one token: its type's segments are the constant's.
	"constant":              {"constant.other.enum.", "variable.other.enummember.", "entity.name.type.", "punctuation.accessor."},
	"constant.builtin":      {"constant.language.null."},
	"boolean":               {"constant.language.boolean."},
	"number":                {"constant.numeric.integer."},
	"number.duration":       {"constant.numeric.duration."},
	"number.float":          {"constant.numeric.float."},
	"string":                {"string.", "punctuation.definition.string."},
	"string.escape":         {"constant.character.escape."},
	"punctuation.special":   {"punctuation.section.embedded."},
	"punctuation.bracket":   {"punctuation.section.", "punctuation.definition."},
	"punctuation.delimiter": {"punctuation.separator.", "punctuation.accessor."},
	"label":                 {"entity.name.tag.heredoc.", "punctuation.definition.string."},
	// A resource type is one token: its dots are the type's.
	"type":               {"entity.name.type.", "punctuation.accessor."},
	"type.builtin":       {"support.type."},
	"module":             {"entity.name.namespace."},
	"function":           {"entity.name.function."},
	"function.call":      {"entity.name.function."},
	"function.builtin":   {"support.function.builtin."},
	"variable.parameter": {"variable.parameter."},
}

// paritySamples are the TextMate grammar's test files (editors/vscode/test/samples) that are
// whole files of Carina; the others hold fragments (bare attributes), on purpose.
var paritySamples = []string{"all-constructs.crn", "wait.crn", "strings.crn", "heredoc.crn", "comments.crn", "durations.crn"}

// fragments are the samples that hold a block's contents (bare attributes) rather than a file:
// the test reads them inside a module call's block, as they would stand.
var fragments = map[string]bool{"strings.crn": true, "heredoc.crn": true, "comments.crn": true, "durations.crn": true}

const (
	fragmentHead = "x {\n"
	fragmentTail = "\n}\n"
)

// knownDifferences are the assertions of those files the highlights answer otherwise, on
// purpose: "file:line:column" (1-based, of the asserted token) and why.
var knownDifferences = map[string]string{
	// The TextMate grammar reads a name followed by "{" at the top like a nested block's name;
	// the tree knows it is a module call, and highlights the module's name as a variable.
	"all-constructs.crn:31:1": "a top-level module call",
}

// assertion is one scope assertion of a TextMate test file.
type assertion struct {
	line, col, length int // of the source line, 0-based
	scopes            []string
	not               []string // scopes the token must not have ("- comment")
}

var assertLine = regexp.MustCompile(`^#(\s*)(<-|\^+)\s+(.*)$`)

// readAssertions returns the source (assertion lines blanked, so offsets stay) and its
// assertions.
func readAssertions(t *testing.T, path string) (string, []assertion) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []assertion
	src := -1
	for i, l := range lines {
		m := assertLine.FindStringSubmatch(l)
		if m == nil || src < 0 {
			src = i
			continue
		}
		a := assertion{line: src}
		if m[2] == "<-" {
			a.col, a.length = 0, 1
		} else {
			a.col, a.length = 1+len(m[1]), len(m[2])
		}
		positive, negative, _ := strings.Cut(" "+m[3], " - ")
		a.scopes = strings.Fields(positive)
		a.not = strings.Fields(negative)
		out = append(out, a)
	}
	return string(data), out
}

// capture is one capture the driver printed.
type capture struct {
	start, end int
	name       string
	pattern    int
	preds      string
}

// captures returns the highlight captures of file whose predicates hold.
func captures(t *testing.T, drv, file, src string) []capture {
	t.Helper()
	var out []capture
	for _, line := range strings.Split(strings.TrimSuffix(run(t, drv, "captures", queryPath("highlights"), file), "\n"), "\n") {
		f := strings.SplitN(line, "\t", 6)
		if len(f) != 6 {
			t.Fatalf("driver captures: bad line %q", line)
		}
		start, _ := strconv.Atoi(f[0])
		end, _ := strconv.Atoi(f[1])
		pattern, _ := strconv.Atoi(f[4])
		c := capture{start, end, f[2], pattern, f[5]}
		if holds(t, c, src[start:end]) {
			out = append(out, c)
		}
	}
	return out
}

// holds applies the pattern's predicates (#match?, #any-of?, #eq?) to the capture's text, as an
// editor does; they name only the capture itself in highlights.scm.
func holds(t *testing.T, c capture, text string) bool {
	t.Helper()
	for _, p := range strings.Split(c.preds, ";") {
		f := strings.Fields(p)
		if len(f) < 2 {
			continue
		}
		if f[1] != "@"+c.name {
			t.Fatalf("predicate %q of @%s names another capture", p, c.name)
		}
		switch f[0] {
		case "match?":
			if !regexp.MustCompile(strings.Join(f[2:], " ")).MatchString(text) {
				return false
			}
		case "any-of?":
			if !slices.Contains(f[2:], text) {
				return false
			}
		case "eq?":
			if len(f) != 3 || f[2] != text {
				return false
			}
		default:
			t.Fatalf("unknown predicate %q", p)
		}
	}
	return true
}

// effective returns the capture an editor shows at [start, end): the innermost capture holding
// the range, the last pattern among equals (later patterns win, as in Neovim).
func effective(cs []capture, start, end int) (capture, bool) {
	var best capture
	found := false
	for _, c := range cs {
		if c.start > start || c.end < end {
			continue
		}
		if !found || c.end-c.start < best.end-best.start || c.end-c.start == best.end-best.start && c.pattern >= best.pattern {
			best, found = c, true
		}
	}
	return best, found
}

// TestHighlightParity: at every token the TextMate grammar's test files assert a scope of, the
// capture highlights.scm gives maps to one of the asserted scopes.
func TestHighlightParity(t *testing.T) {
	drv := driver(t)
	checked := 0
	for _, name := range paritySamples {
		path := filepath.Join("..", "vscode", "test", "samples", name)
		src, asserts := readAssertions(t, path)
		shift := 0
		if fragments[name] {
			src = fragmentHead + src + fragmentTail
			shift = len(fragmentHead)
			path = filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		lineStart := []int{shift}
		for i, ch := range src[shift:] {
			if ch == '\n' {
				lineStart = append(lineStart, shift+i+1)
			}
		}
		cs := captures(t, drv, path, src)
		for _, a := range asserts {
			where := fmt.Sprintf("%s:%d:%d", name, a.line+1, a.col+1)
			start := lineStart[a.line] + a.col
			structural := true
			for _, s := range a.scopes {
				structural = structural && strings.HasPrefix(s, "meta.")
			}
			if structural && len(a.not) == 0 || knownDifferences[where] != "" {
				continue
			}
			checked++
			text := src[start : start+a.length]
			c, ok := effective(cs, start, start+a.length)
			var prefixes []string
			if ok {
				var known bool
				if prefixes, known = scopesOf[c.name]; !known {
					t.Errorf("%s: capture @%s has no TextMate scopes in scopesOf", where, c.name)
					continue
				}
			}
			for _, not := range a.not {
				// the capture says the token is (within) the scope it must not have
				if slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(p, not+".") }) {
					t.Errorf("%s %q: @%s, TextMate: not %s", where, text, c.name, not)
				}
			}
			switch {
			case structural:
			case invalid(a.scopes):
				// A mistake the TextMate grammar marks (a bad escape) is no token of the tree:
				// it is not highlighted as what it would be.
				if ok && c.name == "string.escape" {
					t.Errorf("%s %q: @%s, TextMate: %s", where, text, c.name, strings.Join(a.scopes, " "))
				}
			case !ok:
				t.Errorf("%s %q: no capture, TextMate: %s", where, text, strings.Join(a.scopes, " "))
			case !matchesAny(a.scopes, prefixes):
				t.Errorf("%s %q: @%s, TextMate: %s", where, text, c.name, strings.Join(a.scopes, " "))
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d assertions checked", checked)
	}
	t.Logf("%d assertions checked", checked)
}

// invalid reports whether the assertion marks a mistake (invalid.illegal.*).
func invalid(scopes []string) bool {
	for _, s := range scopes {
		if strings.HasPrefix(s, "invalid.") {
			return true
		}
	}
	return false
}

func matchesAny(scopes, prefixes []string) bool {
	for _, s := range scopes {
		for _, p := range prefixes {
			if strings.HasPrefix(s, p) {
				return true
			}
		}
	}
	return false
}
