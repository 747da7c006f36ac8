package report

import (
	"fmt"
	"io"
)

// textLine prints `path:line:col: severity: message [code]`, 1-based, UTF-16 columns.
func textLine(w io.Writer, d Located) error {
	r := d.Range
	_, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", d.Path, r.Start.Line+1, r.Start.Character+1, d.Severity, d.Message, d.Code)
	return err
}
