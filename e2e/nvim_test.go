package e2e

import (
	"context"
	"encoding/json"
	"fmt"
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

// nvimResults is what testdata/nvim/client.lua reports.
type nvimResults struct {
	Errors      []string `json:"errors"`
	Diagnostics []struct {
		Line    int    `json:"line"`
		Col     int    `json:"col"`
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"diagnostics"`
	Completion []string `json:"completion"`
	Hover      any      `json:"hover"`
	Formatted  []string `json:"formatted"`
}

// TestNeovim opens the wait configuration in headless Neovim with its built-in LSP client and
// checks diagnostics, completion inside the wait block, hover and formatting.
func TestNeovim(t *testing.T) {
	eachNeovim(t, func(t *testing.T, nvim string) {
		bin := buildServer(t)
		dir := writeConfig(t, waitConfig())
		out := filepath.Join(t.TempDir(), "results.json")
		script := filepath.Join(corpus.Root(t), "e2e", "testdata", "nvim", "client.lua")
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
		cmd.Env = append(os.Environ(), "CARINA_LSP="+bin, "CARINA_DIR="+dir, "CARINA_OUT="+out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("nvim: %v\n%s", err, b)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatalf("no results from nvim: %v", err)
		}
		var res nvimResults
		if err := json.Unmarshal(data, &res); err != nil {
			t.Fatalf("results %s: %v", data, err)
		}
		if len(res.Errors) > 0 {
			t.Fatalf("the Neovim script failed: %v", res.Errors)
		}
		var codes []string
		for _, d := range res.Diagnostics {
			codes = append(codes, d.Code)
			if d.Line > 3 {
				t.Errorf("diagnostic past wait.crn's last line (from another file?): %+v", d)
			}
		}
		if !slices.Contains(codes, "wait-until-type-mismatch") {
			t.Errorf("diagnostics %v: want wait-until-type-mismatch for the misspelt enum value", res.Diagnostics)
		}
		if !slices.Contains(res.Completion, "timeout") || slices.Contains(res.Completion, "until") {
			t.Errorf("completion at key position in the wait block: %v, want timeout and not the keys already set", res.Completion)
		}
		if hover, _ := res.Hover.(string); !strings.Contains(hover, "> cert_issued (until cert.status == aws.acm.Certificate.Status.Isued)") {
			t.Errorf("hover on wait: %v, want the plan line", res.Hover)
		}
		want := []string{
			"let cert_issued = wait cert {",
			"  until      = cert.status == aws.acm.Certificate.Status.Isued",
			"  depends_on = [validation_record]",
			"}",
		}
		if strings.Join(res.Formatted, "\n") != strings.Join(want, "\n") {
			t.Errorf("formatted buffer:\n%s\nwant:\n%s", strings.Join(res.Formatted, "\n"), strings.Join(want, "\n"))
		}
	})
}

// readmeSnippet returns the minimal Neovim setup of docs/editors.md: the Lua block that attaches
// clients.
func readmeSnippet(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpus.Root(t), "docs", "editors.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(data), "```lua\n")[1:] {
		code, _, _ := strings.Cut(block, "```")
		if strings.Contains(code, "buf_attach_client") {
			return code
		}
	}
	t.Fatal("docs/editors.md has no Lua block that attaches a client")
	return ""
}

// TestNeovimReadmeSnippet loads the minimal setup of docs/editors.md as init.lua, with the built carina-lsp
// on PATH, and opens two files of one root and one elsewhere: one client per root, the buffers of
// a root see each other's unsaved text, and <C-x><C-o> completes from the server. Neovim 0.7
// takes the start_client branch of the snippet, 0.8+ vim.lsp.start: both are run (eachNeovim).
func TestNeovimReadmeSnippet(t *testing.T) {
	eachNeovim(t, func(t *testing.T, nvim string) {
		bin := buildServer(t)
		dir := writeConfig(t, map[string]string{
			"repo/.git/HEAD":  "ref: refs/heads/main\n",
			"repo/env/a.crn":  "let x = helper.bucket\n",
			"repo/env/b.crn":  "let y = 1\n",
			"loose/c.crn":     "let cert = aws.acm.Certificate {\n  domain_name = 'a.example'\n}\n\nlet done = wait cert {\n  until = cert.status == aws.acm.Certificate.Status.issued\n}\n",
			"home/.keep":      "",
			"home/init.lua":   readmeSnippet(t),
			"home/.gitignore": "",
		})
		out := filepath.Join(t.TempDir(), "results.json")
		script := filepath.Join(corpus.Root(t), "e2e", "testdata", "nvim", "readme.lua")
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", filepath.Join(dir, "home", "init.lua"), "-i", "NONE", "-n", "-c", "luafile "+script)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "CARINA_DIR="+dir, "CARINA_OUT="+out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("nvim: %v\n%s", err, b)
		}
		var res struct {
			Errors  []string `json:"errors"`
			Clients []struct {
				Root    string   `json:"root"`
				Buffers []string `json:"buffers"`
			} `json:"clients"`
			Omnifunc      []string `json:"omnifunc"`
			Before, After []string
			Omni          []string `json:"omni"`
		}
		readJSON(t, out, &res)
		if len(res.Errors) > 0 {
			t.Fatalf("the Neovim script failed: %v", res.Errors)
		}
		if len(res.Clients) != 2 {
			t.Errorf("%d clients: %+v, want one for each of the two roots", len(res.Clients), res.Clients)
		}
		roots := map[string][]string{}
		for _, c := range res.Clients {
			roots[c.Root] = c.Buffers
		}
		want := map[string][]string{filepath.Join(dir, "repo"): {"a.crn", "b.crn"}, filepath.Join(dir, "loose"): {"c.crn"}}
		if fmt.Sprint(roots) != fmt.Sprint(want) {
			t.Errorf("clients by root: %v, want %v", roots, want)
		}
		for i, f := range res.Omnifunc {
			if f != "v:lua.vim.lsp.omnifunc" {
				t.Errorf("omnifunc of buffer %d = %q", i, f)
			}
		}
		if !slices.Contains(res.Before, "undefined-binding") || slices.Contains(res.After, "undefined-binding") {
			t.Errorf("a.crn's diagnostics before and after b.crn (unsaved) declares helper: %v, %v", res.Before, res.After)
		}
		if !slices.ContainsFunc(res.Omni, func(w string) bool { return strings.HasPrefix(w, "timeout") }) {
			t.Errorf("<C-x><C-o> in the wait block: %v, want timeout among the items", res.Omni)
		}
	})
}

