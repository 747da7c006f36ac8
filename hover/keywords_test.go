package hover

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// TestKeywords hovers every keyword in a statement that uses it: the card is the keyword's (for a
// bound wait, the wait's own card) and covers exactly the keyword.
func TestKeywords(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	tests := []struct {
		kw, src string
	}{
		{"let", "<|>let x = 1\n"},
		{"wait", "let c = aws.acm.Certificate {\n  domain_name = 'x'\n}\n\nlet w = <|>wait c {\n  until = c.status == issued\n}\n"},
		{"read", "let me = <|>read aws.sts.CallerIdentity {}\n"},
		{"use", "let net = <|>use { source = './net' }\n"},
		{"upstream_state", "let orgs = <|>upstream_state { source = '../orgs' }\n"},
		{"provider", "<|>provider aws {\n  region = aws.Region.us_east_1\n}\n"},
		{"provider", "let us = <|>provider aws {\n  region = aws.Region.us_west_2\n}\n"},
		{"backend", "<|>backend s3 {\n  bucket = 'state'\n}\n"},
		{"for", "let bs = <|>for n in ['a', 'b'] {\n  aws.s3.Bucket {\n    bucket = n\n  }\n}\n"},
		{"in", "let bs = for n <|>in ['a', 'b'] {\n  aws.s3.Bucket {\n    bucket = n\n  }\n}\n"},
		{"if", "let on = true\nlet b = <|>if on {\n  aws.s3.Bucket {\n    bucket = 'a'\n  }\n}\n"},
		{"else", "let on = true\nlet s = if on { 'a' } <|>else { 'b' }\n"},
		{"fn", "<|>fn twice(s: String): String {\n  join('', [s, s])\n}\n"},
		{"arguments", "<|>arguments {\n  name: String\n}\n"},
		{"attributes", "<|>attributes {\n  id: String = 'x'\n}\n"},
		{"exports", "<|>exports {\n  id = 'x'\n}\n"},
		{"import", "<|>import {\n  to = aws.s3.Bucket 'logs'\n  id = 'logs'\n}\n"},
		{"removed", "<|>removed {\n  from = aws.s3.Bucket 'logs'\n}\n"},
		{"moved", "<|>moved {\n  from = aws.s3.Bucket 'a'\n  to   = aws.s3.Bucket 'b'\n}\n"},
		{"require", "<|>require length(names) > 0, 'need names'\n"},
		{"directives", "let b = aws.s3.Bucket {\n  bucket = 'a'\n  <|>directives {\n    prevent_destroy = true\n  }\n}\n"},
		{"validation", "arguments {\n  name: String {\n    <|>validation {\n      condition     = length(name) > 0\n      error_message = 'empty'\n    }\n  }\n}\n"},
		{"|>", "let x = 'a,b' <|>|> split(',')\n"},
		{">>", "let f = split(',') <|>>> join('-')\n"},
		{"??", "let x = a.b <|>?? 'c'\n"},
	}
	for _, tc := range tests {
		t.Run(tc.kw, func(t *testing.T) {
			fx := build(t, map[string]string{"main.crn": tc.src}, true)
			h := At(context.Background(), fx.cfg, fx.file, fx.offset, idx)
			if h == nil {
				t.Fatalf("no hover on %q", tc.kw)
			}
			if got := fx.file.Text()[h.Span.Start:h.Span.End]; got != tc.kw {
				t.Errorf("hovered %q, want %q", got, tc.kw)
			}
			want := tableCard(tc.kw)
			if tc.kw == "wait" {
				if !strings.HasPrefix(h.Markdown, "```text\n> w (until c.status == issued)\n```") {
					t.Errorf("wait keyword of a bound wait: want the wait card, got:\n%s", h.Markdown)
				}
				return
			}
			if diff := cmp.Diff(want, h.Markdown); diff != "" {
				t.Errorf("card (-want +got):\n%s", diff)
			}
		})
	}
}

// tableCard returns the card the construct table (or, for an operator, hover) gives word: the
// construct it introduces, a part of a construct's syntax, a key that is a keyword.
func tableCard(word string) string {
	if c := grammar.KeywordConstruct(word); c != nil {
		return c.Card()
	}
	for _, c := range grammar.Constructs() {
		if s := c.PartCard(word); s != "" {
			return s
		}
		if k := c.Key(word); k != nil && k.Keyword {
			return k.Card()
		}
	}
	return operatorCard(word)
}

// TestKeywordDocs checks that every keyword of the language (grammar.Keywords) and every operator
// with a meaning of its own has a card: a bold title and a Carina example.
func TestKeywordDocs(t *testing.T) {
	words := append(grammar.Keywords(), "|>", ">>", "??")
	for _, w := range words {
		doc := tableCard(w)
		if doc == "" {
			t.Errorf("%s: no card", w)
			continue
		}
		if !strings.HasPrefix(doc, "**"+w+"**") || !strings.Contains(doc, "```carina\n") {
			t.Errorf("%s: card lacks its title or example:\n%s", w, doc)
		}
	}
	if tableCard("bucket") != "" {
		t.Error("a plain word has a keyword card")
	}
}
