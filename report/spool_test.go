package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
)

// The reports' items as the structures check marshalled with encoding/json before it wrote them
// by hand (jsonitems.go): the reference the hand-written bytes are held to.
// (Item, exported for the agents' check tool, is held to them here.)
type jsonDiag = Item

type sarifLogRef struct {
	Schema  string        `json:"$schema"`
	Version string        `json:"version"`
	Runs    []sarifRunRef `json:"runs"`
}

type sarifRunRef struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
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

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// wholeJSON and wholeSARIF are the reports as one value through json.Encoder, as check wrote
// them before it streamed: the streaming formats must write the same bytes.
func wholeJSON(w io.Writer, fs []Located) error {
	out := make([]jsonDiag, 0, len(fs))
	for _, d := range fs {
		out = append(out, jsonDiag{File: d.Path, Range: d.Range, Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func wholeSARIF(w io.Writer, fs []Located) error {
	run := sarifRunRef{Tool: sarifTool{Driver: sarifDriver{Name: "carina-lsp", Rules: []sarifRule{}}}, Results: []sarifResult{}}
	var codes []string
	for _, d := range fs {
		if !slices.Contains(codes, string(d.Code)) {
			codes = append(codes, string(d.Code))
		}
		r := d.Range
		level := "note"
		switch d.Severity {
		case finding.Error:
			level = "error"
		case finding.Warning:
			level = "warning"
		}
		run.Results = append(run.Results, sarifResult{RuleID: string(d.Code), Level: level, Message: sarifMessage{Text: d.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(d.Path)},
				Region: sarifRegion{r.Start.Line + 1, r.Start.Character + 1, r.End.Line + 1, r.End.Character + 1}}}}})
	}
	slices.Sort(codes)
	for _, c := range codes {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: c, ShortDescription: sarifMessage{Text: "carina " + c}, HelpURI: finding.DocURL(finding.Code(c))})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLogRef{Schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json", Version: "2.1.0", Runs: []sarifRunRef{run}})
}

// TestSpoolReport hands runs of findings to a spool as check does (each run sorted, the runs in
// any order, their files interleaving: a directory's files between a subdirectory's, `a-b/`
// before `a/`, equal findings in two runs) and writes the report from it in every format: the
// bytes are those of the findings sorted stably in one slice and written as one value, from a
// temporary file as from memory (where none can be made).
func TestSpoolReport(t *testing.T) {
	for _, inMemory := range []bool{false, true} {
		t.Run(map[bool]string{false: "file", true: "memory"}[inMemory], func(t *testing.T) { spoolReport(t, inMemory) })
	}
}

func spoolReport(t *testing.T, inMemory bool) {
	paths := []string{"a/a.crn", "a/m/x.crn", "a/z.crn", "a-b/c.crn", "a.crn", "b/<&>.crn", "b/é.crn", "b/\"q\\.crn", "b/\x7f\xff.crn"}
	// What encoding/json escapes, and what it leaves: the hand-written JSON must agree on each.
	tricky := []string{"", "plain", "tab\tnew\nline\r", "\x01\x1f", "back\\slash", "\x7f", "bad\xffutf8", "\u2029", "日本語", "\U0001F600"}
	codes := []finding.Code{"unused-let", "syntax", "pipe-form", "wait-unused"}
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 0x73706f6f6c))
		var runs [][]Located
		for range rng.IntN(6) {
			var run []Located
			for range rng.IntN(5) {
				start := int32(rng.IntN(4))
				run = append(run, Located{
					Diagnostic: finding.Diagnostic{Path: paths[rng.IntN(len(paths))], Span: grammar.Span{Start: start, End: start + int32(rng.IntN(2))},
						Severity: finding.Severity(1 + rng.IntN(3)), Code: codes[rng.IntN(len(codes))], Message: fmt.Sprintf("m%d <\"%s\">%s", rng.IntN(3), "x\u2028", tricky[rng.IntN(len(tricky))])},
					Range: Range{Pos{int(start), 1}, Pos{int(start), 2}},
				})
			}
			slices.SortStableFunc(run, func(a, b Located) int { return finding.Compare(a.Diagnostic, b.Diagnostic) })
			runs = append(runs, run)
		}
		var all []Located
		sp := NewSpool()
		sp.spillAt = 0 // to a file after the first run, the file's path as a large tree's
		if inMemory {
			sp.noFile = true
		}
		for _, run := range runs {
			all = append(all, run...)
			if err := sp.Add(run); err != nil {
				t.Fatal(err)
			}
		}
		if !inMemory && len(all) > 0 && sp.f == nil {
			t.Fatal("the spool made no temporary file")
		}
		slices.SortStableFunc(all, func(a, b Located) int { return finding.Compare(a.Diagnostic, b.Diagnostic) })
		for name, whole := range map[string]func(io.Writer, []Located) error{
			"text":   func(w io.Writer, fs []Located) error { return writeAll(mustFormat(t, "text"), w, fs) },
			"github": func(w io.Writer, fs []Located) error { return writeAll(mustFormat(t, "github"), w, fs) },
			"json":   wholeJSON,
			"sarif":  wholeSARIF,
		} {
			var want, got bytes.Buffer
			if err := whole(&want, all); err != nil {
				t.Fatal(err)
			}
			r, err := mustFormat(t, name).start(&got, sp.codes)
			if err != nil {
				t.Fatal(err)
			}
			if err := sp.each(r.item); err != nil {
				t.Fatal(err)
			}
			if err := r.end(); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Fatalf("seed %d, %s: the streamed report differs:\n--- whole\n%s\n--- streamed\n%s", seed, name, want.String(), got.String())
			}
			if name == "text" && len(all) > 0 && !strings.Contains(got.String(), all[0].Path) {
				t.Fatalf("seed %d: the report does not hold the findings", seed)
			}
		}
		sp.Close()
	}
}
