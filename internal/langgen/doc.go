// Package langgen owns generating Carina configurations from a grammar of the language's
// features: whole directories (a root configuration, its modules, an upstream configuration)
// mixing lets, user functions, closures, pipes, compositions, if, for, modules, upstream_state,
// waits, provider blocks and exports, about half with one mistake of a listed kind injected. It
// decides nothing about validity: the differential test asks Carina's checker for the verdict
// and compares check's.
package langgen
