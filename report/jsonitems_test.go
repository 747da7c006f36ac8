package report

import (
	"encoding/json"
	"testing"
)

// FuzzJSONString holds appendJSONString to encoding/json's quoting of the same text.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain words", "<a & b>", "\"q\" \\", "\x00\x1f\x7f", "\xff\xfe", "\u2028\u2029", "é日本\U0001F600", "\t\n\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Fatalf("appendJSONString(%q) = %s, want %s", s, got[1:], want)
		}
	})
}
