package navigate

import (
	"cmp"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Fold is a foldable range of lines (0-based). Kind is "comment", "region" or "" (code). The
// lines from StartLine+1 to EndLine are the ones hidden: a bracketed range ends on the line
// before its closing bracket when the bracket begins its line, so the bracket stays visible.
type Fold struct {
	StartLine, EndLine int
	Kind               string
}

// Fold kinds.
const (
	FoldComment = "comment"
	FoldRegion  = "region"
)

// regionMarker reports whether a line comment is a `# region` (or `// region name`) or a
// `# endregion` marker.
func regionMarker(comment string) (start, end bool) {
	text, ok := strings.CutPrefix(comment, "#")
	if !ok {
		text, _ = strings.CutPrefix(comment, "//")
	}
	text = strings.TrimLeft(text, " \t")
	word := func(w string) bool {
		rest, ok := strings.CutPrefix(text, w)
		return ok && (rest == "" || !isWordByte(rest[0]))
	}
	return word("region"), word("endregion")
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// FoldingRanges returns the foldable ranges of f, ordered by start line, at most one per start
// line (the largest): brackets ({ } [ ] ( ), so blocks, maps, lists and calls) spanning lines,
// block comments, runs of two or more line comments alone on their lines, multi-line strings and
// heredocs, and regions between `# region` and `# endregion` comments. It works from the tokens,
// so a file with syntax errors folds too.
func FoldingRanges(f *workspace.File) []Fold {
	src, lines := f.AST.Src, f.Lines
	line := func(off int32) int { return lines.Line(int(off)) }
	var out []Fold
	add := func(start, end int, kind string) {
		if end > start {
			out = append(out, Fold{StartLine: start, EndLine: end, Kind: kind})
		}
	}
	type open struct {
		kind grammar.Kind
		line int
	}
	var stack []open
	var regions []int
	runStart, runEnd := -1, -1 // the current run of line comments
	flushRun := func() {
		if runStart >= 0 {
			add(runStart, runEnd, FoldComment)
		}
		runStart, runEnd = -1, -1
	}
	lineStart := true // no significant token yet on the current line
	for _, t := range f.AST.Tokens {
		switch t.Kind {
		case grammar.Newline:
			lineStart = true
			continue
		case grammar.Space, grammar.EOF:
			continue
		}
		first := lineStart
		lineStart = false
		l := line(t.Start)
		switch t.Kind {
		case grammar.LineComment:
			isStart, isEnd := regionMarker(t.Text(src))
			switch {
			case !first:
				// A comment after code on its line is no part of a run.
			case isStart:
				flushRun()
				regions = append(regions, l)
				continue
			case isEnd:
				flushRun()
				if n := len(regions); n > 0 {
					add(regions[n-1], l, FoldRegion)
					regions = regions[:n-1]
				}
				continue
			case runStart >= 0 && runEnd == l-1:
				runEnd = l
				continue
			default:
				flushRun()
				runStart, runEnd = l, l
				continue
			}
		case grammar.BlockComment:
			add(l, line(t.End), FoldComment)
		case grammar.LBrace, grammar.LBracket, grammar.LParen:
			stack = append(stack, open{t.Kind, l})
		case grammar.RBrace, grammar.RBracket, grammar.RParen:
			want := grammar.Opener(t.Kind)
			k := len(stack) - 1
			for k >= 0 && stack[k].kind != want {
				k--
			}
			if k < 0 {
				break // a stray closer
			}
			end := l
			if first {
				end = l - 1
			}
			add(stack[k].line, end, "")
			stack = stack[:k]
		case grammar.String, grammar.TemplateStart, grammar.TemplateMid, grammar.TemplateEnd:
			add(l, line(t.End), "")
		case grammar.Heredoc:
			add(l, line(t.End)-1, "")
		}
		if t.Kind != grammar.LineComment {
			flushRun()
		}
	}
	flushRun()
	// One range a start line, the largest; ordered.
	slices.SortFunc(out, func(a, b Fold) int {
		return cmp.Or(cmp.Compare(a.StartLine, b.StartLine), cmp.Compare(b.EndLine, a.EndLine))
	})
	return slices.CompactFunc(out, func(a, b Fold) bool { return a.StartLine == b.StartLine })
}
