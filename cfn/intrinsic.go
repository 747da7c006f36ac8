package cfn

import "strings"

// isFunction reports whether name is an intrinsic function's short tag's name: the long form's
// key is "Fn::" and the name, except Ref and Condition. A switch, not a map literal, which every
// process would build when the package loads.
func isFunction(name string) bool {
	switch name {
	case "Ref", "Condition",
		"Base64", "Cidr", "FindInMap", "GetAtt", "GetAZs", "ImportValue",
		"Join", "Select", "Split", "Sub", "Transform", "Length",
		"ToJsonString", "And", "Equals", "If", "Not", "Or":
		return true
	}
	return false
}

// longName is the long form's key of a short tag's function ("!GetAtt": "Fn::GetAtt"); a tag that
// names no function of CloudFormation (a preprocessor's, !Rain::Embed) is its name, for the
// converter to say it has no counterpart.
func longName(tag string) string {
	name := strings.TrimPrefix(tag, "!")
	if !isFunction(name) {
		return name
	}
	if name == "Ref" || name == "Condition" {
		return name
	}
	return "Fn::" + name
}

// isLongForm reports whether a one-entry mapping's key makes it an intrinsic function: Ref, or
// Fn:: and a function's name. Fn::ForEach::Name of the language extensions is an entry of its
// section, not a value. {"Condition": X} is one only where a condition is expected; the mapping
// stays a Map and AsCondition reads it.
func isLongForm(key string) bool {
	name, ok := strings.CutPrefix(key, "Fn::")
	return key == "Ref" || ok && !strings.Contains(name, "::")
}

// shortGetAtt is !GetAtt's scalar form, "Resource.Attribute" (the attribute may hold dots),
// as the long form's list.
func shortGetAtt(s *Scalar) Value {
	res, attr, ok := strings.Cut(s.Text, ".")
	if !ok {
		return s
	}
	return &List{At: s.At, Items: []Value{
		&Scalar{At: s.At, Kind: String, Text: res},
		&Scalar{At: Pos{s.At.Line, s.At.Col + len(res) + 1}, Kind: String, Text: attr},
	}}
}

// AsCondition returns the condition a value names where a condition is expected: !Condition X, or
// {"Condition": "X"}.
func AsCondition(v Value) (string, bool) {
	switch x := v.(type) {
	case *Call:
		if x.Name == "Condition" {
			return Str(x.Arg)
		}
	case *Map:
		if len(x.Entries) == 1 && x.Entries[0].Key == "Condition" {
			return Str(x.Entries[0].Value)
		}
	}
	return "", false
}
