package diagnostics

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// memoFiles is a wait configuration in three files with a mistake in each kind of check.
func memoFiles() map[string]string {
	return map[string]string{
		"main.crn": "let cert = aws.acm.Certificate {\n  domain_name       = 'example.com'\n  validation_method = dns\n  bogus = 1\n}\n\nlet validation_record = aws.route53.RecordSet {\n  hosted_zone_id   = 'Z0123456789'\n  name             = cert.domain_validation_options[0].resource_record.name\n  type             = cname\n  ttl              = 60\n  resource_records = [cert.domain_validation_options[0].resource_record.value]\n}\n",
		"wait.crn": "let cert_issued = wait cert {\n  until      = cert.status == aws.acm.Certificate.Status.Isued\n  depends_on = [validation_record]\n}\n",
		"cdn.crn":  "let unused = 'x'\n\nawscc.cloudfront.Distribution {\n  distribution_config = {\n    enabled = true\n\n    viewer_certificate = {\n      acm_certificate_arn = cert_issued.certificate_arnn\n    }\n  }\n}\n",
	}
}

// recheck edits a file of a workspace and checks the configuration with and without the memo.
func recheck(t *testing.T, ws *workspace.Workspace, memo *Memo, file, text string) (withMemo, fresh []finding.Diagnostic) {
	t.Helper()
	if file != "" {
		ws.SetOverlay(testutil.Abs(file), text)
	}
	cfg, err := ws.Config(context.Background(), testutil.Root)
	if err != nil {
		t.Fatal(err)
	}
	return CheckWith(context.Background(), cfg, testutil.EmbeddedIndex(t), Options{Memo: memo}), Check(context.Background(), cfg, testutil.EmbeddedIndex(t))
}

// TestMemoReanalysesOnlyDependents edits one statement at a time and checks that the memoised run
// analyses exactly the statements that depend on the change, and says the same as a fresh run.
func TestMemoReanalysesOnlyDependents(t *testing.T) {
	files := memoFiles()
	ws := workspace.New(testutil.NewMemFS(files))
	memo := NewMemo()
	got, want := recheck(t, ws, memo, "", "")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("first run differs (-fresh +memo):\n%s", diff)
	}
	total, _ := memo.Stats()

	steps := []struct {
		name     string
		file     string
		edit     func(string) string
		analysed int // statements analysed after the edit
	}{
		{"nothing changed", "", nil, 0},
		{"a value inside the target's body", "main.crn", func(s string) string {
			return strings.Replace(s, "'example.com'", "'example.org'", 1)
		}, 1},
		{"a statement moves (a blank line above it)", "main.crn", func(s string) string { return "\n" + s }, 0},
		{"the wait's predicate", "wait.crn", func(s string) string { return strings.Replace(s, "Isued", "issued", 1) }, 1},
		{"the consumer's attribute", "cdn.crn", func(s string) string { return strings.Replace(s, "arnn", "arn", 1) }, 1},
		// The target becomes another resource type: the target itself, the validation record and
		// the wait read it, and the distribution reads it through the wait's passthrough.
		{"the target's type", "main.crn", func(s string) string {
			return strings.Replace(s, "let cert = aws.acm.Certificate {", "let cert = awscc.ec2.Vpc {", 1)
		}, 4},
		// A misspelt binding read with an attribute: its suggestion is a binding that has the
		// attribute. When the binding that had it becomes another type, the suggestion goes.
		{"a misspelt binding read with an attribute", "cdn.crn", func(s string) string {
			return strings.Replace(s, "let unused = 'x'", "let unused = certt.vpc_id", 1)
		}, 1},
		// The four statements that read the target, and the misspelt one: its suggestion read
		// more than its fingerprint covers (checker.volatile), so it is analysed on every run.
		{"the suggested binding's type", "main.crn", func(s string) string {
			return strings.Replace(s, "let cert = awscc.ec2.Vpc {", "let cert = aws.acm.Certificate {", 1)
		}, 5},
		{"nothing changed, a statement with a suggestion", "", nil, 1},
	}
	current := map[string]string{}
	for k, v := range files {
		current[k] = v
	}
	for _, st := range steps {
		text := ""
		if st.file != "" {
			current[st.file] = st.edit(current[st.file])
			text = current[st.file]
		}
		got, want := recheck(t, ws, memo, st.file, text)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: the memoised run differs from a fresh one (-fresh +memo):\n%s", st.name, diff)
		}
		analysed, reused := memo.Stats()
		if analysed != st.analysed {
			t.Errorf("%s: analysed %d statements (reused %d of %d), want %d", st.name, analysed, reused, total, st.analysed)
		}
	}
}

// TestMemoEqualsFresh applies random edits to real configurations: the memoised results always
// equal a fresh check.
func TestMemoEqualsFresh(t *testing.T) {
	src, _ := corpus.Concat(t, 1500)
	files := map[string]string{"main.crn": src, "wait.crn": memoFiles()["wait.crn"]}
	ws := workspace.New(testutil.NewMemFS(files))
	memo := NewMemo()
	rng := rand.New(rand.NewPCG(3, 4))
	edits := []string{"", "x", "{", "}", "'", "\n", " = ", "let y = 1\n", ".", "cert", "_1"}
	text := src
	for i := 0; i < 60; i++ {
		pos := rng.IntN(len(text) + 1)
		del := min(rng.IntN(4), len(text)-pos)
		text = text[:pos] + edits[rng.IntN(len(edits))] + text[pos+del:]
		got, want := recheck(t, ws, memo, "main.crn", text)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("edit %d: the memoised run differs from a fresh one (-fresh +memo):\n%s", i, diff)
		}
	}
}

