package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/state"
)

// TestPlanReadsStateOnce: without a state file there is no plan; with one, the plan of a version
// of the configuration is computed once and shared; a state file rewritten (another size or
// time) is read again and planned anew; a remote backend is named, never read.
func TestPlanReadsStateOnce(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	row := func(cidr string) string {
		return `{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[{"resource_type":"ec2.Vpc","identity":"vpc","binding":"vpc","provider":"awscc","identifier":"vpc-1","attributes":{"cidr_block":"` +
			cidr + `"},"explicit":{"kind":"struct","children":{"cidr_block":{"kind":"leaf"}}}}]}`
	}
	write("main.crn", "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.1.0.0/16'\n}\n")
	s := New(Options{})
	loaded, err := s.Load(ctx, dir, Check{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, idx := loaded.Config, loaded.Schemas

	if pd := s.Plan(ctx, cfg, idx); pd.Plan != nil || pd.Err != nil {
		t.Fatalf("without a state file: plan %v, error %v", pd.Plan, pd.Err)
	}
	write(state.DefaultFile, row("10.0.0.0/16"))
	first := s.Plan(ctx, cfg, idx)
	if first.Plan == nil || first.Err != nil || first.Plan.Resources[0].Headline() != "-/+ replace: cidr_block is create-only" {
		t.Fatalf("with a state file: %+v", first)
	}
	if again := s.Plan(ctx, cfg, idx); again.Plan != first.Plan {
		t.Error("the same version of the configuration was planned twice")
	}
	write(state.DefaultFile, row("10.1.0.0/16")+"\n")
	if after := s.Plan(ctx, cfg, idx); after.Plan == first.Plan || after.Plan.Resources[0].Headline() != "no changes" {
		t.Errorf("after the state file changed: %+v", after.Plan)
	}
	write(state.DefaultFile, "{")
	if bad := s.Plan(ctx, cfg, idx); bad.Plan != nil || bad.Err == nil {
		t.Errorf("a damaged state file: plan %v, error %v", bad.Plan, bad.Err)
	}

	write("main.crn", "backend s3 {\n  bucket = 'b'\n  key    = 'k'\n  region = 'us-east-1'\n}\n")
	s.Forget(dir)
	loaded, err = s.Load(ctx, dir, Check{})
	if err != nil {
		t.Fatal(err)
	}
	if pd := s.Plan(ctx, loaded.Config, loaded.Schemas); !errors.Is(pd.Err, state.ErrRemote) {
		t.Errorf("a remote backend: error %v", pd.Err)
	}
}

// TestNoFileThere: a state file's stat that says no file can be at the path is no state, not an
// unreadable one: missing, under a file, a name with a NUL byte (an untitled buffer's synthetic
// directory), a name too long.
func TestNoFileThere(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "main.crn")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		filepath.Join(dir, "missing", state.DefaultFile),
		filepath.Join(file, state.DefaultFile),
		filepath.Join(dir, "\x00untitled", state.DefaultFile),
		filepath.Join(dir, strings.Repeat("a", 300), state.DefaultFile),
	} {
		if _, err := os.Stat(path); !noFileThere(err) {
			t.Errorf("stat %q: %v: read as a state file that cannot be read", path, err)
		}
	}
	if _, err := os.Stat(file); noFileThere(err) {
		t.Errorf("stat %q: an existing file read as none", file)
	}
}
