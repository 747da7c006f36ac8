package plan

import "github.com/carina-rs/carina-lsp/schema"

// Schemas is what a plan reads of the provider schemas: which attributes force a replacement
// and what an enum identifier sends. A nil Schemas knows nothing, as a plan without provider
// schemas (Carina's plan-display fixtures are computed so).
type Schemas interface {
	// CreateOnly reports whether changing a top-level attribute of a resource type
	// ("awscc.ec2.Vpc") replaces the resource.
	CreateOnly(resourceType, attr string) bool
	// EnumWire returns the wire value of an enum identifier written at a path of a resource
	// type's attributes.
	EnumWire(resourceType string, path []string, text string) (string, bool)
}

// IndexSchemas answers from the embedded schema index.
type IndexSchemas struct{ Index *schema.Index }

// CreateOnly reports the schema's create-only flag.
func (s IndexSchemas) CreateOnly(resourceType, attr string) bool {
	r := s.Index.Resource(resourceType)
	if r == nil {
		return false
	}
	m := r.Attributes[attr]
	return m != nil && m.CreateOnly
}

// EnumWire resolves an enum identifier through the member's enum.
func (s IndexSchemas) EnumWire(resourceType string, path []string, text string) (string, bool) {
	r := s.Index.Resource(resourceType)
	m, ok := r.Lookup(path)
	if !ok {
		return "", false
	}
	e := r.EnumOf(m)
	if e == nil {
		return "", false
	}
	v, ok := e.Match(text)
	return v.Wire, ok
}
