// Package testutil holds the helpers the tests of several packages share: an in-memory
// workspace.FS (MemFS), the cursor marker of test texts (Cut, CutFiles), the seeded mutations of
// sources the property tests check (Mutations), configurations built from test files (Config,
// ConfigOf), the embedded schemas loaded once for a test binary (EmbeddedIndex, EmbeddedWith) and
// the workflow commands of check's GitHub format read back (WorkflowCommands), and the TestMain of
// the packages whose tests share a build in a temporary directory (MainInTempDir).
//
// It imports workspace and schema (and, through workspace, grammar), whose internal tests
// therefore cannot import it. That is why the txtar reader of the golden tests is a package of
// its own, internal/testutil/txtar, which imports only the standard library.
package testutil
