package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/workspace"
)

// reportFormat starts a report in one output format on w: its items are written one at a time, in
// order, then it is ended. codes are every code the findings have, sorted (SARIF lists them as
// rules before the results).
type reportFormat func(w io.Writer, codes []finding.Code) (reportStream, error)

// reportStream is a report being written.
type reportStream interface {
	item(f located) error
	end() error
}

// located is a diagnostic with its range in its file, computed while the file was at hand.
type located struct {
	finding.Diagnostic
	Range posRange
}

// formats returns the output formats of `check` by name.
func formats() map[string]reportFormat {
	return map[string]reportFormat{
		"text":   lines(textLine),
		"json":   startJSON,
		"github": lines(githubLine),
		"sarif":  startSARIF,
	}
}

// writeAll writes a whole report of findings (in the order given) in format f.
func writeAll(f reportFormat, w io.Writer, fs []located) error {
	var codes []finding.Code
	for _, x := range fs {
		if c, found := slices.BinarySearch(codes, x.Code); !found {
			codes = slices.Insert(codes, c, x.Code)
		}
	}
	r, err := f(w, codes)
	if err != nil {
		return err
	}
	for _, x := range fs {
		if err := r.item(x); err != nil {
			return err
		}
	}
	return r.end()
}

// lineReport is a format of one line a finding and nothing around them.
type lineReport struct {
	w    io.Writer
	line func(io.Writer, located) error
}

func lines(line func(io.Writer, located) error) reportFormat {
	return func(w io.Writer, _ []finding.Code) (reportStream, error) { return lineReport{w, line}, nil }
}

func (r lineReport) item(f located) error { return r.line(r.w, f) }
func (r lineReport) end() error           { return nil }

// jsonItems writes the items of a JSON array that an encoder with two-space indentation would
// write as one value, nested depth arrays and objects deep, one at a time: the same bytes, the
// array never in memory.
type jsonItems struct {
	w     io.Writer
	depth int
	n     int
	buf   []byte
	pad   string
}

// item writes one item, which value appends at the item's indentation (pad: each of its lines
// after the first starts with it).
func (j *jsonItems) item(value func(b []byte, pad string) []byte) error {
	if j.pad == "" {
		j.pad = strings.Repeat("  ", j.depth+1)
	}
	j.buf = j.buf[:0]
	if j.n > 0 {
		j.buf = append(j.buf, ',')
	}
	j.buf = append(j.buf, '\n')
	j.buf = append(j.buf, j.pad...)
	j.buf = value(j.buf, j.pad)
	j.n++
	_, err := j.w.Write(j.buf)
	return err
}

// close ends the array: "]" on a line of its own, or "[]" right after the "[" when it is empty.
func (j *jsonItems) close() error {
	if j.n == 0 {
		_, err := io.WriteString(j.w, "]")
		return err
	}
	_, err := io.WriteString(j.w, "\n"+strings.Repeat("  ", j.depth)+"]")
	return err
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
func rangeOf(d finding.Diagnostic, files map[string]*workspace.File) posRange {
	l := files[d.Path].Lines
	sl, sc := l.UTF16(int(d.Span.Start))
	el, ec := l.UTF16(int(d.Span.End))
	return posRange{pos{sl, sc}, pos{el, ec}}
}

// textLine prints `path:line:col: severity: message [code]`, 1-based, UTF-16 columns.
func textLine(w io.Writer, d located) error {
	r := d.Range
	_, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", d.Path, r.Start.Line+1, r.Start.Character+1, d.Severity, d.Message, d.Code)
	return err
}

// writeJSON prints an array of diagnostics with 0-based LSP positions.
func startJSON(w io.Writer, _ []finding.Code) (reportStream, error) {
	_, err := io.WriteString(w, "[")
	return &jsonReport{jsonItems{w: w}}, err
}

type jsonReport struct{ items jsonItems }

// item writes {"file", "range": {"start", "end"}, "severity", "code", "message"} as the indenting
// encoder did (report_json_test.go holds the two to the same bytes).
func (r *jsonReport) item(d located) error {
	return r.items.item(func(b []byte, p string) []byte {
		rg := d.Range
		b = append(b, "{\n"...)
		b = jsonField(b, p, 1, "file", d.Path, true)
		b = jsonOpen(b, p, 1, "range", '{')
		b = jsonOpen(b, p, 2, "start", '{')
		b = jsonInt(b, p, 3, "line", rg.Start.Line, true)
		b = jsonInt(b, p, 3, "character", rg.Start.Character, false)
		b = jsonClose(b, p, 2, '}', true)
		b = jsonOpen(b, p, 2, "end", '{')
		b = jsonInt(b, p, 3, "line", rg.End.Line, true)
		b = jsonInt(b, p, 3, "character", rg.End.Character, false)
		b = jsonClose(b, p, 2, '}', false)
		b = jsonClose(b, p, 1, '}', true)
		b = jsonField(b, p, 1, "severity", d.Severity.String(), true)
		b = jsonField(b, p, 1, "code", string(d.Code), true)
		b = jsonField(b, p, 1, "message", d.Message, false)
		return jsonClose(b, p, 0, '}', false)
	})
}

func (r *jsonReport) end() error {
	if err := r.items.close(); err != nil {
		return err
	}
	_, err := io.WriteString(r.items.w, "\n")
	return err
}

// githubLine prints a GitHub Actions workflow command, which the Actions runner turns into an
// annotation on the pull request.
func githubLine(w io.Writer, d located) error {
	r := d.Range
	level := levelOf(d.Severity, "notice")
	_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
		level, ghProperty(filepath.ToSlash(d.Path)), r.Start.Line+1, r.Start.Character+1, r.End.Line+1, r.End.Character+1,
		ghProperty("carina "+string(d.Code)), ghData(d.Message))
	return err
}

