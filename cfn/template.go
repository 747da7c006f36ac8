package cfn

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"
)

// Template is a CloudFormation template as read: its sections, in the template's order.
type Template struct {
	Description string
	Parameters  []Parameter
	Mappings    *Map // mapping name → top-level key → second-level key → value
	Conditions  *Map // condition name → its function
	Resources   []Resource
	Outputs     []Output
	// Other are the sections with no Carina counterpart (Transform, Rules, Metadata, Hooks, ...),
	// by name, for the report.
	Other []Entry
	// Lines are the template's lines, for quoting a part of it.
	Lines []string
	// JSON says the template was JSON.
	JSON bool
}

// Parameter is an entry of Parameters.
type Parameter struct {
	At                         Pos
	Name, Type, Description    string
	Default                    Value // nil: none
	AllowedValues              []Value
	AllowedPattern, Constraint string
	MinLength, MaxLength       string
	MinValue, MaxValue, NoEcho string
	Properties                 *Map // all of it, as written
	LastLine                   int  // the last line of the parameter in the template
}

// Resource is an entry of Resources.
type Resource struct {
	At                                  Pos
	ID, Type                            string
	TypeValue                           Value // a Type that is no name (a preprocessor's module); Type is ""
	Properties                          *Map  // nil: none
	DependsOn                           []string
	Condition                           string
	DeletionPolicy, UpdateReplacePolicy string
	// Other are the resource's attributes with no Carina counterpart (Metadata, CreationPolicy,
	// UpdatePolicy, ...).
	Other    []Entry
	LastLine int // the last line of the resource in the template
}

// Output is an entry of Outputs.
type Output struct {
	At          Pos
	Name        string
	Description string
	Value       Value
	Export      Value // Export.Name; nil: none
	Condition   string
}

// Read reads a template, JSON when its first character is '{', YAML otherwise; an error is an
// *Error with the place.
func Read(data []byte) (*Template, error) {
	root, isJSON, err := readValue(data)
	if err != nil {
		return nil, err
	}
	return fromRoot(root, isJSON, data)
}

// readValue reads the value of a template or a part of one: JSON when its first character is
// '{', YAML otherwise.
func readValue(data []byte) (Value, bool, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		// CloudFormation reads templates as UTF-8, and a .crn file must be: the bytes would
		// only come out in the conversion, which Carina would refuse.
		return nil, false, invalidUTF8(data)
	}
	isJSON := bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("{"))
	var root Value
	var err error
	if isJSON {
		root, err = readJSON(data)
	} else {
		root, err = readYAML(data)
	}
	return root, isJSON, err
}

// invalidUTF8 is the error at the first byte of data that is not UTF-8 (1-based line, byte column).
func invalidUTF8(data []byte) *Error {
	at := Pos{1, 1}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return errorf(at, "invalid UTF-8 byte 0x%02x: a template must be UTF-8", data[i])
		}
		if data[i] == '\n' {
			at = Pos{at.Line + 1, 1}
		} else {
			at.Col += n
		}
		i += n
	}
	return errorf(at, "a template must be UTF-8")
}

// sections are the top-level keys of a template.
var sections = []string{"AWSTemplateFormatVersion", "Description", "Metadata", "Parameters", "Rules", "Mappings", "Conditions", "Transform", "Resources", "Hooks", "Outputs"}

// ReadFragment reads what may be pasted from a template: a whole template, the entries of its
// Resources (`Bucket:` and its Type and Properties), or one resource's Type and Properties (named
// after its type). A trailing comma, as when entries are copied out of a JSON object, is left out.
func ReadFragment(data []byte) (*Template, error) {
	trimmed := bytes.TrimRight(data, " \t\r\n")
	if bytes.HasSuffix(trimmed, []byte(",")) {
		data = trimmed[:len(trimmed)-1]
	}
	root, isJSON, err := readValue(data)
	if err != nil {
		return nil, err
	}
	m, ok := root.(*Map)
	if !ok {
		return nil, errorf(root.Position(), "not a template, resources or a resource: %s", kindOf(root))
	}
	for _, sec := range sections {
		if m.Get(sec) != nil {
			return fromRoot(root, isJSON, data)
		}
	}
	resources := m
	if _, isType := Str(m.Get("Type")); isType {
		name := "Resource"
		if s, _ := Str(m.Get("Type")); s != "" {
			parts := strings.Split(s, "::")
			name = parts[len(parts)-1]
		}
		resources = &Map{At: m.At, Entries: []Entry{{KeyAt: m.At, Key: name, Value: m}}}
	} else {
		for _, e := range m.Entries {
			if rm, ok := e.Value.(*Map); !ok || rm.Get("Type") == nil {
				return nil, errorf(e.KeyAt, "not a template, resources or a resource: %s has no Type", e.Key)
			}
		}
	}
	top := &Map{At: m.At, Entries: []Entry{{KeyAt: m.At, Key: "Resources", Value: resources}}}
	return fromRoot(top, isJSON, data)
}

