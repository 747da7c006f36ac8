package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SyntaxError is one syntax problem: the exact range and a message in the user's terms.
type SyntaxError struct {
	Span Span
	Msg  string
	Fix  *Fix // a mechanical repair, when there is one
}

// Fix replaces Span with NewText (spans relative like the error's).
type Fix struct {
	Title   string
	Span    Span
	NewText string
	Safe    bool // the only sensible repair (see finding.Fix)
}

// fixLast attaches a repair to the error just reported (when it was reported). The parser's
// repairs are all safe: a duration's spelling, quotes around a key, a bare wait bound to _.
func (p *parser) fixLast(at Span, title, newText string) {
	if n := len(p.errs); n > 0 && p.errs[n-1].Span.Start <= at.Start && p.errs[n-1].Fix == nil {
		p.errs[n-1].Fix = &Fix{Title: title, Span: at, NewText: newText, Safe: true}
	}
}

// exprCtx says where an expression stands, which changes what parses.
type exprCtx struct {
	validate bool // a validate expression: comparisons, && || !, null
	noBlock  bool // `name {` is not a module call here (for iterables, if conditions)
	letRHS   bool // directly the right-hand side of a let (wait is allowed)
	topLet   bool // directly the right-hand side of a top-level let (use is allowed)
	iter     bool // a for iterable: a bare name there is a variable reference, even `true_list`
}

// parser parses the tokens of one statement. Spans are relative to the statement's first byte.
type parser struct {
	src     string
	toks    []Token // significant tokens, LineStart set, ending with EOF
	i       int
	errs    []SyntaxError
	types   *typeParser
	depth   int  // nesting of expressions and blocks being parsed
	tooDeep bool // the statement nests deeper than maxNesting: parsing gave up
}

// maxNesting bounds how deeply expressions and blocks may nest in one statement: far beyond any
// real configuration, and far below what would overflow the goroutine stack of the recursive
// descent (a file of a million "[" must not crash the server).
const maxNesting = 500

// enter counts one level of nesting. Past maxNesting it reports the problem once, gives up on the
// rest of the statement (moving to its end) and returns false. Every enter is paired with leave.
func (p *parser) enter() bool {
	p.depth++
	if p.depth <= maxNesting {
		return true
	}
	if !p.tooDeep {
		at := span(p.peek())
		if p.peek().Kind == EOF {
			at = p.prevSpan()
		}
		p.errorf(at, "nesting too deep: more than %d levels of brackets, blocks or operators", maxNesting)
		p.tooDeep = true
	}
	p.i = len(p.toks) - 1
	return false
}

func (p *parser) leave() { p.depth-- }

// newParser keeps a statement's significant tokens and marks the first of each line
// (LineStart): newlines end nothing in Carina, but a line start is where recovery resumes and
// where a half-typed item stops taking words from the next line.
func newParser(src string, all []Token, types *typeParser) *parser {
	toks := make([]Token, 0, len(all)/2+1)
	lineStart := true
	for _, t := range all {
		switch {
		case t.Kind == Newline:
			lineStart = true
		case t.Kind.Trivia():
		default:
			if lineStart {
				t.Flags |= LineStart
			}
			lineStart = false
			toks = append(toks, t)
		}
	}
	return &parser{src: src, toks: toks, types: types}
}

func (p *parser) peek() Token { return p.toks[p.i] }

func (p *parser) peekN(n int) Token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() Token {
	t := p.toks[p.i]
	if t.Kind != EOF {
		p.i++
	}
	return t
}

// prevEnd is the end of the last consumed token.
func (p *parser) prevEnd() int32 {
	if p.i == 0 {
		return 0
	}
	return p.toks[p.i-1].End
}

// prevSpan is the span of the last consumed token (empty at the start).
func (p *parser) prevSpan() Span {
	if p.i == 0 {
		return Span{}
	}
	return span(p.toks[p.i-1])
}

func (p *parser) text(t Token) string { return p.src[t.Start:t.End] }

func (p *parser) isWord(t Token, w string) bool { return t.Kind == Ident && p.text(t) == w }

func span(t Token) Span { return Span{t.Start, t.End} }

