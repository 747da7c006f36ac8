package format

import (
	"fmt"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
)

// SyntaxError is the error for a source with syntax errors, which is not formatted.
type SyntaxError struct {
	Src    string                // the source that failed to parse
	Errors []grammar.SyntaxError // every syntax error, with absolute byte spans, in file order
}

// Error describes the first syntax error with its 1-based line and column (in UTF-16 code
// units, like the check command and LSP), and how many more there are.
func (e *SyntaxError) Error() string {
	if len(e.Errors) == 0 {
		return "syntax error"
	}
	first := e.Errors[0]
	line, col := source.NewLines(e.Src).UTF16(int(first.Span.Start))
	msg := fmt.Sprintf("%d:%d: %s", line+1, col+1, first.Msg)
	if n := len(e.Errors) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more syntax errors)", n)
	}
	return msg
}
