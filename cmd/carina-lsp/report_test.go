package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/google/go-cmp/cmp"
)

// A configuration whose only problems are an unused value binding (a warning, on line 1) and an
// enum string that is no value of the enum (an error whose message quotes it).
const enumErrSrc = "let flag = 1\nlet cert = aws.acm.Certificate {\n  domain_name       = 'x'\n  validation_method = \"100%,a:b\"\n}\n"

// -format github prints one valid workflow command per diagnostic: the level, the file and the
// 1-based range as properties, the code in the title, the message as data; '%', ':' and ',' in
// property values and '%' in the data are escaped.
func TestGitHubFormat(t *testing.T) {
	dir := t.TempDir()
	name := "a,b:c%d.crn" // every character a property value must escape
	writeTree(t, dir, map[string]string{name: enumErrSrc, "warn.crn": warnSrc})
	got := runCmd(t, "check", "-format", "github", dir)
	if got.Code != 1 || got.Stderr != "" {
		t.Fatalf("code %d, stderr %q; want 1 and nothing", got.Code, got.Stderr)
	}
	cmds := testutil.WorkflowCommands(t, got.Stdout)
	path := filepath.ToSlash(filepath.Join(dir, name))
	value := strings.Index(enumErrSrc, `"100%`)
	line, col := utf16Pos(enumErrSrc, value)
	want := []testutil.WorkflowCommand{{
		Command: "warning",
		Props: map[string]string{
			"file": path, "line": "1", "col": "5", "endLine": "1", "endColumn": "9", "title": "carina unused-let",
		},
	}, {
		Command: "error",
		Props: map[string]string{
			"file": path, "line": fmt.Sprint(line + 1), "col": fmt.Sprint(col + 1),
			"endLine": fmt.Sprint(line + 1), "endColumn": fmt.Sprint(col + 1 + len(`"100%,a:b"`)),
			"title": "carina invalid-enum-value",
		},
	}, {
		Command: "warning",
		Props: map[string]string{
			"file": filepath.ToSlash(filepath.Join(dir, "warn.crn")), "line": "1", "col": "5", "endLine": "1", "endColumn": "11",
			"title": "carina unused-let",
		},
	}}
	if diff := cmp.Diff(want, cmds, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Data" }, cmp.Ignore())); diff != "" {
		t.Errorf("workflow commands (-want +got):\n%s\noutput:\n%s", diff, got.Stdout)
	}
	if len(cmds) == 3 && !strings.Contains(cmds[1].Data, `got a string literal "100%,a:b"`) {
		t.Errorf("the error's message lost its text: %q", cmds[1].Data)
	}
	// The data escapes '%' but keeps ':' and ',' (only property values escape them).
	if !strings.Contains(got.Stdout, `::validation_method (ValidationMethod) expects an enum identifier, got a string literal "100%25,a:b"`) {
		t.Errorf("the error's data is not escaped as expected:\n%s", got.Stdout)
	}
}

// sarif is the part of a SARIF 2.1.0 log the test reads.
type sarif struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					HelpURI string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []sarifResultJSON `json:"results"`
	} `json:"runs"`
}

