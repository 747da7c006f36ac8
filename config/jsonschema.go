package config

import (
	"encoding/json"

	"github.com/carina-rs/carina-lsp/finding"
)

// SchemaURL is where the JSON Schema of carina-lsp.toml is published: a TOML editor (Even Better
// TOML, taplo) completes and checks the file with it, through the VS Code extension's
// contribution or a `#:schema` comment at the top of the file.
const SchemaURL = "https://raw.githubusercontent.com/carina-rs/carina-lsp/main/docs/carina-lsp.schema.json"

// JSONSchema returns the JSON Schema (draft-07) of carina-lsp.toml, from the same lists Parse
// reads: every diagnostic code, the levels, the keys.
func JSONSchema() []byte {
	var codes []string
	for _, c := range finding.Codes() {
		codes = append(codes, string(c))
	}
	level := obj{"type": "string", "enum": []string{"off", "info", "warning", "error"},
		"description": "off: not reported; else the severity it is reported at"}
	levels := obj{
		"type":                 "object",
		"description":          "The level of each diagnostic code (docs/diagnostics/README.md lists them). Syntax errors cannot be turned off or lowered.",
		"propertyNames":        obj{"enum": codes},
		"properties":           obj{"syntax": obj{"const": "error", "description": "syntax errors are always errors"}},
		"additionalProperties": level,
	}
	paths := func(what string) obj {
		return obj{"type": "array", "description": what, "items": obj{"type": "string", "minLength": 1}}
	}
	schema := obj{
		"$schema":              "http://json-schema.org/draft-07/schema#",
		"$id":                  SchemaURL,
		"title":                "carina-lsp.toml",
		"description":          "The project configuration of carina-lsp: read by check, fmt, graph and the language server from the checked file's directory and those above it (docs/configuration.md).",
		"type":                 "object",
		"additionalProperties": false,
		"properties": obj{
			"diagnostics": obj{
				"type":                 "object",
				"additionalProperties": false,
				"properties": obj{
					"fail-on": obj{"type": "string", "enum": []string{"error", "warning", "info"}, "description": "the least severity that fails `carina-lsp check` (exit 1); -severity overrides it"},
					"ignore":  paths("paths (patterns relative to this file's directory: *, ?, [...], **) whose findings are never reported; check and fmt do not walk into them"),
					"levels":  levels,
					"overrides": obj{
						"type":        "array",
						"description": "levels for the files some paths match, after [diagnostics.levels]",
						"items": obj{
							"type":                 "object",
							"additionalProperties": false,
							"required":             []string{"paths"},
							"properties":           obj{"paths": paths("the files these levels apply to (patterns relative to this file's directory)"), "levels": levels},
						},
					},
				},
			},
			"schemas": obj{
				"type":                 "object",
				"additionalProperties": false,
				"properties":           obj{"extra": paths("schema index files or directories of *.json files, relative to this file's directory, added after the embedded schemas (-schemas and the editor's schemas setting override them)")},
			},
			"format": obj{
				"type":                 "object",
				"additionalProperties": false,
				"properties": obj{
					"list-to-blocks": obj{"type": "boolean", "description": "rewrite a list of maps given to a list-of-struct attribute as repeated blocks, as carina fmt does (default true)"},
					"indent":         obj{"type": "integer", "minimum": 1, "maximum": 16, "description": "spaces per indentation level (default 2)"},
					"tabs":           obj{"type": "boolean", "description": "indent with tabs (default false)"},
				},
			},
		},
	}
	out, err := json.MarshalIndent(schema, "", "  ")
	if err != nil {
		panic(err) // a literal of maps, slices and strings always marshals
	}
	return append(out, '\n')
}

type obj = map[string]any
