// Package plan owns what a change will do to what is running, computed from a configuration and its
// state file alone, as `carina plan --refresh=false` computes it: per resource an operation
// (create, update with the attributes that changed, replace when a create-only attribute of the
// schema changed, delete for a resource in state that the configuration no longer has, delete of a
// deposed instance; moved, removed and import blocks), prevent_destroy violations as errors, and
// Carina's plan display of it (Write). What Carina expands while it parses is planned expanded
// (instances.go): a `for` over values known then, one resource an item (`bs[0]`, `bs.key`); an
// `if`, its taken branch; a module call, the module's resources with the call's arguments, named
// `<instance>.<binding>`, their File and Stmt the module's. A `for` over values known only after
// apply is a template (deferredfor.go). Compute takes the model the editor already has (workspace,
// types, schema, state), so the server can call it per configuration.
//
// An anonymous resource is named as Carina names it (schemaid.go for a type with a provider
// schema: its region and create-only values, or a SimHash; anonymous.go for one without:
// Carina's fallback hash) and paired with its state row by Carina's reconciliation
// (anonstate.go); where an input is not held exactly it stays unnamed (Resource.Unresolved).
//
// What it does not compute yet is named in Plan.Unsupported, never guessed: the plan of such a
// configuration is marked incomplete.
package plan
