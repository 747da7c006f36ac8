package state

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/google/go-cmp/cmp"
)

// row is what a test reads back of a resource.
type row struct {
	Identity, Identifier string
	Binding              string
	DependsOn            []string
	Explicit             string
	Deposed              []string
	Override             string
}

func rowsOf(f *File) []row {
	var out []row
	for _, r := range f.Resources {
		w := row{Identity: r.Identity, Identifier: r.Identifier, Binding: r.Binding, DependsOn: r.DependsOn, Explicit: explicitString(r.Explicit)}
		for _, d := range r.Deposed {
			w.Deposed = append(w.Deposed, d.Key+"="+d.Identifier)
		}
		for k, o := range r.NameOverrides {
			w.Override = fmt.Sprintf("%s=%s legacy=%v", k, o.Temp, o.Legacy)
		}
		out = append(out, w)
	}
	return out
}

// explicitString prints an Explicit tree compactly, children in name order.
func explicitString(e Explicit) string {
	switch e.Kind {
	case Leaf:
		return "leaf"
	case Unrecorded:
		return "unrecorded"
	case List:
		return "list(" + explicitString(*e.Element) + ")"
	case ListElements:
		var parts []string
		for _, c := range e.Elements {
			parts = append(parts, explicitString(*c))
		}
		return "elements(" + strings.Join(parts, ",") + ")"
	}
	var keys []string
	for k := range e.Children {
		keys = append(keys, k)
	}
	sortStrings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+":"+explicitString(*e.Children[k]))
	}
	return "struct{" + strings.Join(parts, ",") + "}"
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// doc makes a state file of a version with the given resource rows (JSON objects' bodies).
func doc(version int, rows ...string) string {
	return fmt.Sprintf(`{"version": %d, "serial": 3, "lineage": "l", "carina_version": "0.4.0", "resources": [%s]}`, version, strings.Join(rows, ","))
}

const base = `"resource_type": "ec2.Vpc", "provider": "awscc", "attributes": {"cidr_block": "10.0.0.0/16"}`

