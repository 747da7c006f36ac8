package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// The spellings of a file's URI that clients send.

// vscodeSpelling is VS Code's: everything outside the unreserved characters and "/" encoded.
func vscodeSpelling(p string) protocol.DocumentURI { return uriOf(p) }

// nvimSpelling is Neovim's (vim.uri_from_fname): RFC 3986's reserved characters left as they are.
func nvimSpelling(p string) protocol.DocumentURI {
	const keep = "-._~!$&'()*+,;=:@/"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
	}
	return protocol.DocumentURI("file://" + b.String())
}

var escapeRE = regexp.MustCompile(`%[0-9A-F]{2}`)

// lowerHexSpelling is VS Code's with lower-case hex digits, which RFC 3986 makes equivalent.
func lowerHexSpelling(p string) protocol.DocumentURI {
	return protocol.DocumentURI(escapeRE.ReplaceAllStringFunc(string(uriOf(p)), strings.ToLower))
}

// spelt is a file of the test's workspace.
type spelt struct {
	path      string
	text      string
	opened    protocol.DocumentURI   // the spelling it is opened with; "" for a file left closed
	spellings []protocol.DocumentURI // every spelling of it, the opened one first
}

// spellingWorkspace is the design example over three open files and a closed one, in a directory
// whose name holds the characters clients encode differently (and a module beside it), with
// declarations spread so that every answer crosses files: a duplicate between two open files and
// one between an open and the closed file (related locations), a value read from the closed file.
func spellingWorkspace(t *testing.T) (root, dir, module string, files map[string]*spelt) {
	f := featureConfig()
	const cfg, mod = "cfg %#é +=;,@$!", "mod ule&1"
	root = writeFiles(t, map[string]string{
		cfg + "/x&y.crn":              f["main.crn"] + "\nlet label = region\nlet dup = 1\nlet typo = cert.domain_nmae\n",
		cfg + "/a+b=c;d,e.crn":        f["wait.crn"] + "\nlet twin = 1\n",
		cfg + "/at@dollar$ bang!.crn": f["cdn.crn"] + "\nlet twin = 2\nlet net = use { source = '../" + mod + "' }\nlet web = net { cidr = '10.0.0.0/16' }\n",
		cfg + "/pct%hash#日本 ö.crn":    "let region = 'eu-west-1'\nlet dup = 2\n",
		mod + "/main.crn":             "arguments {\n  cidr: String\n}\n\nlet vpc = aws.ec2.Vpc {\n  cidr_block = cidr\n}\n",
		"other/πλ=1;2/more files.crn": "let elsewhere = 'x'\n",
	})
	dir, module = filepath.Join(root, cfg), filepath.Join(root, mod)
	files = map[string]*spelt{}
	for name, spell := range map[string]func(string) protocol.DocumentURI{
		"x&y.crn":              vscodeSpelling,
		"a+b=c;d,e.crn":        nvimSpelling,
		"at@dollar$ bang!.crn": lowerHexSpelling,
		"pct%hash#日本 ö.crn":    nil,
	} {
		p := filepath.Join(dir, name)
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := &spelt{path: p, text: string(text)}
		for _, sp := range []func(string) protocol.DocumentURI{vscodeSpelling, nvimSpelling, lowerHexSpelling} {
			s.spellings = append(s.spellings, sp(p))
		}
		if spell != nil {
			s.opened = spell(p)
			i := slices.Index(s.spellings, s.opened)
			s.spellings[0], s.spellings[i] = s.spellings[i], s.spellings[0]
		}
		if distinct := slices.Compact(slices.Sorted(slices.Values(s.spellings))); len(distinct) != 3 {
			t.Fatalf("%s: the spellings %v are not three", name, s.spellings)
		}
		files[name] = s
	}
	return root, dir, module, files
}

// expectedURIs is every URI an answer may hold: each open file as it was opened, every other file
// and directory in VS Code's spelling.
func expectedURIs(files map[string]*spelt, module, root string) map[protocol.DocumentURI]bool {
	ok := map[protocol.DocumentURI]bool{
		uriOf(module): true, uriOf(filepath.Join(module, "main.crn")): true,
		uriOf(filepath.Join(root, "other", "πλ=1;2", "more files.crn")): true,
	}
	for _, f := range files {
		if f.opened != "" {
			ok[f.opened] = true
		} else {
			ok[uriOf(f.path)] = true
		}
	}
	return ok
}