// fromRoot reads a template's sections from its root value.
func fromRoot(root Value, isJSON bool, data []byte) (*Template, error) {
	var err error
	top, ok := root.(*Map)
	if !ok {
		return nil, errorf(root.Position(), "a template is a mapping of sections (Resources, Parameters, ...)")
	}
	t := &Template{JSON: isJSON, Lines: strings.Split(string(data), "\n")}
	lastLines := lastLinesOf(top, len(t.Lines))
	for _, e := range top.Entries {
		switch e.Key {
		case "AWSTemplateFormatVersion":
		case "Description":
			t.Description, _ = Str(e.Value)
		case "Parameters":
			m, err := mapOf(e, "Parameters")
			if err != nil {
				return nil, err
			}
			last := lastLinesOf(m, lastLines[e.Key])
			for _, pe := range m.Entries {
				p, err := readParameter(pe)
				if err != nil {
					return nil, err
				}
				p.LastLine = last[pe.Key]
				t.Parameters = append(t.Parameters, p)
			}
		case "Mappings":
			if t.Mappings, err = mapOf(e, "Mappings"); err != nil {
				return nil, err
			}
		case "Conditions":
			if t.Conditions, err = mapOf(e, "Conditions"); err != nil {
				return nil, err
			}
		case "Resources":
			m, err := mapOf(e, "Resources")
			if err != nil {
				return nil, err
			}
			last := lastLinesOf(m, lastLines[e.Key])
			for _, re := range m.Entries {
				if strings.HasPrefix(re.Key, "Fn::ForEach::") {
					t.Other = append(t.Other, re) // the language extensions' loop: for the report
					continue
				}
				r, err := readResource(re)
				if err != nil {
					return nil, err
				}
				r.LastLine = last[re.Key]
				t.Resources = append(t.Resources, r)
			}
		case "Outputs":
			m, err := mapOf(e, "Outputs")
			if err != nil {
				return nil, err
			}
			for _, oe := range m.Entries {
				if strings.HasPrefix(oe.Key, "Fn::ForEach::") {
					t.Other = append(t.Other, oe)
					continue
				}
				o, err := readOutput(oe)
				if err != nil {
					return nil, err
				}
				t.Outputs = append(t.Outputs, o)
			}
		default:
			t.Other = append(t.Other, e)
		}
	}
	if len(t.Resources) == 0 && top.Get("Resources") == nil {
		return nil, errorf(top.At, "no Resources section: a template declares at least one resource")
	}
	return t, nil
}

// mapOf is a section's mapping, or an error at the section.
func mapOf(e Entry, what string) (*Map, error) {
	m, ok := e.Value.(*Map)
	if !ok {
		return nil, errorf(e.Value.Position(), "%s must be a mapping", what)
	}
	return m, nil
}

// lastLinesOf gives each entry of m the last line it spans: the line before the next entry's key
// (a blank or comment line before it aside), the last of the enclosing part for the last entry.
func lastLinesOf(m *Map, end int) map[string]int {
	out := map[string]int{}
	keys := make([]Entry, len(m.Entries))
	copy(keys, m.Entries)
	sort.SliceStable(keys, func(i, j int) bool { return keys[i].KeyAt.Line < keys[j].KeyAt.Line })
	for i, e := range keys {
		last := end
		if i+1 < len(keys) {
			last = keys[i+1].KeyAt.Line - 1
		}
		out[e.Key] = max(last, e.KeyAt.Line)
	}
	return out
}

