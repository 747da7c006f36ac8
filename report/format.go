package report

import (
	"io"

	"github.com/carina-rs/carina-lsp/finding"
)

// Format is one of check's output formats.
type Format struct {
	// start starts a report on w: its items are written one at a time, in order, then it is
	// ended. codes are every code the findings have, sorted (SARIF lists them as rules before
	// the results).
	start func(w io.Writer, codes []finding.Code) (stream, error)
}

// stream is a report being written.
type stream interface {
	item(f Located) error
	end() error
}

// ParseFormat returns the format of -format name: text, json, github or sarif.
func ParseFormat(name string) (Format, bool) {
	start, ok := map[string]func(io.Writer, []finding.Code) (stream, error){
		"text":   lines(textLine),
		"json":   startJSON,
		"github": lines(githubLine),
		"sarif":  startSARIF,
	}[name]
	return Format{start}, ok
}

// lineReport is a format of one line a finding and nothing around them.
type lineReport struct {
	w    io.Writer
	line func(io.Writer, Located) error
}

func lines(line func(io.Writer, Located) error) func(io.Writer, []finding.Code) (stream, error) {
	return func(w io.Writer, _ []finding.Code) (stream, error) { return lineReport{w, line}, nil }
}

func (r lineReport) item(f Located) error { return r.line(r.w, f) }
func (r lineReport) end() error           { return nil }

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
