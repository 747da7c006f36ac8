package lsp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// The dependency graph's assertions:
//
//	callers @k: N@m ...     prepareCallHierarchy at @k, then its incoming calls: each caller's
//	                        name and the marker where its name stands, as a set ("none")
//	callees @k: N@m ...     the same for its outgoing calls
//	lenses F: @m "t" ...    F's code lenses: the titles of the lenses at each marker, in order,
//	                        every lens of F named ("none"); running each lens's command
//	                        (workspace/executeCommand) gives as many locations as its title says
//	plan F: => NAME         carina/plan's display of F's configuration is section NAME; its
//	                        problems follow, a line each after "problems:"
//	graph F: id ...         the node ids of carina/graph for F's configuration, as a set
//	edges F: from>to ...    its edges, from the dependent to the dependency, as a set of kinds
//	                        (from>to:kind), each drawn once

// prepareAt answers prepareCallHierarchy at a marker: the one item, or nothing.
func (r *markerRun) prepareAt(as assertion) (protocol.CallHierarchyItem, bool) {
	pos, _ := r.at(as, r.subject(as))
	var items []protocol.CallHierarchyItem
	if err := r.c.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: pos}, &items); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	if len(items) > 1 {
		r.t.Errorf("%s: %d items prepared", as.line, len(items))
	}
	if len(items) == 0 {
		return protocol.CallHierarchyItem{}, false
	}
	return items[0], true
}

// checkCalls: `callers @k: ...` and `callees @k: ...`.
func checkCalls(r *markerRun, as assertion) {
	item, ok := r.prepareAt(as)
	var got []string
	switch {
	case !ok:
	case as.verb == "callers":
		var in []protocol.CallHierarchyIncomingCall
		if err := r.c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: item}, &in); err != nil {
			r.t.Fatalf("%s: %v", as.line, err)
		}
		for _, c := range in {
			got = append(got, c.From.Name+r.markerOf(c.From.URI, c.From.SelectionRange.Start))
		}
	default:
		var out []protocol.CallHierarchyOutgoingCall
		if err := r.c.call("callHierarchy/outgoingCalls", &protocol.CallHierarchyOutgoingCallsParams{Item: item}, &out); err != nil {
			r.t.Fatalf("%s: %v", as.line, err)
		}
		for _, c := range out {
			got = append(got, c.To.Name+r.markerOf(c.To.URI, c.To.SelectionRange.Start))
		}
	}
	compareSet(r, as, got)
}

// checkLenses: `lenses F: @m "title" ... @n "title" ...`.
func checkLenses(r *markerRun, as assertion) {
	name := r.subject(as)
	var lenses []protocol.CodeLens
	if err := r.c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: r.file(as, name)}, &lenses); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got []string
	last := ""
	for _, l := range lenses {
		if m := r.markerOf(r.uris[name], l.Range.Start); m != last {
			got = append(got, m)
			last = m
		}
		if l.Command != nil && l.Command.Command == showPlanCommand {
			// The plan's lens: the client opens its plan view on the document.
			got = append(got, l.Command.Title)
			if len(l.Command.Arguments) != 1 || l.Command.Arguments[0] != string(r.uris[name]) {
				r.t.Errorf("%s: %q has the arguments %v, want the document", as.line, l.Command.Title, l.Command.Arguments)
			}
			continue
		}
		if l.Command == nil || l.Command.Command != locationsCommand {
			r.t.Errorf("%s: a lens without the locations command: %+v", as.line, l)
			continue
		}
		got = append(got, l.Command.Title)
		// The lens's command gives as many locations as its title counts.
		var locs []protocol.Location
		if err := r.c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: l.Command.Arguments}, &locs); err != nil {
			r.t.Errorf("%s: running %q: %v", as.line, l.Command.Title, err)
			continue
		}
		var n int
		if _, err := fmt.Sscanf(l.Command.Title, "%d", &n); err != nil {
			n = len(strings.Split(strings.TrimPrefix(l.Command.Title, "waited on by "), ", "))
		}
		if len(locs) != n {
			r.t.Errorf("%s: %q opens %d locations", as.line, l.Command.Title, len(locs))
		}
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %q", as.line, got)
	}
}

// checkGraph: `graph F: id ...` and `edges F: from>to:kind ...`.
func checkGraph(r *markerRun, as assertion) {
	var res graphResult
	if err := r.c.call("carina/graph", &graphParams{TextDocument: r.file(as, r.subject(as)), SVG: true}, &res); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got []string
	if as.verb == "graph" {
		for _, n := range res.Graph.Nodes {
			got = append(got, n.ID)
			if !strings.Contains(res.SVG, `data-id="`+n.ID+`"`) {
				r.t.Errorf("%s: node %s is not in the SVG", as.line, n.ID)
			}
		}
	} else {
		seen := map[string]bool{}
		for _, e := range res.Graph.Edges {
			if k := e.From + ">" + e.To + ":" + e.Kind.String(); !seen[k] {
				seen[k] = true
				got = append(got, k)
			}
		}
	}
	compareSet(r, as, got)
}

// checkPlan: `plan F: => NAME`.
func checkPlan(r *markerRun, as assertion) {
	var res planResult
	if err := r.c.call("carina/plan", &planParams{TextDocument: r.file(as, r.subject(as))}, &res); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	got := res.Text
	if len(res.Problems) > 0 {
		got += "problems:\n" + strings.Join(res.Problems, "\n") + "\n"
	}
	if diff := cmp.Diff(r.expected(as, as.result()), got); diff != "" {
		r.t.Errorf("%s: (-want +got)\n%s", as.line, diff)
	}
}
