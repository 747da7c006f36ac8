package lsp

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/mutate"
	"github.com/carina-rs/carina-lsp/navigate"
)

// TestDependencyMethodsAgree holds the methods that show what depends on what to one another
// (issue #26), through the server, on corpus configurations and on the half-typed and broken
// texts an editor holds while they are edited (token mutations, semantic mutations, the text
// cut short), every file of the configuration open:
//
//   - every code lens's count is the number of locations its command (carina.showLocations)
//     answers;
//   - a binding's references lens lists what find references (without the declaration) lists;
//   - its dependents lens lists its incoming calls, and its waits are among them;
//   - prepareCallHierarchy at the binding is the binding;
//   - incoming and outgoing calls mirror each other, ranges included, from every binding, every
//     top-level statement and every node of the graph (calls into a module's files excepted: a
//     module does not know its callers);
//   - every edge of carina/graph is an outgoing call of its node (through the plain values it
//     names, in order), and every outgoing call between two nodes of the graph is an edge;
//   - every URI answered names an open file as the client sent it (the tree lies under a folder
//     whose name VS Code, Neovim and a lower-case-hex client spell differently, each file opened
//     in one of the three spellings), any other file in VS Code's spelling.
//
// Short mode: one corpus file in twenty-five, long mode every file; each file's original text
// and four edits of it.
func TestDependencyMethodsAgree(t *testing.T) {
	files := corpus.Files(t)
	base := corpus.Shared(t, "corpus")
	// Under a folder whose name clients spell differently, each file opened in one client's
	// spelling: every answer must name an open file as it was opened.
	served := filepath.Join(copyTree(t, base, nil), "corpus &é+=;,@$!")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(base, f)
		writeText(t, filepath.Join(served, rel), string(b))
	}
	spellings := []func(string) protocol.DocumentURI{vscodeSpelling, nvimSpelling, lowerHexSpelling}
	step := 1
	if testing.Short() {
		step = 25
	}
	c := startServer(t, Options{})
	c.initialize(served, protocol.ClientCapabilities{})
	byDir := map[string][]string{}
	for _, f := range files {
		rel, err := filepath.Rel(base, f)
		if err != nil {
			t.Fatal(err)
		}
		byDir[filepath.Dir(rel)] = append(byDir[filepath.Dir(rel)], rel)
	}
	var steps, requests, findings, edges, calls int
	for i := 0; i < len(files); i += step {
		rel, _ := filepath.Rel(base, files[i])
		orig, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 0x6465707300))
		texts := editSequence(string(orig), rng)
		dir := filepath.Dir(rel)
		uris, opened := map[string]protocol.DocumentURI{}, map[string]protocol.DocumentURI{}
		for j, other := range byDir[dir] {
			text, err := os.ReadFile(filepath.Join(served, other))
			if err != nil {
				t.Fatal(err)
			}
			uris[other] = spellings[(i+j)%len(spellings)](filepath.Join(served, other))
			opened[filepath.Join(served, other)] = uris[other]
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uris[other], LanguageID: "carina", Version: 1, Text: string(text)}})
		}
		for v, text := range texts {
			if v > 0 {
				c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uris[rel], int32(v+1)), ContentChanges: []contentChange{incrementalEdit(texts[v-1], text)}})
			}
			a := &agreement{c: c, dir: filepath.Join(served, dir), rel: dir, uris: uris, opened: opened, in: map[string][]protocol.CallHierarchyIncomingCall{}, out: map[string][]protocol.CallHierarchyOutgoingCall{}}
			a.check(uris)
			requests, edges, calls = requests+a.requests, edges+a.edges, calls+a.calls
			steps++
			if len(a.findings) > 0 {
				findings += len(a.findings)
				t.Errorf("%s, step %d of %d: %d disagreements:\n  %s\ntext:\n%s", rel, v, len(texts)-1, len(a.findings), strings.Join(first(a.findings, 8), "\n  "), text)
			}
		}
		for _, other := range byDir[dir] {
			c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris[other]}})
		}
		if findings > 40 {
			t.Fatal("too many disagreements: stopping")
		}
	}
	t.Logf("%d texts, %d requests: %d graph edges and %d calls compared", steps, requests, edges, calls)
}

