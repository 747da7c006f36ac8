package editors

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// settingsTable is one markdown table of the extension's settings: the rows whose first cell is a
// backticked carina.* name.
type settingsTable struct {
	file string
	line int // 1-based, the header's
	rows []settingsRow
}

type settingsRow struct {
	line        int
	name, deflt string // deflt: the default cell as written
	// defaultColumn says the table has a "default" column.
	defaultColumn bool
}

var settingName = regexp.MustCompile("^`(carina\\.[^`]+)`$")

// splitRow returns the cells of a table row, splitting at the bars outside code spans (a type
// written `'dev' | 'prod'` is one cell) and at no escaped bar.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	if strings.HasSuffix(line, "|") && !strings.HasSuffix(line, `\|`) {
		line = line[:len(line)-1]
	}
	var cells []string
	var cur strings.Builder
	inCode := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case c == '`':
			inCode = !inCode
			cur.WriteByte(c)
		case c == '|' && !inCode:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// settingsTables finds the settings tables of a markdown text, outside fenced code blocks.
func settingsTables(file string, text string) []settingsTable {
	var out []settingsTable
	lines := strings.Split(text, "\n")
	fenced := false
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(trimmed, "|") {
			continue
		}
		// A table: a header, a separator, then rows while lines start with a bar.
		tab := settingsTable{file: file, line: i + 1}
		col := -1
		for j, h := range splitRow(trimmed) {
			if strings.EqualFold(h, "default") {
				col = j
			}
		}
		j := i + 1
		if j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "|") {
			j++ // the separator
		}
		for ; j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "|"); j++ {
			cells := splitRow(lines[j])
			m := settingName.FindStringSubmatch(cells[0])
			if m == nil {
				continue
			}
			r := settingsRow{line: j + 1, name: m[1]}
			if col >= 0 && col < len(cells) {
				r.deflt, r.defaultColumn = cells[col], true
			}
			tab.rows = append(tab.rows, r)
		}
		if len(tab.rows) > 0 {
			out = append(out, tab)
		}
		i = j - 1
	}
	return out
}

var leadingCode = regexp.MustCompile("^`([^`]*)`")

// defaultValue reads a default cell: it starts with a code span holding the value as JSON, or a
// string written bare (`off`); prose may follow it ("`\"\"`: the bundled server, ...").
func defaultValue(cell string) (any, bool) {
	m := leadingCode.FindStringSubmatch(cell)
	if m == nil {
		return nil, false
	}
	var v any
	if err := json.Unmarshal([]byte(m[1]), &v); err == nil {
		return v, true
	}
	return m[1], true
}

// settingsProblems holds each table to the declared settings: every declared setting once, no
// other name, and each default as declared where the table has a default column. Every table is
// meant to be complete: a reader of either page looks for a setting there.
func settingsProblems(declared map[string]any, tables []settingsTable) []string {
	var out []string
	for _, tab := range tables {
		seen := map[string]bool{}
		for _, r := range tab.rows {
			at := fmt.Sprintf("%s:%d", tab.file, r.line)
			def, ok := declared[r.name]
			switch {
			case seen[r.name]:
				out = append(out, at+": "+r.name+" is listed twice")
				continue
			case !ok:
				out = append(out, at+": "+r.name+" is no setting of package.json")
				continue
			}
			seen[r.name] = true
			if !r.defaultColumn {
				continue
			}
			got, ok := defaultValue(r.deflt)
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("%s: %s's default %q does not start with the value in backticks", at, r.name, r.deflt))
			case !cmp.Equal(got, def):
				out = append(out, fmt.Sprintf("%s: %s's default is %s, package.json says %s", at, r.name, r.deflt, mustJSON(def)))
			}
		}
		var missing []string
		for name := range declared {
			if !seen[name] {
				missing = append(missing, name)
			}
		}
		slices.Sort(missing)
		for _, name := range missing {
			out = append(out, fmt.Sprintf("%s:%d: the table lacks %s", tab.file, tab.line, name))
		}
	}
	return out
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// declaredSettings reads contributes.configuration's properties of the extension: name → default.
func declaredSettings(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile("vscode/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Contributes struct {
			Configuration struct {
				Properties map[string]struct {
					Default json.RawMessage `json:"default"`
				} `json:"properties"`
			} `json:"configuration"`
		} `json:"contributes"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	for name, p := range m.Contributes.Configuration.Properties {
		var v any
		if err := json.Unmarshal(p.Default, &v); err != nil {
			t.Fatalf("package.json: %s has no default: %v", name, err)
		}
		out[name] = v
	}
	if len(out) == 0 {
		t.Fatal("package.json declares no settings")
	}
	return out
}

// TestSettingsTablesMatchManifest holds every settings table of the repository's documentation
// (docs/editors.md, the extension's README, any page that has one) to the settings the extension
// declares, so that a setting added, renamed or given another default shows in each.
func TestSettingsTablesMatchManifest(t *testing.T) {
	declared := declaredSettings(t)
	var tables []settingsTable
	err := filepath.WalkDir("..", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if n := e.Name(); p != ".." && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "testdata") {
				return filepath.SkipDir // not ours (Carina's corpus, npm packages) or not docs
			}
			return nil
		}
		if !strings.HasSuffix(p, ".md") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", p)
		tables = append(tables, settingsTables(filepath.ToSlash(rel), string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))))...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, tab := range tables {
		files = append(files, tab.file)
	}
	// The two pages known to have one: a table that stopped being found would pass unseen.
	for _, want := range []string{"docs/editors.md", "editors/vscode/README.md"} {
		if !slices.Contains(files, want) {
			t.Errorf("no settings table found in %s (found in %v)", want, files)
		}
	}
	for _, p := range settingsProblems(declared, tables) {
		t.Error(p)
	}
}

// TestSettingsProblems: the check finds each kind of mismatch.
func TestSettingsProblems(t *testing.T) {
	declared := map[string]any{"carina.a": "", "carina.b": []any{}, "carina.c": true, "carina.d": "off"}
	doc := "# Settings\n\n" +
		"```\n| `carina.fenced` | x |\n```\n\n" +
		"| setting | default | meaning |\n|---|---|---|\n" +
		"| `carina.a` | `\"\"`: the bundled server | a |\n" +
		"| `carina.b` | `[]` | b, with `x | y` in code |\n" +
		"| `carina.c` | `false` | wrong default |\n" +
		"| `carina.d` | off | not in backticks |\n" +
		"| `carina.e` | `1` | not declared |\n" +
		"| `carina.b` | `[]` | twice |\n" +
		"\n| other | table |\n|---|---|\n| `x` | y |\n\n" +
		"| setting | meaning |\n|---|---|\n| `carina.a` | no default column |\n| `carina.b` | b |\n| `carina.c` | c |\n| `carina.d` | d |\n"
	tables := settingsTables("x.md", doc)
	want := []string{
		"x.md:11: carina.c's default is `false`, package.json says true",
		`x.md:12: carina.d's default "off" does not start with the value in backticks`,
		"x.md:13: carina.e is no setting of package.json",
		"x.md:14: carina.b is listed twice",
	}
	if diff := cmp.Diff(want, settingsProblems(declared, tables)); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if len(tables) != 2 {
		t.Fatalf("%d tables, want 2 (the fenced rows and the table of no setting are none)", len(tables))
	}
	delete(declared, "carina.a")
	declared["carina.z"] = 0.0
	got := settingsProblems(declared, tables[1:])
	want = []string{"x.md:22: carina.a is no setting of package.json", "x.md:20: the table lacks carina.z"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems of a table without defaults (-want +got):\n%s", diff)
	}
}