func TestReadVersions(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []row
	}{
		{"v3: name for identity, no explicit", doc(3, `{`+base+`, "name": "main", "identifier": "vpc-1", "binding": "main", "dependency_bindings": ["b", "a", "b"]}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Binding: "main", DependsOn: []string{"a", "b"}, Explicit: "leaf"}}},
		{"v4: no identifier: dropped", doc(4, `{`+base+`, "name": "gone"}`, `{`+base+`, "name": "kept", "identifier": "vpc-2"}`),
			[]row{{Identity: "kept", Identifier: "vpc-2", Explicit: "leaf"}}},
		{"v5: desired_keys lifted", doc(5, `{`+base+`, "name": "main", "identifier": "vpc-1", "desired_keys": ["cidr_block", "tags"]}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "struct{cidr_block:leaf,tags:leaf}"}}},
		{"v5: empty desired_keys", doc(5, `{`+base+`, "name": "main", "identifier": "vpc-1", "desired_keys": []}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "leaf"}}},
		{"v6: empty top-level struct unrecorded", doc(6, `{`+base+`, "name": "main", "identifier": "vpc-1", "explicit": {"kind": "struct", "children": {}}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "unrecorded"}}},
		{"v6: nested empty struct kept", doc(6, `{`+base+`, "name": "main", "identifier": "vpc-1", "explicit": {"kind": "struct", "children": {"tags": {"kind": "struct", "children": {}}}}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "struct{tags:struct{}}"}}},
		{"v7: legacy name override", doc(7, `{`+base+`, "name": "main", "identifier": "vpc-1", "name_overrides": {"bucket_name": "tmp-1"}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "leaf", Override: "bucket_name=tmp-1 legacy=true"}}},
		{"v7: empty struct stays (migration is v6's)", doc(7, `{`+base+`, "identity": "main", "identifier": "vpc-1", "explicit": {"kind": "struct", "children": {}}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "struct{}"}}},
		{"v8: identity, override record", doc(8, `{`+base+`, "identity": "main", "identifier": "vpc-1", "name_overrides": {"n": {"temp_value": "t", "original_value": "o"}}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "leaf", Override: "n=t legacy=false"}}},
		{"v9: deposed keeps a row without identifier", doc(9, `{`+base+`, "identity": "main", "deposed": [{"key": "k1", "identifier": "vpc-old", "attributes": {}, "dependency_bindings": []}]}`),
			[]row{{Identity: "main", Explicit: "leaf", Deposed: []string{"k1=vpc-old"}}}},
		{"v10: list elements", doc(10, `{`+base+`, "identity": "main", "identifier": "vpc-1", "explicit": {"kind": "struct", "children": {"tags": {"kind": "list-elements", "elements": [{"kind": "leaf"}, {"kind": "list", "element": {"kind": "unrecorded"}}]}}}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "struct{tags:elements(leaf,list(unrecorded))}"}}},
		{"legacy map-key addresses", doc(8, `{`+base+`, "identity": "subnets[\"a\"]", "identifier": "s-1", "binding": "subnets['a-b']", "dependency_bindings": ["vpcs[\"x\"]", "list[0]"]}`),
			[]row{{Identity: "subnets.a", Identifier: "s-1", Binding: "subnets['a-b']", DependsOn: []string{"list[0]", "vpcs.x"}, Explicit: "leaf"}}},
		{"unknown fields ignored", doc(10, `{`+base+`, "identity": "main", "identifier": "vpc-1", "future": {"x": 1}}`),
			[]row{{Identity: "main", Identifier: "vpc-1", Explicit: "leaf"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read("s.json", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, rowsOf(f)); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadRefuses(t *testing.T) {
	deep := `{"version": 10, "serial": 0, "lineage": "l", "carina_version": "x", "resources": [], "exports": {"a": ` +
		strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}}`
	full := doc(10, `{`+base+`, "identity": "main", "identifier": "vpc-1"}`)
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"future version", doc(11), "s.json:1:13: state file version 11 is newer than supported version 10: written by a newer Carina (upgrade carina-lsp)"},
		{"future version, rest unreadable", `{"version": 12, "resources": 5}`, "s.json:1:13: state file version 12 is newer than supported version 10: written by a newer Carina (upgrade carina-lsp)"},
		{"truncated", full[:len(full)/2], "s.json:1:" + fmt.Sprint(len(full)/2+1) + ": unexpected end of file: the state file is truncated"},
		{"empty", ``, "s.json:1:1: unexpected end of file: the state file is truncated"},
		{"trailing comma", "{\n  \"version\": 10,\n}", "s.json:3:1: expected a key in quotes, found '}'"},
		{"garbage after", doc(10) + "x", "s.json:1:89: trailing characters after the JSON document"},
		{"not an object", `[1]`, "s.json:1:1: the state file must be a JSON object, found an array"},
		{"no version", `{"serial": 1}`, `s.json:1:1: the state file lacks the field "version"`},
		{"negative version", `{"version": -1}`, `s.json:1:13: the state file: "version" must be a whole number from 0 to 4294967295, found -1`},
		{"missing lineage", `{"version": 10, "serial": 1, "carina_version": "x", "resources": []}`, `s.json:1:1: the state file lacks the field "lineage"`},
		{"old version damaged", `{"version": 7, "serial": 1, "lineage": "l", "carina_version": "x", "resources": [{"identity": "a"}]}`,
			`s.json:1:82: migrating from version 7: resource 1 lacks the field "resource_type"`},
		{"attributes of a wrong kind", doc(10, `{"resource_type": "t", "identity": "a", "provider": "p", "attributes": []}`),
			`s.json:1:158: resource 1 (a): "attributes" must be an object, found an array`},
		{"duplicate identity", doc(10, `{`+base+`, "identity": "a", "identifier": "1"}`, `{`+base+`, "identity": "a", "identifier": "2"}`),
			`s.json:1:218: duplicate resource identity (provider "awscc", resource_type "ec2.Vpc", identity "a")`},
		{"duplicate after canonicalization", doc(7, `{`+base+`, "identity": "m.k", "identifier": "1"}`, `{`+base+`, "identity": "m[\"k\"]", "identifier": "2"}`),
			`s.json:1:219: duplicate resource identity (provider "awscc", resource_type "ec2.Vpc", identity "m.k")`},
		{"duplicate field", `{"version": 10, "version": 10, "serial": 0, "lineage": "l", "carina_version": "x", "resources": []}`, `s.json:1:1: the state file: duplicate field "version"`},
		{"identity and name", doc(10, `{`+base+`, "identity": "a", "name": "a"}`), `s.json:1:87: resource 1: duplicate field "identity" (and its old name "name")`},
		{"unknown explicit kind", doc(10, `{`+base+`, "identity": "a", "identifier": "1", "explicit": {"kind": "tree"}}`), `s.json:1:239: resource 1 (a), explicit: unknown kind "tree" (expected leaf, struct, list, list-elements or unrecorded)`},
		{"invalid UTF-8", "{\"version\": 10, \"lineage\": \"\xff\"}", "s.json:1:29: the state file is not valid UTF-8"},
		{"lone surrogate", `{"version": 10, "lineage": "\ud800"}`, `s.json:1:29: lone surrogate in a \u escape`},
		{"control character", "{\"version\": 10, \"lineage\": \"a\tb\"}", "s.json:1:30: control character 0x09 in a string (it must be escaped)"},
		{"deep nesting", deep, "s.json:1:229: arrays and objects nested deeper than 128 levels"},
		{"multi-byte column", "{\"lineage\": \"日本\"  x}", "s.json:1:19: expected ',' or '}' in an object, found 'x'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read("s.json", []byte(tt.src))
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadValues(t *testing.T) {
	src := doc(10, `{"resource_type": "t", "identity": "a", "provider": "p", "identifier": "1", "attributes": {
		"big": 9007199254740993, "f": 1.5e3, "s": "a\u00e9\ud83d\ude00\n", "pw": "_secret:argon2:abc",
		"m": {"k": 1, "k": 2, "tags": ["x", "_secret:argon2:def"]}, "n": null, "b": true}, "write_only_attributes": ["pw"]}`)
	f, err := Read("s.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := f.Resources[0]
	big, _ := r.Attributes.Get("big")
	n, ok := big.Int()
	if !ok || n != 9007199254740993 {
		t.Errorf("big = %d, %v; want every digit of 9007199254740993", n, ok)
	}
	got := map[string]string{}
	for _, k := range r.Attributes.Keys {
		v, shown := r.Shown(k)
		if !shown {
			got[k] = "(write-only)"
			continue
		}
		got[k] = v.Display()
	}
	want := map[string]string{
		"big": "9007199254740993", "f": "1.5e3", "s": `"aé😀\n"`, "pw": "(write-only)",
		"m": `{k: 2, tags: ["x", (secret)]}`, "n": "null", "b": "true",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("displayed (-want +got):\n%s", diff)
	}
	for _, k := range r.Attributes.Keys {
		v, _ := r.Attributes.Get(k)
		if strings.Contains(v.Display(), "argon2") {
			t.Errorf("%s displays a secret's hash: %s", k, v.Display())
		}
	}
}

// TestReadCarinaFixtures reads every state file of Carina's plan-display fixtures.
func TestReadCarinaFixtures(t *testing.T) {
	root := filepath.Join(corpus.Root(t), "testdata", "plan-display", "fixtures")
	paths, err := filepath.Glob(filepath.Join(root, "*", DefaultFile))
	if err != nil || len(paths) < 40 {
		t.Fatalf("found %d fixture state files (%v), want at least 40", len(paths), err)
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Read(p, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if f.Version < 7 || f.Version > Current {
			t.Errorf("%s: version %d", p, f.Version)
		}
	}
}

func TestCanonicalAddress(t *testing.T) {
	tests := map[string]string{
		`a`: `a`, `a["k"]`: `a.k`, `a['k']`: `a.k`, `a[k]`: `a.k`, `a[0]`: `a[0]`, `a["a-b"]`: `a['a-b']`,
		`a["]`: `a["]`, `a[]`: `a['']`, `m.a["1x"]`: `m.a['1x']`, `a[b]c`: `a[b]c`,
	}
	for in, want := range tests {
		if got := CanonicalAddress(in); got != want {
			t.Errorf("CanonicalAddress(%q) = %q, want %q", in, got, want)
		}
	}
}
