package lsp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// compareSet compares what a request found (described by markerOf) with the assertion's
// fields, as sets ("none": nothing).
func compareSet(r *markerRun, as assertion, got []string) {
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %v", as.line, got)
	}
}

// checkDefinition: `def @k: @t ...`.
func checkDefinition(r *markerRun, as assertion) {
	pos, _ := r.at(as, r.subject(as))
	checkLocations(r, as, "textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: pos})
}

// checkReferences: `refs @k: @a ...` (declaration included) and `uses @k: @a ...` (without).
func checkReferences(r *markerRun, as assertion) {
	pos, _ := r.at(as, r.subject(as))
	checkLocations(r, as, "textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: pos,
		Context: protocol.ReferenceContext{IncludeDeclaration: as.verb == "refs"}})
}

// checkLocations asks method, which answers locations, and compares where they start with the
// assertion's markers, as a set.
func checkLocations(r *markerRun, as assertion, method string, params any) {
	var locs []protocol.Location
	if err := r.c.call(method, params, &locs); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got []string
	for _, l := range locs {
		got = append(got, r.markerOf(l.URI, l.Range.Start))
	}
	compareSet(r, as, got)
}

// checkHighlight: `highlight @k: write @a read @b ...`.
func checkHighlight(r *markerRun, as assertion) {
	pos, _ := r.at(as, r.subject(as))
	var hs []protocol.DocumentHighlight
	if err := r.c.call("textDocument/documentHighlight", &protocol.DocumentHighlightParams{TextDocumentPositionParams: pos}, &hs); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got, want []string
	for _, h := range hs {
		kind := "read"
		if h.Kind == protocol.DocumentHighlightKindWrite {
			kind = "write"
		}
		got = append(got, kind+" "+r.markerOf(pos.TextDocument.URI, h.Range.Start))
	}
	kind := "read"
	if as.rest != "none" {
		for _, f := range r.fields(as) {
			if f == "read" || f == "write" {
				kind = f
				continue
			}
			want = append(want, kind+" "+f)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %v", as.line, got)
	}
}

// refused checks an error against `refused "msg"`, reporting whether the assertion expects one.
func refused(r *markerRun, as assertion, err error) bool {
	f := r.fields(as)
	wantRefusal := len(f) > 0 && f[0] == "refused"
	switch {
	case err == nil && wantRefusal:
		r.t.Errorf("%s: not refused", as.line)
	case err != nil && !wantRefusal:
		r.t.Errorf("%s: refused: %v", as.line, err)
	case err != nil && len(f) > 1 && !strings.Contains(err.Error(), f[1]):
		r.t.Errorf("%s: refused with %q", as.line, err.Error())
	}
	return wantRefusal || err != nil
}

// checkPrepareRename: `prepare-rename @k: name` or `prepare-rename @k: refused "msg"`.
func checkPrepareRename(r *markerRun, as assertion) {
	pos, pl := r.at(as, r.subject(as))
	var prep *struct {
		Range       protocol.Range `json:"range"`
		Placeholder string         `json:"placeholder"`
	}
	err := r.c.call("textDocument/prepareRename", &protocol.PrepareRenameParams{TextDocumentPositionParams: pos}, &prep)
	if refused(r, as, err) {
		return
	}
	if prep == nil {
		r.t.Errorf("%s: no answer", as.line)
		return
	}
	l := r.lines[pl.file]
	start, end := offsetOf(l, prep.Range.Start), offsetOf(l, prep.Range.End)
	text := r.m.files[pl.file][start:end]
	if prep.Placeholder != as.rest || text != as.rest || pl.off < start || pl.off > end {
		r.t.Errorf("%s: placeholder %q, range %s holding %q", as.line, prep.Placeholder, showRange(prep.Range), text)
	}
}

// checkRename: `rename @k NEW: => NAME`, `none` or `refused "msg"`.
func checkRename(r *markerRun, as assertion) {
	if len(as.subject) != 2 {
		r.t.Fatalf("%s: want a marker and a new name", as.line)
	}
	pos, _ := r.at(as, as.subject[0])
	var we *protocol.WorkspaceEdit
	err := r.c.call("textDocument/rename", &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: as.subject[1]}, &we)
	if refused(r, as, err) {
		return
	}
	var changes map[protocol.DocumentURI][]protocol.TextEdit
	if we != nil {
		changes = we.Changes
	}
	r.compareResult(as, changes)
}