type sarifResultJSON struct {
	RuleID  string `json:"ruleId"`
	Level   string `json:"level"`
	Message struct {
		Text string `json:"text"`
	} `json:"message"`
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI string `json:"uri"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine   int `json:"startLine"`
				StartColumn int `json:"startColumn"`
				EndLine     int `json:"endLine"`
				EndColumn   int `json:"endColumn"`
			} `json:"region"`
		} `json:"physicalLocation"`
	} `json:"locations"`
}

// -format sarif prints a SARIF 2.1.0 log: version, schema, the driver's name and rules (each with
// its code's page as helpUri), and one result per diagnostic with ruleId, level, message and a
// location with a 1-based region (UTF-16 columns, SARIF's default).
func TestSARIFFormat(t *testing.T) {
	dir := t.TempDir()
	// Two configurations: a syntax error turns off the unused checks of its own directory only.
	writeTree(t, dir, map[string]string{"broken/emoji.crn": emojiSrc, "ok/enum.crn": enumErrSrc, "ok/warn.crn": warnSrc,
		"ok/info.crn": "demo.svc.Thing {\n  name = 'x'\n}\n"})
	got := runCmd(t, "check", "-format", "sarif", dir)
	if got.Code != 1 || got.Stderr != "" {
		t.Fatalf("code %d, stderr %q; want 1 and nothing", got.Code, got.Stderr)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(got.Stdout), &raw); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got.Stdout)
	}
	var log sarif
	dec := json.NewDecoder(strings.NewReader(got.Stdout))
	if err := dec.Decode(&log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-schema-2.1.0.json") {
		t.Errorf("version %q, $schema %q; want 2.1.0 and the 2.1.0 schema", log.Version, log.Schema)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "carina-lsp" {
		t.Errorf("runs[0].tool.driver.name = %q, want carina-lsp", run.Tool.Driver.Name)
	}
	var rules []string
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, r.ID)
		if r.ShortDescription.Text == "" {
			t.Errorf("rule %s has no short description", r.ID)
		}
		if want := finding.DocURL(finding.Code(r.ID)); r.HelpURI != want {
			t.Errorf("rule %s: helpUri %q, want its page %s", r.ID, r.HelpURI, want)
		}
	}
	type res struct {
		RuleID, Level, URI string
		SL, SC, EL, EC     int
		MessageHasText     bool
	}
	var gots []res
	for _, r := range run.Results {
		if len(r.Locations) != 1 {
			t.Errorf("result %s has %d locations, want 1", r.RuleID, len(r.Locations))
			continue
		}
		pl := r.Locations[0].PhysicalLocation
		reg := pl.Region
		gots = append(gots, res{r.RuleID, r.Level, filepath.Base(pl.ArtifactLocation.URI), reg.StartLine, reg.StartColumn, reg.EndLine, reg.EndColumn, r.Message.Text != ""})
		if !slices.Contains(rules, r.RuleID) {
			t.Errorf("result's ruleId %s is not among the driver's rules %v", r.RuleID, rules)
		}
		if !filepath.IsAbs(filepath.FromSlash(pl.ArtifactLocation.URI)) && !strings.HasPrefix(pl.ArtifactLocation.URI, "/") {
			t.Errorf("uri %q: want the path as given (absolute here)", pl.ArtifactLocation.URI)
		}
	}
	emoji := syntaxError(t, emojiSrc, "}")
	el, ec := utf16Pos(emojiSrc, int(emoji.Span.Start))
	eel, eec := utf16Pos(emojiSrc, int(emoji.Span.End))
	value := strings.Index(enumErrSrc, `"100%`)
	vl, vc := utf16Pos(enumErrSrc, value)
	want := []res{
		{"syntax", "error", "emoji.crn", el + 1, ec + 1, eel + 1, eec + 1, true},
		{"unused-let", "warning", "enum.crn", 1, 5, 1, 9, true},
		{"invalid-enum-value", "error", "enum.crn", vl + 1, vc + 1, vl + 1, vc + 1 + len(`"100%,a:b"`), true},
		{"no-schema", "note", "info.crn", 1, 1, 1, 15, true},
		{"unused-let", "warning", "warn.crn", 1, 5, 1, 11, true},
	}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("results (-want +got):\n%s\n%s", diff, got.Stdout)
	}
	if !slices.IsSorted(rules) || len(slices.Compact(slices.Clone(rules))) != len(rules) {
		t.Errorf("rules %v: want each code once, sorted", rules)
	}

	// A clean run is a valid log with no results (an empty array, not null).
	clean := t.TempDir()
	writeTree(t, clean, map[string]string{"ok.crn": cleanSrc})
	got = runCmd(t, "check", "-format", "sarif", clean)
	if got.Code != 0 || !strings.Contains(got.Stdout, `"results": []`) || !strings.Contains(got.Stdout, `"version": "2.1.0"`) {
		t.Errorf("clean run: code %d, stdout %s", got.Code, got.Stdout)
	}
}

// -severity sets the least severity that fails the run: a configuration with only a warning
// exits 1 with -severity warning and 0 with -severity error (the default); with only an
// information diagnostic, -severity info fails and -severity warning does not.
func TestSeverityThreshold(t *testing.T) {
	warnDir, infoDir := t.TempDir(), t.TempDir()
	writeTree(t, warnDir, map[string]string{"warn.crn": warnSrc})
	writeTree(t, infoDir, map[string]string{"info.crn": "demo.svc.Thing {\n  name = 'x'\n}\n"})
	for _, tt := range []struct {
		dir  string
		args []string
		code int
	}{
		{warnDir, nil, 0},
		{warnDir, []string{"-severity", "error"}, 0},
		{warnDir, []string{"-severity", "warning"}, 1},
		{warnDir, []string{"-severity", "info"}, 1},
		{infoDir, []string{"-severity", "warning"}, 0},
		{infoDir, []string{"-severity", "info"}, 1},
	} {
		args := append(append([]string{"check"}, tt.args...), tt.dir)
		got := runCmd(t, args...)
		if got.Code != tt.code || got.Stderr != "" || got.Stdout == "" {
			t.Errorf("%v on %s: code %d, stderr %q, stdout %q; want %d, the diagnostic and no error",
				tt.args, filepath.Base(tt.dir), got.Code, got.Stderr, got.Stdout, tt.code)
		}
	}
	for _, bad := range []string{"hint", "fatal", ""} {
		got := runCmd(t, "check", "-severity", bad, warnDir)
		if got.Code != 2 || !strings.Contains(got.Stderr, "severity") {
			t.Errorf("-severity %q: code %d, stderr %q; want 2 and a message", bad, got.Code, got.Stderr)
		}
	}
}

