package lsp

import (
	"cmp"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
)

// completionAt returns the items at a marker in the order an editor shows them (sortText, else
// the label).
func completionAt(r *markerRun, as assertion, ref string) []protocol.CompletionItem {
	r.t.Helper()
	pos, _ := r.at(as, ref)
	var list protocol.CompletionList
	if err := r.c.call("textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: pos}, &list); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	key := func(it protocol.CompletionItem) string { return cmp.Or(it.SortText, it.Label) }
	slices.SortStableFunc(list.Items, func(a, b protocol.CompletionItem) int { return strings.Compare(key(a), key(b)) })
	return list.Items
}

// checkComplete: `complete @k: L !L ...`, `complete @k: first L ...`, `complete @k: only L ...`.
func checkComplete(r *markerRun, as assertion) {
	items := completionAt(r, as, r.subject(as))
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	want := r.fields(as)
	switch {
	case as.rest == "none":
		if len(labels) > 0 {
			r.t.Errorf("%s: items %v", as.line, labels)
		}
	case len(want) > 0 && (want[0] == "first" || want[0] == "only"):
		got := labels
		if want[0] == "first" && len(got) > len(want)-1 {
			got = got[:len(want)-1]
		}
		if !slices.Equal(got, want[1:]) {
			r.t.Errorf("%s: items %v", as.line, labels)
		}
	default:
		for _, w := range want {
			if not, neg := strings.CutPrefix(w, "!"); neg {
				if slices.Contains(labels, not) {
					r.t.Errorf("%s: %s is offered", as.line, not)
				}
			} else if !slices.Contains(labels, w) {
				r.t.Errorf("%s: %s is not offered; items %v", as.line, w, labels)
			}
		}
	}
}

// itemAt returns the item labelled as the assertion's second subject field at its marker.
func itemAt(r *markerRun, as assertion) protocol.CompletionItem {
	r.t.Helper()
	if len(as.subject) != 2 {
		r.t.Fatalf("%s: want a marker and a label", as.line)
	}
	items := completionAt(r, as, as.subject[0])
	for _, it := range items {
		if it.Label == as.subject[1] {
			return it
		}
	}
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	r.t.Fatalf("%s: no item %s among %v", as.line, as.subject[1], labels)
	return protocol.CompletionItem{}
}

// checkInsert: `insert @k L: "text"` or `insert @k L: => NAME`.
func checkInsert(r *markerRun, as assertion) {
	it := itemAt(r, as)
	if it.TextEdit == nil {
		r.t.Fatalf("%s: the item has no edit", as.line)
	}
	if name := as.result(); name != "" {
		pos, _ := r.at(as, as.subject[0])
		edits := append([]protocol.TextEdit{*it.TextEdit}, it.AdditionalTextEdits...)
		r.compareEdits(as, map[protocol.DocumentURI][]protocol.TextEdit{pos.TextDocument.URI: edits}, name)
		return
	}
	if want := unquote(as.rest); it.TextEdit.NewText != want {
		r.t.Errorf("%s: inserts %q", as.line, it.TextEdit.NewText)
	}
}

// checkDetail: `detail @k L: text`.
func checkDetail(r *markerRun, as assertion) {
	if it := itemAt(r, as); !strings.Contains(it.Detail, as.rest) {
		r.t.Errorf("%s: detail %q", as.line, it.Detail)
	}
}

// checkHover: `hover @k: text`, `hover @k: none`, `hover @k: => NAME`.
func checkHover(r *markerRun, as assertion) {
	pos, pl := r.at(as, r.subject(as))
	var h *protocol.Hover
	if err := r.c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: pos}, &h); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	if as.rest == "none" {
		if h != nil {
			r.t.Errorf("%s: a card: %q", as.line, h.Contents.Value)
		}
		return
	}
	if h == nil {
		r.t.Errorf("%s: no card", as.line)
		return
	}
	if name := as.result(); name != "" {
		hovered := "(no range)"
		if h.Range != nil {
			l := r.lines[pl.file]
			hovered = r.m.files[pl.file][offsetOf(l, h.Range.Start):offsetOf(l, h.Range.End)]
		}
		got := "hovered: " + hovered + "\n---\n" + h.Contents.Value + "\n"
		if want := r.expected(as, name); got != want {
			r.t.Errorf("%s: the card is\n%s", as.line, got)
		}
		return
	}
	if !strings.Contains(h.Contents.Value, as.rest) {
		r.t.Errorf("%s: the card is\n%s", as.line, h.Contents.Value)
	}
}

// signatureAt returns the signature help at the assertion's marker, or nil.
func signatureAt(r *markerRun, as assertion) *protocol.SignatureHelp {
	r.t.Helper()
	pos, _ := r.at(as, r.subject(as))
	var sh *protocol.SignatureHelp
	if err := r.c.call("textDocument/signatureHelp", &protocol.SignatureHelpParams{TextDocumentPositionParams: pos}, &sh); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	if sh != nil && len(sh.Signatures) != 1 {
		r.t.Fatalf("%s: %d signatures, want one", as.line, len(sh.Signatures))
	}
	return sh
}

// checkSignature: `signature @k: text` or `signature @k: none`.
func checkSignature(r *markerRun, as assertion) {
	sh := signatureAt(r, as)
	switch {
	case as.rest == "none":
		if sh != nil {
			r.t.Errorf("%s: signature %q", as.line, sh.Signatures[0].Label)
		}
	case sh == nil:
		r.t.Errorf("%s: no signature help", as.line)
	case !strings.Contains(sh.Signatures[0].Label, as.rest):
		r.t.Errorf("%s: signature %q", as.line, sh.Signatures[0].Label)
	}
}

// checkParam: `param @k: label` or `param @k: none` (no parameter is active).
func checkParam(r *markerRun, as assertion) {
	sh := signatureAt(r, as)
	if sh == nil {
		r.t.Errorf("%s: no signature help", as.line)
		return
	}
	params := sh.Signatures[0].Parameters
	got := "none"
	if int(sh.ActiveParameter) < len(params) {
		got = params[sh.ActiveParameter].Label
	}
	if got != as.rest {
		r.t.Errorf("%s: active parameter %q of %q", as.line, got, sh.Signatures[0].Label)
	}
}