func (p *parser) errorf(s Span, format string, args ...any) {
	// One diagnostic per place: a second error starting where the last one did adds nothing.
	// After giving up on a statement nested too deeply, the unclosed brackets are no news.
	if n := len(p.errs); n > 0 && p.errs[n-1].Span.Start == s.Start || p.tooDeep {
		return
	}
	p.errs = append(p.errs, SyntaxError{Span: s, Msg: fmt.Sprintf(format, args...)})
}

// describe names a token for a message: `"name"`, `"{"`, `a string`, `the end of the input`.
func (p *parser) describe(t Token) string {
	switch t.Kind {
	case EOF:
		return "the end of the statement"
	case Ident, Int, Float, Duration:
		return strconv.Quote(p.text(t))
	case String, TemplateStart, Heredoc:
		return "a string"
	case Invalid:
		if p.text(t) == "\ufeff" {
			return "a byte order mark (U+FEFF)"
		}
		return fmt.Sprintf("invalid character %q", p.text(t))
	}
	return t.Kind.String()
}

// bare is describe without the article, for "unexpected ..." messages: `unexpected string`,
// `unexpected end of the statement`.
func (p *parser) bare(t Token) string {
	d := p.describe(t)
	for _, a := range []string{"a ", "the "} {
		if len(d) > len(a) && d[:len(a)] == a {
			return d[len(a):]
		}
	}
	return d
}

// name consumes an identifier as a Name.
func (p *parser) name() *Name {
	t := p.next()
	return &Name{Text: p.text(t), Span: span(t)}
}

// skipToItem skips tokens after an error up to the start of the next block item: the first token
// of a later line at the same bracket depth, or the "}" that closes the enclosing block. Brackets
// are matched by kind, so a "(" or "[" left open by the broken item cannot swallow the "}" of the
// block, and a line that starts like an item (`name =`, `name:`) ends the skip when only "(" and
// "[" are open (no item can stand inside those).
func (p *parser) skipToItem() {
	var stack []Kind
	first := true
	for {
		t := p.peek()
		if t.Kind == EOF {
			return
		}
		if !first && t.Flags&LineStart != 0 {
			if len(stack) == 0 {
				return
			}
			if !slices.Contains(stack, LBrace) && t.Kind == Ident {
				if n := p.peekN(1).Kind; n == Assign || n == Colon {
					return
				}
			}
		}
		if len(stack) == 0 && t.Kind == RBrace {
			return
		}
		first = false
		switch t.Kind {
		case LBrace, LBracket, LParen:
			stack = append(stack, t.Kind)
		case RBrace, RBracket, RParen:
			k := lastIndex(stack, Opener(t.Kind))
			if k < 0 && t.Kind == RBrace {
				return // the "}" of the enclosing block
			}
			if k >= 0 {
				stack = stack[:k]
			}
		}
		p.next()
	}
}

// Opener returns the opening bracket matching a closing one ({ for }, [ for ], ( for )).
func Opener(k Kind) Kind {
	switch k {
	case RBrace:
		return LBrace
	case RBracket:
		return LBracket
	}
	return LParen
}

// Closer returns the closing bracket matching an opening one.
func Closer(k Kind) Kind {
	switch k {
	case LBrace:
		return RBrace
	case LBracket:
		return RBracket
	}
	return RParen
}

func lastIndex(stack []Kind, k Kind) int {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == k {
			return i
		}
	}
	return -1
}

// lexErrors reports the lexical problems recorded in a statement's tokens (including comments).
func lexErrors(src string, all []Token) []SyntaxError {
	var errs []SyntaxError
	for _, t := range all {
		if t.Flags&(Unterminated|BadEscape|NewlineInInterp|TrailingText) == 0 {
			continue
		}
		errs = append(errs, tokenProblems(src, t)...)
	}
	return errs
}

