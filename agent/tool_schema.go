package agent

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/types"
)

// SchemaInput says which schemas to read.
type SchemaInput struct {
	Path       string `json:"path,omitempty" jsonschema:"a configuration directory: the provider versions it pins (carina-providers.lock, the provider block's version) choose the schemas"`
	Provider   string `json:"provider,omitempty" jsonschema:"a provider (aws, awscc): its types are listed"`
	Version    string `json:"version,omitempty" jsonschema:"with provider and no path: that provider's schemas of this released version (default: the newest)"`
	Type       string `json:"type,omitempty" jsonschema:"a resource or data-source type as Carina writes it (awscc.ec2.Vpc): its attributes"`
	DataSource bool   `json:"dataSource,omitempty" jsonschema:"type names a data source (read), not a resource"`
}

// SchemaResult is what the schema tool returns: what was asked, from the schemas chosen.
type SchemaResult struct {
	Sets        []Set         `json:"sets" jsonschema:"the embedded schema sets: per provider the newest, then each released version"`
	Chosen      []string      `json:"chosen" jsonschema:"which schemas answer, and why"`
	Providers   []string      `json:"providers" jsonschema:"the providers of the schemas chosen"`
	Resources   []string      `json:"resources,omitempty" jsonschema:"with provider: its resource types"`
	DataSources []string      `json:"dataSources,omitempty" jsonschema:"with provider: its data-source types"`
	Type        *ResourceType `json:"type,omitempty" jsonschema:"with type: its schema"`
}

// Set is one embedded schema set, as carina-lsp schemas lists it.
type Set struct {
	Provider string `json:"provider"`
	Version  string `json:"version" jsonschema:"newest, or a released version"`
	Date     string `json:"date"`
	Types    int    `json:"types"`
}

// ResourceType is one type's schema.
type ResourceType struct {
	Type          string      `json:"type"`
	Kind          string      `json:"kind" jsonschema:"resource or data_source"`
	CloudType     string      `json:"cloudType,omitempty" jsonschema:"the CloudFormation type, AWS::EC2::VPC"`
	Description   string      `json:"description,omitempty"`
	Documentation string      `json:"documentation,omitempty" jsonschema:"the type's reference page"`
	Identifier    []string    `json:"identifier,omitempty" jsonschema:"the attributes that identify an instance"`
	OneOf         [][]string  `json:"exactlyOneOf,omitempty" jsonschema:"groups of attributes of which exactly one must be set"`
	Attributes    []Attribute `json:"attributes"`
}

// Attribute is one attribute or struct field.
type Attribute struct {
	Name        string   `json:"name" jsonschema:"the attribute, or a struct's field after its attribute's name and a dot (a list's elements' too): vpc_config.subnet_ids"`
	Type        string   `json:"type" jsonschema:"the type as Carina's messages write it: String, List<String>, aws.Arn, ..."`
	Required    bool     `json:"required,omitempty"`
	CreateOnly  bool     `json:"createOnly,omitempty" jsonschema:"a change replaces the resource"`
	ReadOnly    bool     `json:"readOnly,omitempty" jsonschema:"set by the provider: not written in the configuration"`
	WriteOnly   bool     `json:"writeOnly,omitempty"`
	BlockName   string   `json:"blockName,omitempty" jsonschema:"a list of structs is written as repeated blocks of this name"`
	Enum        []string `json:"enum,omitempty" jsonschema:"the values as Carina spells them"`
	Default     any      `json:"default,omitempty"`
	Description string   `json:"description,omitempty"`
}

func addSchema(s *server) {
	add(s, toolInfo{Name: "schema", Title: "Carina provider schemas",
		Description: "The provider schemas carina-lsp checks with: the embedded sets (providers, versions), a provider's resource and " +
			"data-source types, and a type's attributes (type, required, create-only, enum values in Carina's spelling, documentation link), " +
			"for the provider versions a configuration pins (path) or a version asked for."},
		func(ctx context.Context, c *call, in SchemaInput) (SchemaResult, error) { return c.schema(ctx, in) })
}

