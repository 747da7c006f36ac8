package workspace

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil/design"
)

// TestWaitAcrossFiles loads the design example (internal/testutil/design): the wait in wait.crn
// targets a resource of main.crn and is consumed from cdn.crn.
func TestWaitAcrossFiles(t *testing.T) {
	c := loadDir(t, design.Files())
	noSyntaxErrors(t, c)

	if len(c.Waits) != 1 {
		t.Fatalf("%d waits, want 1", len(c.Waits))
	}
	wi := c.Waits[0]
	if wi.Decl != c.Lookup("cert_issued") || wi.Decl.Kind != Wait {
		t.Fatalf("WaitInfo.Decl = %s, want the cert_issued wait", describeDecl(wi.Decl))
	}
	if wi.Expr == nil || wi.Expr != wi.Decl.WaitExpr() {
		t.Errorf("WaitInfo.Expr is not the declaration's wait expression")
	}
	if wi.Expr.Timeout == nil || wi.Expr.Until == nil || wi.Expr.DependsOn == nil {
		t.Errorf("wait attributes not found: until=%v depends_on=%v timeout=%v", wi.Expr.Until, wi.Expr.DependsOn, wi.Expr.Timeout)
	}
	if wi.Target == nil {
		t.Fatal("WaitInfo.Target = nil")
	}
	if got, want := describeRef(wi.Target), "wait.crn:1 cert (wait target) -> main.crn:1 resource"; got != want {
		t.Errorf("Target = %s, want %s", got, want)
	}
	if wi.Target.Decl != c.Lookup("cert") {
		t.Errorf("Target.Decl is not the cert binding")
	}
	var deps []string
	for _, r := range wi.DependsOn {
		deps = append(deps, describeRef(r))
	}
	if diff := cmp.Diff([]string{"wait.crn:3 validation_record (wait depends_on) -> main.crn:6 resource"}, deps); diff != "" {
		t.Errorf("DependsOn (-want +got):\n%s", diff)
	}

	// Every reference the wait's statement makes, with its role.
	var inWait []string
	for _, r := range c.Refs {
		if r.Owner == wi.Decl {
			inWait = append(inWait, describeRef(r))
		}
	}
	want := []string{
		"wait.crn:1 cert (wait target) -> main.crn:1 resource",
		"wait.crn:2 cert.status -> main.crn:1 resource",
		"wait.crn:2 aws.acm.Certificate.Status.Issued -> <nil>",
		"wait.crn:3 validation_record (wait depends_on) -> main.crn:6 resource",
	}
	if diff := cmp.Diff(want, inWait); diff != "" {
		t.Errorf("wait refs (-want +got):\n%s", diff)
	}

	// The consumer reads through the wait: the reference resolves to the wait declaration, with
	// the attribute as its path.
	r := refAt(t, c, "cdn.crn", "cert_issued")
	if r.Decl != wi.Decl {
		t.Errorf("cert_issued.certificate_arn resolves to %s, want the wait", describeDecl(r.Decl))
	}
	if r.Kind != RefValue {
		t.Errorf("consumer ref kind = %v, want RefValue", r.Kind)
	}
	var path []string
	for _, p := range r.Path {
		path = append(path, p.Text)
	}
	if diff := cmp.Diff([]string{"certificate_arn"}, path); diff != "" {
		t.Errorf("Path (-want +got):\n%s", diff)
	}
	if got, want := describeRef(r), "cdn.crn:11 cert_issued.certificate_arn -> wait.crn:1 wait"; got != want {
		t.Errorf("consumer = %s, want %s", got, want)
	}
	if r.Owner != c.Lookup("dist") {
		t.Errorf("consumer Owner = %s, want dist", describeDecl(r.Owner))
	}

	// The consumer depends on the wait, the wait on its target and depends_on entries.
	wantDeps := []string{
		"dist -> cert_issued",
		"validation_record -> cert",
		"cert_issued -> cert, validation_record",
	}
	if diff := cmp.Diff(wantDeps, describeDeps(c)); diff != "" {
		t.Errorf("deps (-want +got):\n%s", diff)
	}
}

