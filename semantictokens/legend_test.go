package semantictokens_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/semantictokens"
)

func TestLegend(t *testing.T) {
	types, mods := semantictokens.Legend()
	// The standard token types and modifiers of LSP 3.17; nothing else may appear in the legend.
	standardTypes := map[string]bool{}
	for _, s := range []string{"namespace", "type", "class", "enum", "interface", "struct", "typeParameter",
		"parameter", "variable", "property", "enumMember", "event", "function", "method", "macro", "keyword",
		"modifier", "comment", "string", "number", "regexp", "operator", "decorator"} {
		standardTypes[s] = true
	}
	standardMods := map[string]bool{}
	for _, s := range []string{"declaration", "definition", "readonly", "static", "deprecated", "abstract",
		"async", "modification", "documentation", "defaultLibrary"} {
		standardMods[s] = true
	}
	for _, s := range types {
		if !standardTypes[s] {
			t.Errorf("token type %q is not a standard LSP type", s)
		}
	}
	for _, s := range mods {
		if !standardMods[s] {
			t.Errorf("token modifier %q is not a standard LSP modifier", s)
		}
	}
	byIndex := map[int]string{
		semantictokens.TypeKeyword: "keyword", semantictokens.TypeVariable: "variable", semantictokens.TypeProperty: "property", semantictokens.TypeType: "type",
		semantictokens.TypeEnumMember: "enumMember", semantictokens.TypeNumber: "number", semantictokens.TypeString: "string", semantictokens.TypeComment: "comment",
		semantictokens.TypeFunction: "function", semantictokens.TypeOperator: "operator", semantictokens.TypeNamespace: "namespace", semantictokens.TypeParameter: "parameter",
	}
	if len(byIndex) != len(types) {
		t.Errorf("%d type constants, %d legend types", len(byIndex), len(types))
	}
	for i, name := range byIndex {
		if types[i] != name {
			t.Errorf("legend type %d = %q, want %q", i, types[i], name)
		}
	}
	if diff := cmp.Diff([]string{"declaration", "readonly", "defaultLibrary"}, mods); diff != "" {
		t.Errorf("modifiers (-want +got):\n%s", diff)
	}
	if semantictokens.ModDeclaration != 1 || semantictokens.ModReadonly != 2 || semantictokens.ModDefaultLibrary != 4 {
		t.Error("modifier bits do not follow the legend's order")
	}
	// The legend is built afresh: a caller changing it changes nothing for the next one.
	types[0] = "changed"
	if again, _ := semantictokens.Legend(); again[0] != "keyword" {
		t.Error("Legend returned shared state")
	}
}
