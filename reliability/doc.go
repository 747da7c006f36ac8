// Package reliability holds the hostile-input, scale, protocol-abuse and soak tests of the whole
// tool.
//
// The tests drive the carina-lsp binary (check, fmt and the server over stdio), built once for
// the package, and the language server in process through its exported API; the differential
// tests compare check with Carina's own grammar on the mutated corpus (refparse_test.go) and
// with Carina's checker on the corpus's configurations and semantic mutations of them
// (refcheck_test.go). The protocol abuse and soak tests that need the server's internals live in
// package lsp (abuse_test.go, panic_test.go, soak_test.go, fuzz_test.go); docs/reliability.md
// lists every case and its result.
package reliability
