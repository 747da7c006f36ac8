// Package fix owns applying the checks' quick fixes to the files of a configuration (Config), the
// one way `carina-lsp check -fix` and the editor's fix-all do it: which fixes are eligible
// (Eligible: the safe ones, or every first fix with suggestions allowed), in which order (the
// most severe diagnostics first), how the edits of one round combine (a fix whose edits overlap
// one already taken waits for the next round, when it is computed again on the new text), which
// results are kept (a file whose new text has a syntax error the old one did not have keeps its
// old text; fixes that together add an error are applied one at a time, and one that adds an
// error on its own is dropped), and repeating until a round changes nothing (bounded). Config
// works on a workspace's overlays and writes nothing (the editor's fix-all sends the texts as
// edits). Targets is `check -fix` over the configurations of a run: Config on each, through the
// session's chains and schemas, then each changed file replaced atomically and each fix applied
// said, or the unified diffs printed instead.
package fix

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Options says which fixes to apply.
type Options struct {
	Unsafe bool            // suggestions too (a did-you-mean among several names), not only safe fixes
	Only   map[string]bool // when set, only these files are changed
	Rounds int             // at most this many rounds (0: 10)
	// Check runs the checks on a configuration (diagnostics.Check, or CheckWith with the caller's
	// memo and disabled codes). Required: fix applies findings and does not make them.
	Check func(ctx context.Context, cfg *workspace.Config, schemas *schema.Index) []finding.Diagnostic
}

