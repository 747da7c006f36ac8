package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// applyTokenEdits applies delta edits to a previous answer, as a client does (the edits' starts
// refer to the previous array; applied from the last to the first).
func applyTokenEdits(old []uint32, edits []protocol.SemanticTokensEdit) []uint32 {
	out := slices.Clone(old)
	es := slices.Clone(edits)
	slices.SortFunc(es, func(a, b protocol.SemanticTokensEdit) int { return int(b.Start) - int(a.Start) })
	for _, e := range es {
		out = slices.Replace(out, int(e.Start), int(e.Start+e.DeleteCount), e.Data...)
	}
	return out
}

func TestTokenEdits(t *testing.T) {
	tok := func(ns ...uint32) []uint32 { return ns }
	for _, tc := range []struct {
		name     string
		old, cur []uint32
		want     []protocol.SemanticTokensEdit
	}{
		{"same", tok(0, 0, 3, 1, 0), tok(0, 0, 3, 1, 0), []protocol.SemanticTokensEdit{}},
		{"both empty", nil, nil, []protocol.SemanticTokensEdit{}},
		{"from nothing", nil, tok(0, 0, 3, 1, 0), []protocol.SemanticTokensEdit{{Start: 0, DeleteCount: 0, Data: tok(0, 0, 3, 1, 0)}}},
		{"to nothing", tok(0, 0, 3, 1, 0), nil, []protocol.SemanticTokensEdit{{Start: 0, DeleteCount: 5}}},
		{"one token changed in the middle",
			tok(0, 0, 3, 1, 0, 1, 2, 4, 2, 0, 1, 0, 5, 3, 0),
			tok(0, 0, 3, 1, 0, 1, 2, 6, 2, 0, 1, 0, 5, 3, 0),
			[]protocol.SemanticTokensEdit{{Start: 5, DeleteCount: 5, Data: tok(1, 2, 6, 2, 0)}}},
		{"a token inserted, its neighbour's line delta shifts",
			tok(0, 0, 3, 1, 0, 2, 0, 5, 3, 0),
			tok(0, 0, 3, 1, 0, 1, 0, 4, 2, 0, 1, 0, 5, 3, 0),
			[]protocol.SemanticTokensEdit{{Start: 5, DeleteCount: 5, Data: tok(1, 0, 4, 2, 0, 1, 0, 5, 3, 0)}}},
		{"a change that matches across a token's boundary stays whole tokens",
			tok(0, 0, 3, 1, 0, 0, 4, 3, 1, 0),
			tok(0, 0, 3, 1, 1, 0, 4, 3, 1, 0),
			[]protocol.SemanticTokensEdit{{Start: 0, DeleteCount: 5, Data: tok(0, 0, 3, 1, 1)}}},
		{"changes far apart, the count kept: an edit each, not what lies between",
			tok(0, 0, 3, 1, 0, 0, 4, 4, 1, 3, 1, 0, 3, 0, 0, 0, 4, 5, 1, 0, 1, 0, 3, 0, 0, 0, 4, 4, 1, 2),
			tok(0, 0, 3, 1, 0, 0, 4, 11, 1, 3, 1, 0, 3, 0, 0, 0, 4, 5, 1, 0, 1, 0, 3, 0, 0, 0, 4, 4, 1, 0),
			[]protocol.SemanticTokensEdit{{Start: 5, DeleteCount: 5, Data: tok(0, 4, 11, 1, 3)}, {Start: 25, DeleteCount: 5, Data: tok(0, 4, 4, 1, 0)}}},
		{"runs of changed tokens, the count kept",
			tok(0, 0, 3, 1, 0, 0, 4, 4, 1, 3, 1, 0, 3, 0, 0, 0, 4, 5, 1, 0),
			tok(0, 0, 3, 1, 1, 0, 4, 4, 1, 2, 1, 0, 3, 0, 0, 0, 4, 6, 1, 0),
			[]protocol.SemanticTokensEdit{{Start: 0, DeleteCount: 10, Data: tok(0, 0, 3, 1, 1, 0, 4, 4, 1, 2)}, {Start: 15, DeleteCount: 5, Data: tok(0, 4, 6, 1, 0)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tokenEdits(tc.old, tc.cur)
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("edits (-want +got):\n%s", d)
			}
			if applied := applyTokenEdits(tc.old, got); !slices.Equal(applied, tc.cur) {
				t.Errorf("applied: %v, want %v", applied, tc.cur)
			}
		})
	}
}