// tokenProblems turns one token's lexical flags into errors.
func tokenProblems(src string, t Token) []SyntaxError {
	var errs []SyntaxError
	text := src[t.Start:t.End]
	s := span(t)
	if t.Flags&BadEscape != 0 {
		allowed, form := `"\nrt$`, `double-quoted strings allow \" \\ \n \r \t and \$`
		if t.Kind == String && strings.HasPrefix(text, "'") {
			allowed, form = `'\`, `single-quoted strings allow only \' and \\`
		}
		for _, off := range badEscapes(text, allowed) {
			end := off + 2
			if end > len(text) {
				end = len(text)
			}
			errs = append(errs, SyntaxError{
				Span: Span{t.Start + int32(off), t.Start + int32(end)},
				Msg:  fmt.Sprintf("invalid escape \"%s\" in string: %s", text[off:end], form),
			})
		}
	}
	if t.Kind == Heredoc && t.Flags&TrailingText != 0 {
		_, end := heredocOpener(text)
		line := text[:lineLen(text)]
		from := end + len(line[end:]) - len(strings.TrimLeft(line[end:], " \t"))
		to := len(strings.TrimRight(line, " \t"))
		errs = append(errs, SyntaxError{
			Span: Span{t.Start + int32(from), t.Start + int32(to)},
			Msg:  fmt.Sprintf("nothing may follow the heredoc opener %q on its line: move %q to the next line or after the closing %q", line[:end], line[from:to], heredocMarker(text)),
		})
	}
	switch {
	case t.Flags&NewlineInInterp != 0:
		errs = append(errs, SyntaxError{Span: s, Msg: `unterminated interpolation: "${" must be closed by "}" on the same line`})
	case t.Flags&Unterminated != 0:
		switch t.Kind {
		case BlockComment:
			errs = append(errs, SyntaxError{Span: Span{t.Start, t.Start + 2}, Msg: `unterminated block comment: "/*" has no matching "*/"`})
		case Heredoc:
			errs = append(errs, SyntaxError{Span: Span{t.Start, t.Start + int32(lineLen(text))}, Msg: fmt.Sprintf("unterminated heredoc: closing marker %q not found", heredocMarker(text))})
		default:
			q := `"`
			if strings.HasPrefix(text, "'") {
				q = `'`
			}
			errs = append(errs, SyntaxError{Span: s, Msg: fmt.Sprintf("unterminated string: add the closing %s", q)})
		}
	}
	return errs
}

func lineLen(s string) int {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return i
	}
	return len(s)
}

// ---- Statements ----

func (p *parser) parseStatement() Node {
	t := p.peek()
	var n Node
	if t.Kind == Ident {
		n = p.parseKeywordStatement(t)
	}
	if n == nil {
		p.errorf(span(t), "unexpected %s at top level; expected a statement (let, provider, a resource, ...)", p.bare(t))
		// The splitter bounds the statement: skipping to its end loses nothing of the next one.
		start := t.Start
		for p.peek().Kind != EOF {
			p.next()
		}
		return &BadStmt{Span: Span{start, p.prevEnd()}}
	}
	if t := p.peek(); t.Kind != EOF {
		p.errorf(span(t), "unexpected %s after the end of the statement", p.bare(t))
	}
	return n
}

