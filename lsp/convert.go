package lsp

import (
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
)

// toRange converts a byte span to an LSP range (UTF-16 columns).
func toRange(l *source.Lines, s grammar.Span) protocol.Range {
	sl, sc := l.UTF16(int(s.Start))
	el, ec := l.UTF16(int(s.End))
	return protocol.Range{
		Start: protocol.Position{Line: uint32(sl), Character: uint32(sc)},
		End:   protocol.Position{Line: uint32(el), Character: uint32(ec)},
	}
}

// toPosition converts a byte offset to an LSP position.
func toPosition(l *source.Lines, off int) protocol.Position {
	line, col := l.UTF16(off)
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}

// offsetOf converts an LSP position to a byte offset, clamped to the text.
func offsetOf(l *source.Lines, p protocol.Position) int {
	return l.OffsetUTF16(int(p.Line), int(p.Character))
}

// spanOf converts an LSP range to a byte span.
func spanOf(l *source.Lines, r protocol.Range) grammar.Span {
	s, e := offsetOf(l, r.Start), offsetOf(l, r.End)
	if e < s {
		s, e = e, s
	}
	return grammar.Span{Start: int32(s), End: int32(e)}
}

// textView is one version of a file's text with its line index: what a response's positions are
// converted against.
type textView struct {
	path  string
	text  string
	lines *source.Lines
}

// viewOf is a document's current text.
func viewOf(d *document) textView { return textView{path: d.Path, text: d.Text, lines: d.Lines} }
