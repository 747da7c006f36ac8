package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/carina-rs/carina-lsp/source"
)

// secretConfig and secretState hold secrets of every kind Carina keeps out of its plan: a
// configured secret(...) value, the stored hash of one, and a stored write-only attribute, each
// also where the configuration does not write it (hover lists what only the state holds).
// Each changes, so that every place the plan is shown has the attribute to show.
const (
	secretConfig = `provider awscc {
  region = awscc.Region.ap_northeast_1
}

let bucket = awscc.s3.Bucket {
  bucket_name = 'logs-2'
  tags = { Owner = 'ops', Token = secret('hunter2-configured') }
}

let db = awscc.rds.DBInstance {
  db_instance_identifier = 'db'
  master_user_password   = secret('hunter2-password')
}
`
	secretState = `{"version":10,"serial":3,"lineage":"l","carina_version":"0.4.0","resources":[
{"resource_type":"s3.Bucket","identity":"bucket","binding":"bucket","provider":"awscc","identifier":"logs-1","attributes":{"bucket_name":"logs-1","tags":{"Owner":"dev","Token":"_secret:argon2:hunter2-stored-hash"},"arn":"arn:aws:s3:::logs-1","notification_token":"_secret:argon2:hunter2-state-only"},"explicit":{"kind":"struct","children":{"bucket_name":{"kind":"leaf"},"tags":{"kind":"leaf"}}}},
{"resource_type":"rds.DBInstance","identity":"db","binding":"db","provider":"awscc","identifier":"db","attributes":{"db_instance_identifier":"db","master_user_password":"hunter2-write-only","other_password":"hunter2-write-only-unwritten"},"write_only_attributes":["master_user_password","other_password"],"explicit":{"kind":"struct","children":{"db_instance_identifier":{"kind":"leaf"},"master_user_password":{"kind":"leaf"}}}}
]}
`
)

// TestPlanSecretsNeverShown: no secret of the configuration or the state file reaches a hover
// (at any offset), a code lens, a diagnostic, carina/plan's answer or the server's log (at
// debug level), while the plan itself is shown (the test would pass vacuously otherwise).
func TestPlanSecretsNeverShown(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "main.crn")
	for name, text := range map[string]string{"main.crn": secretConfig, "carina.state.json": secretState} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	core, logs := observer.New(zapcore.DebugLevel)
	c := startServer(t, Options{Debounce: 20 * time.Millisecond, Logger: zap.New(core), Level: zap.NewAtomicLevelAt(zap.DebugLevel)})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(path)
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "carina", Version: 1, Text: secretConfig}})
	var shown strings.Builder
	for _, d := range c.settledDiagnostics(dir) {
		for _, x := range d.Diagnostics {
			shown.WriteString(x.Message + "\n")
		}
	}
	var lenses []protocol.CodeLens
	if err := c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &lenses); err != nil {
		t.Fatal(err)
	}
	for _, l := range lenses {
		shown.WriteString(l.Command.Title + "\n")
	}
	lines := source.NewLines(secretConfig)
	for off := range len(secretConfig) {
		var h *protocol.Hover
		pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: toPosition(lines, off)}
		if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: pos}, &h); err != nil {
			t.Fatal(err)
		}
		if h != nil {
			shown.WriteString(h.Contents.Value + "\n")
		}
	}
	var res planResult
	if err := c.call("carina/plan", &planParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &res); err != nil {
		t.Fatal(err)
	}
	shown.WriteString(res.Text + strings.Join(res.Problems, "\n"))
	for _, e := range logs.All() {
		b, _ := json.Marshal(e.ContextMap())
		shown.WriteString(e.Message + string(b) + "\n")
	}
	out := shown.String()
	// What must be there: the plan of both resources, their lenses and their state in hover.
	for _, want := range []string{"-/+ replace: bucket_name is create-only", "~ awscc.rds.DBInstance db", "identifier `logs-1`", "Token: (secret)", "changing bucket_name replaces", "`arn` `\"arn:aws:s3:::logs-1\"`, `notification_token` `(secret)`"} {
		if !strings.Contains(out, want) {
			t.Errorf("nothing shows %q; what is shown:\n%s", want, out)
		}
	}
	if strings.Contains(out, "hunter2") {
		i := strings.Index(out, "hunter2")
		t.Errorf("a secret is shown: %q", out[max(0, i-200):min(len(out), i+100)])
	}
}
