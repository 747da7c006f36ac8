package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// featureConfig is the design example split over three files, opened in the editor.
func featureConfig() map[string]string {
	return map[string]string{
		"main.crn": "let cert = aws.acm.Certificate {\n  domain_name       = 'registry.carina-rs.dev'\n  validation_method = dns\n}\n\nlet validation_record = aws.route53.RecordSet {\n  hosted_zone_id   = 'Z0123456789'\n  name             = cert.domain_validation_options[0].resource_record.name\n  type             = cname\n  ttl              = 60\n  resource_records = [cert.domain_validation_options[0].resource_record.value]\n}\n",
		"wait.crn": "let cert_issued = wait cert {\n  until      = cert.status == aws.acm.Certificate.Status.issued\n  depends_on = [validation_record]\n}\n",
		"cdn.crn":  "let tag = join('-', ['a', 'b'])\n\nawscc.cloudfront.Distribution {\n  distribution_config = {\n    enabled = true\n\n    viewer_certificate = {\n      acm_certificate_arn = cert_issued.certificate_arn\n    }\n  }\n  tags = { Name = tag }\n}\n",
	}
}

// openAll opens every file of a configuration and returns their URIs by name.
func openAll(t *testing.T, c *testClient, dir string, files map[string]string) map[string]protocol.DocumentURI {
	t.Helper()
	uris := map[string]protocol.DocumentURI{}
	for name, text := range files {
		uri := uriOf(filepath.Join(dir, name))
		uris[name] = uri
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: text}})
	}
	return uris
}

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

// TestFeatures calls every feature method over the protocol and checks the answer's substance.
func TestFeatures(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		DocumentSymbol: &protocol.DocumentSymbolClientCapabilities{HierarchicalDocumentSymbolSupport: true},
	}})
	uris := openAll(t, c, dir, files)
	wait, cdn := uris["wait.crn"], uris["cdn.crn"]
	doc := func(u protocol.DocumentURI) protocol.TextDocumentIdentifier {
		return protocol.TextDocumentIdentifier{URI: u}
	}

	t.Run("hover on wait shows the plan line", func(t *testing.T) {
		var h protocol.Hover
		if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(0, 19)}}, &h); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(h.Contents.Value, "> cert_issued (until cert.status == aws.acm.Certificate.Status.issued)") {
			t.Errorf("hover: %s", h.Contents.Value)
		}
	})
	t.Run("definition of the wait target lands in main.crn", func(t *testing.T) {
		var locs []protocol.Location
		if err := c.call("textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(0, 24)}}, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].URI != uris["main.crn"] || locs[0].Range.Start != pos(0, 4) {
			t.Errorf("definition: %+v", locs)
		}
	})
	t.Run("references of the wait include the passthrough use in cdn.crn", func(t *testing.T) {
		var locs []protocol.Location
		p := &protocol.ReferenceParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(0, 6)}, Context: protocol.ReferenceContext{IncludeDeclaration: true}}
		if err := c.call("textDocument/references", p, &locs); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, l := range locs {
			found = found || l.URI == cdn && l.Range.Start == pos(7, 28)
		}
		if !found || len(locs) < 2 {
			t.Errorf("references: %+v", locs)
		}
	})
	t.Run("rename of cert edits three places in two files", func(t *testing.T) {
		var prep struct {
			Placeholder string `json:"placeholder"`
		}
		if err := c.call("textDocument/prepareRename", &protocol.PrepareRenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(0, 24)}}, &prep); err != nil || prep.Placeholder != "cert" {
			t.Fatalf("prepareRename: %v %+v", err, prep)
		}
		var we protocol.WorkspaceEdit
		if err := c.call("textDocument/rename", &protocol.RenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(0, 24)}, NewName: "certificate"}, &we); err != nil {
			t.Fatal(err)
		}
		if len(we.Changes[uris["main.crn"]]) != 3 || len(we.Changes[wait]) != 2 {
			t.Errorf("rename edits: %+v", we.Changes)
		}
		err := c.call("textDocument/rename", &protocol.RenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(0, 24)}, NewName: "validation_record"}, nil)
		if err == nil || !strings.Contains(err.Error(), "validation_record") {
			t.Errorf("a clashing rename: err = %v, want a refusal naming the clash", err)
		}
	})
	t.Run("document symbols", func(t *testing.T) {
		var syms []protocol.DocumentSymbol
		if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: doc(uris["main.crn"])}, &syms); err != nil {
			t.Fatal(err)
		}
		if len(syms) != 2 || syms[0].Name != "cert" || syms[1].Name != "validation_record" {
			t.Errorf("symbols: %+v", syms)
		}
	})
	t.Run("workspace symbols", func(t *testing.T) {
		var syms []protocol.SymbolInformation
		if err := c.call("workspace/symbol", &protocol.WorkspaceSymbolParams{Query: "issued"}, &syms); err != nil {
			t.Fatal(err)
		}
		if len(syms) == 0 || syms[0].Name != "cert_issued" {
			t.Errorf("workspace symbols: %+v", syms)
		}
	})
	t.Run("document highlight", func(t *testing.T) {
		var hs []protocol.DocumentHighlight
		if err := c.call("textDocument/documentHighlight", &protocol.DocumentHighlightParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(wait), Position: pos(1, 16)}}, &hs); err != nil {
			t.Fatal(err)
		}
		if len(hs) != 2 {
			t.Errorf("highlights of cert in wait.crn: %+v", hs)
		}
	})
	t.Run("folding ranges", func(t *testing.T) {
		var fs []protocol.FoldingRange
		if err := c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(uris["main.crn"])}}, &fs); err != nil {
			t.Fatal(err)
		}
		if len(fs) < 2 {
			t.Errorf("folding: %+v", fs)
		}
	})
	t.Run("semantic tokens full and range", func(t *testing.T) {
		var full, rng semanticTokens
		if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc(wait)}, &full); err != nil {
			t.Fatal(err)
		}
		if len(full.Data) == 0 || len(full.Data)%5 != 0 {
			t.Fatalf("semantic tokens: %v", full.Data)
		}
		// The first token is `let`, a keyword at 0:0.
		types, _ := legendTypes()
		if full.Data[0] != 0 || full.Data[1] != 0 || full.Data[2] != 3 || types[full.Data[3]] != "keyword" {
			t.Errorf("first token: %v", full.Data[:5])
		}
		if err := c.call("textDocument/semanticTokens/range", &protocol.SemanticTokensRangeParams{TextDocument: doc(wait), Range: protocol.Range{Start: pos(1, 0), End: pos(2, 0)}}, &rng); err != nil {
			t.Fatal(err)
		}
		if len(rng.Data) == 0 || len(rng.Data) >= len(full.Data) {
			t.Errorf("range tokens: %d of %d", len(rng.Data), len(full.Data))
		}
	})
	t.Run("inlay hint for the wait without timeout", func(t *testing.T) {
		var hints []inlayHint
		if err := c.call("textDocument/inlayHint", &inlayHintParams{TextDocument: doc(wait), Range: protocol.Range{End: pos(10, 0)}}, &hints); err != nil {
			t.Fatal(err)
		}
		if len(hints) != 1 || hints[0].Label != "timeout: 5min (default)" {
			t.Errorf("inlay hints: %+v", hints)
		}
	})
	t.Run("signature help in join", func(t *testing.T) {
		var sh protocol.SignatureHelp
		if err := c.call("textDocument/signatureHelp", &protocol.SignatureHelpParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(cdn), Position: pos(0, 20)}}, &sh); err != nil {
			t.Fatal(err)
		}
		if len(sh.Signatures) != 1 || !strings.HasPrefix(sh.Signatures[0].Label, "join(") || sh.ActiveParameter != 1 {
			b, _ := json.Marshal(sh)
			t.Errorf("signature help: %s", b)
		}
	})
}

