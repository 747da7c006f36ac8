package workspace

import (
	"context"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil/design"
)

// FuzzConfig builds a two-file configuration (and a module it may use) from arbitrary text:
// building never panics and the model's invariants hold whatever the parser recovered.
func FuzzConfig(f *testing.F) {
	for _, src := range design.Files() {
		f.Add(src, "let m = use { source = './mod' }\nlet x = m { a = cert.arn }\n")
	}
	for _, src := range moduleTree {
		f.Add(src, "")
	}
	f.Add("let a = aws.s3.Bucket {\n  let l = 1\n  directives { depends_on = [b] }\n  x = l\n}\n", "let b = for (i, v) in [1] { let q = v\n aws.s3.Bucket { n = q } }")
	f.Add("fn f(a, b = a) { let c = a\n c }\nlet w = wait {", "let _ = wait x { until = x.y == 1 depends_on = [ ")
	f.Add("let x = if a { 1 } else if b { 2 }", "arguments { a: String = b\n b: String }")
	f.Fuzz(func(t *testing.T, a, b string) {
		mfs := newMemFS(map[string]string{
			"/ws/a.crn":     a,
			"/ws/b.crn":     b,
			"/ws/mod/m.crn": b,
		})
		ws := New(mfs)
		c, err := ws.Config(context.Background(), "/ws")
		if err != nil {
			t.Fatal(err)
		}
		checkModelInvariants(t, c)
		for _, imp := range c.Modules {
			if imp.Config != nil {
				checkModelInvariants(t, imp.Config)
			}
		}
		// An edit keeps the model consistent too (incremental re-parse).
		ws.SetOverlay("/ws/a.crn", b+"\n"+a)
		c, err = ws.Config(context.Background(), "/ws")
		if err != nil {
			t.Fatal(err)
		}
		checkModelInvariants(t, c)
	})
}
