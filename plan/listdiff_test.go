package plan

import (
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/google/go-cmp/cmp"
)

// m builds a map of strings from key, value pairs.
func m(kv ...string) Value {
	v := Value{Kind: Map}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Keys = append(v.Keys, kv[i])
		v.Elems = append(v.Elems, Value{Kind: Str, Text: kv[i+1]})
	}
	return v
}

func list(elems ...Value) Value { return Value{Kind: List, Elems: elems} }

func strs(ss ...string) Value {
	v := Value{Kind: List}
	for _, s := range ss {
		v.Elems = append(v.Elems, Value{Kind: Str, Text: s})
	}
	return v
}

// with returns a map with one more field.
func with(v Value, k string, e Value) Value {
	v.Keys = append(append([]string(nil), v.Keys...), k)
	v.Elems = append(append([]Value(nil), v.Elems...), e)
	return v
}

func TestPairElements(t *testing.T) {
	tests := []struct {
		name       string
		news, olds []Value
		want       []int
	}{
		{name: "empty old", news: []Value{m("a", "1")}, want: []int{-1}},
		{name: "empty new", olds: []Value{m("a", "1")}, want: []int{}},
		{name: "nothing shared", news: []Value{m("a", "1")}, olds: []Value{m("a", "2")}, want: []int{-1}},
		{name: "one field shared", news: []Value{m("a", "1", "b", "2")}, olds: []Value{m("a", "1", "b", "3")}, want: []int{0}},
		{
			// The first new element shares one field with the old one, the second two: the
			// stronger pair wins although the weaker comes first.
			name: "best first, not first come",
			news: []Value{m("sid", "ECR", "effect", "Allow", "action", "ecr:Create"), m("sid", "Manage", "effect", "Allow", "action", "iam:Delete")},
			olds: []Value{m("sid", "Manage", "effect", "Allow", "action", "iam:Create")},
			want: []int{-1, 0},
		},
		{
			name: "reordered",
			news: []Value{m("k", "b", "v", "2"), m("k", "a", "v", "1")},
			olds: []Value{m("k", "a", "v", "0"), m("k", "b", "v", "0")},
			want: []int{1, 0},
		},
		{
			name: "indistinguishable peers keep their places",
			news: []Value{m("effect", "Allow"), m("effect", "Allow"), m("effect", "Allow")},
			olds: []Value{m("effect", "Allow"), m("effect", "Allow"), m("effect", "Allow")},
			want: []int{0, 1, 2},
		},
		{
			name: "duplicates: more new than old",
			news: []Value{m("k", "a"), m("k", "a")},
			olds: []Value{m("k", "a", "x", "1")},
			want: []int{0, -1},
		},
		{
			name: "scalars pair only when equal",
			news: []Value{{Kind: Str, Text: "x"}, {Kind: Str, Text: "y"}},
			olds: []Value{{Kind: Str, Text: "y"}},
			want: []int{-1, 0},
		},
		{
			// Both new elements prefer the first old one; the second takes the next one of its
			// best score.
			name: "preference moves to the next free best",
			news: []Value{m("k", "a", "v", "1"), m("k", "a", "v", "2")},
			olds: []Value{m("k", "a", "v", "0"), m("k", "a", "v", "9")},
			want: []int{0, 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pairElements(differ{}, tt.news, tt.olds, nil)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("pairs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDiffListOfMaps(t *testing.T) {
	s3 := m("sid", "S3", "effect", "Allow")
	ecr := m("sid", "ECR", "effect", "Allow")
	str := func(s string) Value { return Value{Kind: Str, Text: s} }
	tests := []struct {
		name     string
		old, new Value
		hidden   bool
		want     *listDiff
	}{
		{name: "all added from none", old: Value{}, new: list(s3, ecr), hidden: true, want: &listDiff{Added: []Value{s3, ecr}}},
		{name: "all removed", old: list(s3, ecr), new: list(), hidden: true, want: &listDiff{Removed: []Value{s3, ecr}}},
		{name: "one added", old: list(s3), new: list(ecr, s3), hidden: true, want: &listDiff{Unchanged: []Value{s3}, Added: []Value{ecr}}},
		{
			name: "reordered only: every element unchanged",
			old:  list(s3, ecr), new: list(ecr, s3), hidden: true,
			want: &listDiff{Unchanged: []Value{ecr, s3}},
		},
		{
			name: "modified: one field, the same ones counted",
			old:  list(s3), new: list(m("sid", "S3", "effect", "Deny")), hidden: true,
			want: &listDiff{Modified: []elementChange{{Old: s3, New: m("sid", "S3", "effect", "Deny"), Same: 1,
				Fields: []entry{{Kind: entryChanged, Key: "effect", Old: str("Allow"), New: str("Deny"), HasOld: true}}}}},
		},
		{
			name: "modified, explicit detail: the same ones not counted",
			old:  list(s3), new: list(m("sid", "S3", "effect", "Deny")),
			want: &listDiff{Modified: []elementChange{{Old: s3, New: m("sid", "S3", "effect", "Deny"),
				Fields: []entry{{Kind: entryChanged, Key: "effect", Old: str("Allow"), New: str("Deny"), HasOld: true}}}}},
		},
		{
			name: "a field the old element alone has: the pair dropped",
			old:  list(with(s3, "injected", str("x"))), new: list(s3), hidden: true,
			want: &listDiff{},
		},
		{
			name: "a field the new element alone has",
			old:  list(s3), new: list(with(s3, "note", str("n"))), hidden: true,
			want: &listDiff{Modified: []elementChange{{Old: s3, New: with(s3, "note", str("n")), Same: 2,
				Fields: []entry{{Kind: entryChanged, Key: "note", New: str("n")}}}}},
		},
		{
			name: "duplicates: one of two equal elements removed",
			old:  list(s3, s3), new: list(s3), hidden: true,
			want: &listDiff{Unchanged: []Value{s3}, Removed: []Value{s3}},
		},
		{
			name: "nested list of strings grew",
			old:  list(with(s3, "action", strs("a", "b"))), new: list(with(s3, "action", strs("a", "b", "c"))), hidden: true,
			want: &listDiff{Modified: []elementChange{{Old: with(s3, "action", strs("a", "b")), New: with(s3, "action", strs("a", "b", "c")), Same: 2,
				Fields: []entry{{Kind: entryStrings, Key: "action", Old: strs("a", "b"), New: strs("a", "b", "c"), HasOld: true,
					Strings: &stringsDiff{Unchanged: []string{"a", "b"}, Added: []string{"c"}}}}}}},
		},
		{
			name: "nested map changed",
			old:  list(with(s3, "config", m("level", "info"))), new: list(with(s3, "config", m("level", "debug"))), hidden: true,
			want: &listDiff{Modified: []elementChange{{Old: with(s3, "config", m("level", "info")), New: with(s3, "config", m("level", "debug")), Same: 2,
				Fields: []entry{{Kind: entryMap, Key: "config", Old: m("level", "info"), New: m("level", "debug"), HasOld: true,
					Entries: []entry{{Kind: entryChanged, Key: "level", Old: str("info"), New: str("debug"), HasOld: true}}}}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := diffListOfMaps(differ{}, tt.old, tt.new, nil, tt.hidden)
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(Value{})); diff != "" {
				t.Errorf("list diff (-want +got):\n%s", diff)
			}
		})
	}
}

// TestChangeRow: how a changed attribute prints, beyond the shapes Carina's fixtures show.
func TestChangeRow(t *testing.T) {
	tests := []struct {
		name string
		ch   Change
		want []string // the row's lines; nil when nothing shows
	}{
		{
			name: "string list shrunk to empty",
			ch:   Change{Name: "action", Old: strs("a", "b"), HasOld: true, New: strs(), HasNew: true},
			want: []string{"action:", `  - "a"`, `  - "b"`},
		},
		{
			name: "string list from none",
			ch:   Change{Name: "action", New: strs("a"), HasNew: true},
			want: []string{"action:", `  + "a"`},
		},
		{
			name: "string list reordered: nothing added or removed, printed old → new",
			ch:   Change{Name: "action", Old: strs("a", "b"), HasOld: true, New: strs("b", "a"), HasNew: true},
			want: []string{`action: ["a", "b"] → ["b", "a"]`},
		},
		{
			name: "list of maps whose only difference is a field the state alone has",
			ch:   Change{Name: "rules", Old: list(m("a", "1", "x", "2")), HasOld: true, New: list(m("a", "1")), HasNew: true},
		},
		{
			name: "the same, forcing replacement: the header alone",
			ch:   Change{Name: "rules", Old: list(m("a", "1", "x", "2")), HasOld: true, New: list(m("a", "1")), HasNew: true, Forces: true},
			want: []string{"rules: (forces replacement)"},
		},
		{
			name: "list of maps removed, forcing replacement",
			ch:   Change{Name: "rules", Old: list(m("a", "1")), HasOld: true, Forces: true},
			want: []string{"rules: (forces replacement)", "  - {", `      a: "1"`, "    }"},
		},
		{
			name: "a nested list of maps inside a map: no unchanged element shown",
			ch: Change{Name: "config", HasOld: true, HasNew: true,
				Old: with(Value{Kind: Map}, "rules", list(m("n", "a"), m("n", "b"))),
				New: with(Value{Kind: Map}, "rules", list(m("n", "a"), m("n", "c")))},
			want: []string{"config:", "    rules:", "      + {", `          n: "c"`, "        }", "      - {", `          n: "b"`, "        }"},
		},
		{
			name: "an added element with a list of two maps: a blank line before the next field",
			ch: Change{Name: "s", Old: list(), HasOld: true, HasNew: true,
				New: list(with(with(Value{Kind: Map}, "a", list(m("x", "1"), m("x", "2"))), "b", Value{Kind: Str, Text: "y"}))},
			want: []string{"s:", "  + {", "      a: ", `        * x: "1"`, "", `        * x: "2"`, "", `      b: "y"`, "    }"},
		},
		{
			name: "printed alike on both sides: not shown",
			ch:   Change{Name: "n", Old: Value{Kind: Ref, Text: "a.b"}, HasOld: true, New: Value{Kind: Enum, Text: "a.b"}, HasNew: true},
		},
		{
			name: "secrets always shown",
			ch:   Change{Name: "p", Old: Value{Kind: Secret, Text: "h"}, HasOld: true, New: Value{Kind: Secret}, HasNew: true},
			want: []string{"p: (secret) → (secret)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row, ok := changeRow(differ{}, tt.ch, 6, true)
			var got []string
			if ok {
				got = strings.Split(row, "\n")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("row (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDiffMapHidden: a list of maps inside a map counts its elements' same fields only in full
// detail, as the top-level one does.
func TestDiffMapHidden(t *testing.T) {
	old := with(Value{Kind: Map}, "rules", list(m("n", "a", "v", "1")))
	new := with(Value{Kind: Map}, "rules", list(m("n", "a", "v", "2")))
	for _, hidden := range []bool{true, false} {
		es := diffMap(differ{}, old, new, nil, hidden)
		if len(es) != 1 || es[0].List == nil || len(es[0].List.Modified) != 1 {
			t.Fatalf("hidden=%v: %+v", hidden, es)
		}
		want := 0
		if hidden {
			want = 1
		}
		if got := es[0].List.Modified[0].Same; got != want {
			t.Errorf("hidden=%v: same fields counted %d, want %d", hidden, got, want)
		}
	}
}

// TestJSONElements: the JSON form carries a changed list's elements as the display pairs them.
func TestJSONElements(t *testing.T) {
	p := func(s string) *string { return &s }
	tests := []struct {
		name string
		ch   Change
		want []JSONElement
	}{
		{name: "a scalar", ch: Change{Name: "n", Old: Value{Kind: Int, Int: 1}, HasOld: true, New: Value{Kind: Int, Int: 2}, HasNew: true}},
		{name: "a map", ch: Change{Name: "tags", Old: m("a", "1"), HasOld: true, New: m("a", "2"), HasNew: true}},
		{
			name: "a list of maps",
			ch:   Change{Name: "s", Old: list(m("k", "a"), m("k", "b", "v", "1")), HasOld: true, New: list(m("k", "b", "v", "2"), m("k", "a"), m("k", "c")), HasNew: true},
			want: []JSONElement{
				{Change: "unchanged", Old: p(`{k: "a"}`), New: p(`{k: "a"}`)},
				{Change: "modified", Old: p(`{k: "b", v: "1"}`), New: p(`{k: "b", v: "2"}`)},
				{Change: "added", New: p(`{k: "c"}`)},
			},
		},
		{
			name: "a list of maps removed",
			ch:   Change{Name: "s", Old: list(m("k", "a")), HasOld: true},
			want: []JSONElement{{Change: "deleted", Old: p(`{k: "a"}`)}},
		},
		{
			name: "a list of strings",
			ch:   Change{Name: "a", Old: strs("x", "y"), HasOld: true, New: strs("y", "z"), HasNew: true},
			want: []JSONElement{
				{Change: "unchanged", Old: p(`"y"`), New: p(`"y"`)},
				{Change: "added", New: p(`"z"`)},
				{Change: "deleted", Old: p(`"x"`)},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, jsonElements(differ{}, tt.ch)); diff != "" {
				t.Errorf("elements (-want +got):\n%s", diff)
			}
		})
	}
}

// orderDiffer is the differ of orderSchema's resource.
func orderDiffer(t *testing.T) differ {
	t.Helper()
	p, err := schema.Load("order.json", strings.NewReader(orderSchema))
	if err != nil {
		t.Fatal(err)
	}
	return differ{rs: p.Resources["demo.svc.Thing"]}
}

// TestChangeRowCompares: inside a changed attribute the display compares as the differ does: a
// list in order only where its type says so (untyped: a multiset), a struct's field absent on
// one side the same as its zero. Each case printed a change Carina's display does not before.
func TestChangeRowCompares(t *testing.T) {
	typed := orderDiffer(t)
	b := func(v bool) Value { return Value{Kind: Bool, Bool: v} }
	str := func(s string) Value { return Value{Kind: Str, Text: s} }
	tests := []struct {
		name string
		d    differ
		ch   Change
		want []string
	}{
		{
			name: "untyped: a reordered list inside a changed element is no change",
			d:    differ{},
			ch: Change{Name: "s", HasOld: true, HasNew: true,
				Old: list(mapOf("k", str("a"), "tags", strs("x", "y"), "v", str("1"))),
				New: list(mapOf("k", str("a"), "tags", strs("y", "x"), "v", str("2")))},
			want: []string{"s:", `  ~ {v: "1" → "2", # (2 unchanged fields hidden)}`},
		},
		{
			name: "untyped: a reordered list pairs elements by similarity",
			d:    differ{},
			ch: Change{Name: "s", HasOld: true, HasNew: true,
				Old: list(mapOf("k", str("a"), "tags", strs("x", "y"))),
				New: list(mapOf("k", str("b"), "tags", strs("y", "x")))},
			want: []string{"s:", `  ~ {k: "a" → "b", # (1 unchanged field hidden)}`},
		},
		{
			name: "untyped: a reordered list inside a changed map is no change",
			d:    differ{},
			ch: Change{Name: "config", HasOld: true, HasNew: true,
				Old: mapOf("a", strs("x", "y"), "b", str("1")),
				New: mapOf("a", strs("y", "x"), "b", str("2"))},
			want: []string{"config:", `  ~ b: "1" → "2"`},
		},
		{
			name: "typed: an ordered field of an unordered list's element reordered is a change",
			d:    typed,
			ch: Change{Name: "rules", HasOld: true, HasNew: true,
				Old: list(mapOf("name", str("r"), "ports", ints(1, 2), "enabled", b(true))),
				New: list(mapOf("name", str("r"), "ports", ints(2, 1), "enabled", b(true)))},
			want: []string{"rules:", "  ~ {ports: [1, 2] → [2, 1], # (2 unchanged fields hidden)}"},
		},
		{
			name: "typed: a struct's zero field the state alone holds leaves its element unchanged",
			d:    typed,
			ch: Change{Name: "rules", HasOld: true, HasNew: true,
				Old: list(mapOf("name", str("r"), "enabled", b(false)), mapOf("name", str("s"), "ports", ints(1))),
				New: list(mapOf("name", str("r")), mapOf("name", str("s"), "ports", ints(2)))},
			want: []string{"rules:", `    {name: "r"}`, "  ~ {ports: [1] → [2], # (1 unchanged field hidden)}"},
		},
		{
			// Carina's compute_map_diff finds a map's changed entries untyped: an ordered value
			// reordered shows no entry, and the attribute folds into the unchanged ones.
			name: "typed: a map's entries are found changed untyped",
			d:    typed,
			ch: Change{Name: "by_name", HasOld: true, HasNew: true,
				Old: mapOf("k", strs("a", "b")),
				New: mapOf("k", strs("b", "a"))},
		},
		{
			name: "typed: a changed map's ordered value",
			d:    typed,
			ch: Change{Name: "by_name", HasOld: true, HasNew: true,
				Old: mapOf("k", strs("a", "b")),
				New: mapOf("k", strs("a", "c"))},
			want: []string{"by_name:", "    k:", `      - "b"`, `      + "c"`, "      # (1 unchanged element hidden)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row, ok := changeRow(tt.d, tt.ch, 6, true)
			var got []string
			if ok {
				got = strings.Split(row, "\n")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("row (-want +got):\n%s", diff)
			}
		})
	}
}

// TestJSONElementsCompare: the JSON form's elements pair as the display does, with the types.
func TestJSONElementsCompare(t *testing.T) {
	typed := orderDiffer(t)
	p := func(s string) *string { return &s }
	str := func(s string) Value { return Value{Kind: Str, Text: s} }
	tests := []struct {
		name string
		d    differ
		ch   Change
		want []JSONElement
	}{
		{
			name: "typed: an element equal but for a zero field is unchanged",
			d:    typed,
			ch: Change{Name: "rules", HasOld: true, HasNew: true,
				Old: list(mapOf("name", str("r"), "enabled", Value{Kind: Bool}), mapOf("name", str("s"), "ports", ints(1))),
				New: list(mapOf("name", str("r")), mapOf("name", str("s"), "ports", ints(2)))},
			want: []JSONElement{
				{Change: "unchanged", Old: p(`{name: "r"}`), New: p(`{name: "r"}`)},
				{Change: "modified", Old: p(`{name: "s", ports: [1]}`), New: p(`{name: "s", ports: [2]}`)},
			},
		},
		{
			name: "untyped: elements sharing a reordered list are paired",
			d:    differ{},
			ch: Change{Name: "s", HasOld: true, HasNew: true,
				Old: list(mapOf("k", str("a"), "tags", strs("x", "y"))),
				New: list(mapOf("k", str("b"), "tags", strs("y", "x")))},
			want: []JSONElement{{Change: "modified", Old: p(`{k: "a", tags: ["x", "y"]}`), New: p(`{k: "b", tags: ["y", "x"]}`)}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, jsonElements(tt.d, tt.ch)); diff != "" {
				t.Errorf("elements (-want +got):\n%s", diff)
			}
		})
	}
}