// Waits in odd shapes: anonymous, without a target, with a depends_on entry that is not a plain
// name, with an unknown target, and several in one configuration.
func TestWaitShapes(t *testing.T) {
	type waitSum struct {
		Decl      string
		Target    string
		DependsOn []string
	}
	sum := func(c *Config) []waitSum {
		var out []waitSum
		for _, wi := range c.Waits {
			s := waitSum{Decl: wi.Decl.Name + " " + describeDecl(wi.Decl)}
			if wi.Target != nil {
				s.Target = describeRef(wi.Target)
			}
			for _, r := range wi.DependsOn {
				s.DependsOn = append(s.DependsOn, describeRef(r))
			}
			out = append(out, s)
		}
		return out
	}
	tests := []struct {
		name       string
		src        string
		syntaxErrs bool
		want       []waitSum
	}{
		{
			name: "anonymous wait and a wait on a data source",
			src: `let a = aws.s3.Bucket { name = 'a' }
let d = read aws.s3.Bucket { name = 'd' }
let _ = wait a { until = a.status == 'ok' }
let w2 = wait d {
  depends_on = [a, d,]
  until = d.state == ready
}
`,
			want: []waitSum{
				{Decl: "_ main.crn:3 wait", Target: "main.crn:3 a (wait target) -> main.crn:1 resource"},
				{
					Decl:   "w2 main.crn:4 wait",
					Target: "main.crn:4 d (wait target) -> main.crn:2 data source",
					DependsOn: []string{
						"main.crn:5 a (wait depends_on) -> main.crn:1 resource",
						"main.crn:5 d (wait depends_on) -> main.crn:2 data source",
					},
				},
			},
		},
		{
			name: "unknown target and depends_on entries stay unresolved",
			src:  "let w = wait ghost {\n  until = ghost.status == 'ok'\n  depends_on = [phantom]\n}\n",
			want: []waitSum{{
				Decl:      "w main.crn:1 wait",
				Target:    "main.crn:1 ghost (wait target) -> <nil>",
				DependsOn: []string{"main.crn:3 phantom (wait depends_on) -> <nil>"},
			}},
		},
		{
			name:       "a wait without a target",
			src:        "let w = wait {\n  until = x.status == 'ok'\n}\n",
			syntaxErrs: true,
			want:       []waitSum{{Decl: "w main.crn:1 wait"}},
		},
		{
			name:       "a depends_on entry with an attribute is not a plain name",
			src:        "let a = aws.s3.Bucket { name = 'a' }\nlet w = wait a {\n  until = a.status == 'ok'\n  depends_on = [a.arn]\n}\n",
			syntaxErrs: true,
			want:       []waitSum{{Decl: "w main.crn:2 wait", Target: "main.crn:2 a (wait target) -> main.crn:1 resource"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := loadDir(t, map[string]string{"main.crn": tt.src})
			if !tt.syntaxErrs {
				noSyntaxErrors(t, c)
			}
			if diff := cmp.Diff(tt.want, sum(c)); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
		})
	}
}

// Identical statements of one file may share one parse (the parser reuses the parse of a
// statement's text after an edit): each still has its own wait, references and owner.
func TestIdenticalStatementsShareParse(t *testing.T) {
	src := "let a = aws.s3.Bucket { name = 'a' }\n" +
		"let _ = wait a { until = a.status == 'ok' }\n" +
		"let _ = wait a { until = a.status == 'ok' }\n"
	ws := New(newMemFS(nil))
	ws.SetOverlay("/ws/main.crn", src)
	mustConfig(t, ws, "/ws")
	ws.SetOverlay("/ws/main.crn", "# edited\n"+src)
	c := mustConfig(t, ws, "/ws")
	st := c.Files[0].AST.Stmts
	if len(st) != 3 || st[1].Parsed != st[2].Parsed {
		t.Logf("the two waits do not share a parse: the test does not exercise the sharing")
	}
	if len(c.Waits) != 2 {
		t.Fatalf("%d waits, want 2", len(c.Waits))
	}
	for i, wi := range c.Waits {
		if wi.Target == nil || wi.Target.Owner != wi.Decl {
			t.Errorf("wait %d: target %v not owned by its declaration", i, wi.Target)
			continue
		}
		if got, want := describeRef(wi.Target), fmt.Sprintf("main.crn:%d a (wait target) -> main.crn:2 resource", i+3); got != want {
			t.Errorf("wait %d: target %s, want %s", i, got, want)
		}
	}
	if diff := cmp.Diff([]string{"_ -> a", "_ -> a"}, describeDeps(c)); diff != "" {
		t.Errorf("deps (-want +got):\n%s", diff)
	}
}
