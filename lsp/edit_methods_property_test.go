package lsp

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// TestEditMethodsAgree holds the methods whose answers follow the edits of one document to
// themselves, through the server, on every corpus file (one in twenty-five in short mode) and the
// edits of editSequence:
//
//   - semantic tokens: the delta from the last answer, applied to it, is the full answer, and a
//     range over the whole document is the full answer too;
//   - selection ranges, at a sample of positions: the first range holds the position, each
//     parent holds its child, all inside the document;
//   - document links: inside the document, each target a page (https) or a file that exists.
func TestEditMethodsAgree(t *testing.T) {
	files := corpus.Files(t)
	base := corpus.Shared(t, "corpus")
	served := copyTree(t, base, files)
	step := 1
	if testing.Short() {
		step = 25
	}
	c := startServer(t, Options{})
	c.initialize(served, protocol.ClientCapabilities{})
	var texts, deltas, positions, links int
	var findings []string
	for i := 0; i < len(files); i += step {
		rel, _ := filepath.Rel(base, files[i])
		orig, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 0x65646974))
		seq := editSequence(string(orig), rng)
		uri := uriOf(filepath.Join(served, rel))
		doc := protocol.TextDocumentIdentifier{URI: uri}
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: seq[0]}})
		var last semanticTokens
		for v, text := range seq {
			fail := func(format string, args ...any) {
				findings = append(findings, fmt.Sprintf("%s, step %d: ", rel, v)+fmt.Sprintf(format, args...))
			}
			if v > 0 {
				c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uri, int32(v+1)), ContentChanges: []contentChange{incrementalEdit(seq[v-1], text)}})
			}
			texts++
			lines := utf16Lines(text)
			end := protocol.Position{Line: uint32(len(lines) - 1), Character: uint32(lines[len(lines)-1])}
			var full semanticTokens
			if v > 0 {
				var delta deltaAnswer
				callOK(t, c, "textDocument/semanticTokens/full/delta", &protocol.SemanticTokensDeltaParams{TextDocument: doc, PreviousResultID: last.ResultID}, &delta)
				callOK(t, c, "textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &full)
				got := delta.Data
				if delta.Edits != nil {
					got = applyTokenEdits(last.Data, delta.Edits)
				}
				if !slices.Equal(got, full.Data) {
					fail("the delta gives %d numbers, the full answer %d", len(got), len(full.Data))
				}
				deltas++
			} else {
				callOK(t, c, "textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &full)
			}
			last = full
			var ranged semanticTokens
			callOK(t, c, "textDocument/semanticTokens/range", &protocol.SemanticTokensRangeParams{TextDocument: doc, Range: protocol.Range{End: end}}, &ranged)
			if !slices.Equal(ranged.Data, full.Data) {
				fail("the whole document's range gives %d numbers, the full answer %d", len(ranged.Data), len(full.Data))
			}

			var ps []protocol.Position
			for range 12 {
				l := rng.IntN(len(lines))
				ps = append(ps, protocol.Position{Line: uint32(l), Character: uint32(rng.IntN(lines[l] + 1))})
			}
			var sel []*protocol.SelectionRange
			callOK(t, c, "textDocument/selectionRange", &protocol.SelectionRangeParams{TextDocument: doc, Positions: ps}, &sel)
			if len(sel) != len(ps) {
				fail("%d selection ranges for %d positions", len(sel), len(ps))
			}
			for j, s := range sel {
				if j >= len(ps) || s == nil {
					break
				}
				positions++
				if !holds(s.Range, protocol.Range{Start: ps[j], End: ps[j]}) {
					fail("selection at %v starts with %v", ps[j], s.Range)
				}
				for ; s != nil; s = s.Parent {
					if !holds(protocol.Range{End: end}, s.Range) {
						fail("selection at %v: %v outside the document", ps[j], s.Range)
					}
					if s.Parent != nil && !holds(s.Parent.Range, s.Range) {
						fail("selection at %v: %v does not hold %v", ps[j], s.Parent.Range, s.Range)
					}
				}
			}

			var answer []protocol.DocumentLink
			callOK(t, c, "textDocument/documentLink", &protocol.DocumentLinkParams{TextDocument: doc}, &answer)
			for _, l := range answer {
				if !holds(protocol.Range{End: end}, l.Range) {
					fail("link %v outside the document", l.Range)
				}
				u := parseURI(string(l.Target))
				switch u.scheme {
				case "https":
				case "file":
					if _, err := os.Stat(u.path); err != nil {
						fail("link %v to %q: %v", l.Range, l.Target, err)
					}
				default:
					fail("link %v to %q", l.Range, l.Target)
				}
				links++
			}
		}
		c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: doc})
		if len(findings) > 40 {
			break
		}
	}
	if len(findings) > 0 {
		t.Errorf("%d disagreements:\n  %s", len(findings), strings.Join(first(findings, 20), "\n  "))
	}
	t.Logf("%d texts: %d deltas, selections at %d positions, %d links", texts, deltas, positions, links)
}

func callOK(t *testing.T, c *testClient, method string, params, out any) {
	t.Helper()
	if err := c.call(method, params, out); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
}

// utf16Lines returns the length of each line of text in UTF-16 code units.
func utf16Lines(text string) []int {
	var out []int
	for _, l := range strings.Split(text, "\n") {
		out = append(out, len(utf16.Encode([]rune(strings.TrimSuffix(l, "\r")))))
	}
	return out
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
}

// holds reports whether range outer holds range inner.
func holds(outer, inner protocol.Range) bool {
	return before(outer.Start, inner.Start) && before(inner.End, outer.End)
}
