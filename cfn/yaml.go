package cfn

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// readYAML reads a YAML template, the short-form tags (!Ref, !GetAtt a.b, ...) as Calls.
func readYAML(data []byte) (Value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, errorf(Pos{1, 1}, "the template is empty")
	}
	return (&yamlReader{}).node(doc.Content[0], 0)
}

// yamlError gives a YAML library's message the place it names ("yaml: line 3: ...").
func yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		n, after, ok := strings.Cut(rest, ": ")
		if ok {
			for _, c := range n {
				if c < '0' || c > '9' {
					line = 0
					break
				}
				line = line*10 + int(c-'0')
			}
			if line > 0 {
				return &Error{At: Pos{line, 1}, Msg: after}
			}
		}
	}
	return &Error{At: Pos{1, 1}, Msg: msg}
}

// maxValues bounds the values a YAML template may expand to: aliases repeat what they name, so a
// few lines can stand for billions of values.
const maxValues = 1_000_000

type yamlReader struct{ values int }

func (r *yamlReader) node(n *yaml.Node, depth int) (Value, error) {
	at := Pos{n.Line, n.Column}
	if depth > maxDepth {
		return nil, errorf(at, "nested more than %d deep", maxDepth)
	}
	if r.values++; r.values > maxValues {
		return nil, errorf(at, "the template's aliases expand it to more than %d values", maxValues)
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return nil, errorf(at, "an alias to nothing")
		}
		return r.node(n.Alias, depth+1)
	}
	var v Value
	switch n.Kind {
	case yaml.ScalarNode:
		v = &Scalar{At: at, Kind: scalarKind(n), Text: n.Value}
	case yaml.SequenceNode:
		l := &List{At: at}
		for _, c := range n.Content {
			item, err := r.node(c, depth+1)
			if err != nil {
				return nil, err
			}
			l.Items = append(l.Items, item)
		}
		v = l
	case yaml.MappingNode:
		m := &Map{At: at}
		seen := map[string]Pos{}
		merged := map[string]bool{} // keys from a merge key: a key given here replaces them
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			keyAt := Pos{k.Line, k.Column}
			if k.Kind != yaml.ScalarNode {
				return nil, errorf(keyAt, "a key must be a plain value, not a list or a mapping")
			}
			if k.Tag == "!!merge" { // <<: *anchor: the anchor's entries, unless given here
				if err := r.merge(m, val, seen, merged, depth); err != nil {
					return nil, err
				}
				continue
			}
			if merged[k.Value] {
				delete(merged, k.Value)
				m.Entries = slices.DeleteFunc(m.Entries, func(e Entry) bool { return e.Key == k.Value })
			} else if first, dup := seen[k.Value]; dup {
				return nil, errorf(keyAt, "%q is already a key of this mapping (at %s)", k.Value, first)
			}
			seen[k.Value] = keyAt
			x, err := r.node(val, depth+1)
			if err != nil {
				return nil, err
			}
			m.Entries = append(m.Entries, Entry{KeyAt: keyAt, Key: k.Value, Value: x})
		}
		v = longForm(m)
	default:
		return nil, errorf(at, "a value of a kind templates do not hold")
	}
	if n.Tag == "" || strings.HasPrefix(n.Tag, "!!") {
		return v, nil
	}
	name := longName(n.Tag)
	if name == "Fn::GetAtt" {
		if s, ok := v.(*Scalar); ok {
			v = shortGetAtt(s)
		}
	}
	return &Call{At: at, Name: name, Arg: v}, nil
}

// merge adds a merge key's mapping (or list of mappings) to m, the keys m already has winning.
func (r *yamlReader) merge(m *Map, val *yaml.Node, seen map[string]Pos, merged map[string]bool, depth int) error {
	src, err := r.node(val, depth+1)
	if err != nil {
		return err
	}
	var maps []*Map
	switch x := src.(type) {
	case *Map:
		maps = []*Map{x}
	case *List:
		for _, it := range x.Items {
			if mm, ok := it.(*Map); ok {
				maps = append(maps, mm)
			}
		}
	}
	for _, mm := range maps {
		for _, e := range mm.Entries {
			if _, dup := seen[e.Key]; !dup {
				seen[e.Key] = e.KeyAt
				merged[e.Key] = true
				m.Entries = append(m.Entries, e)
			}
		}
	}
	return nil
}

// scalarKind is what YAML resolved a scalar to; a short-form tag's argument is text.
func scalarKind(n *yaml.Node) ScalarKind {
	switch n.ShortTag() {
	case "!!int", "!!float":
		return Number
	case "!!bool":
		return Bool
	case "!!null":
		return Null
	}
	return String
}
