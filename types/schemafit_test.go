package types

import (
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/google/go-cmp/cmp"
)

func TestLiteralKind(t *testing.T) {
	interpolated := &grammar.StringLit{Parts: []grammar.StringPart{{Expr: &grammar.PathExpr{}}}}
	tests := []struct {
		e    grammar.Expr
		want Kind
	}{
		{&grammar.StringLit{Value: "a"}, String},
		{interpolated, Unknown},
		{&grammar.IntLit{}, Int},
		{&grammar.FloatLit{}, Float},
		{&grammar.BoolLit{}, Bool},
		{&grammar.DurationLit{}, Duration},
		{&grammar.ListExpr{}, List},
		{&grammar.MapExpr{}, Map},
		{&grammar.PathExpr{}, Unknown},
		{nil, Unknown},
	}
	var got, want []Kind
	for _, tt := range tests {
		got, want = append(got, LiteralKind(tt.e)), append(want, tt.want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("LiteralKind (-want +got):\n%s", diff)
	}
}

// TestKindFit lists, for each schema kind, the literal kinds that fit it; every other literal
// kind is a mismatch, and what a literal's kind cannot decide is unsure.
func TestKindFit(t *testing.T) {
	literals := []Kind{String, Int, Float, Bool, Duration, List, Map}
	want := map[schema.Kind][]Kind{
		schema.KindString: {String}, schema.KindInt: {Int}, schema.KindFloat: {Int, Float},
		schema.KindBool: {Bool}, schema.KindDuration: {Duration}, schema.KindList: {List},
		schema.KindMap: {Map}, schema.KindStruct: {Map},
	}
	got := map[schema.Kind][]Kind{}
	for sk := range want {
		for _, k := range literals {
			switch KindFit(sk, k) {
			case Fits:
				got[sk] = append(got[sk], k)
			case Unsure:
				t.Errorf("KindFit(%s, %d) is unsure", sk, k)
			}
		}
		if f := KindFit(sk, Unknown); f != Unsure {
			t.Errorf("KindFit(%s, Unknown) = %d, want Unsure", sk, f)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the literal kinds each schema kind accepts (-want +got):\n%s", diff)
	}
	for _, sk := range []schema.Kind{schema.KindEnum, schema.KindUnion, schema.KindRef, schema.KindUnknown} {
		for _, k := range literals {
			if f := KindFit(sk, k); f != Unsure {
				t.Errorf("KindFit(%s, %d) = %d, want Unsure: the literal's kind does not decide it", sk, k, f)
			}
		}
	}
}

func TestFitsSchema(t *testing.T) {
	str, integer := &schema.Type{Kind: schema.KindString}, &schema.Type{Kind: schema.KindInt}
	tests := []struct {
		name string
		t    *schema.Type
		v    SchemaValue
		want bool
	}{
		{"a string", str, SchemaValue{Kind: String}, true},
		{"a reference where a string goes", str, SchemaValue{Kind: Unknown}, true},
		{"a reference where an int goes", integer, SchemaValue{Kind: Unknown}, false},
		{"an int", integer, SchemaValue{Kind: Int}, true},
		{"a string where an int goes", integer, SchemaValue{Kind: String}, false},
		{"no type", nil, SchemaValue{Kind: String}, false},
	}
	for _, tt := range tests {
		if got := FitsSchema(tt.t, tt.v); got != tt.want {
			t.Errorf("%s: FitsSchema = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestOpposite(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Active", "inactive", true},
		{"enabled", "Disabled", true},
		{"available", "unavailable", true},
		{"valid", "in_valid", true},
		{"issued", "Isued", false},
		{"active", "actve", false},
		{"in_sync", "in_sync", false},
		{"pending", "expired", false},
	} {
		if got := opposite(tc.a, tc.b); got != tc.want {
			t.Errorf("opposite(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
