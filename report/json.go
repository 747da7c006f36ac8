package report

import (
	"io"

	"github.com/carina-rs/carina-lsp/finding"
)

// startJSON prints an array of diagnostics with 0-based LSP positions.
func startJSON(w io.Writer, _ []finding.Code) (stream, error) {
	_, err := io.WriteString(w, "[")
	return &jsonReport{jsonItems{w: w}}, err
}

type jsonReport struct{ items jsonItems }

// item writes {"file", "range": {"start", "end"}, "severity", "code", "message"} as the indenting
// encoder did (spool_test.go holds the two to the same bytes).
func (r *jsonReport) item(d Located) error {
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
