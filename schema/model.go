package schema

import "sync"

// Provider is one loaded schema index file: every resource and data source of
// one provider, the enums and custom types they use, the provider's regions and
// its wait fallbacks.
type Provider struct {
	Name        string               // "aws", "awscc": the first segment of every head
	Origin      string               // the name given to Load (a file path or "embedded:aws.json")
	Version     string               // the provider release the file describes; "" for the newest sets
	Date        string               // the source's commit date, else the file's generation date
	Resources   map[string]*Resource // managed resources by DSL head ("awscc.ec2.Vpc")
	DataSources map[string]*Resource // data sources (used with read) by DSL head
	Enums       map[string]*Enum     // every enum by identity, top-level and inline
	CustomTypes map[string]*CustomType
	Regions     []EnumValue // the provider's region list; Qualified uses the provider prefix
	// WaitDefaults are the fallbacks for resources without wait defaults of
	// their own (carina-core: 300 s / 5 s).
	WaitDefaults WaitDefaults
	// Complete says that Resources and DataSources are every type the provider has, so a head
	// of the provider that is not among them names no type at all (an error, not a type whose
	// schema is missing). Set by the file's "complete_type_list" field, and for the embedded
	// files that are known to be complete (see embeddedComplete).
	Complete bool
}

// WaitDefaults are a provider's fallback wait timeout and poll interval.
type WaitDefaults struct {
	TimeoutSecs  uint64
	IntervalSecs uint64
}

// ResourceKind tells a managed resource from a data source.
type ResourceKind string

// Resource kinds, as spelled in the index files.
const (
	KindResource   ResourceKind = "resource"
	KindDataSource ResourceKind = "data_source"
)

// Resource is the schema of one managed resource or data source.
type Resource struct {
	Type         string       // DSL head, "awscc.ec2.Vpc"
	Provider     string       // "awscc"
	SchemaType   string       // provider-less type, "ec2.Vpc"
	Kind         ResourceKind // resource or data source
	CloudType    string       // "AWS::EC2::VPC"; may be empty
	Description  string
	SourceOrigin string // "repo" or "overlay", as the file says
	HasTags      bool
	// PrimaryIdentifier lists DSL attribute names, or is nil.
	PrimaryIdentifier []string
	UniqueName        UniqueName
	// ExclusiveRequired lists groups of attributes of which exactly one must be set.
	ExclusiveRequired [][]string
	OperationConfig   *OperationConfig
	Wait              Wait
	Attributes        map[string]*Member
	// Defs are the targets of ref types inside this resource (cyclic shapes).
	Defs map[string]*Type
	// AliasOf is the head this entry was generated from when it is a PascalCase
	// alias of a lower-case head of an older index file; empty otherwise.
	AliasOf string
	// Origin is the Provider.Origin of the file the entry came from.
	Origin string
	// SourceFile is the type's generated schema file in its provider's repository
	// ("carina-provider-aws/src/schemas/generated/acm/certificate.rs"), SourceRepo that
	// repository ("carina-rs/carina-provider-aws"), as the file says; either may be empty.
	SourceFile, SourceRepo string
}

// UniqueName says how create-before-destroy handles name clashes.
type UniqueName struct {
	Kind      string // "attribute", "coexisting" or "conflicting"
	Attribute string // with Kind "attribute"
}

// OperationConfig carries create/delete polling overrides; nil fields are unset.
type OperationConfig struct {
	CreateTimeoutSecs *uint64
	CreateMaxRetries  *uint64
	DeleteTimeoutSecs *uint64
	DeleteMaxRetries  *uint64
}

// Wait holds a resource's own wait defaults. A zero Secs means the resource has
// none and the provider fallback applies.
type Wait struct {
	Timeout  WaitSetting
	Interval WaitSetting
}

// WaitSetting is one wait default in seconds and where it comes from (for hover).
type WaitSetting struct {
	Secs   uint64
	Source string
}

