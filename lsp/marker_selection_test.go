package lsp

import (
	"slices"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"
)

// The selection range assertion:
//
//	select @k: "text" "text" ...    the steps of textDocument/selectionRange at @k, innermost
//	                                first, each as the text it selects (Go strings; a step over
//	                                several lines as its first line, "…", its last line); every
//	                                step named, in order ("none": only the empty range at @k)
//
// Each step must hold the one before; the answer is checked for that whatever the expectation.

// checkSelection: `select @k: ...`.
func checkSelection(r *markerRun, as assertion) {
	pos, pl := r.at(as, r.subject(as))
	var got []*protocol.SelectionRange
	if err := r.c.call("textDocument/selectionRange", &protocol.SelectionRangeParams{
		TextDocument: pos.TextDocument, Positions: []protocol.Position{pos.Position},
	}, &got); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	if len(got) != 1 {
		r.t.Fatalf("%s: %d answers for one position", as.line, len(got))
	}
	lines, text := r.lines[pl.file], r.m.files[pl.file]
	var steps []string
	var prev *protocol.Range
	for sel := got[0]; sel != nil; sel = sel.Parent {
		rg := sel.Range
		if prev != nil && !(rangeHolds(rg, prev.Start) && rangeHolds(rg, prev.End)) {
			r.t.Errorf("%s: step %s does not hold the one before, %s", as.line, showRange(rg), showRange(*prev))
		}
		prev = &rg
		if rg.Start == rg.End && sel.Parent == nil && len(steps) == 0 {
			break // the empty range: no step
		}
		steps = append(steps, stepText(text[offsetOf(lines, rg.Start):offsetOf(lines, rg.End)]))
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	if !slices.Equal(steps, want) {
		r.t.Errorf("%s: got %s", as.line, quoteAll(steps))
	}
}

// stepText shows a selected text on one line: its first line, "…", its last.
func stepText(s string) string {
	first, _, multi := strings.Cut(s, "\n")
	if !multi {
		return s
	}
	return first + "…" + strings.TrimSpace(s[strings.LastIndexByte(s, '\n')+1:])
}

func rangeHolds(rg protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	return before(rg.Start, p) && before(p, rg.End)
}

func quoteAll(ss []string) string {
	var b strings.Builder
	for i, s := range ss {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Quote(s))
	}
	return b.String()
}
