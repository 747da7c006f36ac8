// Package testutil holds the helpers the tests of several packages share: a txtar reader, an
// in-memory workspace.FS, cursor markers, the seeded mutations of sources the property tests check.
//
// Besides, it builds configurations from test files (Config, ConfigOf) and loads the embedded
// schemas once for a test binary (EmbeddedIndex). The txtar reader is a package of its own,
// internal/testutil/txtar, which imports only the standard library; this package imports
// workspace and schema (and, through workspace, grammar), whose internal tests therefore cannot
// import it.
package testutil
