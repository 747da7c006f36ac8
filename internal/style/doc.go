// Package style holds the tests of the repository's own house rules that no compiler or vet
// checks: today, that each package of the module is imported under one name.
package style