func (p *parser) parseKeywordStatement(t Token) Node {
	word := p.text(t)
	n1 := p.peekN(1)
	c := KeywordConstruct(word)
	id := NoConstruct
	if c != nil {
		id = c.ID
	}
	switch id {
	case LetConstruct:
		return p.parseLet(true)
	case ProviderConstruct, BackendConstruct:
		if n1.Kind == Ident {
			kw := span(p.next())
			kind := p.name()
			if problem := nameProblem(kind.Text); problem != "" {
				p.errorf(kind.Span, "the %s kind %q %s", word, kind.Text, problem)
			}
			body := p.expectBlock(bodyKeyed, c, word+" "+kind.Text)
			sp := Span{kw.Start, p.prevEnd()}
			if id == ProviderConstruct {
				return &ProviderStmt{Span: sp, Kw: kw, Kind: kind, Body: body}
			}
			return &BackendStmt{Span: sp, Kw: kw, Kind: kind, Body: body}
		}
		// Carina's grammar reads `provider { ... }` (and `backend { ... }`) as a call of a module
		// of that name; we report the missing kind instead and keep the block, so its keys are
		// still in the tree.
		if n1.Kind == LBrace || n1.Kind == EOF {
			p.errorf(span(t), "expected the %s kind after %q (e.g. %s aws { ... })", word, word, word)
			p.next()
			body := p.expectBlock(bodyKeyed, c, word)
			sp, kind := Span{t.Start, p.prevEnd()}, &Name{Span: Span{t.End, t.End}}
			if id == BackendConstruct {
				return &BackendStmt{Span: sp, Kw: span(t), Kind: kind, Body: body}
			}
			return &ProviderStmt{Span: sp, Kw: span(t), Kind: kind, Body: body}
		}
	case ArgumentsConstruct:
		if n1.Kind == LBrace {
			return p.parseArguments()
		}
	case AttributesConstruct, ExportsConstruct:
		if n1.Kind == LBrace {
			return p.parseOutputs(id == ExportsConstruct)
		}
	case RequireConstruct:
		return p.parseRequire()
	case FnConstruct:
		return p.parseFn()
	case ForConstruct, IfConstruct:
		// Carina's grammar would read `for { ... }` as a call of a module named for: a for without
		// its loop variable is reported as such instead.
		if id == ForConstruct && n1.Kind != Ident && n1.Kind != LParen {
			p.errorf(span(t), "expected a loop variable after \"for\" (for x in ... { ... })")
			for p.peek().Kind != EOF {
				p.next()
			}
			return &BadStmt{Span: Span{t.Start, p.prevEnd()}}
		}
		x := p.parsePrimary(exprCtx{})
		return &ExprStmt{Span: x.Pos(), X: x}
	}
	switch {
	case c != nil && c.PlainKeyed() && c.Place&AtTop != 0 && n1.Kind == LBrace:
		// A keyed construct written `keyword { keys }` as a statement: import, removed, moved,
		// and any construct of that form the table holds.
		kw := span(p.next())
		body := p.parseBlock(bodyKeyed, c, word)
		return &StateBlockStmt{Span: Span{kw.Start, p.prevEnd()}, Kw: kw, Construct: id, Body: body}
	case c != nil && c.Place&InLet != 0 && c.Place&AtTop == 0 && (n1.Kind == Ident || n1.Kind == LBrace):
		// Constructs that stand only as the value of a let.
		errs := len(p.errs)
		// Parsed as if bound, so the construct's tree and its own errors are those of the let it
		// belongs in, and the one error below says what is missing.
		x := p.parsePrimary(exprCtx{letRHS: true, topLet: true})
		what := word + " ..."
		if id == WaitConstruct {
			p.errorf(span(t), "a wait must be bound with let: write \"let <name> = wait ...\" (or \"let _ = wait ...\" when nothing refers to it)")
			// Bound, the wait must be a whole one: a stray `wait` before other code (`wait
			// attributes { ... }`) or a broken wait gets no fix.
			if w, ok := x.(*WaitExpr); ok && len(p.errs) == errs+1 && w.Target != nil && !IsKeyword(w.Target.Text) && w.Until != nil {
				p.fixLast(Span{t.Start, t.Start}, "Bind it: let _ = wait", "let _ = ")
			}
		} else {
			p.errorf(span(t), "%q can only be used as the value of a let: write \"let <name> = %s\"", word, what)
		}
		return &ExprStmt{Span: x.Pos(), X: x}
	}
	// `_` names only a discarded let: `_ { ... }` is no module call.
	if word == "_" {
		return nil
	}
	// A resource `aws.s3.Bucket { ... }` or a module call `net { ... }`.
	if n1.Kind == LBrace {
		x := p.parsePrimary(exprCtx{})
		switch x := x.(type) {
		case *ResourceExpr:
			return &ResourceStmt{Span: x.Span, Resource: x}
		case *ModuleCallExpr:
			return &ModuleCallStmt{Span: x.Span, Call: x}
		}
		return &BadStmt{Span: x.Pos()}
	}
	if strings.Contains(word, ".") {
		p.next()
		p.errorf(span(t), "expected \"{\" after resource type %q", word)
		return &BadStmt{Span: span(t)}
	}
	// `x = 1` (or `x y`) is a let without its keyword. After nil, parseStatement's generic
	// message lands on the same place and is dropped (errorf), so this one stands.
	if n1.Kind == Assign || n1.Kind == Ident && n1.Flags&LineStart == 0 {
		p.errorf(span(t), "unexpected %q at top level; a binding is declared with \"let %s = ...\"", word, word)
		return nil
	}
	return nil
}

