package fix

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// rule is a made-up check for the engine's tests: while a file holds from, it reports a
// diagnostic of code and severity on it, with a fix writing to instead (safe or not); while it
// holds every text of when (and from, if set), it reports the diagnostic without a fix.
type rule struct {
	code     finding.Code
	severity finding.Severity
	from, to string
	safe     bool
	when     []string
}

// checkOf returns a check that applies rules to every file of a configuration, in the order of
// the rules.
func checkOf(rules ...rule) func(context.Context, *workspace.Config, *schema.Index) []finding.Diagnostic {
	return func(_ context.Context, cfg *workspace.Config, _ *schema.Index) []finding.Diagnostic {
		var out []finding.Diagnostic
		for _, f := range cfg.Files {
			text := f.Text()
			for _, r := range rules {
				holds := true
				for _, w := range r.when {
					holds = holds && strings.Contains(text, w)
				}
				i := strings.Index(text, r.from)
				if !holds || r.from != "" && i < 0 {
					continue
				}
				sp := grammar.Span{Start: int32(max(i, 0)), End: int32(max(i, 0) + len(r.from))}
				d := finding.Diagnostic{Path: f.Path, Span: sp, Severity: r.severity, Code: r.code, Message: string(r.code)}
				if r.from != "" {
					d.Fixes = []finding.Fix{{Title: "Change to " + r.to, Edits: []finding.Edit{{Span: sp, NewText: r.to}}, Safe: r.safe}}
				}
				out = append(out, d)
			}
		}
		return out
	}
}

