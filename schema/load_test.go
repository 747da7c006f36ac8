package schema

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestLoadErrors(t *testing.T) {
	const ok = `"format": "carina-schema-index", "format_version": 1, "provider": "demo"`
	res := func(head, body string) string {
		return `{` + ok + `, "resources": {"` + head + `": {` + body + `}}}`
	}
	attr := func(typ string) string {
		return `"attributes": {"a": {"type": ` + typ + `, "display": "", "required": false, "read_only": false,
			"create_only": false, "write_only": false, "identity": false, "deferred_populate": false,
			"removable": null, "default": null, "provider_name": null, "block_name": null, "description": null}}`
	}
	tests := []struct {
		name     string
		input    string
		want     string // substring of the error; the file name is always in it
		notIndex bool
	}{
		{"not json", `{"format": `, "unexpected end of JSON input", false},
		{"no format", `{"rows": []}`, `not a schema index file (no "format" field`, true},
		{"other format", `{"format": "something", "format_version": 1, "provider": "demo"}`, `format is "something", want "carina-schema-index"`, false},
		{"no version", `{"format": "carina-schema-index", "provider": "demo"}`, `no "format_version" field`, false},
		{"version 2", `{"format": "carina-schema-index", "format_version": 2, "provider": "demo"}`, "format_version 2 is not supported (want 1)", false},
		{"no provider", `{"format": "carina-schema-index", "format_version": 1}`, `bad provider name ""`, false},
		{"head of another provider", res("other.svc.X", `"attributes": {}`), `head "other.svc.X" is not of the form demo.<service>.<Type>`, false},
		{"short head", res("demo.X", `"attributes": {}`), `head "demo.X" is not of the form`, false},
		{"type differs from key", res("demo.svc.X", `"type": "demo.svc.Y"`), `resource key "demo.svc.X" has type "demo.svc.Y"`, false},
		{"kind in wrong section", res("demo.svc.X", `"kind": "data_source"`), `demo.svc.X has kind "data_source" in the resource section`, false},
		{"dangling ref", res("demo.svc.X", attr(`{"kind": "ref", "name": "Nope"}`)), `demo.svc.X: ref "Nope" has no entry in defs`, false},
		{"unknown kind", res("demo.svc.X", attr(`{"kind": "tuple"}`)), `demo.svc.X.a: unknown type kind "tuple"`, false},
		{"enum without identity", res("demo.svc.X", attr(`{"kind": "enum", "values": []}`)), `demo.svc.X.a: enum without identity`, false},
		{"member without type", res("demo.svc.X", `"attributes": {"a": {}}`), `demo.svc.X.a: member without a type`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("dir/file.json", strings.NewReader(tt.input))
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), "dir/file.json") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want the file name and %q", err, tt.want)
			}
			if got := errors.Is(err, ErrNotIndex); got != tt.notIndex {
				t.Errorf("errors.Is(err, ErrNotIndex) = %v, want %v", got, tt.notIndex)
			}
		})
	}
}