// Applied is one fix applied: where its diagnostic was, in the text the fix was applied to.
type Applied struct {
	Path      string
	Line, Col int // 1-based, byte column
	Code      finding.Code
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
//
// A round takes the fixes of the most severe diagnostics that have one (errors first: a hint
// about a binding may go away once an error in it is fixed, and its fix would then be wrong), and
// keeps them only when, together, they add no error: each fix is checked on its own (see
// diagnostics' fix property), but two fixes can still clash (a did-you-mean that makes a wait
// depend on a binding, and a hint's fix that makes that binding read through the wait: a cycle).
// When they do, the round applies them one at a time instead, in order, keeping each that adds
// no error; a fix that adds one on its own is not tried again.
func Config(ctx context.Context, ws *workspace.Workspace, dir string, schemas *schema.Index, opts Options) (Result, error) {
	rounds := cmp.Or(opts.Rounds, 10)
	check := opts.Check
	if check == nil {
		return Result{}, errors.New("fix.Config: Options.Check is required")
	}
	res := Result{Texts: map[string]string{}}
	rejected := map[string]bool{}
	refused := map[string]bool{}
	parser := grammar.NewParser()
	state := func() (*workspace.Config, []finding.Diagnostic, error) {
		cfg, err := ws.Config(ctx, dir)
		if err != nil {
			return nil, nil, err
		}
		diags := check(ctx, cfg, schemas)
		return cfg, diags, ctx.Err()
	}
	cfg, diags, err := state()
	if err != nil {
		return res, err
	}
	for round := 1; round <= rounds; round++ {
		cands := candidates(cfg, diags, opts, rejected, refused)
		if len(cands) == 0 {
			break
		}
		// try applies a set of fixes; it returns false, leaving ws as it was, when a file's
		// result has a syntax error its text did not have (the file is rejected) or when the
		// configuration has more errors of a code than before.
		try := func(cs []candidate) (bool, error) {
			texts, edits, applied := combine(cs, round)
			for _, p := range slices.Sorted(maps.Keys(texts)) {
				if newSyntaxErrors(parser, cfg.File(p), texts[p], edits[p]) {
					rejected[p] = true
					res.Rejected = append(res.Rejected, p)
					return false, nil
				}
			}
			for p, text := range texts {
				ws.SetOverlay(p, text)
			}
			next, nextDiags, err := state()
			if err != nil {
				return false, err
			}
			if addsErrors(diags, nextDiags) {
				for p := range texts {
					ws.SetOverlay(p, cfg.File(p).Text())
				}
				return false, nil
			}
			for p, text := range texts {
				res.Texts[p] = text
			}
			res.Applied = append(res.Applied, applied...)
			cfg, diags = next, nextDiags
			return true, nil
		}
		ok, err := try(cands)
		if err != nil {
			return res, err
		}
		if ok || len(cands) == 1 {
			if !ok {
				refused[cands[0].key()] = true
			}
			continue
		}
		for _, c := range cands {
			if rejected[c.file.Path] {
				continue
			}
			ok, err := try([]candidate{c})
			if err != nil {
				return res, err
			}
			if ok {
				break
			}
			refused[c.key()] = true
		}
	}
	return res, nil
}

// candidate is a diagnostic and the fix of it a round would apply.
type candidate struct {
	d    finding.Diagnostic
	fx   *finding.Fix
	file *workspace.File
}

// key identifies a fix across rounds (its spans move with the fixes before it).
func (c candidate) key() string {
	return strings.Join([]string{c.d.Path, string(c.d.Code), c.d.Message, c.fx.Title}, "\x00")
}

// candidates returns the eligible fixes of the diagnostics of the files a round may change (not
// rejected, within Options.Only), not refused before, of the most severe diagnostics that have
// one, in the order of the diagnostics.
func candidates(cfg *workspace.Config, diags []finding.Diagnostic, opts Options, rejected, refused map[string]bool) []candidate {
	var out []candidate
	for _, d := range diags {
		f := cfg.File(d.Path)
		if f == nil || opts.Only != nil && !opts.Only[d.Path] || rejected[d.Path] {
			continue
		}
		fx := Eligible(d, opts.Unsafe)
		if fx == nil || len(fx.Edits) == 0 || otherFiles(d, fx) {
			continue
		}
		c := candidate{d, fx, f}
		if refused[c.key()] {
			continue
		}
		if len(out) > 0 && d.Severity < out[0].d.Severity {
			out = out[:0]
		}
		if len(out) == 0 || d.Severity == out[0].d.Severity {
			out = append(out, c)
		}
	}
	return out
}

// otherFiles reports whether a fix of d edits another file than d's (a rename across the
// directory): fixes are combined file by file, so such a fix is left to the editor's code action.
func otherFiles(d finding.Diagnostic, fx *finding.Fix) bool {
	for _, e := range fx.Edits {
		if e.File(&d) != d.Path {
			return true
		}
	}
	return false
}

// combine applies the fixes of cs to their files, skipping a fix whose edits overlap one taken
// before in its file (it waits for the next round), and returns the new texts and the edits made,
// by path, and what it applied.
func combine(cs []candidate, round int) (map[string]string, map[string][]finding.Edit, []Applied) {
	edits := map[string][]finding.Edit{}
	files := map[string]*workspace.File{}
	var applied []Applied
	for _, c := range cs {
		p := c.file.Path
		if !within(c.fx.Edits, len(c.file.Text())) || overlapsAny(c.fx.Edits, edits[p]) {
			continue
		}
		edits[p] = append(edits[p], c.fx.Edits...)
		files[p] = c.file
		line, col := c.file.Lines.ByteColumn(int(c.d.Span.Start))
		applied = append(applied, Applied{Path: p, Line: line + 1, Col: col + 1, Code: c.d.Code, Title: c.fx.Title, Round: round})
	}
	texts := map[string]string{}
	for p, es := range edits {
		texts[p], _ = Edit(files[p].Text(), es) // cannot fail: each fix's edits lie within the file and overlap no other's
	}
	return texts, edits, applied
}

// within reports whether edits lie within a text of n bytes and overlap one another nowhere.
func within(edits []finding.Edit, n int) bool {
	for i, e := range edits {
		if e.Span.Start < 0 || e.Span.End < e.Span.Start || int(e.Span.End) > n || overlapsAny(edits[i+1:], edits[i:i+1]) {
			return false
		}
	}
	return true
}

// addsErrors reports whether after has more error diagnostics of some code than before.
func addsErrors(before, after []finding.Diagnostic) bool {
	n := map[finding.Code]int{}
	for _, d := range before {
		if d.Severity == finding.Error {
			n[d.Code]++
		}
	}
	for _, d := range after {
		if d.Severity == finding.Error {
			n[d.Code]--
			if n[d.Code] < 0 {
				return true
			}
		}
	}
	return false
}

// Eligible returns the fix of a diagnostic to apply: its first safe fix, or with unsafe its
// first fix; nil when none.
func Eligible(d finding.Diagnostic, unsafe bool) *finding.Fix {
	for i := range d.Fixes {
		if d.Fixes[i].Safe || unsafe {
			return &d.Fixes[i]
		}
	}
	return nil
}

// overlapsAny reports whether an edit of es overlaps one of taken (two insertions at one offset
// overlap: their order would be a guess).
func overlapsAny(es, taken []finding.Edit) bool {
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
func Edit(src string, edits []finding.Edit) (string, error) {
	es := slices.Clone(edits)
	slices.SortFunc(es, func(a, b finding.Edit) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
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

// newSyntaxErrors reports whether text, f's text with edits applied, has a syntax error f's text
// does not have: one that none of f's errors matches, by message or by place (its range carried
// through the edits: a message may quote text a fix changed, as `unclosed "{" of
// awscc.identitystore.group` does).
func newSyntaxErrors(p *grammar.Parser, f *workspace.File, text string, edits []finding.Edit) bool {
	had := slices.Clone(f.AST.Errors)
	var unmatched []grammar.SyntaxError
	for _, e := range p.Fork().Parse(text).Errors {
		if i := slices.IndexFunc(had, func(h grammar.SyntaxError) bool { return h.Msg == e.Msg }); i >= 0 {
			had = slices.Delete(had, i, i+1)
			continue
		}
		unmatched = append(unmatched, e)
	}
	for _, e := range unmatched {
		i := slices.IndexFunc(had, func(h grammar.SyntaxError) bool { return carry(h.Span, edits) == e.Span })
		if i < 0 {
			return true
		}
		had = slices.Delete(had, i, i+1)
	}
	return false
}

// carry returns where the range sp of a text lies once edits (non-overlapping) are applied to the
// text: a bound inside an edit moves to the edit's start (the range's start) or to the end of its
// new text (the range's end), and text inserted at a bound is taken into the range.
func carry(sp grammar.Span, edits []finding.Edit) grammar.Span {
	start, end := sp.Start, sp.End
	for _, e := range edits {
		delta := int32(len(e.NewText)) - (e.Span.End - e.Span.Start)
		switch {
		case e.Span.End <= sp.Start && e.Span.Start < sp.Start:
			start += delta
		case e.Span.Start < sp.Start:
			start -= sp.Start - e.Span.Start
		}
		switch {
		case e.Span.End <= sp.End:
			end += delta
		case e.Span.Start < sp.End:
			end += e.Span.Start - sp.End + int32(len(e.NewText))
		}
	}
	return grammar.Span{Start: start, End: max(start, end)}
}
