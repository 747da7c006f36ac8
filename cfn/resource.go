package cfn

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/schema"
)

// memberInfo is a schema member with its Carina name.
type memberInfo struct {
	name   string
	member *schema.Member
}

// byCloudName indexes members by their CloudFormation property name (the snake_case name for a
// member without one).
func byCloudName(members map[string]*schema.Member) map[string]*memberInfo {
	out := make(map[string]*memberInfo, len(members))
	for name, m := range members {
		if m.Synthetic {
			continue
		}
		cloud := m.ProviderName
		if cloud == "" {
			cloud = name
		}
		out[cloud] = &memberInfo{name: name, member: m}
	}
	return out
}

// resolve follows a ref type to its definition in the resource.
func resolve(t *schema.Type, r *schema.Resource) *schema.Type {
	for i := 0; t != nil && t.Kind == schema.KindRef && i < 16; i++ {
		if r == nil || r.Defs == nil {
			return nil
		}
		t = r.Defs[t.Ref]
	}
	return t
}

// resource writes one resource: a let binding of its awscc (or aws) type with its properties, or,
// for a type the schemas do not have, the template's text in a comment.
func (c *converter) resource(r *Resource) {
	what := "Resources." + r.ID
	s := c.res[r.ID]
	c.out.WriteString("\n")
	if r.TypeValue != nil {
		c.note(r.At, what, true, "its Type is %s, not a resource type's name (a preprocessor's module?): the resource is quoted in a comment", kindOf(r.TypeValue))
		c.quoted(fmt.Sprintf("Not converted: the Type of %s is no resource type's name.", r.ID), r.At.Line, r.LastLine)
		c.out.WriteString(standInMark(r.ID))
		return
	}
	if s == nil {
		c.note(r.At, what, true, "%s is a type neither the awscc nor the aws schemas have: the resource is quoted in a comment", r.Type)
		c.quoted(fmt.Sprintf("Not converted: %s is %s, which neither the awscc nor the aws schemas have.", r.ID, r.Type), r.At.Line, r.LastLine)
		c.out.WriteString(standInMark(r.ID))
		return
	}
	c.converted++
	for _, o := range r.Other {
		c.note(o.KeyAt, what+"."+o.Key, o.Key != "Metadata", "%s has no Carina counterpart: quoted in a comment above the resource", o.Key)
		c.quoted(fmt.Sprintf("Not converted: the %s of %s.", o.Key, r.ID), o.KeyAt.Line, lastLine(o.Value, c.t))
	}
	head := s.Type
	if r.Condition != "" {
		fmt.Fprintf(c.out, "let %s = if %s {\n%s {\n", c.names[r.ID], c.condRef(r.Condition, r.At, what), head)
	} else {
		fmt.Fprintf(c.out, "let %s = %s {\n", c.names[r.ID], head)
	}
	saved := c.out
	var body strings.Builder
	c.out = &body
	if r.Properties != nil {
		c.body(r.Properties, s.Attributes, s, what+".Properties")
	}
	if s.Provider == awsProvider {
		c.required(r, s, what+".Properties")
	}
	c.out = saved
	c.out.WriteString(body.String())
	c.directives(r, body.String(), what)
	if r.Condition != "" {
		c.out.WriteString("}\n")
	}
	c.out.WriteString("}\n")
}

// directives writes what DependsOn and the policies become; a DependsOn on a resource the body
// reads already is left out, as Carina orders by what is read.
func (c *converter) directives(r *Resource, body, what string) {
	var deps []string
	for _, d := range r.DependsOn {
		if _, ok := c.res[d]; !ok {
			if b, typ, _, ok := c.elsewhere(d); ok && typ != "" {
				// A resource of the configuration pasted into.
				if !reads(body, b) {
					deps = append(deps, b)
				}
				continue
			}
			c.note(r.At, what+".DependsOn", true, "DependsOn %s names no resource of the template", d)
			continue
		}
		if reads(body, c.names[d]) {
			continue
		}
		if c.res[d] == nil {
			c.note(r.At, what+".DependsOn", true, "DependsOn %s: it was not converted, so the order is not kept", d)
			continue
		}
		deps = append(deps, c.names[d])
	}
	switch r.DeletionPolicy {
	case "", "Delete":
	default:
		c.note(r.At, what+".DeletionPolicy", false, "DeletionPolicy %s: Carina deletes what leaves the configuration; its prevent_destroy directive refuses to instead, if that is what you want", r.DeletionPolicy)
	}
	switch r.UpdateReplacePolicy {
	case "", "Delete":
	default:
		c.note(r.At, what+".UpdateReplacePolicy", false, "UpdateReplacePolicy %s has no Carina counterpart", r.UpdateReplacePolicy)
	}
	if len(deps) > 0 {
		fmt.Fprintf(c.out, "\ndirectives {\ndepends_on = [%s]\n}\n", strings.Join(deps, ", "))
	}
}

