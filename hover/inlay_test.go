package hover

import (
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/google/go-cmp/cmp"
)

const inlayCert = "let cert = aws.acm.Certificate {\n  domain_name = 'x'\n}\n\n"

func TestInlayHints(t *testing.T) {
	type hint struct {
		At          string // the line the hint is on, up to the hint, trimmed
		Label       string
		PaddingLeft bool
	}
	tests := []struct {
		name    string
		files   map[string]string // main.crn is the file asked about
		span    *grammar.Span     // nil: the whole file
		want    []hint
		tooltip []string // substrings of the first hint's tooltip
	}{
		{
			name:  "timeout set: no hint",
			files: map[string]string{"main.crn": inlayCert + "let w = wait cert {\n  until   = cert.status == issued\n  timeout = 10min\n}\n"},
		},
		{
			name:    "default (no schema declares one), after the last item",
			files:   map[string]string{"main.crn": inlayCert + "let w = wait cert {\n  until = cert.status == issued\n}\n"},
			want:    []hint{{"until = cert.status == issued", "timeout: 5min (default)", true}},
			tooltip: []string{"`5min` from Carina's default", "Poll interval `5s`", "at most 61 reads of `cert`", "`timeout = <duration>`"},
		},
		{
			name:    "Carina default",
			files:   map[string]string{"main.crn": "let b = aws.s3.Bucket {\n  bucket = 'b'\n}\n\nlet w = wait b {\n  until      = b.bucket_namespace == account_regional\n  depends_on = [b]\n}\n"},
			want:    []hint{{"depends_on = [b]", "timeout: 5min (default)", true}},
			tooltip: []string{"`5min` from Carina's default", "at most 61 reads of `b`"},
		},
		{
			name:  "no items: after the closing brace",
			files: map[string]string{"main.crn": inlayCert + "let w = wait cert {}\n"},
			want:  []hint{{"let w = wait cert {}", "timeout: 5min (default)", true}},
		},
		{
			name:  "one line",
			files: map[string]string{"main.crn": inlayCert + "let _ = wait cert { until = cert.status == issued }\n"},
			want:  []hint{{"let _ = wait cert { until = cert.status == issued", "timeout: 5min (default)", true}},
		},
		{
			name:  "unknown target: Carina default",
			files: map[string]string{"main.crn": "let w = wait nothing {\n  until = nothing.status == ready\n}\n"},
			want:  []hint{{"until = nothing.status == ready", "timeout: 5min (default)", true}},
		},
		{
			name:  "two waits, in order",
			files: map[string]string{"main.crn": inlayCert + "let a = wait cert {\n  until = cert.status == issued\n}\n\nlet b = wait nothing {\n  until = nothing.x == y\n}\n"},
			want:  []hint{{"until = cert.status == issued", "timeout: 5min (default)", true}, {"until = nothing.x == y", "timeout: 5min (default)", true}},
		},
		{
			name:  "outside the span",
			files: map[string]string{"main.crn": inlayCert + "let w = wait cert {\n  until = cert.status == issued\n}\n"},
			span:  &grammar.Span{Start: 0, End: 20},
		},
		{
			name:  "a wait of a sibling file",
			files: map[string]string{"main.crn": inlayCert, "wait.crn": "let w = wait cert {\n  until = cert.status == issued\n}\n"},
		},
	}
	idx := testutil.EmbeddedIndex(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fx := build(t, tc.files, false)
			f := fx.cfg.File(testutil.Root + "/main.crn")
			span := grammar.Span{Start: 0, End: int32(len(f.Text()))}
			if tc.span != nil {
				span = *tc.span
			}
			hs := InlayHints(fx.cfg, f, span, idx)
			var got []hint
			for _, h := range hs {
				line := f.Text()[:h.Offset]
				line = line[strings.LastIndexByte(line, '\n')+1:]
				got = append(got, hint{At: strings.TrimSpace(line), Label: h.Label, PaddingLeft: h.PaddingLeft})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("hints (-want +got):\n%s", diff)
			}
			for _, s := range tc.tooltip {
				if len(hs) == 0 || !strings.Contains(hs[0].Tooltip, s) {
					t.Errorf("tooltip lacks %q", s)
				}
			}
			if t.Failed() && len(hs) > 0 {
				t.Logf("tooltip: %s", hs[0].Tooltip)
			}
		})
	}
}
