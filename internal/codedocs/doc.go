// Package codedocs makes the page of every diagnostic code, docs/diagnostics/<code>.md, and their
// index, docs/diagnostics/README.md, from one source per code: diagnostics/testdata/codes/<code>.txtar,
// which holds the page's prose (doc.md), an example configuration that makes `carina-lsp check`
// report the code and the same configuration fixed (see Parse for the format).
//
// The pages cannot drift from the checks: its test checks every example as `check` does (Check)
// and fails when an example does not report its code, when its fixed version still does, when a
// code has no source, and when a page on disk differs from what the sources and the checks give
// now. `go test ./internal/codedocs -update` writes the pages. The diagnostics link to them
// (finding.DocURL).
package codedocs
