package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// TestGraphMethods drives the dependency hierarchy (call hierarchy), the code lenses, their
// command and carina/graph on the design example split over three files.
func TestGraphMethods(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	at := func(file string, line, char uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris[file]}, Position: pos(line, char)}
	}
	prepare := func(file string, line, char uint32) protocol.CallHierarchyItem {
		t.Helper()
		var items []protocol.CallHierarchyItem
		if err := c.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: at(file, line, char)}, &items); err != nil {
			t.Fatal(err)
		}
		if len(items) != 1 {
			t.Fatalf("prepareCallHierarchy at %s:%d:%d: %+v", file, line, char, items)
		}
		return items[0]
	}

	t.Run("call hierarchy", func(t *testing.T) {
		cert := prepare("wait.crn", 0, 24) // the wait's target names cert
		if cert.Name != "cert" || cert.URI != uris["main.crn"] || cert.Detail != "aws.acm.Certificate" || cert.SelectionRange.Start != pos(0, 4) {
			t.Fatalf("item: %+v", cert)
		}
		var in []protocol.CallHierarchyIncomingCall
		if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: cert}, &in); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, call := range in {
			got = append(got, fmt.Sprintf("%s %d", call.From.Name, len(call.FromRanges)))
		}
		// validation_record reads cert twice; the wait names it as its target and in until.
		if diff := cmp.Diff([]string{"validation_record 2", "cert_issued 2"}, got); diff != "" {
			t.Errorf("incoming calls of cert (-want +got):\n%s", diff)
		}
		issued := prepare("wait.crn", 0, 6)
		var outCalls []protocol.CallHierarchyOutgoingCall
		if err := c.call("callHierarchy/outgoingCalls", &protocol.CallHierarchyOutgoingCallsParams{Item: issued}, &outCalls); err != nil {
			t.Fatal(err)
		}
		got = nil
		for _, call := range outCalls {
			got = append(got, call.To.Name)
			for _, r := range call.FromRanges {
				if r.Start.Line > 3 {
					t.Errorf("outgoing call to %s from a range outside the wait: %+v", call.To.Name, r)
				}
			}
		}
		if diff := cmp.Diff([]string{"cert", "validation_record"}, got); diff != "" {
			t.Errorf("outgoing calls of cert_issued (-want +got):\n%s", diff)
		}
		// The anonymous distribution depends on the wait: it is an incoming call of the wait.
		in = nil
		if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: issued}, &in); err != nil {
			t.Fatal(err)
		}
		if len(in) != 1 || in[0].From.Name != "awscc.cloudfront.Distribution" || in[0].From.URI != uris["cdn.crn"] {
			t.Errorf("incoming calls of cert_issued: %+v", in)
		}
	})

	t.Run("code lens and its command", func(t *testing.T) {
		var lenses []protocol.CodeLens
		if err := c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["main.crn"]}}, &lenses); err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, l := range lenses {
			titles = append(titles, fmt.Sprintf("%d:%s", l.Range.Start.Line, l.Command.Title))
		}
		want := []string{"0:4 references", "0:2 dependents", "0:waited on by cert_issued", "5:1 reference", "5:1 dependent"}
		if diff := cmp.Diff(want, titles); diff != "" {
			t.Fatalf("lenses (-want +got):\n%s", diff)
		}
		var locs []protocol.Location
		if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: lenses[2].Command.Command, Arguments: lenses[2].Command.Arguments}, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].URI != uris["wait.crn"] || locs[0].Range.Start != pos(0, 4) {
			t.Errorf("the waited-on lens's locations: %+v", locs)
		}
		locs = nil
		if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: lenses[0].Command.Command, Arguments: lenses[0].Command.Arguments}, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 4 {
			t.Errorf("the references lens's locations: %+v", locs)
		}
		if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: locationsCommand, Arguments: []any{uris["main.crn"], pos(0, 4), "nope"}}, nil); err == nil {
			t.Error("unknown locations are no error")
		}
		if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: "carina.nope"}, nil); err == nil {
			t.Error("an unknown command is no error")
		}
	})

	t.Run("carina/graph", func(t *testing.T) {
		var res graphResult
		if err := c.call("carina/graph", &graphParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["cdn.crn"]}, SVG: true}, &res); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, n := range res.Graph.Nodes {
			ids = append(ids, n.ID)
		}
		slices.Sort(ids)
		if diff := cmp.Diff([]string{"awscc.cloudfront.Distribution@cdn.crn:3", "cert", "cert_issued", "validation_record"}, ids); diff != "" {
			t.Errorf("nodes (-want +got):\n%s", diff)
		}
		// validation_record reads cert twice (two edges), the wait names its target and lists
		// validation_record, the distribution reads the wait.
		if res.Graph.FormatVersion != 1 || len(res.Graph.Edges) != 5 || !strings.Contains(res.SVG, "<svg") {
			t.Errorf("graph: version %d, %d edges, svg %.40q", res.Graph.FormatVersion, len(res.Graph.Edges), res.SVG)
		}
		// The picture for a panel taller than wide, in a dark palette; an unknown direction is
		// the client's mistake.
		var tb graphResult
		if err := c.call("carina/graph", &graphParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["cdn.crn"]}, SVG: true, Direction: "TB", Theme: "dark"}, &tb); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(tb.SVG, `data-direction="TB"`) || !strings.Contains(tb.SVG, `fill="#1e1e1e"`) || len(tb.Graph.Edges) != 5 {
			t.Errorf("graph TB dark: %.200q", tb.SVG)
		}
		if err := c.call("carina/graph", &graphParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["cdn.crn"]}, SVG: true, Direction: "sideways"}, nil); err == nil || !strings.Contains(err.Error(), `unknown direction "sideways"`) {
			t.Errorf("an unknown direction: %v", err)
		}
	})
}

// TestGraphHostileText asks carina/graph, with its picture, for a configuration whose labels hold
// control characters, a NUL among them (testutil.HostileGraph; issue #26): the SVG is well-formed
// XML and the JSON holds the texts as written.
func TestGraphHostileText(t *testing.T) {
	files := testutil.HostileGraph()
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, map[string]string{"main.crn": files["main.crn"]})
	var res graphResult
	if err := c.call("carina/graph", &graphParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["main.crn"]}, SVG: true}, &res); err != nil {
		t.Fatal(err)
	}
	if err := testutil.WellFormedXML([]byte(res.SVG)); err != nil {
		t.Errorf("SVG: %v\n%s", err, res.SVG)
	}
	var got []string
	for _, n := range res.Graph.Nodes {
		got = append(got, n.ID+" "+n.Type)
		if n.Wait != nil {
			got = append(got, "until "+n.Wait.Until)
		}
	}
	want := []string{testutil.HostileAnonymousID + " aws.s3.Bucket", "orgs " + testutil.HostileUpstreamSource, "logs aws.s3.Bucket",
		"logs_ready ", "until " + testutil.HostileUntil, "reader aws.s3.Bucket"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("nodes (-want +got):\n%s", diff)
	}
}