// checkSymbols: `symbols F: name ...` (the top level) or `symbols F: => NAME` (the outline).
func checkSymbols(r *markerRun, as assertion) {
	name := r.subject(as)
	var syms []protocol.DocumentSymbol
	if err := r.c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: r.file(as, name)}, &syms); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	if section := as.result(); section != "" {
		got := renderSymbols(syms, "")
		if want := txtar.Lines(r.expected(as, section)); !slices.Equal(got, want) {
			r.t.Errorf("%s: the outline is\n%s", as.line, strings.Join(got, "\n"))
		}
		return
	}
	var got []string
	for _, s := range syms {
		got = append(got, s.Name)
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: top-level symbols %v", as.line, got)
	}
}

// renderSymbols writes an outline a line a symbol: kind name "detail" range @selection range.
func renderSymbols(syms []protocol.DocumentSymbol, indent string) []string {
	var out []string
	for _, s := range syms {
		l := indent + symbolKindName(s.Kind) + " " + s.Name
		if s.Detail != "" {
			l += " " + strconv.Quote(s.Detail)
		}
		out = append(out, l+" "+showRange(s.Range)+" @"+showRange(s.SelectionRange))
		out = append(out, renderSymbols(s.Children, indent+"  ")...)
	}
	return out
}

// symbolKindName names an LSP symbol kind as the protocol spells it, first letter lower-case.
func symbolKindName(k protocol.SymbolKind) string {
	names := []string{"file", "module", "namespace", "package", "class", "method", "property", "field",
		"constructor", "enum", "interface", "function", "variable", "constant", "string", "number", "boolean",
		"array", "object", "key", "null", "enumMember", "struct", "event", "operator", "typeParameter"}
	if k < 1 || int(k) > len(names) {
		return fmt.Sprintf("kind%v", k)
	}
	return names[int(k)-1]
}

// checkWorkspaceSymbols: `wsymbols QUERY: name[@m] ...`, in order.
func checkWorkspaceSymbols(r *markerRun, as assertion) {
	query := r.subject(as)
	var syms []protocol.SymbolInformation
	if err := r.c.call("workspace/symbol", &protocol.WorkspaceSymbolParams{Query: query}, &syms); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	var got []string
	for i, s := range syms {
		g := s.Name
		if i < len(want) && strings.Contains(want[i], "@") {
			g += r.markerOf(s.Location.URI, s.Location.Range.Start)
		}
		got = append(got, g)
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %v", as.line, got)
	}
}

// checkFolding: `folding F: L-L [kind], ...`.
func checkFolding(r *markerRun, as assertion) {
	name := r.subject(as)
	var fs []protocol.FoldingRange
	if err := r.c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: r.file(as, name)}}, &fs); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got, want []string
	for _, f := range fs {
		g := fmt.Sprintf("%d-%d", f.StartLine+1, f.EndLine+1)
		if f.Kind != "" {
			g += " " + string(f.Kind)
		}
		got = append(got, g)
	}
	if as.rest != "none" {
		for item := range strings.SplitSeq(as.rest, ",") {
			lines, kind, _ := strings.Cut(strings.TrimSpace(item), " ")
			from, to, _ := strings.Cut(lines, "-")
			w := r.foldLine(as, from) + "-" + r.foldLine(as, to)
			if kind != "" {
				w += " " + kind
			}
			want = append(want, w)
		}
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %s", as.line, strings.Join(got, ", "))
	}
}

// foldLine returns a 1-based line written as a number or as a marker (its line).
func (r *markerRun) foldLine(as assertion, s string) string {
	if !strings.HasPrefix(s, "@") {
		return s
	}
	pos, _ := r.at(as, s)
	return strconv.Itoa(int(pos.Position.Line) + 1)
}
