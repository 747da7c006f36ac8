package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestExamples keeps the bundled examples in the house style and clean: fmt -l lists nothing and
// check reports nothing.
func TestExamples(t *testing.T) {
	dirs, err := filepath.Glob("../../examples/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no example under ../../examples: %v", err)
	}
	for _, dir := range dirs {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			continue
		}
		if r := runCmd(t, "fmt", "-l", dir); r.Code != 0 || r.Stdout != "" || r.Stderr != "" {
			t.Errorf("fmt -l %s: %+v (format it with carina-lsp fmt -w %s)", dir, r, dir)
		}
		if r := runCmd(t, "check", "-severity", "info", dir); r.Code != 0 || r.Stdout != "" || r.Stderr != "" {
			t.Errorf("check %s: %+v", dir, r)
		}
	}
}
