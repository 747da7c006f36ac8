//go:build carina_recipe

package recipe

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/completion"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/hover"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/semantictokens"
)

// TestSleep checks every feature on the sleep construct that grammar/recipe_sleep.go adds to the
// construct table, with nothing else changed.
func TestSleep(t *testing.T) {
	sleep := grammar.KeywordConstruct("sleep")
	if sleep == nil {
		t.Fatal("the table has no sleep: build with -tags carina_recipe")
	}
	ctx := context.Background()
	idx := testutil.EmbeddedIndex(t)

	t.Run("keyword", func(t *testing.T) {
		if !slices.Contains(grammar.Keywords(), "sleep") || !grammar.ExpectsMore("sleep") {
			t.Errorf("sleep is not a keyword that expects more: %v", grammar.Keywords())
		}
	})

	t.Run("parse", func(t *testing.T) {
		f := grammar.NewParser().Parse("let settle = sleep {\n  duration = 30s\n}\n")
		if len(f.Errors) > 0 {
			t.Fatalf("syntax errors: %v", f.Errors)
		}
		l, ok := f.Stmts[0].Node.(*grammar.LetStmt)
		if !ok || grammar.NodeConstruct(l.Value) != sleep.ID {
			t.Fatalf("parsed as %T, want a let of a sleep", f.Stmts[0].Node)
		}
		kb, ok := grammar.KeyedBlockOf(l.Value)
		if !ok || kb.Body.Attr("duration") == nil {
			t.Fatalf("no keyed block with duration: %#v", l.Value)
		}
		if _, ok := kb.Body.Attr("duration").Value.(*grammar.DurationLit); !ok {
			t.Errorf("duration parsed as %T, want a duration literal", kb.Body.Attr("duration").Value)
		}
	})

	t.Run("validation", func(t *testing.T) {
		src := "let a = sleep {}\n\nlet b = sleep {\n  duration = 30\n}\n\nlet c = sleep {\n  duration = 30s\n  jitter   = 5s\n}\n\n" +
			"let d = sleep {\n  duration = 30s\n  duration = 40s\n}\n\nlet e = sleep {\n  duration = 1min\n}\n\n" +
			"let _ = [a, b, c, d, e]\n"
		cfg := testutil.Config(t, map[string]string{"main.crn": src}, testutil.Root)
		var got []string
		for _, d := range diagnostics.Check(ctx, cfg, idx) {
			got = append(got, string(d.Code)+": "+d.Message)
		}
		want := []string{
			"missing-key: sleep block requires 'duration' attribute",
			"invalid-key-value: duration needs a unit: write 30s, 30min or 30h",
			`unknown-key: unknown key "jitter" in sleep; it takes duration`,
			"duplicate-attribute: duplicate attribute \"duration\" (first set on line 13); the last value wins",
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("diagnostics (-want +got):\n%s", diff)
		}
	})

	t.Run("completion", func(t *testing.T) {
		labels := func(src string) []string {
			off := strings.Index(src, "|")
			src = src[:off] + src[off+1:]
			cfg := testutil.Config(t, map[string]string{"main.crn": src}, testutil.Root)
			var out []string
			for _, it := range completion.Complete(ctx, cfg, cfg.Files[0], off, idx, completion.Options{}) {
				out = append(out, it.Label)
			}
			return out
		}
		if got := labels("let s = sl|\n"); !slices.Contains(got, "sleep") {
			t.Errorf("a let's value does not offer sleep: %v", got)
		}
		if got := labels("let s = sleep {\n  |\n}\n"); !slices.Contains(got, "duration") {
			t.Errorf("the sleep block does not offer duration: %v", got)
		}
		if got := labels("let s = sleep {\n  duration = 30s\n  |\n}\n"); slices.Contains(got, "duration") {
			t.Errorf("duration offered again once written: %v", got)
		}
		if got := labels("let s = sleep {\n  duration = |\n}\n"); !slices.Contains(got, "30s") {
			t.Errorf("duration's value offers no durations: %v", got)
		}
	})

	src := "let settle = sleep {\n  duration = 30s\n}\n\nlet x = settle\n"
	cfg := testutil.Config(t, map[string]string{"main.crn": src}, testutil.Root)
	f := cfg.Files[0]

	t.Run("hover", func(t *testing.T) {
		for _, tt := range []struct{ at, want string }{
			{"sleep {", "pauses everything that reads its binding"},
			{"duration =", "how long to pause the apply"},
		} {
			h := hover.At(ctx, cfg, f, strings.Index(src, tt.at)+1, idx)
			if h == nil || !strings.Contains(h.Markdown, tt.want) {
				t.Errorf("hover on %q: %v, want it to say %q", tt.at, h, tt.want)
			}
		}
	})

	t.Run("semantic tokens", func(t *testing.T) {
		types, _ := semantictokens.Legend()
		got := map[string]string{}
		for _, tok := range semantictokens.Tokens(cfg, f, nil, idx) {
			got[src[tok.Span.Start:tok.Span.End]] = types[tok.Type]
		}
		for word, want := range map[string]string{"sleep": "keyword", "duration": "property", "30s": "number"} {
			if got[word] != want {
				t.Errorf("%s is a %s token, want %s (all: %v)", word, got[word], want, got)
			}
		}
	})

	t.Run("formatting", func(t *testing.T) {
		out, err := format.Source("let settle=sleep {duration=30s}\n", format.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := "let settle = sleep {\n  duration = 30s\n}\n"; out != want {
			t.Errorf("formatted:\n%s\nwant:\n%s", out, want)
		}
	})
}
