package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/checktree"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/workspace"
)

// CheckResult is what the check tool returns.
type CheckResult struct {
	Diagnostics []Diagnostic `json:"diagnostics" jsonschema:"every finding, in the order and form of carina-lsp check -format json, with its fixes and its code's page"`
	Messages    []string     `json:"messages,omitempty" jsonschema:"what check says besides the findings: files that cannot be read, the schemas chosen"`
}

// Diagnostic is one item of `check -format json` with what the report leaves out.
type Diagnostic struct {
	report.Item
	Documentation string `json:"documentation" jsonschema:"the page of the diagnostic code: what it means and how to fix it"`
	Fixes         []Fix  `json:"fixes,omitempty" jsonschema:"mechanical repairs, best first"`
}

// Fix is one quick fix.
type Fix struct {
	Title string `json:"title"`
	Safe  bool   `json:"safe" jsonschema:"keeps the meaning (the fix tool applies only these)"`
	Edits []Edit `json:"edits"`
}

// Edit replaces a range of a file (0-based lines, UTF-16 columns, as in the diagnostics).
type Edit struct {
	File    string       `json:"file"`
	Range   report.Range `json:"range"`
	NewText string       `json:"newText"`
}

func addCheck(s *server) {
	add(s, toolInfo{Name: "check", Title: "Check a Carina configuration",
		Description: "The diagnostics of a configuration directory, of one .crn file, or of a text given inline as a file of a directory: " +
			"syntax errors, schema and type errors, style rules, each with its code, position, severity, fixes and documentation link. " +
			"The same findings as `carina-lsp check -format json`, with the carina-lsp.toml in effect."},
		func(ctx context.Context, c *call, in Input) (CheckResult, error) { return c.check(ctx, in) })
}

func (c *call) check(ctx context.Context, in Input) (CheckResult, error) {
	t, file, err := c.target(in)
	if err != nil {
		return CheckResult{}, err
	}
	sess := c.session()
	if in.Text != "" {
		sess.Workspace().SetOverlay(file, in.Text)
	}
	ch := &checktree.Checker{Session: sess, Memo: true, Threshold: finding.Error, Fixes: true}
	out := ch.Check(ctx, t)
	res := CheckResult{Messages: out.Messages}
	if out.Fatal {
		return res, fmt.Errorf("%s", strings.TrimSpace(strings.Join(out.Messages, "")))
	}
	// The report check prints, through its one encoder: one configuration's run of the spool.
	sp := report.NewSpool()
	defer sp.Close()
	json, _ := report.ParseFormat("json")
	var buf bytes.Buffer
	if err := sp.Add(out.Findings); err != nil {
		return res, err
	}
	if err := sp.Report(&buf, json); err != nil {
		return res, err
	}
	items, err := decodeItems(buf.Bytes())
	if err != nil {
		return res, err
	}
	if len(items) != len(out.Findings) {
		return res, fmt.Errorf("internal error: the report has %d findings of %d", len(items), len(out.Findings))
	}
	files := map[string]*workspace.File{}
	res.Diagnostics = make([]Diagnostic, len(items))
	for i, it := range items {
		d := out.Findings[i].Diagnostic
		res.Diagnostics[i] = Diagnostic{Item: it, Documentation: finding.DocURL(d.Code), Fixes: c.fixes(sess.Workspace(), d, files)}
	}
	return res, nil
}

func decodeItems(data []byte) ([]report.Item, error) {
	var items []report.Item
	err := json.Unmarshal(data, &items)
	return items, err
}

// fixes converts a diagnostic's fixes to ranges in the files they edit.
func (c *call) fixes(ws *workspace.Workspace, d finding.Diagnostic, files map[string]*workspace.File) []Fix {
	var out []Fix
	for _, f := range d.Fixes {
		fx := Fix{Title: f.Title, Safe: f.Safe, Edits: []Edit{}}
		for _, e := range f.Edits {
			path := e.File(&d)
			if files[path] == nil {
				wf, err := ws.ParseFile(path)
				if err != nil {
					continue
				}
				files[path] = wf
			}
			fx.Edits = append(fx.Edits, Edit{File: path, Range: report.RangeOf(finding.Diagnostic{Path: path, Span: e.Span}, files), NewText: e.NewText})
		}
		out = append(out, fx)
	}
	return out
}
