package editors

import (
	"encoding/xml"
	"fmt"
	"io"
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

// plistValue is a decoded property-list value: string, int64-like string, bool, []any or map.
type plistValue = any

// parsePlist decodes an XML property list into maps, slices and strings.
func parsePlist(data []byte) (plistValue, error) {
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	dec.Strict = true
	// Skip to <plist>.
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("no <plist> element: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "plist" {
				return nil, fmt.Errorf("root element <%s>, want <plist>", se.Name.Local)
			}
			break
		}
	}
	var v plistValue
	found := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch tt := tok.(type) {
		case xml.StartElement:
			if found {
				return nil, fmt.Errorf("more than one value in <plist>")
			}
			v, err = plistElement(dec, tt)
			if err != nil {
				return nil, err
			}
			found = true
		case xml.EndElement:
			if !found {
				return nil, fmt.Errorf("empty <plist>")
			}
			// Nothing but whitespace may follow.
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					return v, nil
				}
				if err != nil {
					return nil, err
				}
				if cd, ok := tok.(xml.CharData); !ok || strings.TrimSpace(string(cd)) != "" {
					return nil, fmt.Errorf("content after </plist>")
				}
			}
		}
	}
}

var plistInteger = regexp.MustCompile(`^-?\d+$`)

func plistElement(dec *xml.Decoder, se xml.StartElement) (plistValue, error) {
	switch se.Name.Local {
	case "string", "integer", "real", "date", "data":
		var s string
		if err := dec.DecodeElement(&s, &se); err != nil {
			return nil, err
		}
		if se.Name.Local == "integer" && !plistInteger.MatchString(strings.TrimSpace(s)) {
			return nil, fmt.Errorf("bad <integer>%s</integer>", s)
		}
		return s, nil
	case "true", "false":
		if err := dec.Skip(); err != nil {
			return nil, err
		}
		return se.Name.Local == "true", nil
	case "array":
		var out []any
		for {
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			switch tt := tok.(type) {
			case xml.StartElement:
				v, err := plistElement(dec, tt)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			case xml.EndElement:
				return out, nil
			}
		}
	case "dict":
		out := map[string]any{}
		key := ""
		haveKey := false
		for {
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			switch tt := tok.(type) {
			case xml.StartElement:
				if tt.Name.Local == "key" {
					if haveKey {
						return nil, fmt.Errorf("<key>%s</key> without a value", key)
					}
					if err := dec.DecodeElement(&key, &tt); err != nil {
						return nil, err
					}
					if _, dup := out[key]; dup {
						return nil, fmt.Errorf("duplicate <key>%s</key>", key)
					}
					haveKey = true
					continue
				}
				if !haveKey {
					return nil, fmt.Errorf("<%s> without a <key>", tt.Name.Local)
				}
				v, err := plistElement(dec, tt)
				if err != nil {
					return nil, err
				}
				out[key] = v
				haveKey = false
			case xml.EndElement:
				if haveKey {
					return nil, fmt.Errorf("<key>%s</key> without a value", key)
				}
				return out, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown property-list element <%s>", se.Name.Local)
}

func readPlistDict(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := parsePlist(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	d, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s: the top-level value is not a <dict>", path)
	}
	return d
}

func stringField(t *testing.T, path string, d map[string]any, key string) string {
	t.Helper()
	s, ok := d[key].(string)
	if !ok || s == "" {
		t.Errorf("%s: no <key>%s</key> string", path, key)
	}
	return s
}

func TestTextMateBundle(t *testing.T) {
	info := readPlistDict(t, "tmbundle/info.plist")
	if name := stringField(t, "info.plist", info, "name"); name != "Carina" {
		t.Errorf("info.plist name = %q", name)
	}
	uuids := map[string]string{}
	addUUID := func(path, u string) {
		if !uuidPattern.MatchString(u) {
			t.Errorf("%s: uuid %q is not a UUID", path, u)
		}
		if other, dup := uuids[strings.ToUpper(u)]; dup {
			t.Errorf("%s and %s share the uuid %s", path, other, u)
		}
		uuids[strings.ToUpper(u)] = path
	}
	addUUID("info.plist", stringField(t, "info.plist", info, "uuid"))

	g, _ := readGrammar(t, tmbundleGrammar)
	addUUID(tmbundleGrammar, g.UUID)
	items := []string{strings.ToUpper(g.UUID)}

	prefs, err := filepath.Glob("tmbundle/Preferences/*.tmPreferences")
	if err != nil {
		t.Fatal(err)
	}
	var comments map[string]any
	for _, p := range prefs {
		d := readPlistDict(t, p)
		stringField(t, p, d, "name")
		u := stringField(t, p, d, "uuid")
		addUUID(p, u)
		items = append(items, strings.ToUpper(u))
		if scope := stringField(t, p, d, "scope"); !strings.Contains(scope, "source.carina") {
			t.Errorf("%s: scope %q is not for source.carina", p, scope)
		}
		if _, ok := d["settings"].(map[string]any); !ok {
			t.Errorf("%s: no settings <dict>", p)
		}
		if filepath.Base(p) == "Comments.tmPreferences" {
			comments = d
		}
	}
	if comments == nil {
		t.Fatal("no Preferences/Comments.tmPreferences")
	}
	vars := map[string]string{}
	sv, _ := comments["settings"].(map[string]any)["shellVariables"].([]any)
	for _, v := range sv {
		d, _ := v.(map[string]any)
		name, _ := d["name"].(string)
		value, _ := d["value"].(string)
		vars[name] = value
	}
	wantVars := map[string]string{"TM_COMMENT_START": "# ", "TM_COMMENT_START_2": "// ", "TM_COMMENT_START_3": "/* ", "TM_COMMENT_END_3": " */"}
	for k, want := range wantVars {
		if vars[k] != want {
			t.Errorf("Comments.tmPreferences %s = %q, want %q", k, vars[k], want)
		}
	}

	// info.plist orders exactly the bundle's items.
	var ordering []string
	list, _ := info["ordering"].([]any)
	for _, v := range list {
		s, _ := v.(string)
		ordering = append(ordering, strings.ToUpper(s))
	}
	sort.Strings(ordering)
	sort.Strings(items)
	if !slices.Equal(ordering, items) {
		t.Errorf("info.plist ordering %v, want the grammar and preference uuids %v", ordering, items)
	}
}

func TestPlistParserRejectsBrokenFiles(t *testing.T) {
	for _, bad := range []string{
		``,
		`<plist version="1.0"><dict><key>a</key></dict></plist>`,
		`<plist version="1.0"><dict><string>x</string></dict></plist>`,
		`<plist version="1.0"><dict><key>a</key><string>x</string></plist>`,
		`<plist version="1.0"><dict><key>a</key><string>x</string><key>a</key><string>y</string></dict></plist>`,
		`<plist version="1.0"><dict><key>a</key><integer>x</integer></dict></plist>`,
		`<dict></dict>`,
	} {
		if _, err := parsePlist([]byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	v, err := parsePlist([]byte(`<?xml version="1.0"?><plist version="1.0"><dict><key>a</key><array><string>x</string><true/></array></dict></plist>`))
	if err != nil || fmt.Sprint(v) != "map[a:[x true]]" {
		t.Errorf("got %v, %v", v, err)
	}
}

// The Neovim syntax file lists the lexer's keywords and constants too.
func TestNeovimSyntaxKeywords(t *testing.T) {
	data, err := os.ReadFile(grammargen.NeovimSyntax)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkVimKeywords(data, grammar.Keywords(), grammar.Constants()); err != nil {
		t.Errorf("%s: %v", grammargen.NeovimSyntax, err)
	}
}

// checkVimKeywords compares the words of a Vim syntax file's keyword lines with the keyword and
// constant lists.
func checkVimKeywords(data []byte, keywords, constants []string) error {
	var haveKeywords, haveConstants []string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || f[0] != "syntax" || f[1] != "keyword" {
			continue
		}
		switch f[2] {
		case "carinaBoolean", "carinaNull":
			haveConstants = append(haveConstants, f[3:]...)
		default:
			haveKeywords = append(haveKeywords, f[3:]...)
		}
	}
	var problems []string
	if missing, extra, dup := coverage(haveKeywords, keywords); len(missing)+len(extra)+len(dup) > 0 {
		problems = append(problems, fmt.Sprintf("keywords: missing %v, extra %v, twice %v", missing, extra, dup))
	}
	if missing, extra, dup := coverage(haveConstants, constants); len(missing)+len(extra)+len(dup) > 0 {
		problems = append(problems, fmt.Sprintf("constants: missing %v, extra %v, twice %v", missing, extra, dup))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return nil
}
