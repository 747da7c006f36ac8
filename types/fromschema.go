package types

import "github.com/carina-rs/carina-lsp/schema"

// FromSchema returns the type of a provider schema's attribute type.
func FromSchema(st *schema.Type) *Type { return FromSchemaIn(nil, st) }

// FromSchemaIn returns the type of an attribute type of resource rs, its refs followed at every
// level through rs's definitions (rs may be nil: a ref is then unknown). Every feature that shows
// a schema type prints this, so an attribute reads as a binding does: `list(String)`.
func FromSchemaIn(rs *schema.Resource, st *schema.Type) *Type {
	if st != nil && st.Kind == schema.KindRef && rs != nil {
		st = rs.Resolve(st)
	}
	if st == nil {
		return UnknownType
	}
	switch st.Kind {
	case schema.KindRef:
		return &Type{Kind: Unknown, Schema: st} // a ref not followed: named by the schema's messages
	case schema.KindString, schema.KindInt, schema.KindFloat:
		base := StringType
		switch st.Kind {
		case schema.KindInt:
			base = IntType
		case schema.KindFloat:
			base = FloatType
		}
		if st.Identity != "" {
			return &Type{Kind: Custom, Name: st.Identity, Base: base, Schema: st}
		}
		if st.Pattern != "" || st.Length != nil || st.Range != nil {
			return &Type{Kind: base.Kind, Schema: st}
		}
		return base
	case schema.KindBool:
		return BoolType
	case schema.KindDuration:
		return DurationType
	case schema.KindEnum:
		name := "Enum"
		if st.Enum != nil && st.Enum.Identity != "" {
			name = st.Enum.Identity
		} else if st.Identity != "" {
			name = st.Identity
		}
		return &Type{Kind: Custom, Name: name, Base: StringType, Schema: st}
	case schema.KindList:
		return ListOf(FromSchemaIn(rs, st.Element))
	case schema.KindMap:
		return MapOf(FromSchemaIn(rs, st.Value))
	case schema.KindStruct:
		return &Type{Kind: Struct, Name: st.Name, Schema: st}
	case schema.KindUnion:
		alts := make([]*Type, len(st.Members))
		for i, m := range st.Members {
			alts[i] = FromSchemaIn(rs, m)
		}
		return UnionOf(alts...)
	}
	return &Type{Kind: Unknown, Schema: st}
}