// parseLet parses `let name = value` (the current token is `let`); top says it is a top-level
// statement rather than a block's or a body's local let.
func (p *parser) parseLet(top bool) *LetStmt {
	kw := span(p.next())
	let := &LetStmt{Let: kw}
	t := p.peek()
	what := "let"
	switch {
	case t.Kind == Assign:
		// `let = value`: report the missing name, still parse the value.
		p.errorf(Span{kw.Start, t.End}, "expected a binding name between \"let\" and \"=\"")
	// A name on the next line is this let's only when "=" follows: with `let` half typed, the
	// next line is another item.
	case t.Kind != Ident || t.Flags&LineStart != 0 && p.peekN(1).Kind != Assign:
		p.errorf(kw, "expected a binding name after \"let\"")
		let.Span = kw
		return let
	default:
		let.Name = p.name()
		what = "let " + let.Name.Text
		if strings.Contains(let.Name.Text, ".") {
			p.errorf(let.Name.Span, "binding name %q must be a plain identifier without dots", let.Name.Text)
		} else if strings.HasPrefix(let.Name.Text, "_") && let.Name.Text != "_" {
			p.errorf(let.Name.Span, "binding name %q must start with a letter (a lone \"_\" discards the value)", let.Name.Text)
		}
		if p.peek().Kind != Assign {
			p.errorf(let.Name.Span, "expected \"=\" after \"let %s\"", let.Name.Text)
			let.Span = Span{kw.Start, p.prevEnd()}
			return let
		}
	}
	eq := p.next()
	// A let starting the next line is the next item, not this value: in a block the splitter
	// does not cut.
	if p.peek().Kind == EOF || p.peek().Flags&LineStart != 0 && p.isWord(p.peek(), "let") {
		p.errorf(span(eq), "expected a value after \"%s =\"", what)
		let.Span = Span{kw.Start, p.prevEnd()}
		return let
	}
	let.Value = p.parseExpr(exprCtx{letRHS: true, topLet: top})
	for x := let.Value; ; {
		b, ok := x.(*BinaryExpr)
		if !ok {
			break
		}
		if k, ok := b.X.(*KeywordBlockExpr); ok && k.Construct == UseConstruct {
			// Carina takes `use { ... }` as the whole value of a let, not as an operand.
			p.errorf(b.OpPos, "nothing may follow use { ... }: it is the whole value of its let")
			break
		}
		x = b.X
	}
	let.Span = Span{kw.Start, p.prevEnd()}
	return let
}

// expectBlock parses a block when the next token is "{", and reports its absence otherwise.
func (p *parser) expectBlock(kind blockKind, c *Construct, owner string) *Block {
	if p.peek().Kind != LBrace {
		p.errorf(p.prevSpan(), "expected \"{\" after %q", owner)
		e := p.prevEnd()
		return &Block{Open: Span{e, e}, Close: Span{e, e}}
	}
	return p.parseBlock(kind, c, owner)
}

func (p *parser) parseArguments() *ArgumentsStmt {
	kw := span(p.next())
	st := &ArgumentsStmt{Kw: kw}
	open := span(p.next())
	for {
		t := p.peek()
		if t.Kind == RBrace || t.Kind == EOF {
			break
		}
		start := p.i
		if d := p.parseParamDecl(); d != nil {
			st.Params = append(st.Params, d)
			continue
		}
		if p.i == start {
			p.next()
		}
		p.skipToItem()
		st.Bad = append(st.Bad, Span{p.toks[start].Start, p.prevEnd()})
	}
	p.closeBrace(open, "arguments")
	st.Span = Span{kw.Start, p.prevEnd()}
	return st
}

