package types

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBuiltinParamsAcceptWhatCarinaAccepts holds the built-ins' parameter types, which hover,
// signature help and completion show, to their evaluation: an argument that Carina's function
// accepts fits the parameter's type.
func TestBuiltinParamsAcceptWhatCarinaAccepts(t *testing.T) {
	list := func(vs ...Value) Value { return Value{Shape: ListVal, Elems: vs} }
	tests := []struct {
		name string
		args []Value
	}{
		{"join", []Value{StrOf("-"), list(StrOf("a"), StrOf("b"))}},
		{"join", []Value{StrOf("-"), list(IntOf(1), BoolOf(true))}},
		{"join", []Value{StrOf("-"), list(IntOf(1), IntOf(2))}},
		{"concat", []Value{list(IntOf(1)), list(StrOf("a"))}},
		{"length", []Value{StrOf("abc")}},
		{"length", []Value{list(IntOf(1))}},
		{"max", []Value{IntOf(1), IntOf(2)}},
		{"upper", []Value{StrOf("a")}},
		{"cidr_subnet", []Value{StrOf("10.0.0.0/16"), IntOf(8), IntOf(1)}},
	}
	for _, tc := range tests {
		b := LookupBuiltin(tc.name)
		if _, err := evalBuiltin(tc.name, tc.args); err != nil {
			t.Errorf("%s%v: Carina rejects it: %v", tc.name, tc.args, err)
			continue
		}
		for i, a := range tc.args {
			if FitOf(b.Params[i].Type, a.TypeOf()) == Mismatch {
				t.Errorf("%s: argument %d of type %s does not fit parameter %s", tc.name, i, a.TypeOf(), b.Signature().ParamLabel(i))
			}
		}
	}
}

// TestSignatureLabels holds how a signature prints for every kind of function a call reaches.
func TestSignatureLabels(t *testing.T) {
	partial, _ := evalBuiltin("join", []Value{StrOf("-")})
	split, _ := evalBuiltin("split", []Value{StrOf(",")})
	composed := Value{Shape: ClosureVal, Text: composeName, Elems: []Value{split, partial}, Remaining: 1}
	closure := func(name string, v Value) Signature {
		s, ok := ClosureSignature(name, v)
		if !ok {
			t.Fatalf("%s: no signature", name)
		}
		return s
	}
	user := Signature{Name: "label", Params: []Param{{Name: "env", Type: StringType}, {Name: "app", Type: StringType, Optional: true, Default: "'web'"},
		{Name: "x", Type: UnknownType}}, Result: StringType, User: true}
	tests := []struct {
		name      string
		sig       Signature
		label     string
		typ       string
		activeArg []int // Argument(0..2, piped=false), then Argument(0..2, piped=true)
	}{
		{"built-in", LookupBuiltin("join").Signature(), "join(separator: String, list: list) -> String", "fn(String, list) -> String", []int{0, 1, -1, 0, -1, -1}},
		{"optional parameter", LookupBuiltin("decrypt").Signature(), "decrypt(ciphertext: String, key?: String) -> String", "fn(String, String) -> String", []int{0, 1, -1, 0, -1, -1}},
		{"partial application", closure("dash", partial), "dash(list: list) -> String", "fn(list) -> String", []int{0, -1, -1, -1, -1, -1}},
		{"composition", closure("slug", composed), "slug(string: String) -> String", "fn(String) -> String", []int{0, -1, -1, -1, -1, -1}},
		{"user function", user, "label(env: String, app: String = 'web', x) -> String", "fn(String, String, unknown) -> String", []int{0, 1, 2, 0, 1, -1}},
	}
	for _, tc := range tests {
		got := []any{tc.sig.Label(), tc.sig.Type().String()}
		want := []any{tc.label, tc.typ}
		for _, piped := range []bool{false, true} {
			for arg := range 3 {
				got = append(got, tc.sig.Argument(arg, piped))
			}
		}
		for _, a := range tc.activeArg {
			want = append(want, a)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	if got := partial.TypeOf().String(); got != "fn(list) -> String" {
		t.Errorf("a partial application's type: %s", got)
	}
	if got := user.Declaration(); got != "fn label(env: String, app: String = 'web', x): String" {
		t.Errorf("declaration: %s", got)
	}
}
