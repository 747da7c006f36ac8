package report

import (
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Located is a diagnostic with its range in its file, computed while the file was at hand.
type Located struct {
	finding.Diagnostic
	Range Range
}

// Pos is a 0-based LSP position (UTF-16 columns).
type Pos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a diagnostic's range in LSP positions.
type Range struct {
	Start Pos `json:"start"`
	End   Pos `json:"end"`
}

// RangeOf returns the range of a diagnostic of one of files.
func RangeOf(d finding.Diagnostic, files map[string]*workspace.File) Range {
	l := files[d.Path].Lines
	sl, sc := l.UTF16(int(d.Span.Start))
	el, ec := l.UTF16(int(d.Span.End))
	return Range{Pos{sl, sc}, Pos{el, ec}}
}

// Item is one finding as `check -format json` prints it: what a program reading the report
// decodes each element into.
type Item struct {
	File     string `json:"file"`
	Range    Range  `json:"range"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}
