// Package tsqueries writes the Helix and Zed copies of the tree-sitter grammar's queries
// (editors/tree-sitter-carina/queries, written with nvim-treesitter's capture names) in each
// editor's capture names, so a query is written once. Command gen (editors/internal/gen, run by
// go generate ./editors) writes them, and editors/treesitter's TestEditorQueriesAreGenerated
// checks that the committed copies are what Files renders.
package tsqueries

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// File is one generated query: its path under editors/ and its content.
type File struct {
	Path string
	Data []byte
}

// Source is the folder of the queries, under editors/.
const Source = "tree-sitter-carina/queries"

// copyOf says where an editor's copy of one query goes and how its captures are renamed: a
// capture is renamed by the longest entry that is it or a dotted prefix of it.
type copyOf struct {
	query   string
	path    string
	renames map[string]string
}

func copies() []copyOf {
	// Helix's theme scopes (its docs: themes, syntax highlighting).
	helixHighlights := map[string]string{
		"keyword.repeat":      "keyword.control.repeat",
		"keyword.conditional": "keyword.control.conditional",
		"number.float":        "constant.numeric.float",
		"number":              "constant.numeric.integer",
		"boolean":             "constant.builtin.boolean",
		"module":              "namespace",
		"property":            "variable.other.member",
		"string.escape":       "constant.character.escape",
		"function.call":       "function",
	}
	// Helix's definitions name the highlight their references take.
	helixLocals := map[string]string{
		"local.definition.var":       "local.definition.variable",
		"local.definition.parameter": "local.definition.variable.parameter",
		"local.definition.function":  "local.definition.function",
	}
	// Zed's theme keys (keyword, number, boolean, type, function, property, ...) are matched by
	// prefix; what it lacks is renamed.
	zedHighlights := map[string]string{"module": "type"}
	// Helix's and Zed's names for nvim-treesitter-textobjects' outer and inner; "" drops one
	// they do not have.
	textobjects := map[string]string{
		"function.outer":    "function.around",
		"function.inner":    "function.inside",
		"class.outer":       "class.around",
		"class.inner":       "class.inside",
		"parameter.outer":   "parameter.around",
		"parameter.inner":   "parameter.inside",
		"comment.outer":     "comment.around",
		"statement.outer":   "",
		"loop.outer":        "",
		"loop.inner":        "",
		"conditional.outer": "",
		"conditional.inner": "",
	}
	return []copyOf{
		{"highlights", "helix/queries/carina/highlights.scm", helixHighlights},
		{"locals", "helix/queries/carina/locals.scm", helixLocals},
		{"textobjects", "helix/queries/carina/textobjects.scm", textobjects},
		{"injections", "helix/queries/carina/injections.scm", nil},
		{"highlights", "zed/languages/carina/highlights.scm", zedHighlights},
		{"textobjects", "zed/languages/carina/textobjects.scm", textobjects},
		{"injections", "zed/languages/carina/injections.scm", nil},
	}
}

// Files renders the copies from the queries under editors (the editors/ folder).
func Files(editors string) ([]File, error) {
	var out []File
	for _, c := range copies() {
		data, err := os.ReadFile(filepath.Join(editors, Source, c.query+".scm"))
		if err != nil {
			return nil, err
		}
		text, err := rename(string(data), c.renames)
		if err != nil {
			return nil, fmt.Errorf("%s for %s: %w", c.query, c.path, err)
		}
		head := fmt.Sprintf("; Generated from %s/%s.scm by go generate ./editors: edit that file.\n", Source, c.query)
		out = append(out, File{Path: c.path, Data: []byte(head + text)})
	}
	return out, nil
}

var captureName = regexp.MustCompile(`@([A-Za-z_][\w.]*)`)

// rename renames the captures of a query; a capture renamed to "" is dropped with the pattern's
// line (the editor has no such text object). A line that would lose a capture it needs, or a
// predicate naming a dropped capture, is an error rather than a broken query.
func rename(query string, renames map[string]string) (string, error) {
	var b strings.Builder
	for _, line := range strings.SplitAfter(query, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), ";") {
			b.WriteString(line)
			continue
		}
		drop := false
		line = captureName.ReplaceAllStringFunc(line, func(m string) string {
			name := m[1:]
			to, ok := lookup(renames, name)
			if !ok {
				return m
			}
			if to == "" {
				drop = true
				return m
			}
			return "@" + to
		})
		if drop {
			if strings.Count(line, "(") != strings.Count(line, ")") {
				return "", fmt.Errorf("cannot drop a capture of a pattern spanning lines: %q", strings.TrimSpace(line))
			}
			continue
		}
		b.WriteString(line)
	}
	return b.String(), nil
}

// lookup finds the rename of name: its own entry, else that of its longest dotted prefix, the
// rest of the name kept.
func lookup(renames map[string]string, name string) (string, bool) {
	for prefix := name; ; {
		if to, ok := renames[prefix]; ok {
			if to == "" || prefix == name {
				return to, true
			}
			return to + name[len(prefix):], true
		}
		i := strings.LastIndex(prefix, ".")
		if i < 0 {
			return "", false
		}
		prefix = prefix[:i]
	}
}
