package schema

import "encoding/json"

// named is a JSON object read as its pairs in key order, nil for null or no object: reading the
// binary form of a type (binwire.go) then builds no map, and building them was half its cost.
type named[T any] []pair[T]

type pair[T any] struct {
	Name  string
	Value T
}

func (n *named[T]) UnmarshalJSON(b []byte) error {
	var m map[string]T
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*n = nil
	if m != nil {
		*n = make(named[T], 0, len(m))
		for _, k := range sortedKeys(m) {
			*n = append(*n, pair[T]{k, m[k]})
		}
	}
	return nil
}

// The JSON layout of a schema index file (schemas.md §5). Only what the
// loader uses is decoded; provenance, used_by lists, helpers and diagnostics
// are skipped.

const (
	formatName    = "carina-schema-index"
	formatVersion = 1
)

type fileJSON struct {
	Format        *string   `json:"format"`
	FormatVersion *int      `json:"format_version"`
	Provider      string    `json:"provider"`
	WaitDefaults  *waitJSON `json:"wait_defaults"`
	// CompleteTypeList is an extension of the layout: true says that the file lists every
	// resource and data-source type of its provider (see Provider.Complete).
	CompleteTypeList bool `json:"complete_type_list"`
	// ProviderVersion is the release the file was read at (the files of testdata/schemas/versions).
	ProviderVersion string `json:"provider_version"`
	GeneratedAt     string `json:"generated_at"`
	// Source is the file's provenance: the commit date (Provider.Date) and the provider's
	// repository ("owner/name"), for the documentation links (Resource.DocsURL).
	Source *struct {
		CommitDate string `json:"commit_date"`
		Repo       string `json:"repo"`
	} `json:"source"`
	Enums       map[string]*enumJSON   `json:"enums"`
	CustomTypes map[string]*customJSON `json:"custom_types"`
	Regions     *struct {
		Values []enumValueJSON `json:"values"`
	} `json:"regions"`
}

type waitJSON struct {
	TimeoutSecs  *uint64 `json:"timeout_secs"`
	IntervalSecs *uint64 `json:"interval_secs"`
	// Source is an optional note (used by the overlay) saying where the
	// defaults come from; not part of the generated files.
	Source string `json:"source"`
}

type resourceJSON struct {
	Provider          string               `json:"provider"`
	Type              string               `json:"type"`
	SchemaType        string               `json:"schema_type"`
	Kind              string               `json:"kind"`
	CloudType         *string              `json:"cloud_type"`
	Description       *string              `json:"description"`
	SourceOrigin      string               `json:"source_origin"`
	HasTags           bool                 `json:"has_tags"`
	PrimaryIdentifier []string             `json:"primary_identifier"`
	UniqueName        *uniqueNameJSON      `json:"unique_name"`
	ExclusiveRequired [][]string           `json:"exclusive_required"`
	OperationConfig   *operationConfigJSON `json:"operation_config"`
	Wait              *waitJSON            `json:"wait"`
	Attributes        named[*memberJSON]   `json:"attributes"`
	Defs              named[*typeJSON]     `json:"defs"`
	SourceFile        *string              `json:"source_file"`
}

type uniqueNameJSON struct {
	Kind      string `json:"kind"`
	Attribute string `json:"attribute"`
}

type operationConfigJSON struct {
	CreateTimeoutSecs *uint64 `json:"create_timeout_secs"`
	CreateMaxRetries  *uint64 `json:"create_max_retries"`
	DeleteTimeoutSecs *uint64 `json:"delete_timeout_secs"`
	DeleteMaxRetries  *uint64 `json:"delete_max_retries"`
}

type memberJSON struct {
	Type             *typeJSON       `json:"type"`
	Display          string          `json:"display"`
	Required         bool            `json:"required"`
	ReadOnly         bool            `json:"read_only"`
	CreateOnly       bool            `json:"create_only"`
	WriteOnly        bool            `json:"write_only"`
	Identity         bool            `json:"identity"`
	DeferredPopulate bool            `json:"deferred_populate"`
	Removable        *bool           `json:"removable"`
	Default          json.RawMessage `json:"default"`
	ProviderName     *string         `json:"provider_name"`
	BlockName        *string         `json:"block_name"`
	Description      *string         `json:"description"`
}

type typeJSON struct {
	Kind             string             `json:"kind"`
	Identity         *string            `json:"identity"`
	Pattern          *string            `json:"pattern"`
	Length           []*float64         `json:"length"`
	Range            []*float64         `json:"range"`
	DSLTransform     *transformJSON     `json:"dsl_transform"`
	Helper           string             `json:"helper"`
	UnresolvedHelper bool               `json:"unresolved_helper"`
	Name             string             `json:"name"`
	Namespace        *string            `json:"namespace"`
	Values           []enumValueJSON    `json:"values"`
	Element          *typeJSON          `json:"element"`
	Ordered          bool               `json:"ordered"`
	Key              *typeJSON          `json:"key"`
	Value            *typeJSON          `json:"value"`
	Fields           named[*memberJSON] `json:"fields"`
	// fieldsBin are the fields in binary form, as a set file holds them (binwire.go): read by
	// the loader on their first use, not with the type.
	fieldsBin string
	Members   []*typeJSON `json:"members"`
	Expr      string      `json:"expr"`
}

type transformJSON struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

type enumJSON struct {
	Identity  string          `json:"identity"`
	Namespace *string         `json:"namespace"`
	Name      string          `json:"name"`
	Open      bool            `json:"open"`
	Values    []enumValueJSON `json:"values"`
}

type enumValueJSON struct {
	Wire      string  `json:"wire"`
	DSL       string  `json:"dsl"`
	Qualified *string `json:"qualified"`
}

type customJSON struct {
	Identity string  `json:"identity"`
	Base     string  `json:"base"`
	Pattern  *string `json:"pattern"`
}
