package lsp

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// TestPublishJSON: the hand-written encoding of a publish decodes to what encoding/json makes of
// the same value, for messages with every kind of character, related places, tags, a code that
// is not a string (encoded the general way), a code description and an empty list.
func TestPublishJSON(t *testing.T) {
	v := int32(7)
	rng := protocol.Range{Start: protocol.Position{Line: 1, Character: 2}, End: protocol.Position{Line: 3, Character: 4294967295}}
	tests := []publishDiagnosticsParams{
		{URI: "file:///a.crn", Diagnostics: []protocol.Diagnostic{}},
		{URI: "file:///dir%20x/a.crn", Version: &v, Diagnostics: []protocol.Diagnostic{
			{Range: rng, Severity: protocol.DiagnosticSeverityError, Code: "syntax", Source: "carina",
				Message: "quote \" backslash \\ newline \n tab \t cr \r nul \x00 bell \x07 é 😀 \u2028 \u2029 <&> bad \xff\xfe end"},
			{Range: rng, Severity: protocol.DiagnosticSeverityWarning, Code: "unused-let", Source: "carina", Message: "m",
				CodeDescription: &protocol.CodeDescription{Href: "https://example.com/docs/unused-let.md?a=\"b\"&c"},
				Tags:            []protocol.DiagnosticTag{protocol.DiagnosticTagUnnecessary},
				RelatedInformation: []protocol.DiagnosticRelatedInformation{
					{Location: protocol.Location{URI: "file:///b.crn", Range: rng}, Message: "\"x\" also declared here"},
					{Location: protocol.Location{URI: "untitled:Untitled-1", Range: rng}, Message: ""},
				}},
			{Range: rng, Message: "no severity, code or source"},
			{Range: rng, Code: int32(12), Message: "a numeric code", Data: map[string]any{"k": "v"}},
		}},
	}
	type plain publishDiagnosticsParams // the same fields, without MarshalJSON
	for i, p := range tests {
		got, err := p.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(plain(p))
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(got) {
			t.Fatalf("%d: not JSON: %s", i, got)
		}
		var g, w any
		if err := json.Unmarshal(got, &g); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(want, &w); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(w, g); diff != "" {
			t.Errorf("%d: hand-written encoding differs from encoding/json's (-want +got):\n%s\n%s", i, diff, got)
		}
	}
}

// TestPublishJSONStrings pins the bytes of a publish's strings, which have never escaped < > &
// and write backspace and form feed as \b and \f, as segmentio's encoder writes the server's
// other messages (since its v0.5; \u0008 and \u000c before), through jsonstr.AppendPlain, against
// an escaper shared with outputs that do otherwise.
func TestPublishJSONStrings(t *testing.T) {
	p := publishDiagnosticsParams{URI: "file:///a<&>.crn", Diagnostics: []protocol.Diagnostic{{Message: "<&> \b\f\x01 \u2028 \xff \"\\"}}}
	got, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"uri":"file:///a<&>.crn","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},` +
		`"message":"<&> \b\f\u0001 \u2028 \ufffd \"\\"}]}`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