// Member is a resource attribute or a struct field.
type Member struct {
	Name             string
	Type             *Type
	Display          string // the index file's name of the type ("aws.Arn"), as Carina's messages write it; "" when it gives none
	Required         bool
	ReadOnly         bool // provider-populated; never also Required
	CreateOnly       bool // a change forces replacement
	WriteOnly        bool // not returned by reads
	Identity         bool // part of the anonymous-resource identity hash
	DeferredPopulate bool // known only after Create returns: readers need a wait
	Removable        *bool
	Default          any // wire value: string, bool, int64 or float64; nil when none
	ProviderName     string
	BlockName        string // singular block name for repeated-block syntax
	Synthetic        bool   // not in the schema data: the `id` every resource has
	Description      string
}

// Kind is the shape of a Type.
type Kind string

// Type kinds, as spelled in the index files.
const (
	KindString   Kind = "string"
	KindInt      Kind = "int"
	KindFloat    Kind = "float"
	KindBool     Kind = "bool"
	KindDuration Kind = "duration"
	KindEnum     Kind = "enum"
	KindList     Kind = "list"
	KindMap      Kind = "map"
	KindStruct   Kind = "struct"
	KindUnion    Kind = "union"
	KindRef      Kind = "ref"
	KindUnknown  Kind = "unknown"
)

// Type is an attribute type. Which fields are set depends on Kind.
type Type struct {
	Kind      Kind
	Identity  string             // refined string/int/float types and enums: "aws.ec2.Vpc.Id"
	Pattern   string             // string: regular expression
	Length    *Bounds            // string and list lengths
	Range     *Bounds            // int and float ranges
	Enum      *Enum              // enum
	Element   *Type              // list
	Ordered   bool               // list: ordered comparison (false: multiset)
	Key       *Type              // map
	Value     *Type              // map
	Name      string             // struct name
	fields    map[string]*Member // struct: see Fields
	lazy      *lazyFields        // struct fields of a set file, decoded on first use
	Members   []*Type            // union
	Ref       string             // ref: a name in the owning resource's Defs
	Transform *Transform         // dsl_transform of a string or open enum
	Helper    string             // provider function that defines the type; informational
	// Unresolved marks a type whose helper could not be resolved by the
	// generator; it is loaded as a plain string.
	Unresolved bool
	Expr       string // unknown: the unparsed expression
}

// Fields returns a struct's fields by name (nil for other kinds). Those of an embedded type are
// decoded on first use: a configuration rarely reads more than a few of a large type's structs.
func (t *Type) Fields() map[string]*Member {
	if l := t.lazy; l != nil {
		l.once.Do(func() {
			l.fields = l.decode()
			l.decode = nil
		})
		return l.fields
	}
	return t.fields
}

// lazyFields are a struct's fields as a set file holds them until first asked for. The decoded
// fields live here, not in the Type, so that a copy of the Type shares them.
type lazyFields struct {
	once   sync.Once
	decode func() map[string]*Member
	fields map[string]*Member
}

// Bounds is an optional minimum and maximum; nil means open. Lengths are
// whole numbers.
type Bounds struct {
	Min, Max *float64
}

// Transform is a DSL spelling rule for open enums and strings.
type Transform struct {
	Type  string // "HyphenToUnderscore", "StripSuffix", "Identity", "ReplaceTable"
	Value string
}

// Enum is an enum type. Closed enums list their values; open enums (regions,
// availability zones) accept any value their Transform can produce.
type Enum struct {
	Identity  string // "aws.acm.Certificate.Status"
	Namespace string // "aws.acm.Certificate"; empty for a namespace-less enum
	Name      string // "Status": the last identity segment (Carina's Kind)
	Open      bool
	Values    []EnumValue
	Transform *Transform
}

// EnumValue is one enum member.
type EnumValue struct {
	Wire      string // what the provider receives: "ISSUED"
	DSL       string // the member spelling: "issued"
	Qualified string // the fully qualified DSL value: "aws.acm.Certificate.Status.issued"
}

// CustomType is a refined string type from the top-level custom_types table.
type CustomType struct {
	Identity string
	Base     string
	Pattern  string
}