// required writes a placeholder for each required attribute of an aws type that the template
// leaves out: CloudFormation generates the names the aws provider asks for (an SQS queue's).
func (c *converter) required(r *Resource, s *schema.Resource, what string) {
	given := map[string]bool{}
	if r.Properties != nil {
		for _, e := range r.Properties.Entries {
			given[e.Key] = true
		}
	}
	members := byCloudName(s.Attributes)
	for _, cloud := range slices.Sorted(maps.Keys(members)) {
		info := members[cloud]
		if !info.member.Required || info.member.ReadOnly || given[cloud] {
			continue
		}
		if t := resolve(info.member.Type, s); t != nil && t.Kind == schema.KindString {
			v := quote(strings.ReplaceAll(c.names[r.ID], "_", "-"))
			fmt.Fprintf(c.out, "%s = %s\n", info.name, v)
			c.note(r.At, what+"."+cloud, true, "%s requires %s, which CloudFormation would generate: written %s, set yours", s.Type, info.name, v)
			continue
		}
		c.note(r.At, what+"."+cloud, true, "%s requires %s, which the template does not give: set it", s.Type, info.name)
	}
}

// body writes the entries of a CloudFormation mapping as attributes of the members given (a
// resource's attributes or a struct's fields).
func (c *converter) body(m *Map, members map[string]*schema.Member, s *schema.Resource, what string) {
	known := byCloudName(members)
	for _, e := range m.Entries {
		w := what + "." + e.Key
		info := known[e.Key]
		if info == nil {
			c.note(e.KeyAt, w, true, "%s has no %s in its schema: quoted in a comment", s.Type, e.Key)
			c.quoted(fmt.Sprintf("Not converted: %s is not a property %s has.", e.Key, s.Type), e.KeyAt.Line, lastLine(e.Value, c.t))
			continue
		}
		if info.member.ReadOnly {
			c.note(e.KeyAt, w, true, "%s is read-only in %s's schema: quoted in a comment", e.Key, s.Type)
			c.quoted(fmt.Sprintf("Not converted: %s is read-only in %s.", e.Key, s.Type), e.KeyAt.Line, lastLine(e.Value, c.t))
			continue
		}
		if sc, ok := e.Value.(*Scalar); ok && sc.Kind == Null {
			// `BucketName:` with nothing after it: CloudFormation refuses the template; there is
			// no value to carry over, and '' would be one the template never had.
			c.note(e.KeyAt, w, true, "%s has no value: quoted in a comment, set it or leave it out", e.Key)
			c.quoted(fmt.Sprintf("Not converted: %s has no value.", e.Key), e.KeyAt.Line, e.KeyAt.Line)
			continue
		}
		fmt.Fprintf(c.out, "%s = %s\n", info.name, c.value(e.Value, info.member.Type, s, w))
	}
}

