package diagnostics

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// DisableDirective is the word that starts a comment silencing one code for the next statement:
//
//	# carina-lsp:disable pipe-form  (anything after the code is a free note)
//	let name = join('-', parts)
//
// The comment stands on the line right above a top-level statement or a block item (several such
// comments may be stacked there); the diagnostics of that code that begin in the statement or
// item are not reported. `#`, `//` and `/* */` comments all work.
const DisableDirective = "carina-lsp:disable"

// suppressed is where diagnostics of one code are silenced: a range of a file.
type suppressed struct {
	path string
	span grammar.Span
	code finding.Code
}

// suppress gives each diagnostic the level the project's configuration sets (Options.Level) and
// drops those it turns off, those of the disabled codes (Options.Disable) and those the disable
// comments silence (never syntax errors), and reports disable comments that name no code.
func (c *checker) suppress() {
	var ranges []suppressed
	for _, f := range c.cfg.Files {
		ranges = append(ranges, c.directives(f)...)
	}
	if len(ranges) == 0 && len(c.opts.Disable) == 0 && c.opts.Level == nil {
		return
	}
	var off []bool // by index in c.out: the configuration turns it off
	if c.opts.Level != nil {
		off = make([]bool, len(c.out))
		for i := range c.out {
			d := &c.out[i]
			if d.Code == finding.CodeSyntax {
				continue
			}
			sev, o, set := c.opts.Level(d.Path, d.Code)
			if set && !o {
				d.Severity = sev
			}
			off[i] = o
		}
	}
	i := -1
	c.out = slices.DeleteFunc(c.out, func(d finding.Diagnostic) bool {
		i++
		if d.Code == finding.CodeSyntax {
			return false
		}
		if slices.Contains(c.opts.Disable, d.Code) || off != nil && off[i] {
			return true
		}
		return slices.ContainsFunc(ranges, func(s suppressed) bool {
			return s.code == d.Code && s.path == d.Path && s.span.Start <= d.Span.Start && d.Span.Start < s.span.End
		})
	})
}

// directives reads the disable comments of a file and returns the ranges they silence; a comment
// naming an unknown code is reported (with the closest code as a fix).
func (c *checker) directives(f *workspace.File) []suppressed {
	var out []suppressed
	toks := f.AST.Tokens
	src := f.Text()
	if !strings.Contains(src, DisableDirective) {
		return nil
	}
	var pending []finding.Code // the codes of a run of directive comments, each on a line of its own
	nl := 0                    // newlines since the last comment of the run
	for i, t := range toks {
		switch t.Kind {
		case grammar.Space:
			continue
		case grammar.Newline:
			nl++
			continue
		case grammar.LineComment, grammar.BlockComment:
			code, sp, ok := directive(src, t)
			switch {
			case !ok:
				pending = nil // another comment: the run is no longer right above
			case !finding.KnownCode(finding.Code(code)) || finding.Code(code) == finding.CodeSyntax:
				c.unknownDirective(f, sp, code)
			case !startsLine(toks, i):
				pending = nil // after code on its line
			default:
				if nl > 1 {
					pending = nil // a blank line ends the run
				}
				pending = append(pending, finding.Code(code))
			}
			nl = 0
			continue
		case grammar.EOF:
			return out
		}
		// The first token after the comments: the statement or item it begins, on the next line.
		if len(pending) > 0 && nl == 1 {
			if sp, ok := targetAt(f, t.Start); ok {
				for _, code := range pending {
					out = append(out, suppressed{f.Path, sp, code})
				}
			}
		}
		pending, nl = nil, 0
	}
	return out
}

// unknownDirective reports a disable comment naming no code (sp is the word), with the closest
// code as a fix.
func (c *checker) unknownDirective(f *workspace.File, sp grammar.Span, code string) {
	if finding.Code(code) == finding.CodeSyntax {
		c.add(f, sp, finding.Warning, finding.CodeDisableUnknown, "%s: syntax errors cannot be disabled", DisableDirective)
		return
	}
	d := c.add(f, sp, finding.Warning, finding.CodeDisableUnknown, "%s: %q is no diagnostic code", DisableDirective, code)
	if sug := finding.ClosestCode(code); sug != "" {
		d.Message += "; did you mean " + sug + "?"
		d.Fixes = []finding.Fix{{Title: "Change to " + sug, Edits: []finding.Edit{{Span: sp, NewText: sug}}}}
	}
}

// directive reads a disable comment: the code it names and that word's span.
func directive(src string, t grammar.Token) (code string, sp grammar.Span, ok bool) {
	text := src[t.Start:t.End]
	body := text
	switch {
	case strings.HasPrefix(body, "#"):
		body = body[1:]
	case strings.HasPrefix(body, "//"):
		body = body[2:]
	case strings.HasPrefix(body, "/*"):
		body = strings.TrimSuffix(body[2:], "*/")
	}
	trimmed := strings.TrimLeft(body, " \t")
	rest, found := strings.CutPrefix(trimmed, DisableDirective)
	if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", grammar.Span{}, false
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return "", grammar.Span{}, false
	}
	code = fields[0]
	off := strings.Index(text, DisableDirective) + len(DisableDirective)
	off += strings.Index(text[off:], code)
	return code, grammar.Span{Start: t.Start + int32(off), End: t.Start + int32(off+len(code))}, true
}

// startsLine reports whether token i is the first of its line but for white space.
func startsLine(toks []grammar.Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch toks[j].Kind {
		case grammar.Space:
			continue
		case grammar.Newline:
			return true
		}
		return false
	}
	return true
}

// targetAt returns the span of the top-level statement or block item that begins at the file
// offset off: the largest such node.
func targetAt(f *workspace.File, off int32) (grammar.Span, bool) {
	st := f.AST.StmtAt(off)
	if st == nil {
		return grammar.Span{}, false
	}
	if st.Offset == off {
		return grammar.Span{Start: st.Offset, End: st.End}, true
	}
	var best grammar.Span
	found := false
	grammar.Inspect(st.Node, func(n grammar.Node) bool {
		sp := st.Abs(n.Pos())
		if sp.End < off || sp.Start > off {
			return false
		}
		switch n.(type) {
		case *grammar.Attribute, *grammar.NestedBlock, *grammar.LetStmt, *grammar.ParamDecl, *grammar.OutputDecl:
			if sp.Start == off && (!found || sp.End-sp.Start > best.End-best.Start) {
				best, found = sp, true
			}
		}
		return true
	})
	return best, found
}
