package exercise

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// seeds are hand-written inputs in the in-between states typing produces, besides the corpus.
func seeds() []string {
	return []string{
		"let cert = aws.acm.Certificate {\n  domain_name = 'example.com'\n  validation_method = dns\n}\nlet cert_issued = wait cert {\n    until       cert.status == aws.acm.Certificate.Status.Issued\n    timeout    = 75min\n}\nlet x = nothere.z\n",
		"let w = wait cert {\n  until = \n}\n" + Marker + "let cert = aws.acm.Certificate { domain_name = 'a' }\n",
		"let w = wait {\n  depends_on = [\n  timeout = 30 min\n",
		"let m = use { source = './mod' }\nlet x = m { a = cert.arn }\n" + Marker + "let cert = aws.acm.Certificate {}\n" + Marker + "arguments { a: String }\nattributes { o = a }\n",
		"fn f(a, b = a) { let c = a\n c }\nlet r = f(1) |> join(\nlet y = for (i, v) in [1] { let q = v\n aws.s3.Bucket { n = q } }",
		"let a = '${'\nlet b = 'x${'\nlet c = '${x'\n",
		"let a=x b{}\nlet a = 1 b {\n}\n",
		"let r0 = aws.s3.Bucket { bucket = r1.bucket }\nlet r1 = aws.s3.Bucket { bucket = r0.bucket }\n",
		"provider aws {\n  region = aws.Region.\n}\nbackend s3 { bucket = }\nimport { to = aws.s3.Bucket 'x' id = }\n",
		"let t = awscc.dynamodb.Table { attribute_definition {\n attribute_type = \n} }\nlet z = jo",
		"arguments {\n  a: list(map(\n  b: struct { x: \n}\nexports { e: = }\nrequire a != , 'm'\n",
		"let x = if a { 1 } else if b {\nlet y = {\n  tags = { a.b = 'x' }\n}\n",
	}
}

// FuzzAnalyze runs the whole analysis on arbitrary text: the input becomes one to three files
// (split on Marker: two files of a configuration and a module it can use as ./mod), the model is
// built, every check runs and every feature answers at offsets derived from the input; then an
// edit of the first file is analysed incrementally, through a memo, and must give the same
// diagnostics as a fresh check. Nothing may panic, not even where a check or provider would
// contain it, and every answer must keep the invariants Everything checks.
func FuzzAnalyze(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	// Every corpus directory; one in four in short mode (a fuzzing run is never short).
	every := suite.Scale(4, 1)
	for i, dir := range corpusDirs(f) {
		if i%every == 0 {
			f.Add(dir)
		}
	}
	idx := testutil.EmbeddedIndex(f)
	f.Fuzz(func(t *testing.T, input string) {
		analyze(t, input, idx)
	})
}

// analyze is one FuzzAnalyze execution.
func analyze(t *testing.T, input string, idx *schema.Index) {
	t.Helper()
	ctx := context.Background()
	files := Files(input)
	ws := workspace.New(testutil.NewMemFS(files))
	memo := diagnostics.NewMemo()
	opts := Options{Schemas: idx, Memo: memo, OnPanic: failOnPanic(t)}
	dir := testutil.Abs(Dir)
	if _, err := Everything(ctx, ws, dir, opts); err != nil {
		t.Fatal(err)
	}
	// An edit: the first file loses its middle third, as a deletion in an editor does.
	main := files[fileNames()[0]]
	edited := main[:len(main)/3] + main[2*len(main)/3:]
	ws.SetOverlay(testutil.Abs(fileNames()[0]), edited)
	res, err := Everything(ctx, ws, dir, Options{Schemas: opts.Schemas, Memo: memo, OnPanic: opts.OnPanic, Light: true})
	if err != nil {
		t.Fatalf("after an edit: %v", err)
	}
	fresh := diagnostics.CheckWith(ctx, res.Config, opts.Schemas, diagnostics.Options{OnPanic: opts.OnPanic})
	if diff := cmp.Diff(fresh, res.Diagnostics); diff != "" {
		t.Fatalf("after an edit, the memoised check differs from a fresh one (-fresh +memo):\n%s", diff)
	}
}

// failOnPanic is a reporter that fails the test on a contained panic: containment keeps the
// server going, but the panic is still a bug.
func failOnPanic(t *testing.T) contain.Reporter {
	return func(p contain.Panic) { t.Fatalf("contained %s\n%s", p, p.Stack) }
}

// corpusDirs returns each configuration directory of the corpus as one input (its first three
// files).
func corpusDirs(tb testing.TB) []string {
	byDir := map[string][]string{}
	var dirs []string
	for _, path := range corpus.Files(tb) {
		dir := filepath.Dir(path)
		if byDir[dir] == nil {
			dirs = append(dirs, dir)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		byDir[dir] = append(byDir[dir], string(data))
	}
	slices.Sort(dirs)
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, Join(byDir[d]...))
	}
	return out
}
