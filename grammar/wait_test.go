package grammar

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// at returns the span of the n-th (0-based) occurrence of sub in text.
func at(t *testing.T, text, sub string, n int) Span {
	t.Helper()
	off := 0
	for i := 0; ; i++ {
		j := strings.Index(text[off:], sub)
		if j < 0 {
			t.Fatalf("occurrence %d of %q not found in %q", n, sub, text)
		}
		if i == n {
			return Span{int32(off + j), int32(off + j + len(sub))}
		}
		off += j + len(sub)
	}
}

// path builds the PathExpr of the dotted name at sp.
func path(text string, sp Span) *PathExpr {
	return &PathExpr{Span: sp, Parts: splitDotted(text[sp.Start:sp.End], sp.Start)}
}

// onlyStmt parses src, which must hold exactly one statement and no error.
func onlyStmt(t *testing.T, src string) (*Stmt, string) {
	t.Helper()
	f := parseClean(t, src)
	if len(f.Stmts) != 1 {
		t.Fatalf("%d statements, want 1", len(f.Stmts))
	}
	st := f.Stmts[0]
	return st, src[st.Offset:st.End]
}

// TestWaitExpr checks the WaitExpr of the design example field by field, spans included: the
// target, the until predicate tree, the depends_on entries and the timeout's seconds and text.
func TestWaitExpr(t *testing.T) {
	src := `
let cert_issued = wait cert {
  until      = cert.status == aws.acm.Certificate.Status.Issued
  depends_on = [validation_record, other,]
  timeout    = 75min
}
`
	st, text := onlyStmt(t, src)
	if st.Offset != 1 {
		t.Errorf("statement offset %d, want 1", st.Offset)
	}
	let, ok := st.Node.(*LetStmt)
	if !ok {
		t.Fatalf("node %T, want *LetStmt", st.Node)
	}
	w, ok := let.Value.(*WaitExpr)
	if !ok {
		t.Fatalf("value %T, want *WaitExpr", let.Value)
	}
	if diff := cmp.Diff(&Name{Text: "cert_issued", Span: at(t, text, "cert_issued", 0)}, let.Name); diff != "" {
		t.Errorf("let name (-want +got):\n%s", diff)
	}
	if got, want := w.Kw, at(t, text, "wait", 0); got != want {
		t.Errorf("Kw = %v, want %v", got, want)
	}
	if diff := cmp.Diff(&Name{Text: "cert", Span: at(t, text, "cert", 1)}, w.Target); diff != "" {
		t.Errorf("target (-want +got):\n%s", diff)
	}
	if w.Span != (Span{at(t, text, "wait", 0).Start, int32(len(text))}) {
		t.Errorf("wait span %v, want from `wait` to the end", w.Span)
	}

	// The three keys point at the body's attributes, in order.
	if len(w.Body.Items) != 3 || w.Until != w.Body.Items[0] || w.DependsOn != w.Body.Items[1] || w.Timeout != w.Body.Items[2] {
		t.Fatalf("Until/DependsOn/Timeout do not point at the body's attributes: %s", dump(w))
	}

	wantUntil := &BinaryExpr{
		Span:  Span{at(t, text, "cert.status", 0).Start, at(t, text, "Issued", 0).End},
		Op:    Eq,
		OpPos: at(t, text, "==", 0),
		X:     path(text, at(t, text, "cert.status", 0)),
		Y:     path(text, at(t, text, "aws.acm.Certificate.Status.Issued", 0)),
	}
	if diff := cmp.Diff(wantUntil, w.Until.Value); diff != "" {
		t.Errorf("until predicate (-want +got):\n%s", diff)
	}
	if y := w.Until.Value.(*BinaryExpr).Y.(*PathExpr); len(y.Parts) != 5 || y.Parts[4].Text != "Issued" {
		t.Errorf("until right-hand side parts: %+v", y.Parts)
	}
	wantDeps := &ListExpr{
		Span: Span{at(t, text, "[", 0).Start, at(t, text, "]", 0).End},
		Elems: []Expr{
			path(text, at(t, text, "validation_record", 0)),
			path(text, at(t, text, "other", 0)),
		},
	}
	if diff := cmp.Diff(wantDeps, w.DependsOn.Value); diff != "" {
		t.Errorf("depends_on (-want +got):\n%s", diff)
	}
	wantTimeout := &DurationLit{Span: at(t, text, "75min", 0), Seconds: 4500, Text: "75min"}
	if diff := cmp.Diff(wantTimeout, w.Timeout.Value); diff != "" {
		t.Errorf("timeout (-want +got):\n%s", diff)
	}
	if w.Timeout.Key.Text != "timeout" || w.Timeout.Key.Span != at(t, text, "timeout", 0) {
		t.Errorf("timeout key %+v", w.Timeout.Key)
	}
}

