package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeServerCommands runs every way README.md and the pages of docs/ show to start the
// server (inline code such as `carina-lsp -log-level debug` or `carina-lsp --stdio`, and the
// carina.server.args example of the VS Code settings in docs/editors.md) through a whole LSP
// session, and checks the version line they show.
func TestReadmeServerCommands(t *testing.T) {
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var readme string
	for _, p := range append([]string{"../../README.md"}, pages...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		readme += string(data) + "\n"
	}
	serve := regexp.MustCompile("`(carina-lsp(?: serve)?(?: --?[a-z-]+(?: (?:debug|info|warn|error))?)*)`")
	var commands [][]string
	for _, m := range serve.FindAllStringSubmatch(readme, -1) {
		commands = append(commands, strings.Fields(m[1])[1:])
	}
	// Every list on a line that names the setting: its default `[]` and its examples.
	list := regexp.MustCompile("`(\\[[^`]*\\])`")
	examples := 0
	for l := range strings.Lines(readme) {
		if !strings.Contains(l, "`carina.server.args`") {
			continue
		}
		for _, m := range list.FindAllStringSubmatch(l, -1) {
			var a []string
			if err := json.Unmarshal([]byte(m[1]), &a); err != nil {
				t.Fatalf("the docs' carina.server.args example %s: %v", m[1], err)
			}
			if len(a) > 0 {
				commands = append(commands, a)
				examples++
			}
		}
	}
	if examples == 0 {
		t.Error("the docs show no carina.server.args example")
	}
	var shown []string
	for _, c := range commands {
		shown = append(shown, strings.Join(c, " "))
	}
	for _, want := range []string{"-log-level debug", "--stdio", "serve -log-level debug"} {
		found := false
		for _, s := range shown {
			found = found || s == want
		}
		if !found {
			t.Errorf("README.md and docs/*.md show no `carina-lsp %s` (found: %q)", want, shown)
		}
	}
	for _, c := range commands {
		t.Run(strings.Join(append([]string{"carina-lsp"}, c...), " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), c, strings.NewReader(lspSession()), &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if !strings.Contains(stdout.String(), `"serverInfo":{"name":"carina-lsp"`) {
				t.Errorf("no initialize result: %q", stdout.String())
			}
		})
	}

	// The version line README.md shows (the first the docs show) has the form `carina-lsp version` prints.
	line := regexp.MustCompile(`^carina-lsp \S+ \(commit \S+, go\S+ \w+/\w+\)$`)
	example := regexp.MustCompile("`(carina-lsp [0-9][^`]*)`").FindStringSubmatch(readme)
	if example == nil || !line.MatchString(example[1]) {
		t.Errorf("the docs' version example %q is not in the form of %s", example, line)
	}
	if r := runCmd(t, "version"); !line.MatchString(strings.TrimSuffix(r.Stdout, "\n")) {
		t.Errorf("carina-lsp version = %q, not in the form of %s", r.Stdout, line)
	}
}
