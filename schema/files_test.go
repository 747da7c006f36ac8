package schema

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func origins(ps []*Provider) []string {
	var out []string
	for _, p := range ps {
		out = append(out, filepath.Base(p.Origin))
	}
	return out
}

func TestLoadDirAndPath(t *testing.T) {
	dir := t.TempDir()
	schemas := filepath.Join(dir, ".carina", "schemas")
	if err := os.MkdirAll(filepath.Join(schemas, "sub.json"), 0o755); err != nil { // a directory named *.json is ignored
		t.Fatal(err)
	}
	copyFile(t, "testdata/mini.json", filepath.Join(schemas, "b-mini.json"))
	copyFile(t, "testdata/aws-v05-mini.json", filepath.Join(schemas, "a-aws.json"))
	if err := os.WriteFile(filepath.Join(schemas, "usage.json"), []byte(`{"rows": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(schemas, "notes.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}

	ps, err := LoadDir(filepath.Join(dir, WorkspaceDir))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a-aws.json", "b-mini.json"}, origins(ps)); diff != "" {
		t.Errorf("LoadDir (-want +got):\n%s", diff)
	}
	ps, err = LoadPath(schemas)
	if err != nil || len(ps) != 2 {
		t.Errorf("LoadPath(dir) = %d providers, %v", len(ps), err)
	}
	ps, err = LoadPath(filepath.Join(schemas, "b-mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"b-mini.json"}, origins(ps)); diff != "" {
		t.Errorf("LoadPath(file) (-want +got):\n%s", diff)
	}

	// A file that claims to be an index but is broken fails the whole
	// directory, naming the file.
	bad := filepath.Join(schemas, "c-bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "carina-schema-index", "format_version": 7, "provider": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(schemas); err == nil || !strings.Contains(err.Error(), "c-bad.json") || !strings.Contains(err.Error(), "format_version 7") {
		t.Errorf("LoadDir with a bad file: %v", err)
	}
	// LoadFile on a non-index file says so.
	if _, err := LoadFile(filepath.Join(schemas, "usage.json")); !errors.Is(err, ErrNotIndex) {
		t.Errorf("LoadFile(usage.json) = %v, want ErrNotIndex", err)
	}

	for _, missing := range []string{filepath.Join(dir, "nope"), filepath.Join(dir, "nope.json")} {
		if _, err := LoadPath(missing); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("LoadPath(%s) = %v, want fs.ErrNotExist", missing, err)
		}
	}
	if _, err := LoadDir(filepath.Join(dir, "nope")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadDir(missing) = %v", err)
	}
	if _, err := LoadFile(filepath.Join(dir, "nope.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFile(missing) = %v", err)
	}
}

// TestLoadSharedDir loads testdata/schemas as a -schemas directory:
// crn-usage.json is skipped.
func TestLoadSharedDir(t *testing.T) {
	dir := needShared(t, "schemas")
	ps, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"aws.json", "awscc.json"}, origins(ps)); diff != "" {
		t.Errorf("LoadDir(%s) (-want +got):\n%s", dir, diff)
	}
}