// TestWaitShapes checks what the checker relies on in unusual waits: predicate trees with every
// operator (the parser accepts the validate-expression surface, the checker reports what is not
// supported), the first of duplicate keys, unknown keys kept as written, and missing parts.
func TestWaitShapes(t *testing.T) {
	tests := []struct {
		name                     string
		src                      string
		until, deps, timeout, wt string // dumps of Until.Value, DependsOn.Value, Timeout.Value, Target
		items                    int
	}{
		{"minimal", `let w = wait cert { until = cert.ready == true }`, `(== cert.ready true)`, "", "", "cert", 1},
		{"combinators", `let w = wait cert { until = !(cert.a == 1) && cert.b != 'x' || cert.c >= 2 }`,
			`(|| (&& (! (paren (== cert.a 1))) (!= cert.b 'x')) (>= cert.c 2))`, "", "", "cert", 1},
		{"leading not", `let w = wait cert { until = !cert.s == X }`, `(! (== cert.s X))`, "", "", "cert", 1},
		{"no operator", `let w = wait cert { until = cert.ready }`, `cert.ready`, "", "", "cert", 1},
		{"index, null, call, string, number, float, duration", `let w = wait c { until = c.a[0].b == null || f(c.x) < "ISSUED" || c.n <= 3 || c.f > 1.5 || c.t == 5min }`,
			`(|| (|| (|| (|| (== (field (index c.a 0) b) null) (< (call f c.x) "ISSUED")) (<= c.n 3)) (> c.f (float 1.5))) (== c.t (dur 5min 300s)))`, "", "", "c", 1},
		{"nested attribute path", `let w = wait cert { until = cert.renewal_summary.renewal_status == aws.acm.Certificate.RenewalStatus.SUCCESS }`,
			`(== cert.renewal_summary.renewal_status aws.acm.Certificate.RenewalStatus.SUCCESS)`, "", "", "cert", 1},
		{"duplicate keys: the first wins", "let w = wait c {\n  until = c.a == 1\n  until = c.b == 2\n  timeout = 1h\n  timeout = 2h\n  depends_on = [x]\n  depends_on = [y]\n}",
			`(== c.a 1)`, `[x]`, `(dur 1h 3600s)`, "c", 6},
		{"unknown key kept", "let w = wait c {\n  until = c.a == 1\n  interval = 5s\n}", `(== c.a 1)`, "", "", "c", 2},
		{"timeout not a duration", "let w = wait c {\n  until = c.a == 1\n  timeout = 75\n}", `(== c.a 1)`, "", `75`, "c", 2},
		{"quoted timeout", "let w = wait c {\n  until = c.a == 1\n  timeout = \"75min\"\n}", `(== c.a 1)`, "", `"75min"`, "c", 2},
		{"string depends_on", "let w = wait c {\n  until = c.a == 1\n  depends_on = ['x', y.z]\n}", `(== c.a 1)`, `['x' y.z]`, "", "c", 2},
		{"no until", "let w = wait c {\n  timeout = 30s\n}", "", "", `(dur 30s 30s)`, "c", 1},
		{"empty", `let w = wait c {}`, "", "", "", "c", 0},
		{"self target", `let w = wait w { until = w.x == 1 }`, `(== w.x 1)`, "", "", "w", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := onlyStmt(t, tc.src)
			w := st.Node.(*LetStmt).Value.(*WaitExpr)
			val := func(a *Attribute) string {
				if a == nil {
					return ""
				}
				return dump(a.Value)
			}
			got := []string{val(w.Until), val(w.DependsOn), val(w.Timeout), dump(w.Target)}
			want := []string{tc.until, tc.deps, tc.timeout, tc.wt}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("until, depends_on, timeout, target (-want +got):\n%s", diff)
			}
			if len(w.Body.Items) != tc.items {
				t.Errorf("%d body items, want %d: %s", len(w.Body.Items), tc.items, dump(w.Body))
			}
		})
	}
}

