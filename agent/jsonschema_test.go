package agent

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSchemaOf: the schema of a type is what encoding/json makes of it: the tag's names, the
// embedded struct's fields, optional with omitempty, nullable slices, maps and pointers.
func TestSchemaOf(t *testing.T) {
	type inner struct {
		A string `json:"a" jsonschema:"the a"`
	}
	type outer struct {
		inner
		B []int            `json:"b,omitempty"`
		C map[string]bool  `json:"c"`
		D *float64         `json:"d,omitempty"`
		E any              `json:"e"`
		F string           `json:"-"`
		G struct{ H uint } `json:"g"`
	}
	got, err := json.Marshal(schemaOf(reflect.TypeFor[outer]()))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"additionalProperties":false,"properties":{` +
		`"a":{"description":"the a","type":"string"},` +
		`"b":{"items":{"type":"integer"},"type":["null","array"]},` +
		`"c":{"additionalProperties":{"type":"boolean"},"type":["null","object"]},` +
		`"d":{"type":["null","number"]},` +
		`"e":{},` +
		`"g":{"additionalProperties":false,"properties":{"H":{"type":"integer"}},"required":["H"],"type":"object"}},` +
		`"required":["a","c","e","g"],"type":"object"}`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("schema (-want +got):\n%s", diff)
	}
}

// TestDecodeArgs: a tool's arguments are an object of its fields, the required ones present.
func TestDecodeArgs(t *testing.T) {
	for _, tc := range []struct {
		args string
		want string // the error's words; "" for none
	}{
		{`{"code":"syntax"}`, ""},
		{`{}`, `lack "code"`},
		{``, `lack "code"`},
		{`[1]`, "not an object"},
		{`{"code":7}`, "cannot unmarshal number"},
		{`{"code":"a","extra":1}`, `unknown field "extra"`},
	} {
		var in ExplainInput
		err := decodeArgs(json.RawMessage(tc.args), []string{"code"}, &in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: error %q, want %q", tc.args, got, tc.want)
		}
	}
}