// value converts a property's value through its schema type.
func (c *converter) value(v Value, t *schema.Type, s *schema.Resource, what string) string {
	t = resolve(t, s)
	if call, ok := v.(*Call); ok {
		if call.Name == "Fn::If" {
			if a, ok := call.Arg.(*List); ok && len(a.Items) == 3 {
				return fmt.Sprintf("if %s { %s } else { %s }", c.condRef(condName(a.Items[0]), a.Items[0].Position(), what), c.valueOrNull(a.Items[1], t, s, what), c.valueOrNull(a.Items[2], t, s, what))
			}
		}
		return c.expr(v, what)
	}
	if t == nil {
		return c.expr(v, what)
	}
	switch t.Kind {
	case schema.KindString:
		if sc, ok := v.(*Scalar); ok {
			return quote(sc.Text)
		}
	case schema.KindInt, schema.KindFloat:
		if sc, ok := v.(*Scalar); ok {
			if n, ok := number(sc.Text); ok {
				return n
			}
			c.note(v.Position(), what, true, "%q is not a number", sc.Text)
			return quote(sc.Text)
		}
	case schema.KindBool:
		if sc, ok := v.(*Scalar); ok {
			switch strings.ToLower(sc.Text) {
			case "true", "false":
				return strings.ToLower(sc.Text)
			}
			c.note(v.Position(), what, true, "%q is not a boolean", sc.Text)
			return quote(sc.Text)
		}
	case schema.KindDuration:
		if sc, ok := v.(*Scalar); ok {
			if n, ok := number(sc.Text); ok && !strings.ContainsAny(n, ".-") {
				return n + "s"
			}
		}
	case schema.KindEnum:
		if sc, ok := v.(*Scalar); ok {
			return c.enum(sc, t.Enum, what)
		}
	case schema.KindList:
		if l, ok := v.(*List); ok {
			items := make([]string, 0, len(l.Items))
			for i, it := range l.Items {
				items = append(items, c.value(it, t.Element, s, fmt.Sprintf("%s[%d]", what, i)))
			}
			return "[" + strings.Join(items, ", ") + "]"
		}
	case schema.KindMap:
		if l, ok := v.(*List); ok { // Tags: [{Key, Value}, ...] is a map in Carina
			if out, ok := c.keyValueList(l, t.Value, s, what); ok {
				return out
			}
		}
		if m, ok := v.(*Map); ok {
			var b strings.Builder
			b.WriteString("{\n")
			for _, e := range m.Entries {
				fmt.Fprintf(&b, "%s = %s\n", key(e.Key), c.value(e.Value, t.Value, s, what+"."+e.Key))
			}
			b.WriteString("}")
			return b.String()
		}
	case schema.KindStruct:
		if m, ok := v.(*Map); ok {
			saved := c.out
			var b strings.Builder
			c.out = &b
			c.body(m, t.Fields(), s, what)
			c.out = saved
			return "{\n" + b.String() + "}"
		}
	case schema.KindUnion:
		for _, mt := range t.Members {
			if fits(v, resolve(mt, s)) {
				return c.value(v, mt, s, what)
			}
		}
	}
	return c.expr(v, what)
}

// valueOrNull is a branch of Fn::If in a property: AWS::NoValue is null.
func (c *converter) valueOrNull(v Value, t *schema.Type, s *schema.Resource, what string) string {
	if call, ok := v.(*Call); ok && call.Name == "Ref" {
		if n, _ := Str(call.Arg); n == "AWS::NoValue" {
			return "null"
		}
	}
	return c.value(v, t, s, what)
}

// fits reports whether a value has the shape of a type, for a union.
func fits(v Value, t *schema.Type) bool {
	if t == nil {
		return false
	}
	switch v.(type) {
	case *Map:
		return t.Kind == schema.KindStruct || t.Kind == schema.KindMap
	case *List:
		return t.Kind == schema.KindList
	case *Scalar:
		return t.Kind != schema.KindStruct && t.Kind != schema.KindMap && t.Kind != schema.KindList
	}
	return false
}

// keyValueList converts CloudFormation's list of {Key, Value} (tags) to a Carina map.
func (c *converter) keyValueList(l *List, valueType *schema.Type, s *schema.Resource, what string) (string, bool) {
	var b strings.Builder
	b.WriteString("{\n")
	for _, it := range l.Items {
		m, ok := it.(*Map)
		if !ok || len(m.Entries) != 2 || m.Get("Key") == nil || m.Get("Value") == nil {
			return "", false
		}
		k, ok := Str(m.Get("Key"))
		if !ok {
			return "", false
		}
		fmt.Fprintf(&b, "%s = %s\n", key(k), c.value(m.Get("Value"), valueType, s, what+"."+k))
	}
	b.WriteString("}")
	return b.String(), true
}

// enum converts an enum's wire value to its qualified Carina value; a value the enum does not
// list stays a string, with a note (an open enum, a region or a zone, takes any).
func (c *converter) enum(sc *Scalar, e *schema.Enum, what string) string {
	if e == nil || e.Open {
		return quote(sc.Text)
	}
	for _, v := range e.Values {
		if v.Wire == sc.Text {
			return v.Spelling()
		}
	}
	for _, v := range e.Values {
		if strings.EqualFold(v.Wire, sc.Text) {
			return v.Spelling()
		}
	}
	var names []string
	for _, v := range e.Values {
		names = append(names, v.Wire)
	}
	sort.Strings(names)
	c.note(sc.At, what, true, "%q is none of %s's values (%s): kept as a string", sc.Text, e.Identity, strings.Join(names, ", "))
	return quote(sc.Text)
}

// reads reports whether converted text refers to the binding name (name. not inside a longer
// name).
func reads(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name+".")
		if j < 0 {
			return false
		}
		at := i + j
		if at == 0 || !isIdentByte(text[at-1]) && text[at-1] != '.' {
			return true
		}
		i = at + 1
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
