// Package style holds the tests of the repository's own house rules that no compiler or vet
// checks: each package of the module imported under one name; diagnostics imported only to run
// the checks (the vocabulary is finding's); and what is owned once written once (the walk's skip
// rule, the worker pool, the JSON string escaper, the store of open documents).
package style