// TestNeovimHealth starts the built server through the plugin and reads :checkhealth carina: the
// binary found, its version, the client with its root and buffer.
func TestNeovimHealth(t *testing.T) {
	eachNeovim(t, func(t *testing.T, nvim string) {
		bin := buildServer(t)
		dir := writeConfig(t, map[string]string{"main.crn": "let x = 1\n"})
		out := filepath.Join(t.TempDir(), "health.txt")
		root := corpus.Root(t)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+filepath.Join(root, "e2e", "testdata", "nvim", "health.lua"))
		cmd.Env = append(os.Environ(), "CARINA_LSP="+bin, "CARINA_PLUGIN="+filepath.Join(root, "editors", "nvim"), "CARINA_DIR="+dir, "CARINA_OUT="+out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("nvim: %v\n%s", err, b)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		report := string(data)
		version, err := exec.Command(bin, "version").Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"setup() was called",
			"found: " + bin,
			"version: " + strings.TrimSpace(string(version)),
			"(carina-lsp " + strings.TrimPrefix(strings.TrimSpace(string(version)), "carina-lsp ") + "), root " + dir + ", attached to 1 buffer(s): ",
		} {
			if !strings.Contains(report, want) {
				t.Errorf(":checkhealth carina lacks %q:\n%s", want, report)
			}
		}
		if strings.Contains(report, "ERROR") {
			t.Errorf(":checkhealth carina reports an error:\n%s", report)
		}
		if testing.Verbose() {
			t.Log(report)
		}
	})
}

// exampleConfig returns the files of examples/wait-cert, the design example.
func exampleConfig(t *testing.T) map[string]string {
	t.Helper()
	dir := filepath.Join(corpus.Root(t), "examples", "wait-cert")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(b)
	}
	return files
}

// hierarchyItem is a call hierarchy item as testdata/nvim/lens.lua reports it: the name, its
// file and line, and, for a call, how many ranges the call has.
type hierarchyItem struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Ranges int    `json:"ranges"`
}

// lensRun is what vim.lsp.codelens.run() left: the quickfix list's title, its entries
// (file:line:col) and whether it is open, and the lenses the run offered to choose from.
type lensRun struct {
	Title   string   `json:"title"`
	Items   []string `json:"items"`
	Open    bool     `json:"open"`
	Offered []string `json:"offered"`
}