// TestSpans checks exact node spans of one resource statement with go-cmp, and that spans are
// relative to the statement (Stmt.Abs makes them absolute).
func TestSpans(t *testing.T) {
	src := "# leading comment\nlet b = aws.s3.Bucket {\n  'k' = \"v${x}\"\n  tags { a = [1, 2] }\n} # trailing"
	f := parseClean(t, src)
	st := f.Stmts[0]
	text := src[st.Offset:st.End]
	if !strings.HasPrefix(text, "let b") || !strings.HasSuffix(text, "}") {
		t.Fatalf("statement text %q: comments are not part of a statement", text)
	}
	if got, want := st.Abs(Span{0, 3}), (Span{18, 21}); got != want || src[got.Start:got.End] != "let" {
		t.Errorf("Abs = %v, want %v", got, want)
	}
	sp := func(sub string, n int) Span { return at(t, text, sub, n) }
	strSpan := Span{sp(`"v`, 0).Start, sp(`}"`, 0).End}
	want := &LetStmt{
		Span: Span{0, int32(len(text))},
		Let:  sp("let", 0),
		Name: &Name{Text: "b", Span: sp("b", 0)},
		Value: &ResourceExpr{
			Span: Span{sp("aws", 0).Start, int32(len(text))},
			Type: path(text, sp("aws.s3.Bucket", 0)),
			Body: &Block{
				Open:  sp("{", 0),
				Close: Span{int32(len(text) - 1), int32(len(text))},
				Items: []Item{
					&Attribute{
						Span:   Span{sp("'k'", 0).Start, strSpan.End},
						Key:    &Name{Text: "k", Span: sp("'k'", 0)},
						Quoted: true,
						Value: &StringLit{Span: strSpan, Parts: []StringPart{
							{Span: sp(`"v${`, 0), Text: "v"},
							{Span: sp("x", 0), Expr: path(text, sp("x", 0))},
							{Span: sp(`}"`, 0), Text: ""},
						}},
					},
					&NestedBlock{
						Span: Span{sp("tags", 0).Start, sp("}", 1).End},
						Name: &Name{Text: "tags", Span: sp("tags", 0)},
						Body: &Block{Open: sp("{", 2), Close: sp("}", 1), Items: []Item{
							&Attribute{
								Span: Span{sp("a =", 0).Start, sp("]", 0).End},
								Key:  &Name{Text: "a", Span: Span{sp("a =", 0).Start, sp("a =", 0).Start + 1}},
								Value: &ListExpr{Span: Span{sp("[", 0).Start, sp("]", 0).End}, Elems: []Expr{
									&IntLit{Span: sp("1", 0), Value: 1},
									&IntLit{Span: sp("2", 0), Value: 2},
								}},
							},
						}},
					},
				},
			},
		},
	}
	if diff := cmp.Diff(Node(want), st.Node); diff != "" {
		t.Errorf("AST (-want +got):\n%s", diff)
	}
}