// TestMemoLineNumbers: a message that names a line (the first of a duplicate key) says where the
// statement stands now after lines were inserted above it; the memo does not replay the old line.
func TestMemoLineNumbers(t *testing.T) {
	src := "let b = aws.s3.Bucket {\n  bucket = 'a'\n  bucket = 'b'\n}\nlet w = wait b {\n  timeout = 5min\n  timeout = 6min\n  until = b.id == 'x'\n}\n"
	ws := workspace.New(testutil.NewMemFS(map[string]string{"main.crn": src}))
	memo := NewMemo()
	recheck(t, ws, memo, "main.crn", src)
	got, want := recheck(t, ws, memo, "main.crn", "# one\n# two\n# three\n"+src)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("after inserting three lines, the memoised run differs from a fresh one (-fresh +memo):\n%s", diff)
	}
	lines := 0
	for _, d := range got {
		if strings.Contains(d.Message, "first set on line 5") || strings.Contains(d.Message, "first set on line 9") {
			lines++
		}
	}
	if lines != 2 {
		t.Errorf("want the duplicates' first lines 5 and 9 in the messages: %v", got)
	}
}

// TestMemoSuggestionKinds: a wait's misspelt target is offered only names that can be waited on,
// so when a binding of that name changes kind (a plain value becomes a resource), the suggestion
// changes although no name did; the memo must not replay the message without it (FuzzAnalyze).
func TestMemoSuggestionKinds(t *testing.T) {
	wait := "let w = wait certro {\n  until = certro.status == 'x'\n}\n"
	before := "let cert = 1\n" + wait
	after := "let cert = aws.acm.Certificate {\n  domain_name = 'a.example'\n}\n" + wait
	got := memoBeforeAfter(t, before, after, "after cert became a resource")
	if !slices.ContainsFunc(got, func(d finding.Diagnostic) bool { return strings.Contains(d.Message, `did you mean "cert"`) }) {
		t.Errorf("want the suggestion of cert once it can be waited on: %v", got)
	}
}

// BenchmarkRecheckOneStatement re-checks the ~10,000-line concatenated corpus after an edit inside
// one statement, with the memo (only that statement is analysed again) and without.
func BenchmarkRecheckOneStatement(b *testing.B) {
	src, _ := corpus.Concat(b, 10000)
	mid := strings.Index(src[len(src)/2:], "= true") + len(src)/2
	versions := [2]string{src, src[:mid] + "= false" + src[mid+len("= true"):]}
	for _, withMemo := range []bool{true, false} {
		name := "memo"
		if !withMemo {
			name = "fresh"
		}
		b.Run(name, func(b *testing.B) {
			ws := workspace.New(testutil.NewMemFS(map[string]string{"main.crn": src}))
			var memo *Memo
			if withMemo {
				memo = NewMemo()
			}
			idx := testutil.EmbeddedIndex(b)
			i := 0
			for b.Loop() {
				ws.SetOverlay(testutil.Abs("main.crn"), versions[i%2])
				i++
				cfg, err := ws.Config(context.Background(), testutil.Root)
				if err != nil {
					b.Fatal(err)
				}
				CheckWith(context.Background(), cfg, idx, Options{Memo: memo})
			}
			if memo != nil {
				analysed, reused := memo.Stats()
				b.ReportMetric(float64(analysed), "analysed-stmts")
				b.ReportMetric(float64(reused), "reused-stmts")
			}
		})
	}
}

// TestMemoRequiredFixPlaceholder: the missing-required-attribute fix writes an enum's first value
// bare only while no binding has its name, so a statement that offers it is analysed again when
// the names change.
func TestMemoRequiredFixPlaceholder(t *testing.T) {
	record := "aws.route53.RecordSet {\n  ttl = 60\n}\n"
	before := "let x = 1\n" + record
	after := "let a = 1\n" + record
	got := memoBeforeAfter(t, before, after, "after a binding took the enum value's name")
	if !slices.ContainsFunc(got, func(d finding.Diagnostic) bool {
		return len(d.Fixes) > 0 && strings.Contains(d.Fixes[0].Edits[len(d.Fixes[0].Edits)-1].NewText, "type = aws.route53.RecordSet.Type.a")
	}) {
		t.Errorf("want the qualified value once a binding is called a: %v", got)
	}
}

// memoBeforeAfter checks main.crn as before and then as after with one memo, fails unless each
// run finds what a fresh check finds (when says what changed), and returns the second run's.
func memoBeforeAfter(t *testing.T, before, after, when string) []finding.Diagnostic {
	t.Helper()
	ws := workspace.New(testutil.NewMemFS(map[string]string{"main.crn": before}))
	memo := NewMemo()
	got, want := recheck(t, ws, memo, "main.crn", before)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("first run (-fresh +memo):\n%s", diff)
	}
	got, want = recheck(t, ws, memo, "main.crn", after)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s, the memoised run differs from a fresh one (-fresh +memo):\n%s", when, diff)
	}
	return got
}
