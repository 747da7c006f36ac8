package lsp

import (
	"cmp"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
)

// compareResult checks edits against `=> NAME` or `none` (no edit at all).
func (r *markerRun) compareResult(as assertion, changes map[protocol.DocumentURI][]protocol.TextEdit) {
	r.t.Helper()
	if as.rest == "none" {
		for u, es := range changes {
			if len(es) > 0 {
				r.t.Errorf("%s: %d edits of %s", as.line, len(es), r.nameOf(u))
			}
		}
		return
	}
	name := as.result()
	if name == "" {
		r.t.Fatalf("%s: want => NAME or none", as.line)
	}
	r.compareEdits(as, changes, name)
}

// compareEdits applies edits to the archive's files: each file F with a section F.name must then
// read as it, every other file must be unchanged.
func (r *markerRun) compareEdits(as assertion, changes map[protocol.DocumentURI][]protocol.TextEdit, name string) {
	r.t.Helper()
	edited := map[string]string{}
	for u, es := range changes {
		file := r.nameOf(u)
		text, ok := r.m.files[file]
		if !ok {
			r.t.Errorf("%s: an edit of %s, no file of the archive", as.line, u)
			continue
		}
		edited[file] = applyTextEdits(r, as, file, text, es)
	}
	sections := 0
	for file, text := range r.m.files {
		got, ok := edited[file]
		if !ok {
			got = text
		}
		want, isExpected := r.m.expected[file+"."+name]
		if !isExpected {
			want = text
		} else {
			sections++
		}
		if got != want {
			if isExpected {
				r.t.Errorf("%s: %s reads\n%s", as.line, file, got)
			} else {
				r.t.Errorf("%s: %s has no section %s.%s but was edited:\n%s", as.line, file, file, name, got)
			}
		}
	}
	if sections == 0 {
		r.t.Errorf("%s: no section F.%s", as.line, name)
	}
}

// applyTextEdits applies LSP edits (ranges in the original text, not overlapping) to a file.
func applyTextEdits(r *markerRun, as assertion, file, text string, es []protocol.TextEdit) string {
	r.t.Helper()
	type span struct {
		start, end int
		text       string
	}
	l := r.lines[file]
	var spans []span
	for _, e := range es {
		spans = append(spans, span{offsetOf(l, e.Range.Start), offsetOf(l, e.Range.End), e.NewText})
	}
	slices.SortStableFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	var b strings.Builder
	last := 0
	for _, s := range spans {
		if s.start < last || s.end < s.start {
			r.t.Fatalf("%s: overlapping or reversed edits of %s", as.line, file)
		}
		b.WriteString(text[last:s.start])
		b.WriteString(s.text)
		last = s.end
	}
	b.WriteString(text[last:])
	return b.String()
}

// checkFormat: `format F: => NAME` (the whole file) or `format @a-@b: => NAME` (a range); none.
func checkFormat(r *markerRun, as assertion) {
	sub := r.subject(as)
	var edits []protocol.TextEdit
	var doc protocol.TextDocumentIdentifier
	var err error
	opts := protocol.FormattingOptions{TabSize: 4, InsertSpaces: true}
	if strings.HasPrefix(sub, "@") {
		var rng protocol.Range
		doc, rng, _ = r.span(as, sub)
		err = r.c.call("textDocument/rangeFormatting", &protocol.DocumentRangeFormattingParams{TextDocument: doc, Range: rng, Options: opts}, &edits)
	} else {
		doc = r.file(as, sub)
		err = r.c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc, Options: opts}, &edits)
	}
	if err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	r.compareResult(as, map[protocol.DocumentURI][]protocol.TextEdit{doc.URI: edits})
}

// actionsAt returns the code actions for a range (`@k` or `@a-@b`) or, with only, of those kinds.
func actionsAt(r *markerRun, as assertion, doc protocol.TextDocumentIdentifier, rng protocol.Range, only []protocol.CodeActionKind) []protocol.CodeAction {
	r.t.Helper()
	var actions []protocol.CodeAction
	p := &protocol.CodeActionParams{TextDocument: doc, Range: rng, Context: protocol.CodeActionContext{Only: only}}
	if err := r.c.call("textDocument/codeAction", p, &actions); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	return actions
}

// checkActions: `actions @k[-@e]: "title" !"title" ...` or none.
func checkActions(r *markerRun, as assertion) {
	doc, rng, _ := r.span(as, r.subject(as))
	var titles []string
	for _, a := range actionsAt(r, as, doc, rng, nil) {
		titles = append(titles, a.Title)
	}
	if as.rest == "none" {
		if len(titles) > 0 {
			r.t.Errorf("%s: actions %q", as.line, titles)
		}
		return
	}
	for _, w := range r.fields(as) {
		if not, neg := strings.CutPrefix(w, "!"); neg {
			if slices.Contains(titles, not) {
				r.t.Errorf("%s: %q is offered", as.line, not)
			}
		} else if !slices.Contains(titles, w) {
			r.t.Errorf("%s: %q is not offered; actions %q", as.line, w, titles)
		}
	}
}

// checkAction: `action @k "title": => NAME`.
func checkAction(r *markerRun, as assertion) {
	if len(as.subject) != 2 {
		r.t.Fatalf("%s: want a marker and a title", as.line)
	}
	doc, rng, _ := r.span(as, as.subject[0])
	var titles []string
	for _, a := range actionsAt(r, as, doc, rng, nil) {
		if a.Title == as.subject[1] {
			if a.Edit == nil {
				r.t.Fatalf("%s: the action has no edit", as.line)
			}
			r.compareResult(as, a.Edit.Changes)
			return
		}
		titles = append(titles, a.Title)
	}
	r.t.Errorf("%s: not offered; actions %q", as.line, titles)
}

// checkFixAll: `fixall F: => NAME` or none (no fix-all action).
func checkFixAll(r *markerRun, as assertion) {
	doc := r.file(as, r.subject(as))
	var found *protocol.CodeAction
	for _, a := range actionsAt(r, as, doc, protocol.Range{}, []protocol.CodeActionKind{"source.fixAll"}) {
		if a.Kind == fixAllKind {
			found = &a
		}
	}
	switch {
	case as.rest == "none":
		if found != nil {
			r.t.Errorf("%s: offered %q", as.line, found.Title)
		}
	case found == nil || found.Edit == nil:
		r.t.Errorf("%s: no fix-all action", as.line)
	default:
		r.compareResult(as, found.Edit.Changes)
	}
}
