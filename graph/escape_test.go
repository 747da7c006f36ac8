package graph

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
)

func TestVisible(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"cert.status == 'ok'", "cert.status == 'ok'"},
		{"é 日本 😀 \u202e\ufeff\ufffd", "é 日本 😀 \u202e\ufeff\ufffd"}, // printable or harmless: kept
		{"a\tb\nc\rd", `a\tb\nc\rd`},
		{"\x00\x01\x1b\x1f\x7f", `\x00\x01\x1b\x1f\x7f`},
		{"./a\x01b", `./a\x01b`},
		{"\u0080\u0085\u009f", `\u0080\u0085\u009f`},
		{"a\u2028b\u2029", `a\u2028b\u2029`},
		{"\ufffe\uffff\ufdd0\ufdef\U0001fffe\U0010ffff", `\ufffe\uffff\ufdd0\ufdef\U0001fffe\U0010ffff`},
		{"\ufdcf\ufdf0", "\ufdcf\ufdf0"}, // just outside the noncharacters
		{"a\xffb\xc3", `a\xffb\xc3`},
		{"\xed\xa0\x80", `\xed\xa0\x80`}, // a lone surrogate in UTF-8 form is no UTF-8
		{`\x01 stays`, `\x01 stays`},
	} {
		if diff := cmp.Diff(tt.want, Visible(tt.in)); diff != "" {
			t.Errorf("Visible(%q) (-want +got):\n%s", tt.in, diff)
		}
		if got := Visible(Visible(tt.in)); got != Visible(tt.in) {
			t.Errorf("Visible is not idempotent on %q: %q", tt.in, got)
		}
	}
}

func TestXMLEscape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"cert_issued", "cert_issued"},
		{`a & b < c > d "e" 'f'`, `a &amp; b &lt; c &gt; d &quot;e&quot; 'f'`},
		{"]]>", "]]&gt;"},
		{"-->", "--&gt;"},
		{"&amp;&#1;", "&amp;amp;&amp;#1;"},
		{"./a\x01b", `./a\x01b`},
		{"x\x00\ufffe\xff", `x\x00\ufffe\xff`},
		{"line\nbreak\ttab", `line\nbreak\ttab`}, // an attribute would read them back as spaces
		{"é → 😀", "é → 😀"},
	} {
		if diff := cmp.Diff(tt.want, xmlEscape(tt.in)); diff != "" {
			t.Errorf("xmlEscape(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestDotQuote(t *testing.T) {
	long := strings.Repeat("x", dotMaxChunk+10)
	backslashes := strings.Repeat(`\`, dotMaxChunk/2+1) // doubled: one more than a chunk holds
	for _, tt := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"an ID", []string{"cert"}, `"cert"`},
		{"lines", []string{"cert_issued", "wait on cert"}, `"cert_issued\nwait on cert"`},
		{"quotes", []string{`say "hi"`}, `"say \"hi\""`},
		{"backslashes stay text, Graphviz's \\N included", []string{`a\b \N \l \"`}, `"a\\b \\N \\l \\\""`},
		{"a trailing backslash", []string{`a\`}, `"a\\"`},
		{"a newline in a line is visible, not a break", []string{"a\nb"}, `"a\\nb"`},
		{"NUL and controls", []string{"a\x00b\x01"}, `"a\\x00b\\x01"`},
		{"not UTF-8", []string{"\xff"}, `"\\xff"`},
		{"entities are text", []string{"<b>&amp;&#1;</b>"}, `"<b>&amp;amp;&amp;#1;</b>"`},
		{"non-ASCII", []string{"é😀"}, `"é😀"`},
		{"long: chunks joined by +", []string{long}, `"` + long[:dotMaxChunk] + `" + "` + long[dotMaxChunk:] + `"`},
		{"a chunk never splits an escape", []string{backslashes}, `"` + strings.Repeat(`\\`, dotMaxChunk/2) + `" + "\\"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, dotQuote(tt.lines...)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// A chunk never splits a character either.
	q := dotQuote(strings.Repeat("é", dotMaxChunk))
	for i, chunk := range strings.Split(strings.Trim(q, `"`), `" + "`) {
		if len(chunk) > dotMaxChunk || !strings.HasPrefix(chunk, "é") || !strings.HasSuffix(chunk, "é") {
			t.Errorf("chunk %d: %d bytes, %q...%q", i, len(chunk), chunk[:4], chunk[len(chunk)-4:])
		}
	}
}

func TestMermaidQuote(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"lines", []string{"cert_issued", "wait on cert"}, `"cert_issued<br/>wait on cert"`},
		{"quotes", []string{`say "hi" 'x'`}, `"say #quot;hi#quot; 'x'"`},
		{"entities are not read", []string{"#quot; &amp; #35;"}, `"#35;quot; #amp;amp; #35;35;"`},
		{"HTML", []string{"<br/><b>a</b>"}, `"#lt;br/#gt;#lt;b#gt;a#lt;/b#gt;"`},
		{"a directive", []string{"%%{init: {'theme': 'dark'}}%%"}, `"#37;#37;{init#58; {'theme'#58; 'dark'}}#37;#37;"`},
		{"Markdown and edge syntax", []string{"`md` a|b --> c"}, `"#96;md#96; a#124;b --#gt; c"`},
		{"a style line", []string{"style x fill:#f00;"}, `"style x fill#58;#35;f00;"`},
		{"controls are visible", []string{"./a\x01b\u2028"}, `"./a\x01b\u2028"`},
		{"a backslash and n are kept apart", []string{"a\nb", `c\nd \\n`}, "\"a\\\u2060nb<br/>c\\\u2060nd \\\\\u2060n\""},
		{"backslashes and brackets stay", []string{`\ [x] (y) {z} \t`}, `"\ [x] (y) {z} \t"`},
		{"non-ASCII", []string{"é😀"}, `"é😀"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, mermaidQuote(tt.lines...)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestXMLDecoderIsStrict holds the oracle of the SVG checks to what XML 1.0 forbids: every C0
// control but tab, newline and carriage return, U+FFFE and U+FFFF, raw or as a character
// reference, in text or in an attribute, bytes that are not UTF-8, ]]> in text, and more than one
// root. Were encoding/xml lenient here, the property test could not fail.
func TestXMLDecoderIsStrict(t *testing.T) {
	var bad []string
	for c := rune(0); c < 0x20; c++ {
		if c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		bad = append(bad, string(c), fmt.Sprintf("&#%d;", c))
	}
	bad = append(bad, "\ufffe", "\uffff", "&#xFFFE;", "&#xFFFF;", "\xff", "\xed\xa0\x80", "]]>", "&foo;", "<")
	for _, s := range bad {
		for _, doc := range []string{"<svg>" + s + "</svg>", `<svg a="` + s + `"/>`} {
			if doc == `<svg a="]]>"/>` {
				continue // allowed in an attribute
			}
			if err := testutil.WellFormedXML([]byte(doc)); err == nil {
				t.Errorf("%q is read as well-formed", doc)
			}
		}
	}
	if err := testutil.WellFormedXML([]byte("<a/><b/>")); err == nil {
		t.Error("two roots are read as well-formed")
	}
	for _, doc := range []string{"<svg>\t\n\r&#9;&#10;&#13;é😀\ufffd&amp;</svg>", `<svg a="\x01 &quot;"/>`} {
		if err := testutil.WellFormedXML([]byte(doc)); err != nil {
			t.Errorf("%q: %v", doc, err)
		}
	}
}
