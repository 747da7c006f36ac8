package types

import (
	"testing"

	"github.com/carina-rs/carina-lsp/schema"
)

// TestSchemaName: a schema's types as Carina's messages name them, by the one printer.
func TestSchemaName(t *testing.T) {
	str := &schema.Type{Kind: schema.KindString}
	tests := []struct {
		typ  *schema.Type
		want string
	}{
		{str, "String"},
		{&schema.Type{Kind: schema.KindString, Identity: "aws.Arn"}, "aws.Arn"},
		{&schema.Type{Kind: schema.KindInt}, "Int"},
		{&schema.Type{Kind: schema.KindFloat}, "Float"},
		{&schema.Type{Kind: schema.KindBool}, "Bool"},
		{&schema.Type{Kind: schema.KindDuration}, "Duration"},
		{&schema.Type{Kind: schema.KindEnum, Identity: "aws.Region"}, "aws.Region"},
		{&schema.Type{Kind: schema.KindEnum}, "Enum"},
		{&schema.Type{Kind: schema.KindList, Element: &schema.Type{Kind: schema.KindMap, Key: str, Value: str}}, "List<Map<String>>"},
		{&schema.Type{Kind: schema.KindList, Element: &schema.Type{Kind: schema.KindStruct, Name: "TextTransformation"}}, "List<Struct(TextTransformation)>"},
		{&schema.Type{Kind: schema.KindUnion, Members: []*schema.Type{{Kind: schema.KindStruct, Name: "IamPolicyPrincipal"}, str}}, "Struct(IamPolicyPrincipal) | String"},
		{&schema.Type{Kind: schema.KindRef, Ref: "Statement"}, "Ref(Statement)"},
		{&schema.Type{Kind: schema.KindUnknown}, "Unknown"},
		{nil, "Unknown"},
	}
	for _, tt := range tests {
		if got := SchemaName(tt.typ); got != tt.want {
			t.Errorf("SchemaName(%+v) = %q, want %q", tt.typ, got, tt.want)
		}
		// The same type in an annotation's spelling: never the schema's.
		if got := FromSchema(tt.typ).String(); tt.typ != nil && tt.typ.Kind == schema.KindList && got[:5] != "list(" {
			t.Errorf("FromSchema(%+v).String() = %q, want list(...)", tt.typ, got)
		}
	}
}
