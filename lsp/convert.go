package lsp

import (
	"net/url"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
)

// pathOf returns the file path of a file: URI, or "" for another scheme or a malformed URI.
func pathOf(u protocol.DocumentURI) string {
	parsed, err := url.Parse(string(u))
	if err != nil || parsed.Scheme != "file" || parsed.Path == "" {
		return ""
	}
	p := parsed.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // /C:/dir on Windows
		p = p[1:]
	}
	return filepath.Clean(filepath.FromSlash(p))
}

// uriOf returns the URI of a path: the untitled: URI of an untitled document's synthetic path
// (see untitled.go), else the file: URI.
func uriOf(path string) protocol.DocumentURI {
	if u, ok := untitledURI(path); ok {
		return u
	}
	return protocol.DocumentURI(uri.File(path))
}

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

// view is the document's current text.
func (d *document) view() textView { return textView{path: d.path, text: d.text, lines: d.lines} }
