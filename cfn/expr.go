package cfn

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// expr converts a value to a Carina expression, intrinsic functions included; what names the
// place for the notes.
func (c *converter) expr(v Value, what string) string {
	switch x := v.(type) {
	case *Scalar:
		switch x.Kind {
		case Number:
			if n, ok := number(x.Text); ok {
				return n
			}
			return quote(x.Text)
		case Bool:
			return strings.ToLower(x.Text)
		case Null:
			return "null"
		}
		return quote(x.Text)
	case *List:
		items := make([]string, 0, len(x.Items))
		for _, it := range x.Items {
			items = append(items, c.expr(it, what))
		}
		return "[" + strings.Join(items, ", ") + "]"
	case *Map:
		var b strings.Builder
		b.WriteString("{\n")
		for _, e := range x.Entries {
			fmt.Fprintf(&b, "%s = %s\n", key(e.Key), c.expr(e.Value, what+"."+e.Key))
		}
		b.WriteString("}")
		return b.String()
	case *Call:
		return c.call(x, what)
	}
	return "null"
}

// exprComment is a value as the template wrote it, on one line, for a comment.
func (c *converter) exprComment(v Value) string {
	switch x := v.(type) {
	case *Scalar:
		return x.Text
	case *Call:
		return x.Name + " " + c.exprComment(x.Arg)
	case *List:
		var parts []string
		for _, it := range x.Items {
			parts = append(parts, c.exprComment(it))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Map:
		var parts []string
		for _, e := range x.Entries {
			parts = append(parts, e.Key+": "+c.exprComment(e.Value))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return ""
}

// args returns a call's argument as a list of n values (n < 0: any number), or notes that it is
// not one.
func (c *converter) args(x *Call, n int, what string) ([]Value, bool) {
	l, ok := x.Arg.(*List)
	if !ok || n >= 0 && len(l.Items) != n {
		want := "a list"
		if n >= 0 {
			want = fmt.Sprintf("a list of %d", n)
		}
		c.note(x.At, what, true, "%s takes %s: not converted", x.Name, want)
		return nil, false
	}
	return l.Items, true
}

// call converts an intrinsic function.
func (c *converter) call(x *Call, what string) string {
	switch x.Name {
	case "Ref":
		name, ok := Str(x.Arg)
		if !ok {
			c.note(x.At, what, true, "Ref names a parameter or a resource: not converted")
			return "null"
		}
		return c.ref(name, x.At, what)
	case "Fn::GetAtt":
		return c.getAtt(x, what)
	case "Fn::Sub":
		return c.sub(x, what)
	case "Fn::Join", "Fn::Split":
		// [delimiter, list or string]: Carina's join and split take the delimiter after the pipe.
		a, ok := c.args(x, 2, what)
		if !ok {
			return "null"
		}
		return fmt.Sprintf("%s |> %s(%s)", c.expr(a[1], what), strings.ToLower(strings.TrimPrefix(x.Name, "Fn::")), c.expr(a[0], what))
	case "Fn::Select":
		return c.sel(x, what)
	case "Fn::If":
		a, ok := c.args(x, 3, what)
		if !ok {
			return "null"
		}
		return fmt.Sprintf("if %s { %s } else { %s }", c.condRef(condName(a[0]), a[0].Position(), what), c.branch(a[1], what), c.branch(a[2], what))
	case "Fn::FindInMap":
		a, ok := c.args(x, -1, what)
		if !ok || len(a) < 3 {
			c.note(x.At, what, true, "Fn::FindInMap takes a mapping and two keys: not converted")
			return "null"
		}
		m, _ := Str(a[0])
		name, known := c.names["mapping:"+m]
		if !known {
			c.note(x.At, what, true, "Fn::FindInMap names %q, which is no mapping of the template", m)
			return "null"
		}
		def := "null"
		if len(a) > 3 { // the DefaultValue of the language extensions
			if dm, ok := a[3].(*Map); ok && dm.Get("DefaultValue") != nil {
				def = c.expr(dm.Get("DefaultValue"), what)
			}
		}
		return fmt.Sprintf("lookup(lookup(%s, %s, {}), %s, %s)", name, c.expr(a[1], what), c.expr(a[2], what), def)
	case "Fn::GetAZs":
		return c.pseudoRef("AWS::AvailabilityZones", x.At, what)
	case "Fn::Length":
		return fmt.Sprintf("length(%s)", c.expr(x.Arg, what))
	case "Fn::Base64":
		c.note(x.At, what, true, "Carina has no base64 function: the value is the text before Fn::Base64, encode it if the property needs it")
		return c.expr(x.Arg, what)
	case "Fn::Cidr":
		c.note(x.At, what, true, "Fn::Cidr %s has no Carina counterpart (cidr_subnet gives one subnet of a prefix): an empty list for now", c.exprComment(x.Arg))
		return "[]"
	case "Fn::ImportValue":
		c.note(x.At, what, true, "Fn::ImportValue %s reads another stack's export: in Carina that is an upstream_state's exports; '' for now", c.exprComment(x.Arg))
		return "''"
	case "Fn::Equals", "Fn::And", "Fn::Or", "Fn::Not", "Condition":
		return c.cond(x, what)
	}
	c.note(x.At, what, true, "%s has no Carina counterpart: the value is null (the template had %s)", x.Name, c.exprComment(x.Arg))
	return "null"
}

// branch is one side of Fn::If: AWS::NoValue is null (the property not set).
func (c *converter) branch(v Value, what string) string {
	if call, ok := v.(*Call); ok && call.Name == "Ref" {
		if s, _ := Str(call.Arg); s == "AWS::NoValue" {
			return "null"
		}
	}
	return c.expr(v, what)
}

// condName is the condition an Fn::If names.
func condName(v Value) string {
	s, _ := Str(v)
	return s
}

// condRef is the binding of a condition.
func (c *converter) condRef(name string, at Pos, what string) string {
	if n, ok := c.names["condition:"+name]; ok {
		return n
	}
	c.note(at, what, true, "%q is no condition of the template: false for now", name)
	return "false"
}

// cond converts a condition function to a boolean expression. Carina has no comparison or
// boolean operators outside validations; a static if and lookup do the same: Fn::Equals with a
// literal side is a lookup in a one-key map, Fn::And, Fn::Or and Fn::Not are ifs.
func (c *converter) cond(v Value, what string) string {
	if name, ok := AsCondition(v); ok {
		return c.condRef(name, v.Position(), what)
	}
	x, ok := v.(*Call)
	if !ok {
		if s, ok := v.(*Scalar); ok && s.Kind == Bool {
			return strings.ToLower(s.Text)
		}
		c.note(v.Position(), what, true, "a condition must be a condition function: false for now")
		return "false"
	}
	switch x.Name {
	case "Fn::Equals":
		a, ok := c.args(x, 2, what)
		if !ok {
			return "false"
		}
		lit, other := a[0], a[1]
		if _, isLit := lit.(*Scalar); !isLit {
			lit, other = a[1], a[0]
		}
		s, isLit := lit.(*Scalar)
		if !isLit {
			c.note(x.At, what, true, "Fn::Equals of two computed values has no Carina counterpart: false for now")
			return "false"
		}
		value := c.expr(other, what)
		if ref, ok := other.(*Call); ok && ref.Name == "Ref" {
			if name, _ := Str(ref.Arg); c.params[name] != nil && c.params[name].Type == "Number" {
				value = "[" + value + "] |> join('')" // a number as the text lookup takes
			}
		}
		return fmt.Sprintf("lookup({ %s = true }, %s, false)", quote(s.Text), value)
	case "Fn::Not":
		a, ok := c.args(x, 1, what)
		if !ok {
			return "false"
		}
		return fmt.Sprintf("if %s { false } else { true }", c.cond(a[0], what))
	case "Fn::And", "Fn::Or":
		a, ok := c.args(x, -1, what)
		if !ok || len(a) == 0 {
			return "false"
		}
		out := c.cond(a[len(a)-1], what)
		for i := len(a) - 2; i >= 0; i-- {
			if x.Name == "Fn::And" {
				out = fmt.Sprintf("if %s { %s } else { false }", c.cond(a[i], what), out)
			} else {
				out = fmt.Sprintf("if %s { true } else { %s }", c.cond(a[i], what), out)
			}
		}
		return out
	case "Condition":
		name, _ := Str(x.Arg)
		return c.condRef(name, x.At, what)
	}
	c.note(x.At, what, true, "%s is no condition function: false for now", x.Name)
	return "false"
}

// ref converts a Ref: a parameter's binding, a resource's identifier, a pseudo parameter's
// binding.
func (c *converter) ref(name string, at Pos, what string) string {
	if _, ok := c.params[name]; ok {
		return c.names[name]
	}
	if r, ok := c.res[name]; ok {
		b := c.names[name]
		if r == nil {
			c.stand(name, []string{"id"}, at, what)
			return b + ".id"
		}
		if len(r.PrimaryIdentifier) > 0 {
			if len(r.PrimaryIdentifier) > 1 {
				c.note(at, what, false, "Ref %s: %s's identifier has %d parts; Ref returns the first, %s", name, r.Type, len(r.PrimaryIdentifier), r.PrimaryIdentifier[0])
			}
			return b + "." + r.PrimaryIdentifier[0]
		}
		c.note(at, what, true, "Ref %s: %s has no primary identifier in its schema: %s.id for now", name, r.Type, b)
		return b + ".id"
	}
	if name == "AWS::NoValue" {
		return "null"
	}
	if strings.HasPrefix(name, "AWS::") {
		return c.pseudoRef(name, at, what)
	}
	if b, typ, s, ok := c.elsewhere(name); ok {
		switch {
		case typ == "":
			c.linkNote(name, at, what, "Ref %s reads %s, the configuration's binding of that name", name, b)
			return b
		case s != nil && len(s.PrimaryIdentifier) > 0:
			c.linkNote(name, at, what, "Ref %s reads %s, the configuration's %s: its identifier, %s", name, b, typ, s.PrimaryIdentifier[0])
			return b + "." + s.PrimaryIdentifier[0]
		}
		c.note(at, what, true, "Ref %s: the configuration's %s is %s, whose identifier the schemas do not give: %s.id for now", name, b, typ, b)
		return b + ".id"
	}
	c.note(at, what, true, "Ref %s names no parameter or resource of the template: '' for now", name)
	return "''"
}

// getAtt converts Fn::GetAtt [resource, attribute]: the attribute through the schema's
// CloudFormation names (Endpoint.Address is endpoint.address).
func (c *converter) getAtt(x *Call, what string) string {
	a, ok := c.args(x, 2, what)
	if !ok {
		return "null"
	}
	res, _ := Str(a[0])
	attr, ok := Str(a[1])
	if !ok {
		c.note(x.At, what, true, "Fn::GetAtt with a computed attribute name has no Carina counterpart: null for now")
		return "null"
	}
	return c.attrRef(res, attr, x.At, what)
}

// attrRef is resource's attribute attr (CloudFormation's dotted name) as a Carina reference.
func (c *converter) attrRef(res, attr string, at Pos, what string) string {
	b, ok := c.names[res]
	s, isRes := c.res[res]
	var typ string
	inConfig := false
	if !ok || !isRes {
		if b, typ, s, inConfig = c.elsewhere(res); !inConfig || typ == "" {
			c.note(at, what, true, "Fn::GetAtt names %s, which is no resource of the template: '' for now", res)
			return "''"
		}
	}
	for _, seg := range strings.Split(attr, ".") {
		if !isIdent(grammar.SnakeCase(seg)) {
			// `!GetAtt Bucket.` half typed, or a name with characters Carina's names lack.
			c.note(at, what, true, "Fn::GetAtt %s.%s: %q is no attribute name Carina can write: '' for now", res, attr, seg)
			return "''"
		}
	}
	if s == nil {
		var path []string
		for _, seg := range strings.Split(attr, ".") {
			path = append(path, grammar.SnakeCase(seg))
		}
		if inConfig {
			c.note(at, what, true, "Fn::GetAtt %s.%s: the configuration's %s is %s, which the schemas lack: written %s", res, attr, b, typ, strings.Join(path, "."))
		} else {
			c.stand(res, path, at, what)
		}
		return b + "." + strings.Join(path, ".")
	}
	if inConfig {
		c.linkNote(res, at, what, "Fn::GetAtt %s.%s reads %s, the configuration's %s", res, attr, b, typ)
	}
	path := []string{}
	members := byCloudName(s.Attributes)
	for i, seg := range strings.Split(attr, ".") {
		m := members[seg]
		if m == nil && i == 0 && s.Provider == awsProvider {
			// The aws provider names an attribute after its type (an SQS queue's Arn is queue_arn):
			// the one attribute whose name ends so.
			if m = attrEndingIn(s, grammar.SnakeCase(seg)); m != nil {
				c.note(at, what, false, "Fn::GetAtt %s.%s is %s in %s's schema", res, attr, m.name, s.Type)
			}
		}
		if m == nil {
			path = append(path, grammar.SnakeCase(seg))
			if s != nil {
				c.note(at, what, true, "Fn::GetAtt %s.%s: %s has no attribute %s in its schema; written %s", res, attr, s.Type, strings.Join(strings.Split(attr, ".")[:i+1], "."), strings.Join(path, "."))
			}
			for _, rest := range strings.Split(attr, ".")[i+1:] {
				path = append(path, grammar.SnakeCase(rest))
			}
			break
		}
		path = append(path, m.name)
		members = map[string]*memberInfo{}
		if t := resolve(m.member.Type, s); t != nil && t.Kind == "struct" {
			members = byCloudName(t.Fields())
		}
	}
	return b + "." + strings.Join(path, ".")
}

// sel converts Fn::Select [index, list]: a subscript of the list when it is a binding (a
// literal list's element is taken at once).
func (c *converter) sel(x *Call, what string) string {
	a, ok := c.args(x, 2, what)
	if !ok {
		return "null"
	}
	idx, ok := Str(a[0])
	if !ok || !isNumber(idx) || strings.Contains(idx, ".") || strings.HasPrefix(idx, "-") {
		c.note(x.At, what, true, "Fn::Select with a computed index has no Carina counterpart: null for now")
		return "null"
	}
	if l, ok := a[1].(*List); ok {
		n := 0
		fmt.Sscan(idx, &n)
		if n < len(l.Items) {
			return c.expr(l.Items[n], what)
		}
		c.note(x.At, what, true, "Fn::Select %s of a list of %d", idx, len(l.Items))
		return "null"
	}
	list := c.expr(a[1], what)
	if !isPath(list) {
		list = c.hoist(list, what)
	}
	return fmt.Sprintf("%s[%s]", list, idx)
}

// isPath reports whether an expression is a name or a dotted path, which a subscript can follow.
func isPath(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}

// hoist binds an expression to a let of its own (a subscript needs a name before it); the same
// expression twice is one binding.
func (c *converter) hoist(expr, what string) string {
	if name, ok := c.names["hoisted:"+expr]; ok {
		return name
	}
	name := c.bind(lastPart(what), "list")
	c.names["hoisted:"+expr] = name
	c.hoisted = append(c.hoisted, fmt.Sprintf("let %s = %s\n", name, expr))
	return name
}

func lastPart(what string) string {
	parts := strings.Split(what, ".")
	return parts[len(parts)-1]
}

// sub converts Fn::Sub: an interpolated string, or join(”, [...]) when a part is more than a
// reference.
func (c *converter) sub(x *Call, what string) string {
	text, vars := "", map[string]Value{}
	switch a := x.Arg.(type) {
	case *Scalar:
		text = a.Text
	case *List:
		if len(a.Items) != 2 {
			c.note(x.At, what, true, "Fn::Sub takes a string, or a string and a mapping of variables: not converted")
			return "null"
		}
		text, _ = Str(a.Items[0])
		if m, ok := a.Items[1].(*Map); ok {
			for _, e := range m.Entries {
				vars[e.Key] = e.Value
			}
		}
	default:
		c.note(x.At, what, true, "Fn::Sub takes a string: not converted")
		return "null"
	}
	type part struct {
		lit  string
		expr string
	}
	var parts []part
	for len(text) > 0 {
		i := strings.Index(text, "${")
		if i < 0 {
			parts = append(parts, part{lit: text})
			break
		}
		if i > 0 {
			parts = append(parts, part{lit: text[:i]})
		}
		end := strings.Index(text[i:], "}")
		if end < 0 {
			parts = append(parts, part{lit: text[i:]})
			break
		}
		name := text[i+2 : i+end]
		text = text[i+end+1:]
		if strings.HasPrefix(name, "!") { // ${!Literal} is the text ${Literal}
			parts = append(parts, part{lit: "${" + name[1:] + "}"})
			continue
		}
		switch {
		case vars[name] != nil:
			parts = append(parts, part{expr: c.expr(vars[name], what)})
		case strings.Contains(name, ".") && !strings.HasPrefix(name, "AWS::"):
			res, attr, _ := strings.Cut(name, ".")
			parts = append(parts, part{expr: c.attrRef(res, attr, x.At, what)})
		default:
			parts = append(parts, part{expr: c.ref(name, x.At, what)})
		}
	}
	simple := true
	for _, p := range parts {
		if p.expr != "" && !isPath(p.expr) {
			simple = false
		}
	}
	if simple {
		var b strings.Builder
		b.WriteByte('"')
		for _, p := range parts {
			if p.expr != "" {
				b.WriteString("${" + p.expr + "}")
				continue
			}
			b.WriteString(doubleEscape(p.lit))
		}
		b.WriteByte('"')
		return b.String()
	}
	var items []string
	for _, p := range parts {
		if p.expr != "" {
			items = append(items, p.expr)
		} else {
			items = append(items, quote(p.lit))
		}
	}
	return "[" + strings.Join(items, ", ") + "] |> join('')"
}

// quote writes s as a Carina string: single-quoted, or double-quoted where it holds what single
// quotes cannot (a ${ that would read as meant for interpolation).
func quote(s string) string {
	if strings.Contains(s, "${") {
		return `"` + doubleEscape(s) + `"`
	}
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// doubleEscape escapes text for a double-quoted string: a literal ${ is \${.
func doubleEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "\t", `\t`, "\r", `\r`).Replace(s)
}

// key writes a map key: as it is when it is an identifier, quoted otherwise.
func key(k string) string {
	if isIdent(k) && !grammar.IsKeyword(k) {
		return k
	}
	return quote(k)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// attrEndingIn returns the attribute of s named name, else the one ending in _name; nil when there
// is none or more than one.
func attrEndingIn(s *schema.Resource, name string) *memberInfo {
	if m, ok := s.Attributes[name]; ok {
		return &memberInfo{name: name, member: m}
	}
	var found *memberInfo
	for n, m := range s.Attributes {
		if strings.HasSuffix(n, "_"+name) {
			if found != nil {
				return nil
			}
			found = &memberInfo{name: n, member: m}
		}
	}
	return found
}
