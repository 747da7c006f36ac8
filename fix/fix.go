// Package fix owns applying the checks' quick fixes to the files of a configuration, the one way
// `carina-lsp check -fix` and the editor's fix-all do it: which fixes are eligible (the safe ones,
// or every first fix with suggestions allowed), how the edits of one round combine (a fix whose
// edits overlap one already taken waits for the next round, when it is computed again on the new
// text), which results are kept (a file whose new text has a syntax error the old one did not have
// keeps its old text), and repeating until a round changes nothing (bounded). It works on a
// workspace's overlays and writes nothing: callers decide what to do with the texts.
package fix

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Options says which fixes to apply.
type Options struct {
	Unsafe bool            // suggestions too (a did-you-mean among several names), not only safe fixes
	Only   map[string]bool // when set, only these files are changed
	Rounds int             // at most this many rounds (0: 10)
	// Check runs the checks on a configuration (nil: diagnostics.Check): callers pass their memo
	// or the codes they disable.
	Check func(ctx context.Context, cfg *workspace.Config, schemas *schema.Index) []diagnostics.Diagnostic
}

// Applied is one fix applied: where its diagnostic was, in the text the fix was applied to.
type Applied struct {
	Path      string
	Line, Col int // 1-based, byte column
	Code      diagnostics.Code
	Title     string
	Round     int
}

func (a Applied) String() string {
	return fmt.Sprintf("%s:%d:%d: fixed: %s [%s]", a.Path, a.Line, a.Col, a.Title, a.Code)
}

// Result is what applying the fixes of a configuration gave.
type Result struct {
	Texts    map[string]string // the new text of every file that changed
	Applied  []Applied
	Rejected []string // files whose fixes were not kept (their result did not parse), once each
}

// Config applies the eligible fixes of the configuration of dir in ws, round after round, each
// round on the texts the rounds before left (set as overlays of ws). It stops when a round
// applies nothing, or after Options.Rounds.
func Config(ctx context.Context, ws *workspace.Workspace, dir string, schemas *schema.Index, opts Options) (Result, error) {
	rounds := cmp.Or(opts.Rounds, 10)
	check := opts.Check
	if check == nil {
		check = diagnostics.Check
	}
	res := Result{Texts: map[string]string{}}
	rejected := map[string]bool{}
	parser := grammar.NewParser()
	for round := 1; round <= rounds; round++ {
		cfg, err := ws.Config(ctx, dir)
		if err != nil {
			return res, err
		}
		diags := check(ctx, cfg, schemas)
		if err := ctx.Err(); err != nil {
			return res, err
		}
		changed := false
		for _, f := range cfg.Files {
			if opts.Only != nil && !opts.Only[f.Path] || rejected[f.Path] {
				continue
			}
			text, applied := apply(f, diags, opts.Unsafe, round)
			if len(applied) == 0 {
				continue
			}
			if newSyntaxErrors(parser, f, text) {
				rejected[f.Path] = true
				res.Rejected = append(res.Rejected, f.Path)
				continue
			}
			ws.SetOverlay(f.Path, text)
			res.Texts[f.Path] = text
			res.Applied = append(res.Applied, applied...)
			changed = true
		}
		if !changed {
			break
		}
	}
	return res, nil
}

// Eligible returns the fix of a diagnostic to apply: its first safe fix, or with unsafe its
// first fix; nil when none.
func Eligible(d diagnostics.Diagnostic, unsafe bool) *diagnostics.Fix {
	for i := range d.Fixes {
		if d.Fixes[i].Safe || unsafe {
			return &d.Fixes[i]
		}
	}
	return nil
}

// apply applies to f's text the eligible fix of each of its diagnostics whose edits overlap no
// fix taken before (in the order of the diagnostics), and returns the new text and what it
// applied.
func apply(f *workspace.File, diags []diagnostics.Diagnostic, unsafe bool, round int) (string, []Applied) {
	var edits []diagnostics.Edit
	var applied []Applied
	for _, d := range diags {
		if d.Path != f.Path {
			continue
		}
		fx := Eligible(d, unsafe)
		if fx == nil || len(fx.Edits) == 0 || overlapsAny(fx.Edits, edits) {
			continue
		}
		edits = append(edits, fx.Edits...)
		line, col := f.Lines.ByteColumn(int(d.Span.Start))
		applied = append(applied, Applied{Path: f.Path, Line: line + 1, Col: col + 1, Code: d.Code, Title: fx.Title, Round: round})
	}
	if len(edits) == 0 {
		return f.Text(), nil
	}
	text, err := Edit(f.Text(), edits)
	if err != nil {
		return f.Text(), nil
	}
	return text, applied
}

// overlapsAny reports whether an edit of es overlaps one of taken (two insertions at one offset
// overlap: their order would be a guess).
func overlapsAny(es, taken []diagnostics.Edit) bool {
	for _, e := range es {
		for _, t := range taken {
			if e.Span.Start < t.Span.End && t.Span.Start < e.Span.End || e.Span.Start == t.Span.Start {
				return true
			}
		}
	}
	return false
}

// Edit applies non-overlapping edits to src.
func Edit(src string, edits []diagnostics.Edit) (string, error) {
	es := slices.Clone(edits)
	slices.SortFunc(es, func(a, b diagnostics.Edit) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	var b strings.Builder
	prev := int32(0)
	for _, e := range es {
		if e.Span.Start < prev || e.Span.End < e.Span.Start || int(e.Span.End) > len(src) {
			return "", fmt.Errorf("edit %v overlaps another or lies outside %d bytes", e.Span, len(src))
		}
		b.WriteString(src[prev:e.Span.Start])
		b.WriteString(e.NewText)
		prev = e.Span.End
	}
	b.WriteString(src[prev:])
	return b.String(), nil
}

// newSyntaxErrors reports whether text has a syntax error f's text does not have (by message: the
// places move with the edits).
func newSyntaxErrors(p *grammar.Parser, f *workspace.File, text string) bool {
	had := map[string]int{}
	for _, e := range f.AST.Errors {
		had[e.Msg]++
	}
	for _, e := range p.Fork().Parse(text).Errors {
		if had[e.Msg] == 0 {
			return true
		}
		had[e.Msg]--
	}
	return false
}