// widgetSchema is a schema index in the shape of schema/testdata/mini.json that adds one resource
// type, demo.svc.Widget, with a poll interval of 30 s for waits on it.
const widgetSchema = `{
  "format": "carina-schema-index",
  "format_version": 1,
  "provider": "demo",
  "generated_by": "report_test.go",
  "wait_defaults": {"timeout_secs": 600, "interval_secs": 10},
  "resources": {
    "demo.svc.Widget": {
      "provider": "demo", "type": "demo.svc.Widget", "schema_type": "svc.Widget", "kind": "resource",
      "cloud_type": "Demo::Svc::Widget", "description": "A widget.", "source_origin": "repo", "has_tags": false,
      "primary_identifier": ["id"], "unique_name": {"kind": "conflicting"}, "exclusive_required": [],
      "operation_config": null, "wait": {"timeout_secs": 900, "interval_secs": 30},
      "attributes": {
        "name": {"type": {"kind": "string"}, "display": "String", "required": true, "read_only": false,
          "create_only": true, "write_only": false, "identity": false, "deferred_populate": false, "removable": null,
          "default": null, "provider_name": "Name", "block_name": null, "description": "The name."},
        "size": {"type": {"kind": "int", "range": [1, 10]}, "display": "Int", "required": false, "read_only": false,
          "create_only": false, "write_only": false, "identity": false, "deferred_populate": false, "removable": null,
          "default": 1, "provider_name": "Size", "block_name": null, "description": null},
        "state": {"type": {"kind": "enum", "identity": "demo.svc.Widget.State", "name": "State", "namespace": "demo.svc.Widget",
            "values": [{"wire": "READY", "dsl": "ready", "qualified": "demo.svc.Widget.State.ready"},
                       {"wire": "PENDING", "dsl": "pending", "qualified": "demo.svc.Widget.State.pending"}]},
          "display": "demo.svc.Widget.State", "required": false, "read_only": true, "create_only": false,
          "write_only": false, "identity": false, "deferred_populate": false, "removable": null, "default": null,
          "provider_name": "State", "block_name": null, "description": null}
      },
      "defs": {}
    }
  },
  "data_sources": {}
}
`

const widgetSrc = `let w = demo.svc.Widget {
  name = 'w'
  sise = 3
}

let w_ready = wait w {
  until   = w.state == demo.svc.Widget.State.Ready
  timeout = 20s
}

aws.s3.Bucket {
  bucket = w_ready.name
}
`

// -schemas adds schema index files: a resource type they define gets its attributes checked (an
// unknown attribute is an error) and its wait defaults (a 30 s poll interval) apply; without
// the flag the type has no schema (an information diagnostic only). A path that does not exist or
// a file that is no schema index is a usage error (exit 2) that names the flag.
func TestSchemasFlag(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"cfg/main.crn": widgetSrc, "schemas/widget.json": widgetSchema,
		"bad/broken.json": `{"format": "carina-schema-index", "format_version": 1,`, "bad/other.json": `{"format": "something-else", "format_version": 1, "provider": "x"}`})
	cfg := filepath.Join(dir, "cfg")

	without := runCmd(t, "check", cfg)
	if without.Code != 0 || !strings.Contains(without.Stdout, "[no-schema]") || strings.Contains(without.Stdout, "sise") {
		t.Errorf("without -schemas: code %d, stdout %q; want 0 and only the no-schema information", without.Code, without.Stdout)
	}

	for _, flag := range []string{filepath.Join(dir, "schemas", "widget.json"), filepath.Join(dir, "schemas")} {
		got := runCmd(t, "check", "-schemas", flag, cfg)
		if got.Code != 1 || got.Stderr != "" {
			t.Errorf("-schemas %s: code %d, stderr %q; want 1 and nothing", flag, got.Code, got.Stderr)
		}
		main := filepath.Join(cfg, "main.crn")
		want := []string{
			main + `:3:3: error: unknown attribute "sise" for demo.svc.Widget; did you mean "size"? [unknown-attribute]`,
			main + `:8:13: warning: wait "w_ready": timeout 20s is shorter than the poll interval (30s): the target would be read only once [wait-timeout-below-interval]`,
		}
		if diff := cmp.Diff(want, strings.Split(strings.TrimSuffix(got.Stdout, "\n"), "\n")); diff != "" {
			t.Errorf("-schemas %s (-want +got):\n%s", flag, diff)
		}
	}

	for _, bad := range []string{
		filepath.Join(dir, "missing.json"),
		filepath.Join(dir, "missing-dir") + string(filepath.Separator),
		filepath.Join(dir, "bad", "broken.json"),
		filepath.Join(dir, "bad", "other.json"),
		filepath.Join(dir, "bad"),
	} {
		got := runCmd(t, "check", "-schemas", bad, cfg)
		if got.Code != 2 || got.Stdout != "" || !strings.Contains(got.Stderr, "-schemas") {
			t.Errorf("-schemas %s: code %d, stdout %q, stderr %q; want 2, nothing checked, and a message naming -schemas",
				bad, got.Code, got.Stdout, got.Stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.json")); err == nil {
		t.Fatal("the missing schema file exists")
	}
}
