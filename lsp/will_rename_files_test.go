package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/source"
)

// renameWorkspace is a workspace of three configurations and a module: prod uses the module and
// dev reads prod's state. prod/main.crn is open with an unsaved line above its use, so its edits
// must be in the buffer's positions. dev's odd './../../modules/net/' comes back as
// '../../<new>/' (the ./ is kept only before a name), and its interpolated source is left alone.
func renameWorkspace() map[string]string {
	return map[string]string{
		"envs/prod/main.crn":   "let net = use { source = '../../modules/net' }\nlet web = net { cidr = '10.0.0.0/16' }\n",
		"envs/dev/main.crn":    "let prod = upstream_state { source = \"../prod\" }\nlet net = use { source = './../../modules/net/' }\nlet x = use { source = \"${prod}\" }\n",
		"modules/net/main.crn": "arguments {\n  cidr: String\n}\n",
		"root.crn":             "let net = use { source = './modules/net' }\n",
		"notes/readme.txt":     "source = '../modules/net'\n",
	}
}

func TestWillRenameFiles(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to string
		want     map[string][]string // file: its edited lines
	}{
		{"a module folder", "modules/net", "modules/network", map[string][]string{
			"envs/prod/main.crn": {"let net = use { source = '../../modules/network' }"},
			"envs/dev/main.crn":  {"let net = use { source = '../../modules/network/' }"},
			"root.crn":           {"let net = use { source = './modules/network' }"},
		}},
		{"a folder holding the module", "modules", "lib", map[string][]string{
			"envs/prod/main.crn": {"let net = use { source = '../../lib/net' }"},
			"envs/dev/main.crn":  {"let net = use { source = '../../lib/net/' }"},
			"root.crn":           {"let net = use { source = './lib/net' }"},
		}},
		{"a configuration read by another", "envs/prod", "envs/production", map[string][]string{
			"envs/dev/main.crn": {"let prod = upstream_state { source = \"../production\" }"},
		}},
		{"a folder moved deeper: its own sources", "envs", "stacks/envs", map[string][]string{
			"envs/prod/main.crn": {"let net = use { source = '../../../modules/net' }"},
			"envs/dev/main.crn":  {"let net = use { source = '../../../modules/net/' }"},
		}},
		{"a file moved up a folder", "envs/prod/main.crn", "envs/prod.crn", map[string][]string{
			"envs/prod/main.crn": {"let net = use { source = '../modules/net' }"},
		}},
		{"nothing names it", "notes", "docs", map[string][]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := renameWorkspace()
			root := writeFiles(t, files)
			c := startServer(t, Options{})
			c.initialize(root, protocol.ClientCapabilities{})
			prod := uriOf(filepath.Join(root, "envs/prod/main.crn"))
			buffer := "# unsaved\n" + files["envs/prod/main.crn"]
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: prod, LanguageID: "carina", Version: 1, Text: buffer}})
			files["envs/prod/main.crn"] = buffer
			var edit protocol.WorkspaceEdit
			if err := c.call("workspace/willRenameFiles", &protocol.RenameFilesParams{Files: []protocol.FileRename{{
				OldURI: string(uriOf(filepath.Join(root, tc.from))), NewURI: string(uriOf(filepath.Join(root, tc.to))),
			}}}, &edit); err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for u, es := range edit.Changes {
				rel, err := filepath.Rel(root, pathOf(u))
				if err != nil {
					t.Fatal(err)
				}
				rel = filepath.ToSlash(rel)
				text := applyEdits(t, files[rel], source.NewLines(files[rel]), es)
				for line := range strings.SplitSeq(text, "\n") {
					if !slices.Contains(strings.Split(files[rel], "\n"), line) {
						got[rel] = append(got[rel], line)
					}
				}
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("edited lines (-want +got):\n%s", d)
			}
		})
	}
}