func readParameter(e Entry) (Parameter, error) {
	m, ok := e.Value.(*Map)
	if !ok {
		return Parameter{}, errorf(e.Value.Position(), "the parameter %s must be a mapping (Type, Default, ...)", e.Key)
	}
	p := Parameter{At: e.KeyAt, Name: e.Key, Properties: m}
	for _, pe := range m.Entries {
		s, _ := Str(pe.Value)
		switch pe.Key {
		case "Type":
			p.Type = s
		case "Description":
			p.Description = s
		case "Default":
			p.Default = pe.Value
		case "AllowedValues":
			l, ok := pe.Value.(*List)
			if !ok {
				return p, errorf(pe.Value.Position(), "AllowedValues must be a list")
			}
			p.AllowedValues = l.Items
		case "AllowedPattern":
			p.AllowedPattern = s
		case "ConstraintDescription":
			p.Constraint = s
		case "MinLength":
			p.MinLength = s
		case "MaxLength":
			p.MaxLength = s
		case "MinValue":
			p.MinValue = s
		case "MaxValue":
			p.MaxValue = s
		case "NoEcho":
			p.NoEcho = s
		}
	}
	if p.Type == "" {
		return p, errorf(e.KeyAt, "the parameter %s has no Type", e.Key)
	}
	return p, nil
}

func readResource(e Entry) (Resource, error) {
	m, ok := e.Value.(*Map)
	if !ok {
		return Resource{}, errorf(e.Value.Position(), "the resource %s must be a mapping (Type, Properties, ...)", e.Key)
	}
	r := Resource{At: e.KeyAt, ID: e.Key}
	for _, re := range m.Entries {
		switch re.Key {
		case "Type":
			s, ok := Str(re.Value)
			if !ok {
				// A preprocessor's (Rain's module): kept, for the converter to say so.
				r.TypeValue = re.Value
				continue
			}
			if s == "" {
				return r, errorf(re.Value.Position(), "the Type of %s must be a name (AWS::Service::Resource)", e.Key)
			}
			r.Type = s
		case "Properties":
			switch p := re.Value.(type) {
			case *Map:
				r.Properties = p
			case *Scalar:
				if p.Kind != Null {
					return r, errorf(p.At, "the Properties of %s must be a mapping", e.Key)
				}
			default:
				// an intrinsic (Fn::If of two property sets): kept for the report
				r.Other = append(r.Other, re)
			}
		case "DependsOn":
			switch d := re.Value.(type) {
			case *Scalar:
				r.DependsOn = []string{d.Text}
			case *List:
				for _, it := range d.Items {
					s, ok := Str(it)
					if !ok {
						return r, errorf(it.Position(), "DependsOn names resources: %s has another value", e.Key)
					}
					r.DependsOn = append(r.DependsOn, s)
				}
			default:
				return r, errorf(re.Value.Position(), "DependsOn must be a name or a list of names")
			}
		case "Condition":
			r.Condition, _ = Str(re.Value)
		case "DeletionPolicy":
			r.DeletionPolicy, _ = Str(re.Value)
		case "UpdateReplacePolicy":
			r.UpdateReplacePolicy, _ = Str(re.Value)
		default:
			r.Other = append(r.Other, re)
		}
	}
	if r.Type == "" && r.TypeValue == nil {
		return r, errorf(e.KeyAt, "the resource %s has no Type", e.Key)
	}
	return r, nil
}

func readOutput(e Entry) (Output, error) {
	m, ok := e.Value.(*Map)
	if !ok {
		return Output{}, errorf(e.Value.Position(), "the output %s must be a mapping (Value, ...)", e.Key)
	}
	o := Output{At: e.KeyAt, Name: e.Key}
	for _, oe := range m.Entries {
		switch oe.Key {
		case "Value":
			o.Value = oe.Value
		case "Description":
			o.Description, _ = Str(oe.Value)
		case "Condition":
			o.Condition, _ = Str(oe.Value)
		case "Export":
			if em, ok := oe.Value.(*Map); ok {
				o.Export = em.Get("Name")
			}
		}
	}
	if o.Value == nil {
		return o, errorf(e.KeyAt, "the output %s has no Value", e.Key)
	}
	return o, nil
}

// Snippet is the template's text of lines from..to (1-based, inclusive), trailing blank lines
// left out.
func (t *Template) Snippet(from, to int) string {
	from, to = max(from, 1), min(to, len(t.Lines))
	for to > from && strings.TrimSpace(t.Lines[to-1]) == "" {
		to--
	}
	if from > to {
		return ""
	}
	return strings.Join(t.Lines[from-1:to], "\n")
}

// kindOf names a value's kind for a message.
func kindOf(v Value) string {
	switch x := v.(type) {
	case *Scalar:
		return [...]string{"a string", "a number", "a boolean", "null"}[x.Kind]
	case *List:
		return "a list"
	case *Map:
		return "a mapping"
	case *Call:
		return x.Name
	}
	return "nothing"
}