// TestNeovimHierarchyAndLenses drives the dependency hierarchy and the code lenses from headless
// Neovim with the plugin, on the design example: prepareCallHierarchy, incomingCalls and
// outgoingCalls through the client; textDocument/codeLens; the lenses the plugin shows, and
// shows again after an edit; vim.lsp.codelens.run() on a lens, which the plugin's
// carina.showLocations handler turns into the quickfix list; and the codelens option off. Both
// Neovims: the plugin's code lens refresh differs before 0.10.
func TestNeovimHierarchyAndLenses(t *testing.T) {
	eachNeovim(t, func(t *testing.T, nvim string) {
		bin := buildServer(t)
		dir := writeConfig(t, exampleConfig(t))
		out := filepath.Join(t.TempDir(), "results.json")
		root := corpus.Root(t)
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+filepath.Join(root, "e2e", "testdata", "nvim", "lens.lua"))
		cmd.Env = append(os.Environ(), "CARINA_LSP="+bin, "CARINA_PLUGIN="+filepath.Join(root, "editors", "nvim"), "CARINA_DIR="+dir, "CARINA_OUT="+out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("nvim: %v\n%s", err, b)
		}
		var res struct {
			Errors         []string        `json:"errors"`
			CertItem       hierarchyItem   `json:"cert"`
			IssuedItem     hierarchyItem   `json:"issued"`
			CertIncoming   []hierarchyItem `json:"cert_incoming"`
			CertOutgoing   []hierarchyItem `json:"cert_outgoing"`
			IssuedIncoming []hierarchyItem `json:"issued_incoming"`
			IssuedOutgoing []hierarchyItem `json:"issued_outgoing"`
			Lenses, Shown  []string
			Autocmds       int      `json:"autocmds"`
			AutocmdsOff    int      `json:"autocmds_off"`
			RunWaited      lensRun  `json:"run_waited"`
			RunReferences  lensRun  `json:"run_references"`
			AfterEdit      []string `json:"after_edit"`
			AfterUndo      []string `json:"after_undo"`
		}
		readJSON(t, out, &res)
		if len(res.Errors) > 0 {
			t.Fatalf("the Neovim script failed: %v", res.Errors)
		}
		check := func(what string, want, got any) {
			t.Helper()
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", what, diff)
			}
		}
		check("prepareCallHierarchy on cert", hierarchyItem{Name: "cert", File: "main.crn", Line: 7}, res.CertItem)
		// validation_record reads cert twice; the wait names it as its target and in until.
		check("incoming calls of cert", []hierarchyItem{{"validation_record", "main.crn", 12, 2}, {"cert_issued", "wait.crn", 1, 2}}, res.CertIncoming)
		check("outgoing calls of cert (it reads nothing)", []hierarchyItem{}, res.CertOutgoing)
		check("prepareCallHierarchy on cert_issued", hierarchyItem{Name: "cert_issued", File: "wait.crn", Line: 1}, res.IssuedItem)
		check("incoming calls of cert_issued", []hierarchyItem{{"awscc.cloudfront.Distribution", "cdn.crn", 0, 1}}, res.IssuedIncoming)
		check("outgoing calls of cert_issued", []hierarchyItem{{"cert", "main.crn", 7, 2}, {"validation_record", "main.crn", 12, 1}}, res.IssuedOutgoing)

		lenses := []string{"7:4 references", "7:2 dependents", "7:waited on by cert_issued", "12:1 reference", "12:1 dependent"}
		var want []string
		for _, l := range lenses {
			want = append(want, l+":carina.showLocations")
		}
		check("textDocument/codeLens on main.crn", want, res.Lenses)
		shown := slices.Clone(lenses)
		slices.Sort(shown)
		check("the lenses Neovim shows", shown, res.Shown)
		if res.Autocmds != 3 || res.AutocmdsOff != 0 {
			t.Errorf("refresh autocommands: %d with codelens on (want BufEnter, CursorHold, InsertLeave), %d with it off", res.Autocmds, res.AutocmdsOff)
		}

		check("cert's lenses after an edit and InsertLeave", []string{"3 dependents", "5 references", "waited on by cert_issued"}, res.AfterEdit)
		check("cert's lenses after undoing it", []string{"2 dependents", "4 references", "waited on by cert_issued"}, res.AfterUndo)

		offered := []string{"2 dependents", "4 references", "waited on by cert_issued"}
		check("running the waited-on lens", lensRun{Title: "waited on by cert_issued", Items: []string{"wait.crn:2:5"}, Open: true, Offered: offered}, res.RunWaited)
		check("running the references lens", lensRun{
			Title: "4 references",
			Items: []string{"main.crn:15:22", "main.crn:18:23", "wait.crn:2:24", "wait.crn:3:16"},
			Open:  true, Offered: offered,
		}, res.RunReferences)
	})
}

// TestNeovimConvert runs editors/nvim/test/convert.lua with the built server on each Neovim:
// :'<,'>CarinaConvert over CloudFormation pasted into a carina buffer (the lines replaced by
// Carina that parses, in one undo step, the notes in the quickfix list, a broken text an error
// that changes nothing), :CarinaConvert of a template of ../shared/cfn into a new carina buffer,
// and of a JSON buffer with no client running. The script's checks are its own (harness.lua);
// this test fails on any of them and on a script that does not reach its end.
func TestNeovimConvert(t *testing.T) {
	eachNeovim(t, func(t *testing.T, nvim string) {
		bin := buildServer(t)
		templates := corpus.Shared(t, "cfn")
		script := filepath.Join(corpus.Root(t), "editors", "nvim", "test", "convert.lua")
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
		cmd.Env = append(os.Environ(), "CARINA_LSP="+bin, "CARINA_CFN="+templates)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("nvim: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), "nvim :CarinaConvert test: ok") {
			t.Fatalf("the script did not report ok:\n%s", out)
		}
		if testing.Verbose() {
			t.Logf("%s", out)
		}
	})
}