// urisIn returns every string of a JSON answer (keys included) that is a file: or untitled: URI.
func urisIn(t *testing.T, answer any) []protocol.DocumentURI {
	t.Helper()
	raw, err := json.Marshal(answer)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var out []protocol.DocumentURI
	var walk func(any)
	add := func(s string) {
		if strings.HasPrefix(s, "file:") || strings.HasPrefix(s, "untitled:") {
			out = append(out, protocol.DocumentURI(s))
		}
	}
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			add(v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				add(k)
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

// positionOf is the position of the first needle in an ASCII line of text.
func positionOf(t *testing.T, text, needle string) protocol.Position {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in the text", needle)
	}
	line := strings.Count(text[:i], "\n")
	return pos(uint32(line), uint32(i-strings.LastIndex(text[:i], "\n")-1))
}

// TestURISpellings opens files whose names hold + = ; , @ $ ! % #, spaces and non-ASCII letters,
// each with another client's spelling of its URI (VS Code's, Neovim's, VS Code's with lower-case
// hex), and asks every method that answers URIs, naming each document by each of its spellings:
// every URI answered is exactly the client's spelling for an open file and VS Code's for any
// other, every spelling of a request finds the document, and the answers do not depend on which.
func TestURISpellings(t *testing.T) {
	root, dir, module, files := spellingWorkspace(t)
	want := expectedURIs(files, module, root)
	main, wait, cdn := files["x&y.crn"], files["a+b=c;d,e.crn"], files["at@dollar$ bang!.crn"]

	c := startServer(t, Options{})
	c.initialize(root, protocol.ClientCapabilities{})
	for _, f := range files {
		if f.opened != "" {
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: f.opened, LanguageID: "carina", Version: 1, Text: f.text}})
		}
	}
	seen := map[protocol.DocumentURI]bool{}
	check := func(t *testing.T, what string, answer any) {
		t.Helper()
		got := urisIn(t, answer)
		if len(got) == 0 {
			t.Errorf("%s: no URI in the answer %+v", what, answer)
		}
		for _, u := range got {
			seen[u] = true
			if !want[u] {
				t.Errorf("%s: answered %s, which is no file's expected spelling", what, u)
			}
		}
	}
	// ask sends a request naming f by each of its spellings and returns the answers, which must
	// be the same.
	ask := func(t *testing.T, method string, f *spelt, params func(protocol.DocumentURI) any) any {
		t.Helper()
		var first any
		for i, u := range f.spellings {
			var answer any
			if err := c.call(method, params(u), &answer); err != nil {
				t.Fatalf("%s as %s: %v", method, u, err)
			}
			check(t, method+" as "+string(u), answer)
			if i == 0 {
				first = answer
			} else if diff := cmp.Diff(first, answer); diff != "" {
				t.Errorf("%s as %s differs from %s as %s (-first +this):\n%s", method, u, method, f.spellings[0], diff)
			}
		}
		return first
	}
	at := func(f *spelt, needle string) func(protocol.DocumentURI) protocol.TextDocumentPositionParams {
		p := positionOf(t, f.text, needle)
		return func(u protocol.DocumentURI) protocol.TextDocumentPositionParams {
			return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: p}
		}
	}

	published := c.settledDiagnostics(dir)
	t.Run("publishDiagnostics", func(t *testing.T) {
		related := map[protocol.DocumentURI]bool{}
		for _, p := range published {
			check(t, "publishDiagnostics", p)
			for _, d := range p.Diagnostics {
				for _, r := range d.RelatedInformation {
					related[r.Location.URI] = true
				}
			}
		}
		for _, u := range []protocol.DocumentURI{wait.opened, cdn.opened, uriOf(files["pct%hash#日本 ö.crn"].path)} {
			if !related[u] {
				t.Errorf("no related location in %s among %v", u, related)
			}
		}
	})
	t.Run("references", func(t *testing.T) {
		ask(t, "textDocument/references", main, func(u protocol.DocumentURI) any {
			return &protocol.ReferenceParams{TextDocumentPositionParams: at(main, "cert")(u), Context: protocol.ReferenceContext{IncludeDeclaration: true}}
		})
	})
	t.Run("definition", func(t *testing.T) {
		ask(t, "textDocument/definition", wait, func(u protocol.DocumentURI) any {
			return &protocol.DefinitionParams{TextDocumentPositionParams: at(wait, "cert {")(u)}
		})
		ask(t, "textDocument/definition", main, func(u protocol.DocumentURI) any {
			return &protocol.DefinitionParams{TextDocumentPositionParams: at(main, "region")(u)}
		})
	})
	t.Run("call hierarchy", func(t *testing.T) {
		for _, tc := range []struct {
			f      *spelt
			needle string
		}{{wait, "cert_issued"}, {main, "cert"}, {cdn, "web"}} {
			items := ask(t, "textDocument/prepareCallHierarchy", tc.f, func(u protocol.DocumentURI) any {
				return &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: at(tc.f, tc.needle)(u)}
			})
			var decoded []protocol.CallHierarchyItem
			remarshal(t, items, &decoded)
			if len(decoded) != 1 {
				t.Fatalf("prepareCallHierarchy at %s: %+v", tc.needle, decoded)
			}
			for _, method := range []string{"callHierarchy/incomingCalls", "callHierarchy/outgoingCalls"} {
				var calls any
				if err := c.call(method, map[string]any{"item": decoded[0]}, &calls); err != nil {
					t.Fatal(err)
				}
				if tc.needle == "cert_issued" || tc.needle == "cert" && method == "callHierarchy/incomingCalls" || tc.needle == "web" && method == "callHierarchy/outgoingCalls" {
					check(t, method+" of "+tc.needle, calls) // cert reads nothing, nothing reads web
				}
			}
		}
	})
	t.Run("code lenses and carina.showLocations", func(t *testing.T) {
		for _, f := range []*spelt{main, wait, cdn} {
			lenses := ask(t, "textDocument/codeLens", f, func(u protocol.DocumentURI) any {
				return &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
			})
			var decoded []protocol.CodeLens
			remarshal(t, lenses, &decoded)
			for _, l := range decoded {
				args := l.Command.Arguments
				if len(args) != 3 || args[0] != string(f.opened) {
					t.Fatalf("lens arguments %v: want the document as opened, %s, first", args, f.opened)
				}
				var first any
				for i, u := range f.spellings { // a client may hand the command another spelling
					var locs any
					if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: []any{u, args[1], args[2]}}, &locs); err != nil {
						t.Fatal(err)
					}
					if !strings.HasPrefix(l.Command.Title, "0 ") {
						check(t, l.Command.Title, locs)
					}
					if i == 0 {
						first = locs
					} else if diff := cmp.Diff(first, locs); diff != "" {
						t.Errorf("%s as %s (-first +this):\n%s", l.Command.Title, u, diff)
					}
				}
			}
		}
	})
	t.Run("document links", func(t *testing.T) {
		links := ask(t, "textDocument/documentLink", cdn, func(u protocol.DocumentURI) any {
			return &protocol.DocumentLinkParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}
		})
		if !slices.Contains(urisIn(t, links), uriOf(module)) {
			t.Errorf("no link to the module's folder %s: %+v", uriOf(module), links)
		}
	})
	t.Run("workspace symbols", func(t *testing.T) {
		c.indexed()
		var syms any
		if err := c.call("workspace/symbol", &protocol.WorkspaceSymbolParams{Query: ""}, &syms); err != nil {
			t.Fatal(err)
		}
		check(t, "workspace/symbol", syms)
	})
	t.Run("rename", func(t *testing.T) {
		ask(t, "textDocument/rename", wait, func(u protocol.DocumentURI) any {
			return &protocol.RenameParams{TextDocumentPositionParams: at(wait, "cert {")(u), NewName: "certificate"}
		})
		ask(t, "textDocument/rename", main, func(u protocol.DocumentURI) any {
			return &protocol.RenameParams{TextDocumentPositionParams: at(main, "region")(u), NewName: "area"}
		})
	})
	t.Run("willRenameFiles", func(t *testing.T) {
		var first any
		for i, from := range []protocol.DocumentURI{vscodeSpelling(module), nvimSpelling(module), lowerHexSpelling(module)} {
			var edit any
			if err := c.call("workspace/willRenameFiles", &protocol.RenameFilesParams{Files: []protocol.FileRename{{OldURI: string(from), NewURI: string(uriOf(module + " 2"))}}}, &edit); err != nil {
				t.Fatal(err)
			}
			check(t, "willRenameFiles of "+string(from), edit)
			if i == 0 {
				first = edit
			} else if diff := cmp.Diff(first, edit); diff != "" {
				t.Errorf("willRenameFiles of %s (-first +this):\n%s", from, diff)
			}
		}
	})
	t.Run("code actions", func(t *testing.T) {
		ask(t, "textDocument/codeAction", main, func(u protocol.DocumentURI) any {
			return &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: protocol.Range{End: pos(100, 0)},
				Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.QuickFix}}}
		})
	})
	t.Run("semantic tokens delta by another spelling", func(t *testing.T) {
		var full semanticTokens
		if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: wait.spellings[0]}}, &full); err != nil {
			t.Fatal(err)
		}
		var delta map[string]any
		if err := c.call("textDocument/semanticTokens/full/delta", &protocol.SemanticTokensDeltaParams{TextDocument: protocol.TextDocumentIdentifier{URI: wait.spellings[1]}, PreviousResultID: full.ResultID}, &delta); err != nil {
			t.Fatal(err)
		}
		if _, ok := delta["edits"]; !ok {
			t.Errorf("the delta asked by %s for the result of %s is not a delta: %v", wait.spellings[1], wait.spellings[0], delta)
		}
	})
	t.Run("didChange and didClose by another spelling", func(t *testing.T) {
		seen := c.mark()
		c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(main.spellings[1], 2), ContentChanges: []contentChange{{Range: &protocol.Range{}, Text: "let more = 1\n"}}})
		p := c.waitDiagnosticsFrom(seen, main.opened, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
		check(t, "publishDiagnostics after the change", p)
		seen = c.mark()
		c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: wait.spellings[2]}})
		c.waitDiagnosticsFrom(seen, wait.opened, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
		if d := c.srv.docs.get(wait.opened); d != nil {
			t.Errorf("%s closed as %s is still open", wait.opened, wait.spellings[2])
		}
	})
	for u := range want {
		if !seen[u] {
			t.Errorf("no answer named %s: the test did not reach it", u)
		}
	}
}

