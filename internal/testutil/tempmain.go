package testutil

import (
	"fmt"
	"os"
	"testing"
)

// MainInTempDir is a TestMain for the packages whose tests share what they build (a binary): it
// makes a temporary directory, hands it to setup, runs the tests, removes the directory and exits
// with the tests' code. An error from setup fails the package before any test runs.
func MainInTempDir(m *testing.M, prefix string, setup func(dir string) error) {
	dir, err := os.MkdirTemp("", prefix)
	if err == nil {
		err = setup(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
