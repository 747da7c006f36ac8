package lsp

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// The assertions of pulled diagnostics, file renames and semantic token deltas:
//
//	pull F: code ...                 textDocument/diagnostic for F is a full report of these codes
//	                                 (a multiset; "none"), the same diagnostics the push path last
//	                                 published for F; asked again with its resultId, "unchanged"
//	rename-file OLD NEW: => NAME     workspace/willRenameFiles for OLD (a file or folder, relative
//	                                 to the configuration) renamed to NEW gives the texts NAME (as
//	                                 rename does); "none": no edit
//	tokens-delta @a[-@b] "text": -D +I ...
//	                                 semanticTokens/full of @a's file, then (didChange) the text
//	                                 between @a and @b replaced by text, then full/delta with the
//	                                 first answer's resultId: its edits applied to the first data
//	                                 are a new full answer, and they are, in order, edits of whole
//	                                 tokens each deleting D and inserting I ("none": no edit). The
//	                                 file is then changed back, and every directory settled again,
//	                                 so the assertions after it see the archive's text.

// pulledReport is a textDocument/diagnostic answer as decoded.
type pulledReport struct {
	Kind     string                `json:"kind"`
	ResultID string                `json:"resultId"`
	Items    []protocol.Diagnostic `json:"items"`
}

// checkPull: `pull F: code ...` or none.
func checkPull(r *markerRun, as assertion) {
	name := r.subject(as)
	doc := r.file(as, name)
	pull := func(previous string) pulledReport {
		var rep pulledReport
		if err := r.c.call("textDocument/diagnostic", &documentDiagnosticParams{TextDocument: doc, PreviousResultID: previous}, &rep); err != nil {
			r.t.Fatalf("%s: %v", as.line, err)
		}
		return rep
	}
	first := pull("")
	if first.Kind != reportFull || first.ResultID == "" {
		r.t.Errorf("%s: a %q report with result id %q, want a full one with an id", as.line, first.Kind, first.ResultID)
	}
	compareCodes(r, as, first.Items)
	pushed := r.last[name].Diagnostics
	if diff := cmp.Diff(shownDiagnostics(pushed), shownDiagnostics(first.Items)); diff != "" {
		r.t.Errorf("%s: pulled and pushed differ (-pushed +pulled):\n%s", as.line, diff)
	}
	if again := pull(first.ResultID); again.Kind != reportUnchanged || again.ResultID != first.ResultID || len(again.Items) > 0 {
		r.t.Errorf("%s: asked again with %q: a %q report, id %q, %d items; want unchanged", as.line, first.ResultID, again.Kind, again.ResultID, len(again.Items))
	}
}

// shownDiagnostics writes diagnostics a line each, sorted: what a user sees of them.
func shownDiagnostics(ds []protocol.Diagnostic) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s %v %v %q", showRange(d.Range), d.Code, d.Severity, d.Message))
	}
	slices.Sort(out)
	return out
}

// checkRenameFile: `rename-file OLD NEW: => NAME` or none.
func checkRenameFile(r *markerRun, as assertion) {
	if len(as.subject) != 2 {
		r.t.Fatalf("%s: want an old and a new path", as.line)
	}
	path := func(rel string) string { return string(uriOf(filepath.Join(r.dir, filepath.FromSlash(rel)))) }
	var we *protocol.WorkspaceEdit
	if err := r.c.call("workspace/willRenameFiles", &protocol.RenameFilesParams{Files: []protocol.FileRename{{
		OldURI: path(as.subject[0]), NewURI: path(as.subject[1]),
	}}}, &we); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var changes map[protocol.DocumentURI][]protocol.TextEdit
	if we != nil {
		changes = we.Changes
	}
	r.compareResult(as, changes)
}

// tokensDelta is a full/delta answer as decoded: edits, or (when the server did not keep the
// previous answer) the whole data.
type tokensDelta struct {
	ResultID string                        `json:"resultId"`
	Edits    []protocol.SemanticTokensEdit `json:"edits"`
	Data     []uint32                      `json:"data"`
}

// checkTokensDelta: `tokens-delta @a[-@b] "text": -D +I ...` or none.
func checkTokensDelta(r *markerRun, as assertion) {
	if len(as.subject) != 2 {
		r.t.Fatalf("%s: want a marker range and a quoted text", as.line)
	}
	doc, rng, name := r.span(as, as.subject[0])
	text := as.subject[1] // unquoted by splitFields
	full := func() semanticTokens {
		var toks semanticTokens
		if err := r.c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &toks); err != nil {
			r.t.Fatalf("%s: %v", as.line, err)
		}
		return toks
	}
	before := full()
	r.change(name, contentChange{Range: &rng, Text: text})
	var delta tokensDelta
	if err := r.c.call("textDocument/semanticTokens/full/delta", &protocol.SemanticTokensDeltaParams{TextDocument: doc, PreviousResultID: before.ResultID}, &delta); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	after := full()
	r.changeBack(name)

	if delta.Data != nil || delta.ResultID == "" || delta.ResultID == before.ResultID {
		r.t.Fatalf("%s: not a delta from %q: %+v", as.line, before.ResultID, delta)
	}
	for _, e := range delta.Edits {
		if int(e.Start+e.DeleteCount) > len(before.Data) {
			r.t.Fatalf("%s: edit %+v passes the end of %d numbers", as.line, e, len(before.Data))
		}
	}
	if got := applyTokenEdits(before.Data, delta.Edits); !slices.Equal(got, after.Data) {
		r.t.Errorf("%s: the delta %+v applied gives\n%v\nthe full answer is\n%v", as.line, delta.Edits, got, after.Data)
	}
	var got []string
	for _, e := range delta.Edits {
		if e.Start%5 != 0 || e.DeleteCount%5 != 0 || len(e.Data)%5 != 0 {
			r.t.Errorf("%s: edit %+v is not of whole tokens", as.line, e)
		}
		got = append(got, fmt.Sprintf("-%d", e.DeleteCount/5), fmt.Sprintf("+%d", len(e.Data)/5))
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: edits %q (%+v)", as.line, got, delta.Edits)
	}
}

// change sends a file's next version with one content change, as a client does when the user
// types.
func (r *markerRun) change(name string, c contentChange) {
	r.t.Helper()
	if _, open := r.versions[name]; !open {
		r.t.Fatalf("%s is not open (not a .crn file)", name)
	}
	r.versions[name]++
	r.c.notify("textDocument/didChange", &didChangeParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: r.file(assertion{}, name), Version: r.versions[name]},
		ContentChanges: []contentChange{c},
	})
}

// changeBack restores a changed file's archive text and waits until every directory has checked
// it again, so that the last publishes are of the archive's text once more.
func (r *markerRun) changeBack(name string) {
	r.t.Helper()
	r.change(name, contentChange{Text: r.m.files[name]})
	dirs := map[string]bool{}
	for _, f := range r.m.crnFiles() {
		dirs[filepath.Dir(filepath.Join(r.dir, filepath.FromSlash(f)))] = true
	}
	// A round trip first: the change has been handled (its check scheduled) before settle looks.
	if err := r.c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{}, nil); err != nil {
		r.t.Fatal(err)
	}
	r.settle(dirs)
}
