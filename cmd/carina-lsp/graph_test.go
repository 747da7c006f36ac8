package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/graph"
	"github.com/carina-rs/carina-lsp/internal/testutil"
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

// TestGraphHostileText runs graph on a configuration that check passes although its labels hold
// control characters, a NUL among them (testutil.HostileGraph; issue #26): the SVG is well-formed
// XML, Graphviz reads the DOT (and draws well-formed SVG of it), the JSON decodes to the texts as
// written, and the apply order holds no control character.
func TestGraphHostileText(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	fmtTree(t, dir, testutil.HostileGraph())
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"check", dir}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("check: exit %d, want 0 (the configuration is valid):\n%s%s", code, stdout.String(), stderr.String())
	}
	graphOf := func(t *testing.T, format string) []byte {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(ctx, []string{"graph", "-format", format, dir}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("graph -format %s: exit %d: %s", format, code, stderr.String())
		}
		return stdout.Bytes()
	}
	t.Run("svg", func(t *testing.T) {
		svg := graphOf(t, "svg")
		if err := testutil.WellFormedXML(svg); err != nil {
			t.Errorf("%v\n%s", err, svg)
		}
		if !bytes.Contains(svg, []byte(`upstream_state ./a\x01b`)) || !bytes.Contains(svg, []byte(`data-id="aws.s3.Bucket@b\x01.crn:1"`)) {
			t.Errorf("the control characters are not shown as escapes:\n%s", svg)
		}
	})
	t.Run("dot", func(t *testing.T) {
		src := graphOf(t, "dot")
		cmd := exec.Command(testutil.Graphviz(t), "-Tsvg")
		cmd.Stdin = bytes.NewReader(src)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("dot -Tsvg: %v: %s\n%s", err, stderr.String(), src)
		}
		if err := testutil.WellFormedXML(out); err != nil {
			t.Errorf("Graphviz's picture: %v", err)
		}
	})
	t.Run("json", func(t *testing.T) {
		var g graph.JSON
		if err := json.Unmarshal(graphOf(t, "json"), &g); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range g.Nodes {
			got = append(got, n.ID+" "+n.Type)
			if n.Wait != nil {
				got = append(got, "until "+n.Wait.Until)
			}
		}
		want := []string{testutil.HostileAnonymousID + " aws.s3.Bucket", "orgs " + testutil.HostileUpstreamSource, "logs aws.s3.Bucket",
			"logs_ready ", "until " + testutil.HostileUntil, "reader aws.s3.Bucket"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("nodes (-want +got):\n%s", diff)
		}
	})
	t.Run("order", func(t *testing.T) {
		order := string(graphOf(t, "order"))
		if i := strings.IndexFunc(order, func(r rune) bool { return r < 0x20 && r != '\n' }); i >= 0 {
			t.Errorf("a control character at %d:\n%q", i, order)
		}
		if !strings.Contains(order, `(until `+graph.Visible(testutil.HostileUntil)+`)`) {
			t.Errorf("the wait's line:\n%s", order)
		}
	})
}

// TestGraphPictureOptions runs graph -format svg with each direction and theme on the example:
// the picture says its direction, is painted in the theme's background, and a direction or theme
// the command does not know is a usage error (exit 2) that names the flag.
func TestGraphPictureOptions(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "wait-cert")
	for _, tc := range []struct {
		args             []string
		code             int
		want, wantStderr string
	}{
		{nil, 0, `data-direction="LR"` + "|" + `class="background" width="100%" height="100%" fill="#ffffff"`, ""},
		{[]string{"-direction", "TB"}, 0, `data-direction="TB"`, ""},
		{[]string{"-direction", "tb", "-theme", "dark"}, 0, `data-direction="TB"` + "|" + `fill="#1e1e1e"`, ""},
		{[]string{"-theme", "light"}, 0, `fill="#ffffff"`, ""},
		{[]string{"-direction", "RL"}, 2, "", `-direction: unknown direction "RL" (want LR or TB)`},
		{[]string{"-theme", "solarized"}, 2, "", `-theme: unknown theme "solarized" (want light or dark)`},
	} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"graph", "-format", "svg"}, tc.args...), dir)
		code := run(context.Background(), args, nil, &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d: %s", tc.args, code, tc.code, stderr.String())
			continue
		}
		for _, w := range strings.Split(tc.want, "|") {
			if w != "" && !strings.Contains(stdout.String(), w) {
				t.Errorf("%v: the picture lacks %s", tc.args, w)
			}
		}
		if !strings.Contains(stderr.String(), tc.wantStderr) {
			t.Errorf("%v: stderr %q, want %q", tc.args, stderr.String(), tc.wantStderr)
		}
	}
}
