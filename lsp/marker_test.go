package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/source"
)

// The marker tests check several features at once, through the server, the way gopls' marker
// tests do: each testdata/markers/*.txtar archive holds the files of one configuration with named
// places marked `<@name>` (the markers are removed before the files are opened), and a `markers`
// section of one assertion per line:
//
//	complete @k: label label !label   the items at @k include those labels, not the !ones
//	hover @k: text                    the hover card at @k contains text ("none": no card)
//	def @k: @target                   definition at @k is the place @target
//	refs @k: @a @b                    references at @k (with the declaration) include @a and @b
//	semantic @k: type                 the semantic token at @k has that type
//	diagnostics file: code code       the codes the semantic phase publishes for file ("none")
//	fix @k: title                     a code action at @k has that title
//
// Files are opened in the server; the assertions run once the semantic diagnostics of every file
// are published.
func TestMarkers(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "markers", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no marker archives")
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			runMarkers(t, txtar.Parse(string(data)))
		})
	}
}

var markerRE = regexp.MustCompile(`<@([a-zA-Z0-9_]+)>`)

// place is a marked offset in a file.
type place struct {
	file string
	off  int
}

func runMarkers(t *testing.T, a *txtar.Archive) {
	files := map[string]string{}
	places := map[string]place{}
	var lines []string
	for name, text := range a.Sources() {
		if name == "markers" {
			lines = strings.Split(strings.TrimSpace(text), "\n")
			continue
		}
		var b strings.Builder
		last := 0
		for _, m := range markerRE.FindAllStringSubmatchIndex(text, -1) {
			b.WriteString(text[last:m[0]])
			places[text[m[2]:m[3]]] = place{name, b.Len()}
			last = m[1]
		}
		b.WriteString(text[last:])
		files[name] = b.String()
	}
	dir := writeFiles(t, files)
	c := startServer(t, Options{Debounce: 10e6})
	c.initialize(dir, protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Completion: &protocol.CompletionTextDocumentClientCapabilities{CompletionItem: &protocol.CompletionTextDocumentClientCapabilitiesItem{SnippetSupport: true}},
	}})
	uris := openAll(t, c, dir, files)
	// The last diagnostics published for each file, once the semantic phase of every directory has
	// published for the files as opened (it publishes only what changed, so there is no last
	// message to wait for).
	for name := range files {
		c.waitDiagnostics(uris[name], func(p publishDiagnosticsParams) bool { return p.Version != nil })
	}
	var dirs []string
	for name := range files {
		dirs = append(dirs, filepath.Dir(filepath.Join(dir, name)))
	}
	published := map[string][]string{}
	for _, p := range c.settledDiagnostics(dirs...) {
		for name, u := range uris {
			if u == p.URI {
				published[name] = nil
				for _, d := range p.Diagnostics {
					published[name] = append(published[name], fmt.Sprint(d.Code))
				}
			}
		}
	}
	at := func(ref string) (protocol.TextDocumentPositionParams, place) {
		pl, ok := places[strings.TrimPrefix(ref, "@")]
		if !ok {
			t.Fatalf("no marker %s", ref)
		}
		l := source.NewLines(files[pl.file])
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris[pl.file]}, Position: toPosition(l, pl.off)}, pl
	}
	for _, line := range lines {
		cmd, rest, _ := strings.Cut(line, " ")
		subject, arg, ok := strings.Cut(rest, ":")
		if !ok {
			t.Fatalf("bad marker line %q", line)
		}
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "complete":
			pos, _ := at(subject)
			var list protocol.CompletionList
			if err := c.call("textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: pos}, &list); err != nil {
				t.Fatal(err)
			}
			labels := map[string]bool{}
			for _, it := range list.Items {
				labels[it.Label] = true
			}
			for _, want := range strings.Fields(arg) {
				if not := strings.TrimPrefix(want, "!"); not != want {
					if labels[not] {
						t.Errorf("%s: %s is offered", line, not)
					}
				} else if !labels[want] {
					t.Errorf("%s: %s is not offered (%d items)", line, want, len(list.Items))
				}
			}
		case "hover":
			pos, _ := at(subject)
			var h *protocol.Hover
			if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: pos}, &h); err != nil {
				t.Fatal(err)
			}
			switch {
			case arg == "none" && h != nil:
				t.Errorf("%s: a card: %q", line, h.Contents.Value)
			case arg != "none" && (h == nil || !strings.Contains(h.Contents.Value, arg)):
				t.Errorf("%s: card %+v", line, h)
			}
		case "def":
			pos, _ := at(subject)
			var locs []protocol.Location
			if err := c.call("textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: pos}, &locs); err != nil {
				t.Fatal(err)
			}
			want, _ := at(arg)
			if len(locs) != 1 || locs[0].URI != want.TextDocument.URI || locs[0].Range.Start != want.Position {
				t.Errorf("%s: definition %+v", line, locs)
			}
		case "refs":
			pos, _ := at(subject)
			var locs []protocol.Location
			if err := c.call("textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: pos, Context: protocol.ReferenceContext{IncludeDeclaration: true}}, &locs); err != nil {
				t.Fatal(err)
			}
			for _, ref := range strings.Fields(arg) {
				want, _ := at(ref)
				found := false
				for _, l := range locs {
					found = found || l.URI == want.TextDocument.URI && l.Range.Start == want.Position
				}
				if !found {
					t.Errorf("%s: %s is not among the references %+v", line, ref, locs)
				}
			}
		case "semantic":
			pos, pl := at(subject)
			var toks semanticTokens
			if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: pos.TextDocument}, &toks); err != nil {
				t.Fatal(err)
			}
			if got := tokenTypeAt(toks.Data, source.NewLines(files[pl.file]), pos.Position); got != arg {
				t.Errorf("%s: token type %q", line, got)
			}
		case "diagnostics":
			got := published[strings.TrimSpace(subject)]
			sort.Strings(got)
			want := strings.Fields(arg)
			if arg == "none" {
				want = nil
			}
			sort.Strings(want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: published %v", line, got)
			}
		case "fix":
			pos, _ := at(subject)
			var actions []protocol.CodeAction
			if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: pos.TextDocument, Range: protocol.Range{Start: pos.Position, End: pos.Position}}, &actions); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, a := range actions {
				found = found || a.Title == arg
			}
			if !found {
				t.Errorf("%s: actions %+v", line, actions)
			}
		default:
			t.Fatalf("unknown marker command %q", cmd)
		}
	}
}

// tokenTypeAt decodes semantic tokens and returns the type of the one holding p, or "".
func tokenTypeAt(data []uint32, l *source.Lines, p protocol.Position) string {
	types, _ := legendTypes()
	var line, char uint32
	for i := 0; i+4 < len(data); i += 5 {
		if data[i] > 0 {
			line += data[i]
			char = data[i+1]
		} else {
			char += data[i+1]
		}
		if line == p.Line && char <= p.Character && p.Character < char+data[i+2] {
			return types[data[i+3]]
		}
	}
	return ""
}