func (c *call) schema(ctx context.Context, in SchemaInput) (SchemaResult, error) {
	d := c.sources.Defaults()
	catalog, err := d.Catalog()
	if err != nil {
		return SchemaResult{}, err
	}
	res := SchemaResult{Sets: []Set{}, Chosen: []string{}}
	for _, s := range catalog {
		if in.Provider != "" && s.Provider != in.Provider {
			continue
		}
		v := s.Version
		if v == "" {
			v = "newest"
		}
		res.Sets = append(res.Sets, Set{Provider: s.Provider, Version: v, Date: s.Date, Types: s.Types})
	}
	idx, err := c.schemaIndex(ctx, in, d)
	if err != nil {
		return res, err
	}
	for _, ch := range idx.Choices() {
		res.Chosen = append(res.Chosen, ch.Provider+": "+idx.Sourced(ch).Describe())
	}
	if len(res.Chosen) == 0 {
		res.Chosen = append(res.Chosen, "the newest embedded schemas")
	}
	res.Providers = idx.Providers()
	if in.Provider != "" && in.Type == "" {
		if !idx.HasProvider(in.Provider) {
			return res, fmt.Errorf("no provider %q (there are %s)", in.Provider, strings.Join(res.Providers, ", "))
		}
		res.Resources, res.DataSources = idx.ResourceTypes(in.Provider), idx.DataSourceTypes(in.Provider)
	}
	if in.Type != "" {
		r := idx.Declared(in.Type, in.DataSource)
		if r == nil {
			return res, unknownType(idx, in)
		}
		res.Type = resourceType(r)
	}
	return res, nil
}

// schemaIndex is the index of the configuration at in.Path, or of in.Version of in.Provider, or
// the newest.
func (c *call) schemaIndex(ctx context.Context, in SchemaInput, d *schema.Defaults) (*schema.Index, error) {
	switch {
	case in.Path != "":
		if in.Version != "" {
			return nil, fmt.Errorf("give path or version, not both: a configuration pins its own versions")
		}
		t, _, err := c.target(Input{Path: in.Path})
		if err != nil {
			return nil, err
		}
		sess := c.session()
		loaded, err := sess.Load(ctx, t.Dir, session.Check{Lenient: true})
		if err != nil {
			return nil, err
		}
		if loaded.SchemaErr != nil {
			return nil, loaded.SchemaErr
		}
		return loaded.Schemas, nil
	case in.Version != "":
		if in.Provider == "" {
			return nil, fmt.Errorf("version goes with provider")
		}
		versions := d.Versions(in.Provider)
		if !slices.Contains(versions, in.Version) {
			return nil, fmt.Errorf("no embedded %s schemas of version %s (there are %s, and the newest)", in.Provider, in.Version, strings.Join(versions, ", "))
		}
		return d.For(map[string]schema.Choice{in.Provider: {Provider: in.Provider, Version: in.Version, Reason: schema.ReasonConstraint, Asked: in.Version}})
	}
	return c.sources.Base()
}

func unknownType(idx *schema.Index, in SchemaInput) error {
	kind, all := "resource", idx.ResourceTypes("")
	if in.DataSource {
		kind, all = "data-source", idx.DataSourceTypes("")
	}
	msg := fmt.Sprintf("no %s type %q in the schemas chosen", kind, in.Type)
	if s := spell.Closest(in.Type, all, nil); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return fmt.Errorf("%s", msg)
}

func resourceType(r *schema.Resource) *ResourceType {
	return &ResourceType{Type: r.Type, Kind: string(r.Kind), CloudType: r.CloudType, Description: r.Description,
		Documentation: r.DocsURL(), Identifier: r.PrimaryIdentifier, OneOf: r.ExclusiveRequired,
		Attributes: attributes(r, r.Attributes, "", 0)}
}

// maxDepth bounds how deep struct fields are listed: recursive shapes (a policy's statements) go on.
const maxDepth = 4

// attributes lists the members of ms and, after each, its struct's fields, their names after
// prefix.
func attributes(r *schema.Resource, ms map[string]*schema.Member, prefix string, depth int) []Attribute {
	out := []Attribute{}
	for _, name := range slices.Sorted(maps.Keys(ms)) {
		m := ms[name]
		a := Attribute{Name: prefix + name, Type: m.Display, Required: m.Required, CreateOnly: m.CreateOnly, ReadOnly: m.ReadOnly,
			WriteOnly: m.WriteOnly, BlockName: m.BlockName, Default: m.Default, Description: m.Description}
		if m.Type != nil {
			if a.Type == "" {
				a.Type = types.SchemaName(m.Type)
			}
			if e := r.EnumOf(m); e != nil {
				for _, v := range e.Values {
					a.Enum = append(a.Enum, v.Spelling())
				}
			}
		}
		out = append(out, a)
		if m.Type != nil && depth < maxDepth {
			if fs := r.Fields(m.Type); len(fs) > 0 {
				out = append(out, attributes(r, fs, a.Name+".", depth+1)...)
			}
		}
	}
	return out
}
