package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// nodeResults is what node/client.mjs reports.
type nodeResults struct {
	Error        string   `json:"error"`
	Capabilities []string `json:"capabilities"`
	Diagnostics  []struct {
		Line int    `json:"line"`
		Col  int    `json:"col"`
		Code string `json:"code"`
	} `json:"diagnostics"`
	Version         int               `json:"version"`
	Completion      json.RawMessage   `json:"completion"`
	Hover           json.RawMessage   `json:"hover"`
	FormattingEdits []json.RawMessage `json:"formattingEdits"`
	Links           []nodeLink        `json:"links"`
	AfterFix        []string          `json:"afterFix"`
	Untitled        struct {
		Diagnostics     []string          `json:"diagnostics"`
		Hover           json.RawMessage   `json:"hover"`
		FormattingEdits []json.RawMessage `json:"formattingEdits"`
	} `json:"untitled"`
	FullSync struct {
		LineBefore int     `json:"lineBefore"`
		Publishes  [][]int `json:"publishes"`
	} `json:"fullSync"`
	WillRenameFilters []struct {
		Scheme  string `json:"scheme"`
		Pattern struct {
			Glob    string `json:"glob"`
			Matches string `json:"matches"`
		} `json:"pattern"`
	} `json:"willRenameFilters"`
	WillRename []struct {
		File  string `json:"file"`
		Edits []struct {
			Line    int    `json:"line"`
			Col     int    `json:"col"`
			NewText string `json:"newText"`
		} `json:"edits"`
	} `json:"willRename"`
	Selection []string `json:"selection"`
	Tokens    struct {
		Before    []uint32 `json:"before"`
		ResultIDs []string `json:"resultIds"`
		Edits     []struct {
			Start       int      `json:"start"`
			DeleteCount int      `json:"deleteCount"`
			Data        []uint32 `json:"data"`
		} `json:"edits"`
		Applied []uint32 `json:"applied"`
		Fresh   []uint32 `json:"fresh"`
	} `json:"tokens"`
	RequiredFix struct {
		Message      string   `json:"message"`
		Titles       []string `json:"titles"`
		Title        string   `json:"title"`
		Kind         string   `json:"kind"`
		Diagnostics  []string `json:"diagnostics"`
		Text         string   `json:"text"`
		AfterVersion int      `json:"afterVersion"`
		After        []string `json:"after"`
	} `json:"requiredFix"`
	ExitCode int `json:"exitCode"`
}

// nodeLink is a document link as node/client.mjs reports it: where it starts and its target.
type nodeLink struct {
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Target string `json:"target"`
}

