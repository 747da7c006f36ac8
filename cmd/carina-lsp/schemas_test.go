package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSchemasCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"schemas"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"aws       newest", "aws       0.5.0    2026-04-20", "awscc     0.6.0    2026-06-05", "awscc     0.3.0"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("schemas output lacks %q:\n%s", want, stdout.String())
		}
	}
	// Each set once: the overlay is part of the newest aws set, not a set with its versions again.
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n")[1:] {
		f := strings.Fields(line)
		if key := f[0] + " " + f[1]; seen[key] {
			t.Errorf("%s is listed twice:\n%s", key, stdout.String())
		} else {
			seen[key] = true
		}
	}
	if len(seen) != 9 {
		t.Errorf("%d sets listed, want the newest and three versions of aws, the newest and five of awscc:\n%s", len(seen), stdout.String())
	}
	if code := run(context.Background(), []string{"schemas", "extra"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("schemas with an argument: exit %d, want 2", code)
	}
}

func TestCheckVerboseSchemas(t *testing.T) {
	root := t.TempDir()
	for dir, text := range map[string]string{
		"pinned": "provider aws {\n  version = '~0.5.0'\n}\n",
		"locked": "provider aws {\n}\n",
		"none":   "aws.s3.Bucket {\n  bucket = 'b'\n}\n",
		"bare":   "provider awscc {\n}\n",
	} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, dir, "main.crn"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lock := "[[provider]]\nname = \"aws\"\nmode = \"version\"\nversion = \"0.4.0\"\n"
	if err := os.WriteFile(filepath.Join(root, "locked", "carina-providers.lock"), []byte(lock), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"check", "-v", root}, nil, &stdout, &stderr)
	for _, want := range []string{
		"pinned: schemas: aws 0.5.0 (the provider block asks for version '~0.5.0')",
		"locked: schemas: aws 0.4.0 (carina-providers.lock locks aws 0.4.0)",
		// The newest sets name the release they follow and their source's date.
		"none: schemas: no provider block or lock file: the newest known (aws newer than 0.5.0, source of 2026-04-20; awscc newer than 0.6.0, source of 2026-08-15)\n",
		"bare: schemas: the newest awscc schemas (newer than 0.6.0, source of 2026-08-15; no version pinned: newest known)\n",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("check -v stderr lacks %q:\n%s", want, stderr.String())
		}
	}
}

// TestCheckModuleInheritsCaller checks a module alone: it is checked with the provider version
// its caller above it asks for (aws ~0.5.0, whose types were snake_case), not the newest.
func TestCheckModuleInheritsCaller(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"main.crn":             "provider aws {\n  version = '~0.5.0'\n}\n\nlet net = use { source = './modules/net' }\n",
		"modules/net/main.crn": "arguments {\n  cidr: String\n}\n\nlet vpc = aws.ec2.vpc {\n  cidr_block = cidr\n}\n\nattributes {\n  vpc_id: String = vpc.vpc_id\n}\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"check", "-v", filepath.Join(root, "modules", "net")}, nil, &stdout, &stderr)
	if !strings.Contains(stderr.String(), "schemas: aws 0.5.0 (the provider block asks for version '~0.5.0')") {
		t.Errorf("the module's schemas are not its caller's:\n%s", stderr.String())
	}
	if strings.Contains(stdout.String(), "resource-type-spelling") {
		t.Errorf("aws.ec2.vpc reported in a module whose caller pins aws 0.5.0:\n%s", stdout.String())
	}
}
