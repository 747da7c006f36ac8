package completion

import (
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// declType is a declared type annotation reduced to what completion needs: the names of its
// atoms (String, Bool, awscc.ec2.Vpc, list) and its string-literal alternatives ('dev' | 'prod').
type declType struct {
	names []string
	lits  []string
}

// declTypeOf reduces a parsed annotation.
func declTypeOf(t *grammar.TypeExpr) *declType {
	if t == nil {
		return nil
	}
	d := &declType{}
	for _, a := range t.Atoms {
		if a.Lit != nil {
			d.lits = append(d.lits, a.Lit.Value)
		} else {
			d.names = append(d.names, a.Name)
		}
	}
	return d
}

// declTypeOfEntries reduces an annotation being typed: the entries after ":" up to "=" or "{".
func declTypeOfEntries(item []cursor.Entry) *declType {
	d := &declType{}
	colon := false
	for _, e := range item {
		switch k := e.Tok.Kind; {
		case k == grammar.Colon:
			colon = true
		case !colon:
		case k == grammar.Assign || k == grammar.LBrace:
			return d
		case k == grammar.Ident:
			d.names = append(d.names, e.Text)
		case k == grammar.String:
			d.lits = append(d.lits, e.Text)
		}
	}
	return d
}

func (d *declType) String() string {
	parts := append([]string{}, d.names...)
	for _, l := range d.lits {
		parts = append(parts, "'"+l+"'")
	}
	return strings.Join(parts, " | ")
}

// declValues offers the values of a declared type: its literal alternatives, true/false,
// durations, sample CIDR blocks, bindings of a resource type, `[ ]` and `{ }`.
func (c *completer) declValues(d *declType) {
	for _, l := range d.lits {
		q := "'" + l + "'"
		c.text(q, Value, q, d.String(), "")
	}
	for _, n := range d.names {
		switch {
		case n == "Bool":
			c.bools()
		case n == "Duration":
			c.durations(0, "")
		case n == "Ipv4Cidr" || n == "Ipv6Cidr":
			c.samples(n)
		case n == "list":
			c.add("[ ]", Snippet, "[$0]", "list", "")
		case n == "map" || n == "struct":
			c.add("{ }", Snippet, "{\n  $0\n}", n, "")
		case strings.Contains(n, "."):
			c.bindingsOfType(n)
		}
	}
}

// bindingsOfType offers the resources and data sources of a resource type.
func (c *completer) bindingsOfType(head string) {
	for _, n := range c.bindingNames() {
		d := c.lookup(n)
		if n != c.sl.Owner && (d.Kind == workspace.Resource || d.Kind == workspace.DataSource) && d.ResourceType() == head {
			c.text(n, Reference, n, head, "")
		}
	}
}

// typeName is a type an annotation can name: its label, snippet and what it is.
type typeName struct{ label, snippet, detail string }

// typeNames are the types an annotation can name besides resource types.
func typeNames() []typeName {
	return []typeName{
		{"String", "String", "primitive"},
		{"Int", "Int", "primitive"},
		{"Bool", "Bool", "primitive"},
		{"Float", "Float", "primitive"},
		{"Duration", "Duration", "primitive"},
		{"list(", "list(${1:String})", "list of a type"},
		{"map(", "map(${1:String})", "map from strings to a type"},
		{"struct", "struct {\n  ${1:name}: ${2:String}\n}", "a struct type"},
		{"Ipv4Cidr", "Ipv4Cidr", "built-in type"},
		{"Ipv4Address", "Ipv4Address", "built-in type"},
		{"Ipv6Cidr", "Ipv6Cidr", "built-in type"},
		{"Ipv6Address", "Ipv6Address", "built-in type"},
	}
}

// types completes a type annotation: primitives, constructors, built-in custom types, then
// resource types (as reference types).
func (c *completer) types() {
	prefix := ""
	if qual, _, ok := c.sl.Qualified(); ok {
		prefix = qual + "."
	} else {
		for _, t := range typeNames() {
			c.add(t.label, Type, t.snippet, t.detail, "")
		}
	}
	for _, h := range c.x.ResourceTypes("") {
		if prefix == "" || hasPrefixFold(h, prefix) {
			c.text(h, Class, h, "resource type", "")
		}
	}
}
