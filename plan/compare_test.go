package plan

import (
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/schema"
)

// orderSchema is a resource whose lists say each way they compare.
const orderSchema = `{"format": "carina-schema-index", "format_version": 1, "provider": "demo",
 "resources": {"demo.svc.Thing": {"provider": "demo", "type": "demo.svc.Thing", "schema_type": "svc.Thing", "kind": "resource",
  "attributes": {
   "ordered": {"type": {"kind": "list", "ordered": true, "element": {"kind": "string"}}},
   "bag": {"type": {"kind": "list", "ordered": false, "element": {"kind": "string"}}},
   "action": {"type": {"kind": "union", "members": [{"kind": "string"}, {"kind": "list", "ordered": true, "element": {"kind": "string"}}]}},
   "rules": {"type": {"kind": "list", "ordered": false, "element": {"kind": "ref", "name": "Rule"}}},
   "by_name": {"type": {"kind": "map", "key": {"kind": "string"}, "value": {"kind": "list", "ordered": true, "element": {"kind": "string"}}}},
   "either": {"type": {"kind": "union", "members": [{"kind": "list", "ordered": false, "element": {"kind": "string"}}, {"kind": "ref", "name": "Rule"}]}},
   "rule_or_rules": {"type": {"kind": "union", "members": [{"kind": "string"}, {"kind": "list", "ordered": false, "element": {"kind": "ref", "name": "Rule"}}]}}
  },
  "defs": {"Rule": {"kind": "struct", "name": "Rule", "fields": {
   "ports": {"type": {"kind": "list", "ordered": true, "element": {"kind": "int"}}},
   "enabled": {"type": {"kind": "bool"}},
   "name": {"type": {"kind": "string"}}}}}}}}`

func ints(ns ...int64) Value {
	v := Value{Kind: List}
	for _, n := range ns {
		v.Elems = append(v.Elems, Value{Kind: Int, Int: n})
	}
	return v
}

func mapOf(kv ...any) Value {
	v := Value{Kind: Map}
	for i := 0; i < len(kv); i += 2 {
		v.Keys = append(v.Keys, kv[i].(string))
		v.Elems = append(v.Elems, kv[i+1].(Value))
	}
	return v
}

// TestDifferSame: Carina's differ compares a list in order only where the schema says so; a list
// with no type (no schema, an attribute it does not know) is a multiset.
func TestDifferSame(t *testing.T) {
	p, err := schema.Load("order.json", strings.NewReader(orderSchema))
	if err != nil {
		t.Fatal(err)
	}
	typed := differ{rs: p.Resources["demo.svc.Thing"]}
	yes, no := Value{Kind: Bool, Bool: true}, Value{Kind: Bool}
	tests := []struct {
		name            string
		d               differ
		attr            string
		desired, stored Value
		want            bool
	}{
		{"no schema: reordered", differ{}, "ordered", strs("a", "b"), strs("b", "a"), true},
		{"no schema: changed", differ{}, "ordered", strs("a", "b"), strs("a", "c"), false},
		{"no schema: multiplicity counts", differ{}, "ordered", strs("a", "a", "b"), strs("a", "b", "b"), false},
		{"no schema: longer", differ{}, "ordered", strs("a", "b"), strs("a"), false},
		{"no schema: nested in a map", differ{}, "x", mapOf("k", strs("a", "b")), mapOf("k", strs("b", "a")), true},
		{"no schema: list of maps reordered", differ{}, "x",
			Value{Kind: List, Elems: []Value{mapOf("n", yes), mapOf("n", no)}},
			Value{Kind: List, Elems: []Value{mapOf("n", no), mapOf("n", yes)}}, true},
		{"attribute the schema lacks: reordered", typed, "unknown", strs("a", "b"), strs("b", "a"), true},
		{"ordered: reordered", typed, "ordered", strs("a", "b"), strs("b", "a"), false},
		{"ordered: same order", typed, "ordered", strs("a", "b"), strs("a", "b"), true},
		{"unordered: reordered", typed, "bag", strs("a", "b"), strs("b", "a"), true},
		{"unordered: changed", typed, "bag", strs("a", "b"), strs("b", "c"), false},
		{"string or strings: one string is its list", typed, "action", Value{Kind: Str, Text: "s3:Get"}, strs("s3:Get"), true},
		{"string or strings: reordered", typed, "action", strs("a", "b"), strs("b", "a"), false},
		{"map value ordered: reordered", typed, "by_name", mapOf("k", strs("a", "b")), mapOf("k", strs("b", "a")), false},
		{"unordered structs with ordered fields: structs reordered", typed, "rules",
			Value{Kind: List, Elems: []Value{mapOf("ports", ints(1, 2)), mapOf("ports", ints(3))}},
			Value{Kind: List, Elems: []Value{mapOf("ports", ints(3)), mapOf("ports", ints(1, 2))}}, true},
		{"unordered structs with ordered fields: field reordered", typed, "rules",
			Value{Kind: List, Elems: []Value{mapOf("ports", ints(1, 2))}},
			Value{Kind: List, Elems: []Value{mapOf("ports", ints(2, 1))}}, false},
		{"struct: a field's zero on one side only", typed, "rules",
			Value{Kind: List, Elems: []Value{mapOf("name", Value{Kind: Str, Text: "r"})}},
			Value{Kind: List, Elems: []Value{mapOf("name", Value{Kind: Str, Text: "r"}, "enabled", no, "ports", Value{Kind: List})}}, true},
		{"struct: a field set on one side only", typed, "rules",
			Value{Kind: List, Elems: []Value{mapOf("name", Value{Kind: Str, Text: "r"})}},
			Value{Kind: List, Elems: []Value{mapOf("name", Value{Kind: Str, Text: "r"}, "enabled", yes)}}, false},
		{"secret against stored hash", typed, "ordered", Value{Kind: Secret}, Value{Kind: Secret}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.same(tt.desired, tt.stored, tt.d.attr(tt.attr)); got != tt.want {
				t.Errorf("same(%s, %s) = %v, want %v", tt.desired.Display(), tt.stored.Display(), got, tt.want)
			}
		})
	}
}

// TestDifferWalks: the types the display compares a list's elements and a map's entries with,
// as Carina's list_element_type and map_entry_subtype find them.
func TestDifferWalks(t *testing.T) {
	d := orderDiffer(t)
	rule := d.rs.Defs["Rule"]
	kind := func(t *schema.Type) string {
		if t == nil {
			return "none"
		}
		return string(t.Kind)
	}
	tests := []struct {
		name string
		got  *schema.Type
		want string
	}{
		{"a list's element, through its ref", d.elem(d.attr("rules")), "ref"},
		{"a type that is no list is the element's own", d.elem(rule), "struct"},
		{"a union's list member", d.elem(d.attr("rule_or_rules")), "ref"},
		{"a struct's field through a list", d.entry(d.attr("rules"), "ports"), "list"},
		{"a struct's field unknown", d.entry(d.attr("rules"), "nope"), "none"},
		{"a map's value", d.entry(d.attr("by_name"), "any"), "list"},
		{"a union's struct member before its list one", d.entry(d.attr("either"), "enabled"), "bool"},
		{"a union's list member when no struct or map", d.entry(d.attr("rule_or_rules"), "name"), "string"},
		{"a scalar has no entries", d.entry(d.attr("ordered"), "x"), "none"},
		{"no schema", differ{}.entry(nil, "x"), "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := kind(tt.got); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
