package graph

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/carina-rs/carina-lsp/internal/lazy"
)

// The escaping of each output format, one function a format, which every writer (the graph
// command, carina/graph) goes through: a name, a string, an until text or a file name may hold any
// byte Carina's lexer keeps (a control character, a NUL, invalid UTF-8), and each format must stay
// valid for it (docs/graph.md, "Any input"). The JSON form's is the module's JSON string escaper's
// (jsonstr.Decoded, in json.go).

// Visible returns s with what a picture can neither hold nor show written as an escape in Go's
// notation, so that a reader sees it: \t, \n and \r; \x00 to \x1f and \x7f for the other C0
// controls and DEL; \u0080 to \u009f for the C1 controls; \u2028 and \u2029 (line breaks to
// JavaScript and Mermaid); the noncharacters \ufdd0 to \ufdef and \ufffe, \uffff in each plane
// (XML 1.0 forbids U+FFFE and U+FFFF); and \xNN for each byte that is not UTF-8. XML 1.0 cannot
// carry most C0 controls even as character references, and Graphviz stops at a NUL, so no format
// could keep them as they are. A backslash is left alone: a picture is read, not parsed back, and
// the JSON form keeps the exact text.
func Visible(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if hidden(r, size) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s // the common case: nothing to escape, nothing allocated
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !hidden(r, size) {
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		switch {
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case size == 1: // a C0 control, DEL, or a byte that is not UTF-8
			b.WriteString(`\x`)
			writeHex(&b, uint32(s[i]), 2)
		case r > 0xffff:
			b.WriteString(`\U`)
			writeHex(&b, uint32(r), 8)
		default:
			b.WriteString(`\u`)
			writeHex(&b, uint32(r), 4)
		}
		i += size
	}
	return b.String()
}

// hidden says whether the rune r, decoded from size bytes, is one Visible escapes.
func hidden(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1: // not UTF-8
		return true
	case unicode.Is(unicode.Cc, r), r == '\u2028', r == '\u2029':
		return true
	case r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe: // noncharacters
		return true
	}
	return false
}

func writeHex(b *strings.Builder, v uint32, digits int) {
	h := strconv.FormatUint(uint64(v), 16)
	for range digits - len(h) {
		b.WriteByte('0')
	}
	b.WriteString(h)
}

// xmlEscape makes s the content of an SVG element or of a double-quoted attribute value: Visible,
// then & < > and " as entities. The result holds only characters XML 1.0 allows, and no tab,
// newline or carriage return (an attribute value's would read back as a space), so an attribute
// reads back as the visible text.
func xmlEscape(s string) string {
	s = Visible(s)
	if !strings.ContainsAny(s, `&<>"`) {
		return s
	}
	return xmlReplacer().Replace(s)
}

// XMLText is the text s as the pictures write it in an element or a double-quoted attribute
// (xmlEscape): for whoever edits a picture written.
func XMLText(s string) string { return xmlEscape(s) }

// The replacers are made on first use: every process links this package, few write a picture.
func xmlReplacer() *strings.Replacer {
	return xmlMemo.Get(func() *strings.Replacer {
		return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	})
}

var xmlMemo lazy.Value[*strings.Replacer]

// dotMaxChunk bounds the bytes of one quoted DOT string: Graphviz (2.43, Debian's) rejects a
// quoted string of more than about 16 KB ("longer than 16384?"), so a longer one is written as
// chunks joined by DOT's + operator, which Graphviz concatenates when it reads them.
const dotMaxChunk = 8000

// dotQuote writes lines as one quoted DOT string (an ID or a label): each line Visible, a
// backslash doubled (so Graphviz's label escapes such as \N or \l stay text), a quote escaped and
// & written &amp; (Graphviz reads character entities in names and labels and writes them into its
// SVG as they are, so a text's "&#1;" would make that SVG ill-formed), the lines joined by \n (a
// line break in a label), long strings cut into chunks joined by +.
func dotQuote(lines ...string) string {
	var b strings.Builder
	b.WriteByte('"')
	n := 0 // bytes in the current chunk
	for i, l := range lines {
		if i > 0 {
			b.WriteString(`\n`)
			n += 2
		}
		l = Visible(l)
		for j := 0; j < len(l); {
			_, size := utf8.DecodeRuneInString(l[j:])
			piece := l[j : j+size]
			switch piece {
			case `\`:
				piece = `\\`
			case `"`:
				piece = `\"`
			case "&":
				piece = "&amp;"
			}
			if n+len(piece) > dotMaxChunk {
				b.WriteString(`" + "`)
				n = 0
			}
			b.WriteString(piece)
			n += len(piece)
			j += size
		}
	}
	b.WriteByte('"')
	return b.String()
}

// mermaidQuote writes lines as a quoted Mermaid label: each line Visible, joined by <br/>, and
// every character Mermaid or the HTML it renders reads as an entity code (#quot;, #35; ...), which
// Mermaid turns back into the character when it draws the label:
//
//   - " ends the label, # starts an entity code, & < > are HTML;
//   - % could start a %%{init: ...}%% directive, which Mermaid looks for anywhere in the text;
//   - : would let Mermaid's pre-pass for `style ...:...#...;` lines drop a ; of the label;
//   - ` at the start makes a Markdown label, | ends an edge's label.
//
// Mermaid also draws a backslash followed by n as a line break in the labels of some shapes (a
// cylinder, a subroutine, a cluster), an entity code for the backslash included, so a word joiner
// (U+2060, drawn as nothing) is put between them: a newline made visible, or a text's own \n,
// shows as written.
func mermaidQuote(lines ...string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, l := range lines {
		if i > 0 {
			b.WriteString("<br/>")
		}
		mermaidReplacer().WriteString(&b, strings.ReplaceAll(Visible(l), `\n`, "\\\u2060n"))
	}
	b.WriteByte('"')
	return b.String()
}

// Made on first use, as xmlReplacer.
func mermaidReplacer() *strings.Replacer {
	return mermaidMemo.Get(func() *strings.Replacer {
		return strings.NewReplacer(`"`, "#quot;", "#", "#35;", "&", "#amp;", "<", "#lt;", ">", "#gt;",
			"%", "#37;", ":", "#58;", "`", "#96;", "|", "#124;")
	})
}

var mermaidMemo lazy.Value[*strings.Replacer]
