package config

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

var update = flag.Bool("update", false, "rewrite the JSON Schema files from JSONSchema")

// schemaFiles are the copies of the JSON Schema: the published one and the VS Code extension's.
var schemaFiles = []string{"../docs/carina-lsp.schema.json", "../editors/vscode/schemas/carina-lsp.schema.json"}

func TestSchemaFiles(t *testing.T) {
	want := JSONSchema()
	for _, p := range schemaFiles {
		if *update {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s is stale (%v): go test ./config -run TestSchemaFiles -update", p, err)
		}
	}
}

// TestSchemaAgreesWithParse validates files against the JSON Schema, as a TOML editor does, and
// reads them with Parse: what one accepts the other accepts.
func TestSchemaAgreesWithParse(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(JSONSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src string
		ok  bool
	}{
		{"[diagnostics]\nfail-on = \"warning\"\nignore = [\"gen/**\"]\n[diagnostics.levels]\npipe-form = \"off\"\nsyntax = \"error\"\n[[diagnostics.overrides]]\npaths = [\"legacy\"]\nlevels = { unused-let = \"info\" }\n[schemas]\nextra = [\"s.json\"]\n[format]\nindent = 4\ntabs = false\nlist-to-blocks = true\n", true},
		{"[diagnostics.levels]\npipe-forms = \"off\"\n", false},
		{"[diagnostics.levels]\npipe-form = \"loud\"\n", false},
		{"[diagnostics.levels]\nsyntax = \"warning\"\n", false},
		{"[diagnostics]\nfail-on = \"hint\"\n", false},
		{"[format]\nindent = 0\n", false},
		{"[format]\nindnet = 2\n", false},
		{"[linting]\n", false},
		{"[[diagnostics.overrides]]\nlevels = { unused-let = \"off\" }\n", false},
	} {
		var doc map[string]any
		if err := toml.Unmarshal([]byte(tc.src), &doc); err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		schemaErr := validate(schema, doc, "")
		_, errs := Parse("/p/carina-lsp.toml", []byte(tc.src))
		// An override without paths reads, matching nothing; the schema asks for paths.
		parseOK := len(errs) == 0 && tc.src != "[[diagnostics.overrides]]\nlevels = { unused-let = \"off\" }\n"
		if (schemaErr == nil) != tc.ok || parseOK != tc.ok {
			t.Errorf("%q: schema %v, Parse %v; want valid %v", tc.src, schemaErr, errorsOf(errs), tc.ok)
		}
	}
}

// validate checks a JSON value against the part of JSON Schema that JSONSchema uses.
func validate(s map[string]any, v any, at string) error {
	if c, ok := s["const"]; ok && v != c {
		return fmt.Errorf("%s: %v is not %v", at, v, c)
	}
	if e, ok := s["enum"].([]any); ok && !slices.Contains(e, v) {
		return fmt.Errorf("%s: %v not in %v", at, v, e)
	}
	switch s["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: not an object", at)
		}
		for _, r := range asSlice(s["required"]) {
			if _, ok := m[r.(string)]; !ok {
				return fmt.Errorf("%s: %s required", at, r)
			}
		}
		props, _ := s["properties"].(map[string]any)
		for k, x := range m {
			if pn, ok := s["propertyNames"].(map[string]any); ok {
				if err := validate(pn, k, at+"/"+k); err != nil {
					return err
				}
			}
			sub, ok := props[k].(map[string]any)
			if !ok {
				switch ap := s["additionalProperties"].(type) {
				case bool:
					if !ap {
						return fmt.Errorf("%s: unknown key %s", at, k)
					}
					continue
				case map[string]any:
					sub = ap
				default:
					continue
				}
			}
			if err := validate(sub, x, at+"/"+k); err != nil {
				return err
			}
		}
	case "array":
		for i, x := range asSlice(v) {
			if err := validate(s["items"].(map[string]any), x, fmt.Sprintf("%s/%d", at, i)); err != nil {
				return err
			}
		}
	case "string":
		str, ok := v.(string)
		if !ok || len(str) < int(num(s["minLength"])) {
			return fmt.Errorf("%s: not a string of the length wanted", at)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s: not a boolean", at)
		}
	case "integer":
		n, ok := v.(int64)
		if !ok || s["minimum"] != nil && float64(n) < num(s["minimum"]) || s["maximum"] != nil && float64(n) > num(s["maximum"]) {
			return fmt.Errorf("%s: %v out of range", at, v)
		}
	}
	return nil
}

func asSlice(v any) []any {
	if s, ok := v.([]any); ok {
		return s
	}
	if s, ok := v.([]map[string]any); ok {
		out := make([]any, len(s))
		for i := range s {
			out[i] = s[i]
		}
		return out
	}
	return nil
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}
