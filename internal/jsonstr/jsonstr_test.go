package jsonstr

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	fastjson "github.com/segmentio/encoding/json"
)

// tricky returns every case where the two functions, and the encoders they match, could part:
// controls with a short escape and without, DEL, < > &, quotes and backslashes, U+2028 and
// U+2029, bytes that are not UTF-8 (a surrogate's encoding and a code point past U+10FFFF among
// them), and UTF-8 that needs no escape.
func tricky() []struct{ name, in, std, plain, decoded string } {
	return []struct{ name, in, std, plain, decoded string }{
		{"empty", "", `""`, `""`, ""},
		{"plain ASCII", "cert.status", `"cert.status"`, `"cert.status"`, "cert.status"},
		{"short escapes", "a\tb\nc\rd", `"a\tb\nc\rd"`, `"a\tb\nc\rd"`, "a\tb\nc\rd"},
		{"backspace and form feed", "\b\f", `"\b\f"`, `"\b\f"`, "\b\f"},
		{"other controls", "\x00\x01\x0b\x1f", `"\u0000\u0001\u000b\u001f"`, `"\u0000\u0001\u000b\u001f"`, "\x00\x01\x0b\x1f"},
		{"DEL as it is", "\x7f", "\"\x7f\"", "\"\x7f\"", "\x7f"},
		{"HTML", "<a & b>", `"\u003ca \u0026 b\u003e"`, `"<a & b>"`, "<a & b>"},
		{"quotes and backslashes", `"q" \ \\`, `"\"q\" \\ \\\\"`, `"\"q\" \\ \\\\"`, `"q" \ \\`},
		{"line and paragraph separators", "a\u2028b\u2029", `"a\u2028b\u2029"`, `"a\u2028b\u2029"`, "a\u2028b\u2029"},
		{"a byte that is not UTF-8", "a\xffb", `"a\ufffdb"`, `"a\ufffdb"`, "a\ufffdb"},
		{"a surrogate, one U+FFFD a byte", "\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`, `"\ufffd\ufffd\ufffd"`, "\ufffd\ufffd\ufffd"},
		{"past U+10FFFF", "\xf4\x90\x80\x80", `"\ufffd\ufffd\ufffd\ufffd"`, `"\ufffd\ufffd\ufffd\ufffd"`, "\ufffd\ufffd\ufffd\ufffd"},
		{"a cut sequence at the end", "é\xc3", `"é\ufffd"`, `"é\ufffd"`, "é\ufffd"},
		{"UTF-8 as it is", "é日本\U0001F600\ufffe", "\"é日本\U0001F600\ufffe\"", "\"é日本\U0001F600\ufffe\"", "é日本\U0001F600\ufffe"},
	}
}

func TestAppend(t *testing.T) {
	type out struct{ Std, Plain, Decoded string }
	for _, tt := range tricky() {
		t.Run(tt.name, func(t *testing.T) {
			want := out{tt.std, tt.plain, tt.decoded}
			got := out{string(Append(nil, tt.in)), string(AppendPlain(nil, tt.in)), Decoded(tt.in)}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tt.in, diff)
			}
			// Appended, not written over.
			if got := string(Append([]byte("x"), tt.in)); got != "x"+tt.std {
				t.Errorf("Append after x = %s, want x%s", got, tt.std)
			}
		})
	}
}

// FuzzAppend holds Append to encoding/json's Marshal and AppendPlain to segmentio's encoder
// without EscapeHTML, byte for byte (the outputs of check's reports and of the server's publishes
// before they shared this package), and both to encoding/json's decoding: each decodes back to
// Decoded(s), which is s when s is UTF-8.
func FuzzAppend(f *testing.F) {
	for _, tt := range tricky() {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		std, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := Append(nil, s); string(got) != string(std) {
			t.Fatalf("Append(%q) = %s, encoding/json writes %s", s, got, std)
		}
		if got, want := AppendPlain(nil, s), fastjson.AppendEscape(nil, s, 0); string(got) != string(want) {
			t.Fatalf("AppendPlain(%q) = %s, segmentio writes %s", s, got, want)
		}
		d := Decoded(s)
		if utf8.ValidString(s) && d != s {
			t.Fatalf("Decoded(%q) = %q, want it unchanged", s, d)
		}
		if !utf8.ValidString(d) || len([]rune(d)) != len([]rune(s)) {
			t.Fatalf("Decoded(%q) = %q: want UTF-8, one rune for each of s's", s, d)
		}
		for name, q := range map[string][]byte{"Append": Append(nil, s), "AppendPlain": AppendPlain(nil, s)} {
			var back string
			if err := json.Unmarshal(q, &back); err != nil {
				t.Fatalf("%s(%q) = %s: %v", name, s, q, err)
			}
			if back != d {
				t.Fatalf("%s(%q) = %s decodes to %q, want %q", name, s, q, back, d)
			}
		}
	})
}

// TestAppendMinimal: AppendMinimal writes what AppendPlain does (serde_json's escapes are the
// same: \b \f \n \r \t short, other controls \u00XX in lowercase, < > & and DEL as they are),
// except U+2028 and U+2029, which serde_json leaves as they are.
func TestAppendMinimal(t *testing.T) {
	for _, tt := range tricky() {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.plain
			if tt.name == "line and paragraph separators" {
				want = "\"a\u2028b\u2029\""
			}
			if got := string(AppendMinimal(nil, tt.in)); got != want {
				t.Errorf("AppendMinimal(%q) = %s, want %s", tt.in, got, want)
			}
		})
	}
}