// editSequence is a file's text and four edits of it, each on the last: a semantic mutation
// (or a token one where none applies), a token mutation, the text cut short where a user might
// be typing, and the original back.
func editSequence(orig string, rng *rand.Rand) []string {
	texts := []string{orig}
	m, ok := mutate.Semantic(orig, rng)
	if !ok {
		m = mutate.One(orig, rng)
	}
	texts = append(texts, m.Text)
	texts = append(texts, mutate.One(m.Text, rng).Text)
	cut := texts[len(texts)-1]
	if len(cut) > 0 {
		cut = cut[:len(cut)/2+rng.IntN(len(cut)/2+1)]
	}
	return append(texts, cut, orig)
}

func first(s []string, n int) []string { return s[:min(n, len(s))] }

// agreement checks one state of one configuration's open files.
type agreement struct {
	c        *testClient
	dir      string
	rel      string                          // dir, relative to the served tree
	uris     map[string]protocol.DocumentURI // the open files' URIs as sent, by path in the tree
	opened   map[string]protocol.DocumentURI // the same by absolute path
	requests int
	edges    int // graph edges compared
	calls    int // calls mirrored
	findings []string
	in       map[string][]protocol.CallHierarchyIncomingCall // by item key
	out      map[string][]protocol.CallHierarchyOutgoingCall
}

func (a *agreement) fail(format string, args ...any) {
	a.findings = append(a.findings, fmt.Sprintf(format, args...))
}

func (a *agreement) call(method string, params, out any) {
	a.requests++
	if err := a.c.call(method, params, out); err != nil {
		a.fail("%s: %v", method, err)
	}
}

// itemKey identifies a hierarchy item: its document and where its name starts.
func itemKey(uri protocol.DocumentURI, r protocol.Range) string {
	return fmt.Sprintf("%s:%d:%d", uri, r.Start.Line, r.Start.Character)
}

func locKeys(ls []protocol.Location) []string {
	out := make([]string, 0, len(ls))
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%s:%d:%d-%d:%d", l.URI, l.Range.Start.Line, l.Range.Start.Character, l.Range.End.Line, l.Range.End.Character))
	}
	slices.Sort(out)
	return out
}

func rangeKeys(uri protocol.DocumentURI, rs []protocol.Range) []string {
	ls := make([]protocol.Location, 0, len(rs))
	for _, r := range rs {
		ls = append(ls, protocol.Location{URI: uri, Range: r})
	}
	return locKeys(ls)
}

func (a *agreement) prepare(uri protocol.DocumentURI, p protocol.Position) (protocol.CallHierarchyItem, bool) {
	var items []protocol.CallHierarchyItem
	a.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: p}}, &items)
	if len(items) > 1 {
		a.fail("prepareCallHierarchy at %s:%d:%d: %d items", uri, p.Line, p.Character, len(items))
	}
	if len(items) == 0 {
		return protocol.CallHierarchyItem{}, false
	}
	a.answered(items[0].URI)
	return items[0], true
}

func (a *agreement) incoming(it protocol.CallHierarchyItem) []protocol.CallHierarchyIncomingCall {
	return callsOf(a, a.in, it, "callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: it},
		func(c protocol.CallHierarchyIncomingCall) protocol.DocumentURI { return c.From.URI })
}

func (a *agreement) outgoing(it protocol.CallHierarchyItem) []protocol.CallHierarchyOutgoingCall {
	return callsOf(a, a.out, it, "callHierarchy/outgoingCalls", &protocol.CallHierarchyOutgoingCallsParams{Item: it},
		func(c protocol.CallHierarchyOutgoingCall) protocol.DocumentURI { return c.To.URI })
}

// callsOf asks for an item's calls one way, once a state, checking the URIs answered.
func callsOf[C any](a *agreement, memo map[string][]C, it protocol.CallHierarchyItem, method string, params any, other func(C) protocol.DocumentURI) []C {
	k := itemKey(it.URI, it.SelectionRange)
	if got, ok := memo[k]; ok {
		return got
	}
	var got []C
	a.call(method, params, &got)
	for _, c := range got {
		a.answered(other(c))
	}
	memo[k] = got
	return got
}

// answered checks a URI the server answered: an open file's as the client sent it, any other
// file's in VS Code's spelling.
func (a *agreement) answered(uri protocol.DocumentURI) {
	p := parseURI(string(uri)).path
	want, ok := a.opened[p]
	if !ok {
		want = uriOf(p)
	}
	if uri != want {
		a.fail("answered %s for %s", uri, want)
	}
}

// inDir reports whether uri is a file of the configuration (not of a module it calls).
func (a *agreement) inDir(uri protocol.DocumentURI) bool {
	return filepath.Dir(parseURI(string(uri)).path) == a.dir
}

