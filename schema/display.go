package schema

import "strings"

// String renders the type as Carina's messages name it, as the index files'
// "display" field does: String, Int, List<String>, Map<String>,
// Struct(Name), Ref(Name), union members joined by " | ", and the identity
// for refined types and enums (aws.Arn, aws.acm.Certificate.Status). It is
// for the checks' messages, which quote Carina's; the editor prints schema
// types through types.FromSchemaIn, as it prints every type (list(String)).
func (t *Type) String() string {
	if t == nil {
		return "Unknown"
	}
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Type) write(b *strings.Builder) {
	switch t.Kind {
	case KindString, KindInt, KindFloat, KindEnum:
		if t.Identity != "" {
			b.WriteString(t.Identity)
			return
		}
		switch t.Kind {
		case KindString:
			b.WriteString("String")
		case KindInt:
			b.WriteString("Int")
		case KindFloat:
			b.WriteString("Float")
		default:
			b.WriteString("Enum")
		}
	case KindBool:
		b.WriteString("Bool")
	case KindDuration:
		b.WriteString("Duration")
	case KindList:
		b.WriteString("List<")
		t.Element.write(b)
		b.WriteByte('>')
	case KindMap:
		b.WriteString("Map<")
		t.Value.write(b)
		b.WriteByte('>')
	case KindStruct:
		b.WriteString("Struct(")
		b.WriteString(t.Name)
		b.WriteByte(')')
	case KindUnion:
		for i, m := range t.Members {
			if i > 0 {
				b.WriteString(" | ")
			}
			m.write(b)
		}
	case KindRef:
		b.WriteString("Ref(")
		b.WriteString(t.Ref)
		b.WriteByte(')')
	default:
		if t.Expr != "" {
			b.WriteString(t.Expr)
		} else {
			b.WriteString("Unknown")
		}
	}
}