func legendTypes() ([]string, []string) {
	l := legend()
	return l.TokenTypes, l.TokenModifiers
}

// TestCompletionInWait completes at key position in a wait block that does not parse yet, with
// and without snippet support.
func TestCompletionInWait(t *testing.T) {
	files := featureConfig()
	files["wait.crn"] = "let cert_issued = wait cert {\n  until = cert.status == aws.acm.Certificate.Status.issued\n  \n"
	dir := writeFiles(t, files)
	for _, snippets := range []bool{true, false} {
		c := startServer(t, Options{})
		c.initialize(dir, protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
			Completion: &protocol.CompletionTextDocumentClientCapabilities{CompletionItem: &protocol.CompletionTextDocumentClientCapabilitiesItem{SnippetSupport: snippets}},
		}})
		uris := openAll(t, c, dir, files)
		var list protocol.CompletionList
		p := &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["wait.crn"]}, Position: pos(2, 2)}}
		if err := c.call("textDocument/completion", p, &list); err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, it := range list.Items {
			labels = append(labels, it.Label)
			if !snippets && it.InsertTextFormat == protocol.InsertTextFormatSnippet {
				t.Errorf("snippet %q sent to a client without snippet support", it.Label)
			}
			if it.Command != nil {
				t.Errorf("item %q carries a client command", it.Label)
			}
		}
		if strings.Join(labels, ",") != "depends_on,timeout" {
			t.Errorf("snippets=%v: completion in the wait block = %v, want depends_on, timeout (until is set)", snippets, labels)
		}
	}
}
