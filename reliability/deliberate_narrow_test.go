package reliability

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/google/go-cmp/cmp"
)

// TestDeliberateDifferencesAreNarrow: an error of check on a configuration Carina accepts is
// explained by a deliberate difference only in the situation docs/language-rules.md describes;
// the same code on a name the configuration declares (a false error of check) is explained by
// none, so the differential tests show it.
func TestDeliberateDifferencesAreNarrow(t *testing.T) {
	dir := t.TempDir()
	app := filepath.Join(dir, "app")
	main := `let l = ['a']
let ghosted = awscc.s3.Bucket {
  bucket_name = ghost.x
}
let u = upstream_state { source = '../net' }
let c = awscc.s3.Bucket {
  bucket_name = u.nope
}
let d = awscc.s3.Bucket {
  bucket_name = u.a
}
let self = awscc.s3.Bucket {
  bucket_name = self.arn
}
let v1 = v2
let v2 = v1
let called = upper('x')
`
	for path, text := range map[string]string{
		filepath.Join(app, "main.crn"):        main,
		filepath.Join(dir, "net", "main.crn"): "exports {\n  a: String = 'x'\n}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// at is the span of the n-th (from 0) occurrence of word in main.crn.
	at := func(word string, n int) grammar.Span {
		off := 0
		for range n + 1 {
			i := strings.Index(main[off:], word)
			if i < 0 {
				t.Fatalf("%q occurs fewer than %d times", word, n+1)
			}
			off += i + len(word)
		}
		return grammar.Span{Start: int32(off - len(word)), End: int32(off)}
	}
	// attr is the span of the attribute of `u.x`, where check reports an unknown export.
	attr := func(sp grammar.Span) grammar.Span { return grammar.Span{Start: sp.Start + 2, End: sp.End} }
	tests := []struct {
		name string
		code finding.Code
		span grammar.Span
		want string
	}{
		{"a name declared nowhere", finding.CodeUndefined, at("ghost", 1), "a reference to a binding declared nowhere is reported wherever it is written"},
		{"a declared name", finding.CodeUndefined, at("l", 1), ""},
		{"a call of a name declared nowhere", finding.CodeUnknownFunction, at("ghost", 1), "a call of a name that is no function is reported wherever it is written"},
		{"a call of a built-in", finding.CodeUnknownFunction, at("upper", 0), ""},
		{"a call of a declared name", finding.CodeUnknownFunction, at("v1", 0), ""},
		{"an export the upstream lacks", finding.CodeUnknownExport, attr(at("u.nope", 0)), "a read of an export the upstream configuration does not declare is reported wherever it is written"},
		{"an export the upstream declares", finding.CodeUnknownExport, attr(at("u.a", 0)), ""},
		{"a cycle through a resource", finding.CodeCycle, at("self", 0), "a dependency cycle through a binding known only after apply is reported"},
		{"a cycle of values", finding.CodeCycle, at("v1", 0), ""},
		{"a code no difference names", finding.CodeModuleArgType, at("l", 0), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := finding.Diagnostic{Path: filepath.Join(app, "main.crn"), Span: tt.span, Code: tt.code, Severity: finding.Error}
			j := judged{theirs: checkVerdict{ok: true}, all: []finding.Diagnostic{d}}
			j.ours = &j.all[0]
			if diff := cmp.Diff(tt.want, explained(j, app)); diff != "" {
				t.Errorf("explained (-want +got):\n%s", diff)
			}
		})
	}
}