// levelOf is a severity as CI annotations and SARIF name it: error, warning, or below them
// the format's own word for the rest (lower).
func levelOf(sev finding.Severity, lower string) string {
	switch sev {
	case finding.Error:
		return "error"
	case finding.Warning:
		return "warning"
	}
	return lower
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
	Tool    sarifTool  `json:"tool"`
	Results []struct{} `json:"results"` // empty: the results are written one at a time (sarifReport)
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

// startSARIF starts a SARIF 2.1.0 log for code scanning: everything up to its results, the rules
// of codes among it; the results follow one at a time.
func startSARIF(w io.Writer, codes []finding.Code) (reportStream, error) {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "carina-lsp", Rules: []sarifRule{}}}, Results: []struct{}{}}
	for _, c := range codes {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: string(c), ShortDescription: sarifMessage{Text: "carina " + string(c)},
			HelpURI: finding.DocURL(c)})
	}
	log := sarifLog{
		Schema:  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
	// The log with no results, split where they go: the results are written in between.
	b, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return nil, err
	}
	const results = `"results": [`
	head, tail, ok := strings.Cut(string(b), results+"]")
	if !ok {
		return nil, fmt.Errorf("sarif: no results in %s", b)
	}
	if _, err := io.WriteString(w, head+results); err != nil {
		return nil, err
	}
	return &sarifReport{items: jsonItems{w: w, depth: 3}, tail: tail}, nil
}

type sarifReport struct {
	items jsonItems
	tail  string
}

// item writes a result, {"ruleId", "level", "message", "locations": [{"physicalLocation"}]}, as
// the indenting encoder did (report_json_test.go holds the two to the same bytes).
func (r *sarifReport) item(d located) error {
	level := levelOf(d.Severity, "note")
	return r.items.item(func(b []byte, p string) []byte {
		rg := d.Range
		b = append(b, "{\n"...)
		b = jsonField(b, p, 1, "ruleId", string(d.Code), true)
		b = jsonField(b, p, 1, "level", level, true)
		b = jsonOpen(b, p, 1, "message", '{')
		b = jsonField(b, p, 2, "text", d.Message, false)
		b = jsonClose(b, p, 1, '}', true)
		b = jsonOpen(b, p, 1, "locations", '[')
		b = append(append(append(b, p...), "    "...), "{\n"...)
		b = jsonOpen(b, p, 3, "physicalLocation", '{')
		b = jsonOpen(b, p, 4, "artifactLocation", '{')
		b = jsonField(b, p, 5, "uri", filepath.ToSlash(d.Path), false)
		b = jsonClose(b, p, 4, '}', true)
		b = jsonOpen(b, p, 4, "region", '{')
		b = jsonInt(b, p, 5, "startLine", rg.Start.Line+1, true)
		b = jsonInt(b, p, 5, "startColumn", rg.Start.Character+1, true)
		b = jsonInt(b, p, 5, "endLine", rg.End.Line+1, true)
		b = jsonInt(b, p, 5, "endColumn", rg.End.Character+1, false)
		b = jsonClose(b, p, 4, '}', false)
		b = jsonClose(b, p, 3, '}', false)
		b = jsonClose(b, p, 2, '}', false)
		b = jsonClose(b, p, 1, ']', false)
		return jsonClose(b, p, 0, '}', false)
	})
}

func (r *sarifReport) end() error {
	if err := r.items.close(); err != nil {
		return err
	}
	_, err := io.WriteString(r.items.w, r.tail+"\n")
	return err
}
