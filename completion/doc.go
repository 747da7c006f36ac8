// Package completion owns code completion for Carina (`.crn`) files: the items offered at a
// place, in the order to show them. Complete is the entry point. Where the cursor is comes from
// the locator: Complete reads the cursor.Slot (cursor.SlotAt), found on the recovered syntax tree
// and the brackets open at the cursor, so completion works while the statement being typed does
// not parse; the package has no scanner of its own.
//
// It dispatches on the Slot's container and position: keyword and resource-type snippets at top
// level and after `let x =`; in the block of a construct whose keys the construct table lists
// (wait, provider, use, upstream_state, import, removed, moved, directives, ...), the keys not
// yet written, the blocks it takes and values by the key's kind (keyed.go); resource attributes
// and nested struct fields, values by schema type, `binding.` attributes (resources, waits
// through their target, module calls, upstream_state exports), module-call arguments, type
// annotations, functions after a pipe, and the names in scope. Each provider of items runs
// contained: one that panics loses only its own items.
//
// It is protocol-neutral: positions are byte offsets and ranges are grammar.Span values of the
// file; the lsp package converts them, and the item kinds, to the protocol's. No item carries a
// client command.
package completion