// TestNodeClient drives the built server from Node with vscode-languageserver-protocol (the
// protocol library of VS Code's client): the same checks as the Neovim test, plus an incremental
// edit that fixes the mistake, an untitled buffer, a whole-text change that must not make the
// diagnostics flicker, a module folder's rename (workspace/willRenameFiles), expand selection
// from a word of the wait, a semantic tokens delta after an edit, the quick fix that adds a
// missing required attribute (applied by the client), and the shutdown/exit handshake.
func TestNodeClient(t *testing.T) {
	node, clientDir := nodeClient(t)
	bin := buildServer(t)
	dir := writeConfig(t, waitConfig())
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, filepath.Join(clientDir, "client.mjs"), bin, dir).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res nodeResults
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("results %s: %v", out, err)
	}
	if res.Error != "" {
		t.Fatalf("the Node client failed: %s", res.Error)
	}
	var codes []string
	for _, d := range res.Diagnostics {
		codes = append(codes, d.Code)
	}
	if !slices.Contains(codes, "wait-until-type-mismatch") || res.Version != 1 {
		t.Errorf("diagnostics %v (version %d): want wait-until-type-mismatch on version 1", codes, res.Version)
	}
	if !strings.Contains(string(res.Hover), "\u003e cert_issued (until cert.status") && !strings.Contains(string(res.Hover), "> cert_issued (until cert.status") {
		t.Errorf("hover on wait: %s, want the plan line", res.Hover)
	}
	var labels []string
	if err := json.Unmarshal(res.Completion, &labels); err != nil || !slices.Contains(labels, "timeout") || slices.Contains(labels, "until") {
		t.Errorf("completion at key position in the wait block: %s, want timeout and not the keys already set", res.Completion)
	}
	// main.crn's first line: `let cert = aws.acm.Certificate {`, the type at column 11.
	if !slices.ContainsFunc(res.Links, func(l nodeLink) bool {
		return l.Line == 0 && l.Col == 11 && strings.HasSuffix(l.Target, "/generated-docs/aws/acm/certificate.md")
	}) || !slices.Contains(res.Capabilities, "documentLinkProvider") {
		t.Errorf("document links of main.crn: %+v (capabilities %v), want aws.acm.Certificate's page", res.Links, res.Capabilities)
	}
	if len(res.FormattingEdits) == 0 {
		t.Error("formatting returned no edits for an unformatted wait block")
	}
	if slices.Contains(res.AfterFix, "wait-until-type-mismatch") {
		t.Errorf("after the fix: %v", res.AfterFix)
	}
	if u := res.Untitled; !slices.Contains(u.Diagnostics, "wait-unknown-target") || !strings.Contains(string(u.Hover), "cert_issued") || len(u.FormattingEdits) == 0 {
		t.Errorf("the untitled buffer: diagnostics %v (want wait-unknown-target: no sibling files), hover %s, %d formatting edits", u.Diagnostics, u.Hover, len(u.FormattingEdits))
	}
	// A whole-text change above the wait: each publish of the new version has the wait's
	// diagnostic one line lower, none is without it.
	if fs := res.FullSync; fs.LineBefore < 0 || len(fs.Publishes) == 0 {
		t.Errorf("full-sync change: %+v, want the wait's diagnostic before and a publish after", fs)
	} else {
		for i, lines := range fs.Publishes {
			if !slices.Equal(lines, []int{fs.LineBefore + 1}) {
				t.Errorf("full-sync change: publish %d of the new version has the wait's diagnostic on lines %v, want [%d] (all publishes: %v)", i+1, lines, fs.LineBefore+1, fs.Publishes)
			}
		}
	}
	// File operations: the server registers .crn files and folders for willRenameFiles, and a
	// module folder renamed gets the edit to the source of the configuration that names it.
	var filters []string
	for _, f := range res.WillRenameFilters {
		filters = append(filters, f.Scheme+":"+f.Pattern.Glob+":"+f.Pattern.Matches)
	}
	if want := []string{"file:**/*.crn:file", "file:**/*:folder"}; !slices.Equal(filters, want) {
		t.Errorf("willRename filters %v, want %v", filters, want)
	}
	if wr := res.WillRename; len(wr) != 1 || wr[0].File != "stack/main.crn" || len(wr[0].Edits) != 1 ||
		wr[0].Edits[0].NewText != "'../mods/network'" || wr[0].Edits[0].Line != 0 || wr[0].Edits[0].Col != 25 {
		t.Errorf("willRenameFiles of mods/net: %+v, want one edit of stack/main.crn at 1:26 to '../mods/network'", wr)
	}
	// Expand selection from `status` in the fixed wait's until: the path, the comparison, the
	// attribute, the body's items, the body, the wait, the statement.
	body := "{\n  until = cert.status == aws.acm.Certificate.Status.issued\n    depends_on = [validation_record]\n}"
	wantSel := []string{
		"status",
		"cert.status",
		"cert.status == aws.acm.Certificate.Status.issued",
		"until = cert.status == aws.acm.Certificate.Status.issued",
		"until = cert.status == aws.acm.Certificate.Status.issued\n    depends_on = [validation_record]",
		body,
		"wait cert " + body,
		"let cert_issued = wait cert " + body,
	}
	if d := cmp.Diff(wantSel, res.Selection); d != "" {
		t.Errorf("selection ranges from a word of the wait (-want +got):\n%s", d)
	}
	// Semantic tokens, a statement typed above the wait, the delta from the first answer: one
	// edit of a few tokens that, applied, gives the fresh full answer, each answer its own id.
	tk := res.Tokens
	if d := cmp.Diff(tk.Fresh, tk.Applied); d != "" || len(tk.Fresh) == 0 {
		t.Errorf("the delta applied is not the fresh full answer (-fresh +applied):\n%s", d)
	}
	if slices.Equal(tk.Before, tk.Fresh) {
		t.Errorf("the edit changed no token: %v", tk.Fresh)
	}
	if len(tk.Edits) != 1 || len(tk.Edits[0].Data) > 5*5 {
		t.Errorf("delta edits %+v, want one of a few tokens", tk.Edits)
	}
	if ids := slices.Compact(slices.Sorted(slices.Values(tk.ResultIDs))); len(tk.ResultIDs) != 3 || len(ids) != 3 || slices.Contains(ids, "") {
		t.Errorf("result ids %q, want three distinct", tk.ResultIDs)
	}
	checkRequiredFix(t, bin, res)
	if res.ExitCode != 0 {
		t.Errorf("exit code after shutdown and exit = %d, want 0", res.ExitCode)
	}
}