func (a *agreement) check(uris map[string]protocol.DocumentURI) {
	var items []protocol.CallHierarchyItem
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range uris {
			if !yield(n) {
				return
			}
		}
	})
	for _, name := range names {
		items = append(items, a.lenses(uris[name])...)
		items = append(items, a.statements(uris[name])...)
	}
	items = append(items, a.graph(uris[names[0]])...)
	for _, it := range items {
		a.mirror(it)
	}
}

// lenses checks the code lenses of one document against their command, find references and
// the call hierarchy, and returns the bindings' items.
func (a *agreement) lenses(uri protocol.DocumentURI) []protocol.CallHierarchyItem {
	var lenses []protocol.CodeLens
	a.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &lenses)
	type binding struct {
		rng                     protocol.Range
		refs, dependents, waits []protocol.Location
	}
	var bindings []*binding
	for _, l := range lenses {
		if len(bindings) == 0 || bindings[len(bindings)-1].rng != l.Range {
			bindings = append(bindings, &binding{rng: l.Range})
		}
		b := bindings[len(bindings)-1]
		if l.Command == nil || len(l.Command.Arguments) != 3 {
			a.fail("lens at %s:%d: %+v", uri, l.Range.Start.Line, l.Command)
			continue
		}
		var locs []protocol.Location
		a.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: l.Command.Arguments}, &locs)
		for _, l := range locs {
			a.answered(l.URI)
		}
		want := lensCount(l.Command.Title)
		if want != len(locs) {
			a.fail("lens %q at %s:%d opens %d locations", l.Command.Title, uri, l.Range.Start.Line, len(locs))
		}
		switch l.Command.Arguments[2] {
		case navigate.LensReferences:
			b.refs = locs
		case navigate.LensDependents:
			b.dependents = locs
		case navigate.LensWaits:
			b.waits = locs
		}
	}
	var items []protocol.CallHierarchyItem
	for _, b := range bindings {
		at := fmt.Sprintf("%s:%d:%d", uri, b.rng.Start.Line, b.rng.Start.Character)
		var refs []protocol.Location
		a.call("textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: b.rng.Start}}, &refs)
		for _, r := range refs {
			a.answered(r.URI)
		}
		if got, want := locKeys(refs), locKeys(b.refs); !slices.Equal(got, want) {
			a.fail("binding at %s: find references %v, its lens %v", at, got, want)
		}
		it, ok := a.prepare(uri, b.rng.Start)
		if !ok || it.URI != uri || it.SelectionRange != b.rng {
			a.fail("binding at %s: prepareCallHierarchy gives %+v", at, it)
			continue
		}
		items = append(items, it)
		var from []protocol.Location
		for _, c := range a.incoming(it) {
			from = append(from, protocol.Location{URI: c.From.URI, Range: c.From.SelectionRange})
		}
		if got, want := locKeys(from), locKeys(b.dependents); !slices.Equal(got, want) {
			a.fail("binding at %s: incoming calls %v, its dependents lens %v", at, got, want)
		}
		for _, w := range locKeys(b.waits) {
			if !slices.Contains(locKeys(from), w) {
				a.fail("binding at %s: the wait at %s is not an incoming call", at, w)
			}
		}
	}
	return items
}

// lensCount reads the count a lens's title says: "3 references", "1 dependent", "waited on by
// a, b".
func lensCount(title string) int {
	if names, ok := strings.CutPrefix(title, "waited on by "); ok {
		return len(strings.Split(names, ", "))
	}
	n, _ := strconv.Atoi(strings.Fields(title)[0])
	return n
}

// statements returns the hierarchy item of each top-level statement of the document (at the
// name its outline gives it).
func (a *agreement) statements(uri protocol.DocumentURI) []protocol.CallHierarchyItem {
	var syms []protocol.DocumentSymbol
	a.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &syms)
	var items []protocol.CallHierarchyItem
	for _, s := range syms {
		if it, ok := a.prepare(uri, s.SelectionRange.Start); ok {
			items = append(items, it)
		}
	}
	return items
}

