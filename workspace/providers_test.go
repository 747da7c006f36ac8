package workspace

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/schema"
)

func TestPinsVersion(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"provider aws {\n  version = '~0.5.0'\n}\n", true},
		{"provider aws {\n  region = aws.Region.us_east_1\n  version='0.5'\n}\n", true},
		{"let p = provider aws {\n  version = '0.5'\n}\n", true},
		{"provider aws {\n  region = aws.Region.us_east_1\n}\n\naws.s3.Bucket {\n  version = 1\n}\n", false},
		{"aws.lambda.Function {\n  version = '1'\n}\n", false},
		{"provider aws {\n  versions = 1\n}\n", false},
		{"", false},
	} {
		if got := pinsVersion(tc.text); got != tc.want {
			t.Errorf("pinsVersion(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestSchemas checks the schemas Workspace.Schemas gives a configuration: those of the version
// its provider block asks for, the newest when it pins nothing, its caller's for a module that
// pins nothing (asked first, before the caller is ever built: the order must not matter), its
// own for a module that pins a version itself, and the newest for a module nothing above uses.
func TestSchemas(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"main.crn":               "provider aws {\n  version = '~0.5.0'\n}\n\nlet net = use { source = './modules/net' }\nlet own = use { source = './modules/own' }\n",
		"modules/net/main.crn":   "arguments {\n  cidr: String\n}\n\nlet vpc = aws.ec2.vpc {\n  cidr_block = cidr\n}\n",
		"modules/own/main.crn":   "arguments {\n  cidr: String\n}\n\nprovider aws {\n  version = '~0.4.0'\n}\n",
		"elsewhere/main.crn":     "aws.s3.Bucket {\n  bucket = 'b'\n}\n",
		"elsewhere/lib/main.crn": "arguments {\n  cidr: String\n}\n",
	})
	ws := New(OSFS{})
	var sources schema.Sources
	for _, tc := range []struct {
		dir, want string // want: the aws set's version, "" for the newest
	}{
		{"modules/net", "0.5.0"},
		{"modules/own", "0.4.0"},
		{".", "0.5.0"},
		{"elsewhere", ""},
		{"elsewhere/lib", ""}, // a module that the configuration above does not use
	} {
		ctx := context.Background()
		dir := filepath.Join(root, filepath.FromSlash(tc.dir))
		cfg, err := ws.Config(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		idx, err := ws.Schemas(ctx, &sources, cfg, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.dir, err)
		}
		if c, ok := idx.Choice("aws"); !ok || c.Version != tc.want {
			t.Errorf("%s: aws schemas %q (%v), want %q", tc.dir, c.Version, ok, tc.want)
		}
	}
}