// checkRequiredFix checks the client's run of the add-missing-required quick fix on
// `awscc.ec2.SecurityGroupIngress { description = 'réseau 🌐' }` (ip_protocol, an enum, is
// required): the action's title, the text its edit gives (applied by the client in UTF-16
// columns, past the non-ASCII value), that text as `carina-lsp fmt` leaves it, and the publish
// after the change without the diagnostic.
func checkRequiredFix(t *testing.T, bin string, res nodeResults) {
	t.Helper()
	rf := res.RequiredFix
	const title = "Add the missing required attribute ip_protocol"
	if rf.Title != title || rf.Kind != "quickfix" || !slices.Equal(rf.Diagnostics, []string{"missing-required-attribute"}) {
		t.Errorf("add-missing-required action: title %q, kind %q, diagnostics %v (all titles %q), want %q, a quickfix for missing-required-attribute (diagnostic %q)",
			rf.Title, rf.Kind, rf.Diagnostics, rf.Titles, title, rf.Message)
	}
	want := "awscc.ec2.SecurityGroupIngress {\n  description = 'réseau 🌐'\n\n  ip_protocol = tcp\n}\n"
	if rf.Text != want {
		t.Errorf("the text after the quick fix:\n%s\nwant:\n%s", rf.Text, want)
	}
	fmtCmd := exec.Command(bin, "fmt")
	fmtCmd.Stdin = strings.NewReader(rf.Text)
	var stderr strings.Builder
	fmtCmd.Stderr = &stderr
	formatted, err := fmtCmd.Output()
	if err != nil {
		t.Errorf("carina-lsp fmt of the fixed text: %v\n%s", err, stderr.String())
	} else if d := cmp.Diff(string(formatted), rf.Text); d != "" {
		t.Errorf("the fixed text is not as carina-lsp fmt leaves it (-fmt +fixed):\n%s", d)
	}
	if rf.AfterVersion != 2 || slices.Contains(rf.After, "missing-required-attribute") {
		t.Errorf("the last publish after the fix: version %d, diagnostics %v; want version 2 without missing-required-attribute", rf.AfterVersion, rf.After)
	}
}

// TestNodeClientPull drives the built server from Node as a client that pulls diagnostics (the
// capabilities vscode-languageclient declares): it is offered the diagnostic provider, an open
// document's pull has its findings and then "unchanged", the workspace's pull reports the file
// never opened too, in partial results, and nothing is published to it.
func TestNodeClientPull(t *testing.T) {
	node, clientDir := nodeClient(t)
	bin := buildServer(t)
	dir := writeConfig(t, map[string]string{
		"app/main.crn": "let logs = aws.s3.Bucket {\n  bucket = 'logs'\n}\nlet copy = lgos.bucket\n",
		"lib/main.crn": "let unused_thing = 'x'\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, filepath.Join(clientDir, "pull.mjs"), bin, dir).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res struct {
		Error              string `json:"error"`
		Published          int    `json:"published"`
		DiagnosticProvider *struct {
			WorkspaceDiagnostics bool `json:"workspaceDiagnostics"`
		} `json:"diagnosticProvider"`
		Document struct {
			Kind      string   `json:"kind"`
			Codes     []string `json:"codes"`
			AgainKind string   `json:"againKind"`
		} `json:"document"`
		WorkspaceAnswerItems int `json:"workspaceAnswerItems"`
		Partials             [][]struct {
			URI   string   `json:"uri"`
			Kind  string   `json:"kind"`
			Codes []string `json:"codes"`
		} `json:"partials"`
		ExitCode int `json:"exitCode"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("results %s: %v", out, err)
	}
	if res.Error != "" {
		t.Fatalf("the Node client failed: %s", res.Error)
	}
	if res.DiagnosticProvider == nil || !res.DiagnosticProvider.WorkspaceDiagnostics {
		t.Errorf("diagnosticProvider %+v, want workspace diagnostics", res.DiagnosticProvider)
	}
	if d := res.Document; d.Kind != "full" || !slices.Contains(d.Codes, "undefined-binding") || d.AgainKind != "unchanged" {
		t.Errorf("the open document's pulls: %+v", d)
	}
	byFile := map[string][]string{}
	for _, items := range res.Partials {
		for _, r := range items {
			byFile[r.URI] = r.Codes
		}
	}
	if len(res.Partials) == 0 || res.WorkspaceAnswerItems != 0 || !slices.Contains(byFile["app/main.crn"], "undefined-binding") || !slices.Equal(byFile["lib/main.crn"], []string{"unused-let"}) {
		t.Errorf("workspace pull: %d partial results (%v), %d items in the answer", len(res.Partials), byFile, res.WorkspaceAnswerItems)
	}
	if res.Published != 0 {
		t.Errorf("%d publishDiagnostics to a client that pulls", res.Published)
	}
	if res.ExitCode != 0 {
		t.Errorf("exit code %d", res.ExitCode)
	}
}

// nodeClient returns node and the directory of the Node client scripts, skipping the test when
// their packages are not installed (failing it under CI=true, where .ci/run installs them).
func nodeClient(t *testing.T) (node, dir string) {
	t.Helper()
	node = need(t, "node")
	dir = filepath.Join(corpus.Root(t), "e2e", "node")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "vscode-languageserver-protocol")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("e2e/node/node_modules is missing (CI=true: .ci/run must run npm ci in e2e/node)")
		}
		t.Skip("skipping: run `npm ci` in e2e/node first")
	}
	return node, dir
}