// graph checks carina/graph's edges against the call hierarchy and returns its nodes' items.
func (a *agreement) graph(uri protocol.DocumentURI) []protocol.CallHierarchyItem {
	var res graphResult
	a.call("carina/graph", &graphParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &res)
	itemOf := map[string]protocol.CallHierarchyItem{} // by node id
	nodeOf := map[string]string{}                     // node id by item key
	var items []protocol.CallHierarchyItem
	for _, n := range res.Graph.Nodes {
		nu, ok := a.uris[filepath.Join(a.rel, n.File)]
		if !ok {
			a.fail("graph node %s: in %s, not an open file", n.ID, n.File)
			continue
		}
		it, ok := a.prepare(nu, protocol.Position{Line: uint32(n.Range.Start.Line), Character: uint32(n.Range.Start.Character)})
		if !ok {
			a.fail("graph node %s: no hierarchy item at its place", n.ID)
			continue
		}
		k := itemKey(it.URI, it.SelectionRange)
		if other, dup := nodeOf[k]; dup {
			a.fail("graph nodes %s and %s: one hierarchy item %s", other, n.ID, k)
		}
		itemOf[n.ID], nodeOf[k] = it, n.ID
		items = append(items, it)
	}
	direct := map[[2]string]bool{}
	for _, e := range res.Graph.Edges {
		from, ok := itemOf[e.From]
		to, ok2 := itemOf[e.To]
		if !ok || !ok2 {
			continue
		}
		if len(e.Via) == 0 {
			direct[[2]string{e.From, e.To}] = true
		}
		er := protocol.Range{Start: protocol.Position{Line: uint32(e.Range.Start.Line), Character: uint32(e.Range.Start.Character)}, End: protocol.Position{Line: uint32(e.Range.End.Line), Character: uint32(e.Range.End.Character)}}
		// The chain of outgoing calls the edge stands for: from, each value passed through, to.
		cur, found := from, true
		for i, hop := range append(slices.Clone(e.Via), "") {
			var next *protocol.CallHierarchyOutgoingCall
			for _, c := range a.outgoing(cur) {
				switch {
				case hop == "" && itemKey(c.To.URI, c.To.SelectionRange) == itemKey(to.URI, to.SelectionRange),
					hop != "" && c.To.Name == hop:
					next = &c
				}
				if next != nil {
					break
				}
			}
			if next == nil {
				a.fail("graph edge %s>%s (via %v): no outgoing call from %s to %q", e.From, e.To, e.Via, cur.Name, cmpOr(hop, e.To))
				found = false
				break
			}
			if i == 0 && !slices.Contains(next.FromRanges, er) {
				a.fail("graph edge %s>%s at %v: not among the outgoing call's ranges %v", e.From, e.To, er, next.FromRanges)
			}
			cur = next.To
		}
		if found {
			a.edges++
		}
	}
	for id, it := range itemOf {
		for _, c := range a.outgoing(it) {
			if to, ok := nodeOf[itemKey(c.To.URI, c.To.SelectionRange)]; ok && to != id && !direct[[2]string{id, to}] {
				a.fail("outgoing call %s>%s: no edge in the graph", id, to)
			}
		}
	}
	return items
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// mirror checks that item's incoming calls list it among their outgoing calls, and its outgoing
// calls (inside the configuration) list it among their incoming calls, with the same ranges.
func (a *agreement) mirror(it protocol.CallHierarchyItem) {
	k := itemKey(it.URI, it.SelectionRange)
	for _, c := range a.incoming(it) {
		a.calls++
		var back []protocol.Range
		found := false
		for _, o := range a.outgoing(c.From) {
			if itemKey(o.To.URI, o.To.SelectionRange) == k {
				back, found = o.FromRanges, true
			}
		}
		if !found {
			a.fail("%s %s: incoming call from %s %s, which has no outgoing call back", it.Name, k, c.From.Name, itemKey(c.From.URI, c.From.SelectionRange))
		} else if got, want := rangeKeys(c.From.URI, back), rangeKeys(c.From.URI, c.FromRanges); !slices.Equal(got, want) {
			a.fail("%s %s: incoming call from %s with ranges %v, outgoing back with %v", it.Name, k, c.From.Name, want, got)
		}
	}
	for _, c := range a.outgoing(it) {
		if !a.inDir(c.To.URI) {
			continue
		}
		a.calls++
		var back []protocol.Range
		found := false
		for _, in := range a.incoming(c.To) {
			if itemKey(in.From.URI, in.From.SelectionRange) == k {
				back, found = in.FromRanges, true
			}
		}
		if !found {
			a.fail("%s %s: outgoing call to %s %s, which has no incoming call back", it.Name, k, c.To.Name, itemKey(c.To.URI, c.To.SelectionRange))
		} else if got, want := rangeKeys(it.URI, back), rangeKeys(it.URI, c.FromRanges); !slices.Equal(got, want) {
			a.fail("%s %s: outgoing call to %s with ranges %v, incoming back with %v", it.Name, k, c.To.Name, want, got)
		}
	}
}