func TestConfig(t *testing.T) {
	const src = "let a = 'x1'\nlet b = 'y1'\n"
	tests := []struct {
		name    string
		files   map[string]string
		rules   []rule
		opts    Options
		want    map[string]string // the new texts, by file name
		applied []string          // code@line:col of each fix applied, in order
		reject  []string
	}{{
		name:    "the safe fixes of every file, in one round",
		files:   map[string]string{"main.crn": src, "other.crn": "let c = 'x1'\n"},
		rules:   []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true}, {code: "y", severity: finding.Error, from: "y1", to: "y2", safe: true}},
		want:    map[string]string{"main.crn": "let a = 'x2'\nlet b = 'y2'\n", "other.crn": "let c = 'x2'\n"},
		applied: []string{"x@main.crn:1:10", "y@main.crn:2:10", "x@other.crn:1:10"},
	}, {
		name:    "a suggestion only when asked",
		files:   map[string]string{"main.crn": src},
		rules:   []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true}, {code: "y", severity: finding.Error, from: "y1", to: "y2"}},
		want:    map[string]string{"main.crn": "let a = 'x2'\nlet b = 'y1'\n"},
		applied: []string{"x@main.crn:1:10"},
	}, {
		name:    "suggestions too",
		files:   map[string]string{"main.crn": src},
		rules:   []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true}, {code: "y", severity: finding.Error, from: "y1", to: "y2"}},
		opts:    Options{Unsafe: true},
		want:    map[string]string{"main.crn": "let a = 'x2'\nlet b = 'y2'\n"},
		applied: []string{"x@main.crn:1:10", "y@main.crn:2:10"},
	}, {
		name:    "only the files asked for",
		files:   map[string]string{"main.crn": src, "other.crn": "let c = 'x1'\n"},
		rules:   []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true}},
		opts:    Options{Only: map[string]bool{testutil.Abs("other.crn"): true}},
		want:    map[string]string{"other.crn": "let c = 'x2'\n"},
		applied: []string{"x@other.crn:1:10"},
	}, {
		name:  "a fix overlapping one taken waits for the next round, computed again",
		files: map[string]string{"main.crn": src},
		rules: []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true},
			{code: "wide", severity: finding.Error, from: "'x", to: "'z", safe: true}},
		want:    map[string]string{"main.crn": "let a = 'z2'\nlet b = 'y1'\n"},
		applied: []string{"x@main.crn:1:10", "wide@main.crn:1:9"},
	}, {
		name:  "errors first: a hint that the error's fix clears is not applied",
		files: map[string]string{"main.crn": src},
		rules: []rule{{code: "hint", severity: finding.Info, from: "y1", to: "y2", safe: true, when: []string{"x1"}},
			{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true}},
		want:    map[string]string{"main.crn": "let a = 'x2'\nlet b = 'y1'\n"},
		applied: []string{"x@main.crn:1:10"},
	}, {
		name:  "fixes that clash together are applied one at a time",
		files: map[string]string{"main.crn": src},
		rules: []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true},
			{code: "y", severity: finding.Error, from: "y1", to: "y2", safe: true},
			{code: "clash", severity: finding.Error, when: []string{"x2", "y2"}}},
		want:    map[string]string{"main.crn": "let a = 'x2'\nlet b = 'y1'\n"},
		applied: []string{"x@main.crn:1:10"},
	}, {
		name:  "a fix that adds an error on its own is not applied, the others are",
		files: map[string]string{"main.crn": src},
		rules: []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true},
			{code: "y", severity: finding.Error, from: "y1", to: "y2", safe: true},
			{code: "bad", severity: finding.Error, when: []string{"x2"}}},
		want:    map[string]string{"main.crn": "let a = 'x1'\nlet b = 'y2'\n"},
		applied: []string{"y@main.crn:2:10"},
	}, {
		name:  "a file whose fixes leave a syntax error keeps its text",
		files: map[string]string{"main.crn": src, "other.crn": "let c = 'x1'\n"},
		rules: []rule{{code: "x", severity: finding.Error, from: "x1", to: "x2", safe: true},
			{code: "y", severity: finding.Error, from: "y1'", to: "y1", safe: true}},
		want:    map[string]string{"other.crn": "let c = 'x2'\n"},
		applied: []string{"x@other.crn:1:10"},
		reject:  []string{"main.crn"},
	}, {
		name:    "a syntax error whose message quotes what a fix changes is not a new one",
		files:   map[string]string{"main.crn": "let vpc = awscc.ec2.vpc {\n  cidr_block = '10.0.0.0/16'\n"},
		rules:   []rule{{code: "spelling", severity: finding.Warning, from: "awscc.ec2.vpc", to: "awscc.ec2.Vpc", safe: true}},
		want:    map[string]string{"main.crn": "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n"},
		applied: []string{"spelling@main.crn:1:11"},
	}, {
		name:    "bounded: a fix that never ends stops after the rounds",
		files:   map[string]string{"main.crn": src},
		rules:   []rule{{code: "grow", severity: finding.Warning, from: "x", to: "xx", safe: true}},
		opts:    Options{Rounds: 3},
		want:    map[string]string{"main.crn": "let a = 'xxxx1'\nlet b = 'y1'\n"},
		applied: []string{"grow@main.crn:1:10", "grow@main.crn:1:10", "grow@main.crn:1:10"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := workspace.New(testutil.NewMemFS(tt.files))
			opts := tt.opts
			opts.Check = checkOf(tt.rules...)
			res, err := Config(context.Background(), ws, testutil.Root, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for p, text := range res.Texts {
				got[testutil.Rel(p)] = text
			}
			var applied, rejected []string
			for _, a := range res.Applied {
				applied = append(applied, fmt.Sprintf("%s@%s:%d:%d", a.Code, testutil.Rel(a.Path), a.Line, a.Col))
			}
			for _, p := range res.Rejected {
				rejected = append(rejected, testutil.Rel(p))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("texts (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.applied, applied); diff != "" {
				t.Errorf("applied (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.reject, rejected); diff != "" {
				t.Errorf("rejected (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEdit(t *testing.T) {
	tests := []struct {
		name    string
		edits   []finding.Edit
		want    string
		wantErr bool
	}{
		{"in any order", []finding.Edit{{Span: grammar.Span{Start: 4, End: 5}, NewText: "E"}, {Span: grammar.Span{Start: 0, End: 1}, NewText: "A"}}, "Abc E", false},
		{"an insertion", []finding.Edit{{Span: grammar.Span{Start: 3, End: 3}, NewText: "!"}}, "abc! e", false},
		{"overlapping", []finding.Edit{{Span: grammar.Span{Start: 0, End: 3}}, {Span: grammar.Span{Start: 2, End: 4}}}, "", true},
		{"past the end", []finding.Edit{{Span: grammar.Span{Start: 4, End: 9}}}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Edit("abc e", tt.edits)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("Edit = %q, %v; want %q (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestEligible(t *testing.T) {
	safe := finding.Fix{Title: "safe", Safe: true}
	sug := finding.Fix{Title: "suggestion"}
	tests := []struct {
		name   string
		fixes  []finding.Fix
		unsafe bool
		want   string
	}{
		{"no fix", nil, true, ""},
		{"a suggestion, safe only", []finding.Fix{sug}, false, ""},
		{"a suggestion, with suggestions", []finding.Fix{sug}, true, "suggestion"},
		{"the first safe one", []finding.Fix{sug, safe}, false, "safe"},
		{"the first one, with suggestions", []finding.Fix{sug, safe}, true, "suggestion"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if fx := Eligible(finding.Diagnostic{Fixes: tt.fixes}, tt.unsafe); fx != nil {
				got = fx.Title
			}
			if got != tt.want {
				t.Errorf("Eligible = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCarry(t *testing.T) {
	tests := []struct {
		name  string
		sp    grammar.Span
		edits []finding.Edit
		want  grammar.Span
	}{
		{"edit before", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 2, End: 4}, NewText: "abcd"}}, grammar.Span{Start: 12, End: 17}},
		{"edit after", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 20, End: 22}}}, grammar.Span{Start: 10, End: 15}},
		{"the range replaced", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 10, End: 15}, NewText: "ab"}}, grammar.Span{Start: 10, End: 12}},
		{"the range deleted", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 8, End: 16}}}, grammar.Span{Start: 8, End: 8}},
		{"an insertion at the start", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 10, End: 10}, NewText: "read "}}, grammar.Span{Start: 10, End: 20}},
		{"an edit across the start", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 8, End: 12}, NewText: "x"}}, grammar.Span{Start: 8, End: 12}},
		{"an edit inside", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 11, End: 12}, NewText: "xyz"}}, grammar.Span{Start: 10, End: 17}},
		{"two edits before", grammar.Span{Start: 10, End: 15}, []finding.Edit{{Span: grammar.Span{Start: 0, End: 1}}, {Span: grammar.Span{Start: 5, End: 5}, NewText: "ab"}}, grammar.Span{Start: 11, End: 16}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := carry(tt.sp, tt.edits); got != tt.want {
				t.Errorf("carry = %v, want %v", got, tt.want)
			}
		})
	}
}
