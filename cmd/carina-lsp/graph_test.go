package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestGraphVersionChoice checks that graph reads a configuration with the schemas of the provider
// version it chooses, as check does: aws.sqs.Queue, which aws 0.5.0 lacks, is an error on its node
// in a configuration pinned to ~0.5.0 (by its provider block or by carina-providers.lock) and in a
// module whose caller pins it, and is none with the newest schemas.
func TestGraphVersionChoice(t *testing.T) {
	const queue = "let queue = aws.sqs.Queue {\n  queue_name = 'jobs'\n}\n"
	const pin = "provider aws {\n  region  = aws.Region.ap_northeast_1\n  version = '~0.5.0'\n}\n\n"
	root := t.TempDir()
	fmtTree(t, root, map[string]string{
		"pinned/main.crn":                 pin + queue,
		"newest/main.crn":                 "provider aws {\n  region = aws.Region.ap_northeast_1\n}\n\n" + queue,
		"locked/main.crn":                 queue,
		"locked/carina-providers.lock":    "[[provider]]\nname = \"aws\"\nmode = \"version\"\nversion = \"0.5.0\"\n",
		"caller/main.crn":                 pin + "let q = use { source = './modules/q' }\n",
		"caller/modules/q/main.crn":       "arguments {\n  name: String\n}\n\n" + queue,
		"caller/modules/q/attributes.crn": "attributes {\n  url: String = queue.queue_url\n}\n",
	})
	for dir, want := range map[string]int{"pinned": 1, "locked": 1, "caller/modules/q": 1, "newest": 0} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"graph", "-format", "json", filepath.Join(root, filepath.FromSlash(dir))}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("graph %s: exit %d: %s", dir, code, stderr.String())
		}
		var g struct {
			Nodes []struct {
				ID     string `json:"id"`
				Errors int    `json:"errors"`
			} `json:"nodes"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &g); err != nil {
			t.Fatalf("graph %s: %v\n%s", dir, err, stdout.String())
		}
		got := -1
		for _, n := range g.Nodes {
			if n.ID == "queue" {
				got = n.Errors
			}
		}
		if got != want {
			t.Errorf("graph %s: the queue's node has %d errors, want %d:\n%s", dir, got, want, stdout.String())
		}
	}
}
