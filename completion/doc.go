// Package completion owns code completion for Carina (`.crn`) files: finding the cursor's context
// from the file's tokens (which block each open brace belongs to, which item of that block the
// cursor is in, which word it is typing) so that it works while the statement being typed does not
// parse, and the items offered in each context: keyword and resource-type snippets at top level
// and after `let x =`, the keys, targets, predicates, durations and dependencies of `wait` blocks,
// resource attributes and nested struct fields, values by schema type, `binding.` attributes
// (resources, waits through their target, module calls, upstream_state exports), directives,
// provider, use, upstream_state, module-call, import/removed/moved keys and values, type
// annotations, and in-scope names.
//
// It is protocol-neutral: positions are byte offsets and ranges are grammar.Span values of the
// file; the lsp package converts them, and the item kinds, to the protocol's. No item carries a
// client command.
package completion