// parseParamDecl parses `name: Type [= default | { ... }]`; nil after an error.
func (p *parser) parseParamDecl() *ParamDecl {
	t := p.peek()
	if t.Kind != Ident {
		p.errorf(span(t), "unexpected %s in arguments; expected \"name: Type\"", p.bare(t))
		return nil
	}
	d := &ParamDecl{Name: p.name()}
	if problem := nameProblem(d.Name.Text); problem != "" {
		p.errorf(d.Name.Span, "argument name %q %s", d.Name.Text, problem)
	}
	if p.peek().Kind != Colon {
		p.errorf(d.Name.Span, "expected \":\" and a type after argument name %q", d.Name.Text)
		return nil
	}
	p.next()
	d.Type = p.parseType()
	if d.Type == nil {
		return nil
	}
	switch p.peek().Kind {
	case Assign:
		eq := p.next()
		if p.missingValue() {
			p.errorf(span(eq), "expected a default value after \"=\" for argument %q", d.Name.Text)
			return nil
		}
		d.Default = p.parseExpr(exprCtx{})
	case LBrace:
		d.Body = p.parseBlock(bodyKeyed, ConstructOf(ArgumentConstruct), "argument "+d.Name.Text)
		// The detail block's default is the argument's default too: consumers read one field,
		// whichever form was written.
		if a := d.Body.Attr("default"); a != nil {
			d.Default = a.Value
		}
	}
	d.Span = Span{d.Name.Span.Start, p.prevEnd()}
	return d
}

func (p *parser) parseOutputs(exports bool) *OutputsStmt {
	kw := span(p.next())
	st := &OutputsStmt{Kw: kw, Exports: exports}
	what := "attributes"
	if exports {
		what = "exports"
	}
	open := span(p.next())
	for {
		t := p.peek()
		if t.Kind == RBrace || t.Kind == EOF {
			break
		}
		start := p.i
		if d := p.parseOutputDecl(what); d != nil {
			st.Items = append(st.Items, d)
			continue
		}
		if p.i == start {
			p.next()
		}
		p.skipToItem()
		st.Bad = append(st.Bad, Span{p.toks[start].Start, p.prevEnd()})
	}
	p.closeBrace(open, what)
	st.Span = Span{kw.Start, p.prevEnd()}
	return st
}

// parseOutputDecl parses `name[: Type] = value`; nil after an error.
func (p *parser) parseOutputDecl(what string) *OutputDecl {
	t := p.peek()
	if t.Kind != Ident {
		p.errorf(span(t), "unexpected %s in %s; expected \"name = value\"", p.bare(t), what)
		return nil
	}
	d := &OutputDecl{Name: p.name()}
	if problem := nameProblem(d.Name.Text); problem != "" {
		p.errorf(d.Name.Span, "%s name %q %s", strings.TrimSuffix(what, "s"), d.Name.Text, problem)
	}
	if p.peek().Kind == Colon {
		p.next()
		if d.Type = p.parseType(); d.Type == nil {
			return nil
		}
	}
	if p.peek().Kind != Assign {
		p.errorf(d.Name.Span, "expected \"=\" after %s name %q", strings.TrimSuffix(what, "s"), d.Name.Text)
		return nil
	}
	eq := p.next()
	if p.missingValue() {
		p.errorf(span(eq), "expected a value after \"=\" for %s %q", strings.TrimSuffix(what, "s"), d.Name.Text)
		return nil
	}
	d.Value = p.parseExpr(exprCtx{})
	d.Span = Span{d.Name.Span.Start, p.prevEnd()}
	return d
}

func (p *parser) parseRequire() *RequireStmt {
	kw := span(p.next())
	st := &RequireStmt{Kw: kw}
	if p.peek().Kind == EOF {
		p.errorf(kw, "expected a condition after \"require\"")
		st.Span = kw
		return st
	}
	st.Cond = p.parseValidate()
	switch t := p.peek(); {
	case t.Kind == Comma:
		p.next()
		st.Message = p.parseExpr(exprCtx{})
		switch st.Message.(type) {
		case *StringLit, *BadExpr:
		default:
			p.errorf(st.Message.Pos(), "the message of a require must be a string, not %s", describeExpr(st.Message))
		}
	case (t.Kind == String || t.Kind == TemplateStart) && t.Flags&LineStart == 0:
		// `require cond 'message'`: only the comma is missing.
		p.errorf(span(t), "expected \",\" between the require condition and its message")
		st.Message = p.parseExpr(exprCtx{})
	default:
		p.errorf(Span{kw.Start, p.prevEnd()}, "expected \",\" and an error message after the require condition")
	}
	st.Span = Span{kw.Start, p.prevEnd()}
	return st
}