// TestURISpellingsPulled: the pulled diagnostics of a workspace, and of each document by each of
// its spellings, name the open files as they were opened and the others in VS Code's spelling;
// the result ids the client sends back under another spelling still count.
func TestURISpellingsPulled(t *testing.T) {
	root, _, module, files := spellingWorkspace(t)
	want := expectedURIs(files, module, root)
	c := startServer(t, Options{})
	c.initializePull(root)
	for _, f := range files {
		if f.opened != "" {
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: f.opened, LanguageID: "carina", Version: 1, Text: f.text}})
		}
	}
	reports, _ := c.pullWorkspace("", nil)
	got := map[protocol.DocumentURI]bool{}
	ids := map[protocol.DocumentURI]string{}
	for _, r := range reports {
		for _, u := range urisIn(t, r) {
			got[u] = true
			if !want[u] {
				t.Errorf("workspace/diagnostic answered %s, which is no file's expected spelling", u)
			}
		}
		ids[r.URI] = r.ResultID
	}
	for u := range want {
		if !got[u] && u != uriOf(module) {
			t.Errorf("workspace/diagnostic has no report naming %s", u)
		}
	}

	// The client hands its result ids back under another spelling: still the same documents.
	for _, f := range files {
		id := ids[f.spellings[0]]
		if f.opened == "" {
			id = ids[uriOf(f.path)]
		}
		for _, u := range f.spellings {
			if r := c.pullDocument(u, id); r.Kind != reportUnchanged {
				t.Errorf("textDocument/diagnostic of %s with the id of its report: %s, want unchanged", u, r.Kind)
			}
			r := c.pullDocument(u, "")
			for _, x := range urisIn(t, r) {
				if !want[x] {
					t.Errorf("textDocument/diagnostic of %s answered %s", u, x)
				}
			}
		}
	}
	respelt := map[protocol.DocumentURI]string{}
	for u, id := range ids {
		respelt[nvimSpelling(pathOf(u))] = id
	}
	again, _ := c.pullWorkspace("", respelt)
	for _, r := range again {
		if r.Kind != reportUnchanged {
			t.Errorf("workspace/diagnostic with the ids under other spellings: %s is %s, want unchanged", r.URI, r.Kind)
		}
	}
}

func remarshal(t *testing.T, from, to any) {
	t.Helper()
	raw, err := json.Marshal(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, to); err != nil {
		t.Fatal(err)
	}
}
