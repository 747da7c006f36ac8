// Package report owns what `carina-lsp check` prints: the output formats (text, JSON, GitHub
// Actions annotations, SARIF 2.1.0), the findings of a run spooled to disk as each configuration
// is checked (Spool) and read back merged in order, and the early report that formats them while
// the rest of the tree is still being checked (Early). A finding reaches it as a Located: a
// diagnostic with its range, computed while its file was at hand, so that the model can be
// dropped.
package report
