// Package schema owns the schema index: loading JSON schema files in the
// "carina-schema-index" layout (format_version 1), the embedded default set
// (the aws and awscc provider indexes, stored gzip-compressed and parsed lazily
// on first use, plus a small hand-written overlay for known gaps), combining
// providers into an Index (NewIndex) where later sources override earlier ones
// per resource type, Sources, which gives each configuration directory its
// index (the defaults, then the nearest .carina/schemas, then extra providers),
// and the lookups the checks and the language server need: resource and
// data-source heads (Index.Declared is the one rule for a declaration's
// schema), attribute paths through structs, lists, maps, unions and cyclic refs
// (Resource.Lookup, Resource.Walk), enum values as Carina spells and matches
// them, regions, and the effective wait timeout and poll interval of a resource.
//
// Everything loaded is immutable after construction and safe for concurrent
// readers. The package keeps no mutable package-level state: the lazily loaded
// default set lives in a Defaults value owned by the caller.
//
// The file layout is described in ../shared/docs/schemas.md §5.
package schema
