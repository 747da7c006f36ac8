package format

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Options configures the layout. The zero value is the house style: two spaces per level.
type Options struct {
	// Indent is the number of spaces per indentation level; 0 means 2. Ignored with Tabs.
	Indent int
	// Tabs indents with one tab per level. Alignment padding is always spaces.
	Tabs bool
	// Blocks, when set, turns on the list-to-block rewrite of `carina fmt`: an attribute of a
	// resource whose member is a list of structs with a block name, written as a list of map
	// literals, is printed as one block per map (see BlockNamer). Nil: lists stay lists, and the
	// formatter needs no schema.
	Blocks BlockNamer
}

// unit returns the text of one indentation level.
func (o Options) unit() string {
	switch {
	case o.Tabs:
		return "\t"
	case o.Indent <= 0:
		return "  "
	}
	return strings.Repeat(" ", o.Indent)
}

// Edit replaces the bytes Start to End of a source with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Formatter formats sources with one parser, so that formatting many files does not build the
// parser's grammar again for each. It is safe for concurrent use.
type Formatter struct {
	opts   Options
	parser *grammar.Parser
}

// New returns a Formatter with the given options.
func New(opts Options) *Formatter {
	return &Formatter{opts: opts, parser: grammar.NewParser()}
}

// WithBlocks returns a Formatter with f's options and parser whose list-to-block rewrite uses b
// (nil: none), for formatting files whose schemas differ with one parser.
func (f *Formatter) WithBlocks(b BlockNamer) *Formatter {
	opts := f.opts
	opts.Blocks = b
	return &Formatter{opts: opts, parser: f.parser}
}

// Source formats a whole file. A file with syntax errors is not formatted: the error is a
// *SyntaxError listing them.
func Source(src string, opts Options) (string, error) { return New(opts).Source(src) }

// Range formats the top-level statements overlapping the bytes start to end of src and returns
// the edit replacing them (see Formatter.Range).
func Range(src string, start, end int, opts Options) (Edit, error) {
	return New(opts).Range(src, start, end)
}

// Source formats a whole file. A file with syntax errors is not formatted: the error is a
// *SyntaxError listing them.
func (f *Formatter) Source(src string) (string, error) {
	out, _, err := f.run(src)
	return out, err
}

// Range formats the top-level statements that overlap the bytes start to end of src (the
// statement holding start when the range is empty) and returns the edit that replaces them, from
// the start of the first one's line to the end of the last one, with their formatted text. The
// comments and blank lines between those statements are part of the edit; those before the
// first and after the last are not, except when the first statement does not begin its line
// (`let a = 1 b {}`, or a block comment before it on its line): the edit then starts at the end
// of the statement before it (or at the start of the file) and replaces what separates them with
// what the whole file's formatting puts there (a line break or a blank line, and the comments
// between them), so the two are never joined. With no statement in the range the edit is empty
// (Start == End, no Text). The whole file must parse: a file with syntax errors is not formatted.
func (f *Formatter) Range(src string, start, end int) (Edit, error) {
	if start > end {
		start, end = end, start
	}
	start, end = max(start, 0), min(end, len(src))
	out, stmts, err := f.run(src)
	if err != nil {
		return Edit{}, err
	}
	first, last := -1, -1
	for i, s := range stmts {
		if s.srcStart < end && s.srcEnd > start || start == end && s.srcStart <= start && start <= s.srcEnd {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return Edit{Start: start, End: start}, nil
	}
	from, outFrom := stmts[first].srcStart, stmts[first].outStart
	for from > 0 && (src[from-1] == ' ' || src[from-1] == '\t') {
		from--
	}
	if from > 0 && src[from-1] != '\n' && src[from-1] != '\r' {
		// The first statement does not begin a line: the previous statement (or a comment) ends
		// on its line, and the blanks before it are the only separator. Take in what lies
		// between them, so that the edit separates them as the whole file's formatting does.
		from, outFrom = 0, 0
		if first > 0 {
			from, outFrom = stmts[first-1].srcEnd, stmts[first-1].outEnd
		}
	}
	return Edit{Start: from, End: stmts[last].srcEnd, Text: out[outFrom:stmts[last].outEnd]}, nil
}

// stmtSpan records where a top-level statement is in the source and in the output.
type stmtSpan struct {
	srcStart, srcEnd int
	outStart, outEnd int
}

// run parses and formats src, recording where each statement went (offsets of src).
func (f *Formatter) run(src string) (out string, stmts []stmtSpan, err error) {
	file := parse(f.parser, src)
	if len(file.Errors) > 0 {
		return "", nil, &SyntaxError{Src: src, Errors: file.Errors}
	}
	if f.opts.Blocks == nil {
		return f.print(src, file)
	}
	rw := blockRewrite(file, f.opts.Blocks)
	if len(rw.edits) == 0 {
		return f.print(src, file)
	}
	mid := applyEdits(src, rw.edits)
	midFile := parse(f.parser, mid)
	if len(midFile.Errors) > 0 {
		return "", nil, fmt.Errorf("format: internal error: the list-to-block rewrite gave text that does not parse: %s", midFile.Errors[0].Msg)
	}
	if err := rw.verify(midFile); err != nil {
		return "", nil, err
	}
	out, stmts, err = f.print(mid, midFile)
	for i := range stmts {
		stmts[i].srcStart = mapBack(rw.edits, stmts[i].srcStart)
		stmts[i].srcEnd = mapBack(rw.edits, stmts[i].srcEnd)
	}
	return out, stmts, err
}

// print formats a parsed file, recording where each statement went.
func (f *Formatter) print(src string, file *grammar.File) (out string, stmts []stmtSpan, err error) {
	p := newPrinter(src, file.Tokens, f.opts)
	defer func() {
		if r := recover(); r != nil {
			out, stmts, err = "", nil, fmt.Errorf("format: internal error: %v", r)
		}
	}()
	p.file(file)
	if p.err == nil {
		p.verify()
	}
	if p.err != nil {
		return "", nil, p.err
	}
	return string(p.out), p.stmts, nil
}
