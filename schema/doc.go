// Package schema owns the schema index: loading JSON schema files in the
// "carina-schema-index" layout (format_version 1), the embedded sets (the
// newest aws and awscc provider indexes, a small hand-written overlay for known
// gaps, and the released provider versions, each stored as a set file whose
// types are decoded on their first lookup and their structs' fields on first
// use, set.go), the choice of a provider
// version per configuration (carina-providers.lock, the provider block's
// requirement, else the newest: choice.go), combining providers into an Index
// (NewIndex) where later sources override earlier ones per resource type,
// Sources, which gives each configuration its index (the chosen embedded sets,
// then the nearest .carina/schemas, then extra providers),
// and the lookups the checks and the language server need: resource and
// data-source heads (Index.Declared is the one rule for a declaration's
// schema), attribute paths through structs, lists, maps, unions and cyclic refs
// (Resource.Lookup, Resource.Walk), enum values as Carina spells and matches
// them, regions, and the effective wait timeout and poll interval of a resource.
//
// Everything loaded is immutable after construction and safe for concurrent
// readers (the lazily decoded types are decoded under their set's lock). The package keeps no mutable package-level state: the lazily loaded
// default set lives in a Defaults value owned by the caller.
//
// The file layout is described in ../shared/docs/schemas.md §5.
package schema