func (p *parser) parseFn() *FnStmt {
	kw := span(p.next())
	fn := &FnStmt{Kw: kw}
	defer func() { fn.Span = Span{kw.Start, p.prevEnd()} }()
	if p.peek().Kind != Ident {
		p.errorf(kw, "expected a function name after \"fn\"")
		return fn
	}
	fn.Name = p.name()
	if p.peek().Kind != LParen {
		p.errorf(fn.Name.Span, "expected \"(\" and the parameters after \"fn %s\" (write fn %s() when it takes none)", fn.Name.Text, fn.Name.Text)
		// The body is parsed anyway, so its lets and names are in the tree.
		if p.peek().Kind == LBrace {
			body := p.parseBody("function " + fn.Name.Text)
			fn.Open, fn.Close, fn.Lets, fn.Result = body.Open, body.Close, body.Lets, body.Result
		}
		return fn
	}
	open := span(p.next())
	for p.peek().Kind != RParen && p.peek().Kind != EOF && p.peek().Kind != LBrace {
		t := p.peek()
		if t.Kind != Ident {
			p.errorf(span(t), "unexpected %s in the parameters of %q; expected a parameter name", p.bare(t), fn.Name.Text)
			break
		}
		par := &FnParam{Name: p.name()}
		if problem := nameProblem(par.Name.Text); problem != "" {
			p.errorf(par.Name.Span, "parameter name %q %s", par.Name.Text, problem)
		}
		if p.peek().Kind == Colon {
			p.next()
			if par.Type = p.parseType(); par.Type == nil {
				p.skipParam()
			}
		}
		if p.peek().Kind == Assign {
			p.next()
			par.Default = p.parseExpr(exprCtx{})
		}
		par.Span = Span{par.Name.Span.Start, p.prevEnd()}
		fn.Params = append(fn.Params, par)
		if p.peek().Kind != Comma {
			break
		}
		if comma := p.next(); p.peek().Kind == RParen {
			p.errorf(span(comma), "unexpected \",\" before \")\": the parameters of %q take no trailing comma", fn.Name.Text)
		}
	}
	if p.peek().Kind != RParen {
		p.errorf(open, "unclosed \"(\": expected \")\" after the parameters of %q", fn.Name.Text)
		// Skip to the body, so an unclosed parameter list costs one error and the body still parses.
		for k := p.peek().Kind; k != EOF && k != LBrace && k != RParen; k = p.peek().Kind {
			p.next()
		}
		if p.peek().Kind == RParen {
			p.next()
		}
	} else {
		p.next()
	}
	if p.peek().Kind == Colon {
		p.next()
		fn.Return = p.parseType()
	}
	if p.peek().Kind != LBrace {
		p.errorf(Span{kw.Start, p.prevEnd()}, "expected \"{\" and the body of function %q", fn.Name.Text)
		return fn
	}
	body := p.parseBody("function " + fn.Name.Text)
	fn.Open, fn.Close, fn.Lets, fn.Result = body.Open, body.Close, body.Lets, body.Result
	return fn
}

// skipParam skips the rest of a function parameter whose type did not parse: up to the next ","
// or the ")" that closes the parameter list (or a "{").
func (p *parser) skipParam() {
	depth := 0
	for {
		switch p.peek().Kind {
		case EOF, LBrace, Comma:
			return
		case LParen:
			depth++
		case RParen:
			if depth == 0 {
				return
			}
			depth--
		}
		p.next()
	}
}

// closeBrace consumes the "}" closing the block opened at open, or reports that it is missing.
// It returns the span of the "}" (zero width at the end when missing).
func (p *parser) closeBrace(open Span, owner string) Span {
	if p.peek().Kind == RBrace {
		return span(p.next())
	}
	p.errorf(open, "unclosed \"{\" of %s: expected \"}\"", owner)
	e := p.prevEnd()
	return Span{e, e}
}
