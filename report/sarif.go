package report

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
)

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
func startSARIF(w io.Writer, codes []finding.Code) (stream, error) {
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
// the indenting encoder did (spool_test.go holds the two to the same bytes).
func (r *sarifReport) item(d Located) error {
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
