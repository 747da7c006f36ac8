package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/workspace"
)

// writer renders findings in one output format.
type writer func(w io.Writer, fs []finding) error

// finding is a diagnostic with its range in its file, computed while the file was at hand.
type finding struct {
	diagnostics.Diagnostic
	Range posRange
}

// writers returns the output formats of `check` by name.
func writers() map[string]writer {
	return map[string]writer{"text": writeText, "json": writeJSON, "github": writeGitHub, "sarif": writeSARIF}
}

// pos is a 0-based LSP position (UTF-16 columns).
type pos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type posRange struct {
	Start pos `json:"start"`
	End   pos `json:"end"`
}

// rangeOf returns the range of a diagnostic of one of files.
func rangeOf(d diagnostics.Diagnostic, files map[string]*workspace.File) posRange {
	l := files[d.Path].Lines
	sl, sc := l.UTF16(int(d.Span.Start))
	el, ec := l.UTF16(int(d.Span.End))
	return posRange{pos{sl, sc}, pos{el, ec}}
}

// writeText prints `path:line:col: severity: message [code]`, 1-based, UTF-16 columns.
func writeText(w io.Writer, diags []finding) error {
	for _, d := range diags {
		r := d.Range
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", d.Path, r.Start.Line+1, r.Start.Character+1, d.Severity, d.Message, d.Code); err != nil {
			return err
		}
	}
	return nil
}

type jsonDiag struct {
	File     string   `json:"file"`
	Range    posRange `json:"range"`
	Severity string   `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
}

// writeJSON prints an array of diagnostics with 0-based LSP positions.
func writeJSON(w io.Writer, diags []finding) error {
	out := make([]jsonDiag, 0, len(diags))
	for _, d := range diags {
		out = append(out, jsonDiag{File: d.Path, Range: d.Range, Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeGitHub prints GitHub Actions workflow commands, which the Actions runner turns into
// annotations on the pull request.
func writeGitHub(w io.Writer, diags []finding) error {
	for _, d := range diags {
		r := d.Range
		level := "notice"
		switch d.Severity {
		case diagnostics.Error:
			level = "error"
		case diagnostics.Warning:
			level = "warning"
		}
		_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			level, ghProperty(filepath.ToSlash(d.Path)), r.Start.Line+1, r.Start.Character+1, r.End.Line+1, r.End.Character+1,
			ghProperty("carina "+string(d.Code)), ghData(d.Message))
		if err != nil {
			return err
		}
	}
	return nil
}

func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// SARIF 2.1.0, the subset code scanning reads.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name  string      `json:"name"`
	Rules []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri"` // the code's page, which code scanning links to
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

// sarifRegion uses 1-based lines and columns in UTF-16 code units, SARIF's default column kind.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// writeSARIF prints a SARIF 2.1.0 log for code scanning.
func writeSARIF(w io.Writer, diags []finding) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "carina-lsp", Rules: []sarifRule{}}}, Results: []sarifResult{}}
	var codes []string
	for _, d := range diags {
		if !slices.Contains(codes, string(d.Code)) {
			codes = append(codes, string(d.Code))
		}
		r := d.Range
		level := "note"
		switch d.Severity {
		case diagnostics.Error:
			level = "error"
		case diagnostics.Warning:
			level = "warning"
		}
		run.Results = append(run.Results, sarifResult{
			RuleID:  string(d.Code),
			Level:   level,
			Message: sarifMessage{Text: d.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(d.Path)},
				Region:           sarifRegion{r.Start.Line + 1, r.Start.Character + 1, r.End.Line + 1, r.End.Character + 1},
			}}},
		})
	}
	slices.Sort(codes)
	for _, c := range codes {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: c, ShortDescription: sarifMessage{Text: "carina " + c},
			HelpURI: diagnostics.DocURL(diagnostics.Code(c))})
	}
	log := sarifLog{
		Schema:  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}