func TestLoadMini(t *testing.T) {
	p := mustLoadFile(t, "testdata/mini.json")

	state := &Enum{Identity: "demo.svc.Thing.State", Namespace: "demo.svc.Thing", Name: "State", Values: []EnumValue{
		{Wire: "READY", DSL: "ready", Qualified: "demo.svc.Thing.State.ready"},
		{Wire: "in-progress", DSL: "in_progress", Qualified: "demo.svc.Thing.State.in_progress"},
	}}
	region := &Enum{Identity: "demo.Region", Namespace: "demo", Name: "Region", Open: true, Transform: &Transform{Type: "HyphenToUnderscore"}}
	op := &Enum{Identity: "demo.svc.Thing.Cond.Op", Namespace: "demo.svc.Thing.Cond", Name: "Op", Values: []EnumValue{
		{Wire: "And", DSL: "and", Qualified: "demo.svc.Thing.Cond.Op.and"},
	}}
	bare := &Enum{Identity: "Bare", Name: "Bare", Values: []EnumValue{{Wire: "X-Y", DSL: "x_y", Qualified: "Bare.x_y"}}}
	str := &Type{Kind: KindString}
	m := func(name, display string, typ *Type, set func(*Member)) *Member {
		mem := &Member{Name: name, Display: display, Type: typ, ProviderName: strings.ToUpper(name[:1]) + name[1:]}
		if set != nil {
			set(mem)
		}
		return mem
	}
	want := &Provider{
		Name:         "demo",
		Origin:       "testdata/mini.json",
		WaitDefaults: WaitDefaults{TimeoutSecs: 600, IntervalSecs: 10},
		Enums:        map[string]*Enum{state.Identity: state, region.Identity: region, op.Identity: op, bare.Identity: bare},
		CustomTypes:  map[string]*CustomType{"demo.svc.Thing.Name": {Identity: "demo.svc.Thing.Name", Base: "string", Pattern: "^[a-z]+$"}},
		Regions:      []EnumValue{{Wire: "xx-east-1", DSL: "xx_east_1", Qualified: "demo.Region.xx_east_1"}},
		Resources: map[string]*Resource{"demo.svc.Thing": {
			Type: "demo.svc.Thing", Provider: "demo", SchemaType: "svc.Thing", Kind: KindResource,
			CloudType: "Demo::Svc::Thing", Description: "A thing.", SourceOrigin: "repo", HasTags: true,
			PrimaryIdentifier: []string{"id"},
			UniqueName:        UniqueName{Kind: "attribute", Attribute: "name"},
			ExclusiveRequired: [][]string{{"a", "b"}},
			OperationConfig:   &OperationConfig{DeleteTimeoutSecs: ptr[uint64](1800), DeleteMaxRetries: ptr[uint64](24)},
			Wait:              Wait{Timeout: WaitSetting{Secs: 900, Source: "demo.svc.Thing schema (testdata/mini.json)"}},
			Origin:            "testdata/mini.json",
			SourceFile:        "x.rs",
			Attributes: map[string]*Member{
				"id": idMember(), // every resource has one, whatever its data says
				"name": m("name", "demo.svc.Thing.Name", &Type{Kind: KindString, Identity: "demo.svc.Thing.Name", Pattern: "^[a-z]+$",
					Length: &Bounds{Min: ptr(1.0), Max: ptr(64.0)}}, func(m *Member) {
					m.Required, m.CreateOnly, m.Identity, m.Description = true, true, true, "The name."
				}),
				"count": m("count", "Int", &Type{Kind: KindInt, Range: &Bounds{Min: ptr(0.0)}}, func(m *Member) {
					m.Removable, m.Default = ptr(true), int64(3)
				}),
				"ratio": m("ratio", "Float", &Type{Kind: KindFloat, Range: &Bounds{Min: ptr(0.5), Max: ptr(2.5)}}, func(m *Member) {
					m.WriteOnly, m.Default = true, 1.5
				}),
				"on":    m("on", "Bool", &Type{Kind: KindBool}, func(m *Member) { m.Default = false }),
				"delay": m("delay", "Duration", &Type{Kind: KindDuration}, func(m *Member) { m.ProviderName = "" }),
				"state": m("state", "demo.svc.Thing.State", &Type{Kind: KindEnum, Identity: state.Identity, Enum: state}, func(m *Member) {
					m.ReadOnly, m.DeferredPopulate, m.Description = true, true, "State."
				}),
				"region": m("region", "demo.Region", &Type{Kind: KindEnum, Identity: "demo.Region", Enum: region,
					Transform: &Transform{Type: "HyphenToUnderscore"}, Helper: "region"}, nil),
				"rules": m("rules", "List<Struct(Rule)>", &Type{Kind: KindList, Length: &Bounds{Max: ptr(10.0)},
					Element: &Type{Kind: KindStruct, Name: "Rule", fields: map[string]*Member{
						"when": m("when", "Ref(Cond)", &Type{Kind: KindRef, Ref: "Cond"}, func(m *Member) { m.Required = true }),
					}}}, func(m *Member) { m.BlockName = "rule" }),
				"labels": m("labels", "Map<String>", &Type{Kind: KindMap, Key: str, Value: str, Helper: "tags"}, nil),
				"either": m("either", "String | List<String>", &Type{Kind: KindUnion, Members: []*Type{
					str, {Kind: KindList, Ordered: true, Element: str}}}, nil),
				"odd": m("odd", "String", &Type{Kind: KindString, Helper: "carina_aws_types::odd", Unresolved: true}, nil),
				"raw": m("raw", "weird()", &Type{Kind: KindUnknown, Expr: "weird()"}, nil),
			},
			Defs: map[string]*Type{"Cond": {Kind: KindStruct, Name: "Cond", fields: map[string]*Member{
				"op":  m("op", "demo.svc.Thing.Cond.Op", &Type{Kind: KindEnum, Identity: op.Identity, Enum: op}, func(m *Member) { m.Required = true }),
				"all": m("all", "List<Ref(Cond)>", &Type{Kind: KindList, Ordered: true, Element: &Type{Kind: KindRef, Ref: "Cond"}}, nil),
			}}},
		}},
		DataSources: map[string]*Resource{"demo.svc.Lookup": {
			Type: "demo.svc.Lookup", Provider: "demo", SchemaType: "svc.Lookup", Kind: KindDataSource, SourceOrigin: "repo",
			UniqueName: UniqueName{Kind: "conflicting"}, ExclusiveRequired: [][]string{}, Origin: "testdata/mini.json", SourceFile: "y.rs",
			Attributes: map[string]*Member{"id": m("id", "String", str, func(m *Member) { m.ReadOnly, m.Default = true, "x" })},
			Defs:       map[string]*Type{},
		}},
	}
	if diff := cmp.Diff(want, p, cmpopts.EquateEmpty(), byFields); diff != "" {
		t.Errorf("Load mismatch (-want +got):\n%s", diff)
	}
	// Inline enum types share the top-level Enum of the same identity.
	if p.Resources["demo.svc.Thing"].Attributes["state"].Type.Enum != p.Enums["demo.svc.Thing.State"] {
		t.Error("inline enum type does not share the top-level Enum")
	}
}