// deltaAnswer is either answer of a delta request.
type deltaAnswer struct {
	ResultID string                        `json:"resultId"`
	Data     []uint32                      `json:"data"`
	Edits    []protocol.SemanticTokensEdit `json:"edits"`
}

// TestSemanticTokensDelta edits one line of the 10,001-line benchmark file: the delta answer,
// applied to the full answer before, gives the full answer after, and its size is a small fraction
// of the full array (the ratio is logged). An unknown result id gets the whole tokens; a closed
// document's result is forgotten.
func TestSemanticTokensDelta(t *testing.T) {
	src, lines := corpus.Concat(t, 10000)
	dir := writeFiles(t, map[string]string{"main.crn": src})
	uri := uriOf(filepath.Join(dir, "main.crn"))
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	doc := protocol.TextDocumentIdentifier{URI: uri}
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: src}})

	var full semanticTokens
	if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &full); err != nil {
		t.Fatal(err)
	}
	if full.ResultID == "" || len(full.Data) == 0 {
		t.Fatalf("full answer: id %q, %d numbers", full.ResultID, len(full.Data))
	}
	// A new line in the middle: one binding more, every line after it moves down.
	mid := pos(uint32(lines/2), 0)
	c.notify("textDocument/didChange", insertAt(uri, 2, mid, "let delta_probe = 'x'\n"))

	var delta deltaAnswer
	if err := c.call("textDocument/semanticTokens/full/delta", &protocol.SemanticTokensDeltaParams{TextDocument: doc, PreviousResultID: full.ResultID}, &delta); err != nil {
		t.Fatal(err)
	}
	if delta.Data != nil || delta.Edits == nil || delta.ResultID == "" || delta.ResultID == full.ResultID {
		t.Fatalf("not a delta: id %q, %d numbers, %d edits", delta.ResultID, len(delta.Data), len(delta.Edits))
	}
	var after semanticTokens
	if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &after); err != nil {
		t.Fatal(err)
	}
	if got := applyTokenEdits(full.Data, delta.Edits); !slices.Equal(got, after.Data) {
		t.Fatalf("the delta applied gives %d numbers, the full answer %d", len(got), len(after.Data))
	}
	size := 0
	for _, e := range delta.Edits {
		size += len(e.Data)
	}
	b, _ := json.Marshal(delta)
	ratio := float64(size) / float64(len(after.Data))
	t.Logf("one-line edit at line %d of %d: delta %d numbers in %d edits (%d bytes of JSON), full %d numbers; ratio %.5f",
		mid.Line+1, lines, size, len(delta.Edits), len(b), len(after.Data), ratio)
	if ratio > 0.01 {
		t.Errorf("the delta is %.4f of the full array", ratio)
	}

	// An id that is not the last one answered: the whole tokens.
	var stale deltaAnswer
	if err := c.call("textDocument/semanticTokens/full/delta", &protocol.SemanticTokensDeltaParams{TextDocument: doc, PreviousResultID: full.ResultID}, &stale); err != nil {
		t.Fatal(err)
	}
	if stale.Edits != nil || !slices.Equal(stale.Data, after.Data) || stale.ResultID == "" {
		t.Errorf("an old id: %d edits, %d numbers, id %q; want the whole tokens", len(stale.Edits), len(stale.Data), stale.ResultID)
	}

	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: doc})
	if err := c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{}, nil); err != nil { // the close is handled
		t.Fatal(err)
	}
	if _, ok := c.srv.tokens.previous(uri, stale.ResultID); ok {
		t.Error("a closed document's tokens are still kept")
	}
}
