package completion

import (
	"sort"

	g "github.com/carina-rs/carina-lsp/grammar"
)

// scanner walks the tokens of one statement up to the cursor's word, keeping a stack of the
// brackets open there. It needs no parse: the statement being typed rarely parses.
type scanner struct {
	src   string
	toks  []g.Token
	stack []*frame
}

// scanTo scans the tokens from index from (a statement's first token) that end at or before
// offset to, and returns the frames open there, outermost first.
func scanTo(src string, toks []g.Token, from int, to int32) []*frame {
	s := &scanner{src: src, toks: toks, stack: []*frame{{kind: fStmt, open: -1, close: -1}}}
	for i := from; i < len(toks); i++ {
		t := toks[i]
		if t.Kind == g.EOF || t.End > to {
			break
		}
		top := s.stack[len(s.stack)-1]
		switch t.Kind {
		case g.Newline:
			// The lexer ends an interpolation left open at the end of its line.
			if top.kind == fInterp && toks[top.open].Flags&g.NewlineInInterp != 0 {
				s.pop(len(s.stack)-1, i)
			}
			continue
		case g.Space, g.LineComment, g.BlockComment:
			continue
		case g.LBrace, g.LBracket, g.LParen:
			s.split(top, i)
			fr := s.classify(top, i)
			top.item = append(top.item, entry{tok: i, kind: t.Kind, sub: fr})
			s.stack = append(s.stack, fr)
		case g.RBrace, g.RBracket, g.RParen:
			if k := s.opened(t.Kind); k > 0 {
				s.pop(k, i)
			} else {
				s.add(top, i)
			}
		case g.TemplateStart:
			s.split(top, i)
			fr := &frame{kind: fInterp, open: i, close: -1, parent: top, closer: g.TemplateEnd}
			top.item = append(top.item, entry{tok: i, kind: t.Kind, sub: fr})
			s.stack = append(s.stack, fr)
		case g.TemplateMid, g.TemplateEnd:
			if k := s.opened(g.TemplateEnd); k > 0 {
				parent := s.stack[k-1]
				s.pop(k, i)
				if t.Kind == g.TemplateMid {
					fr := &frame{kind: fInterp, open: i, close: -1, parent: parent, closer: g.TemplateEnd}
					s.stack = append(s.stack, fr)
				}
			}
		default:
			s.add(top, i)
		}
	}
	return s.stack
}

// opened returns the stack index of the innermost frame a closer of kind k closes, or 0.
func (s *scanner) opened(k g.Kind) int {
	for j := len(s.stack) - 1; j > 0; j-- {
		if s.stack[j].closer == k {
			return j
		}
	}
	return 0
}

// pop closes the frames from stack index k up, at token index i.
func (s *scanner) pop(k, i int) {
	for _, f := range s.stack[k:] {
		f.close = i
	}
	s.stack = s.stack[:k]
}

// add appends the token at index i to the frame's current item, starting a new item first when
// the token begins one.
func (s *scanner) add(fr *frame, i int) {
	t := s.toks[i]
	if t.Kind == g.Comma && fr.splitsOnComma() {
		fr.endItem()
		return
	}
	s.split(fr, i)
	e := entry{tok: i, kind: t.Kind}
	if t.Kind == g.Ident {
		e.text = t.Text(s.src)
	} else if t.Kind == g.String {
		e.text = unquote(t.Text(s.src))
	}
	fr.item = append(fr.item, e)
}

// split ends the frame's current item when the token at i starts a new one: a name after a
// complete value (`ttl = 60` then `type = ...`), or a quoted key.
func (s *scanner) split(fr *frame, i int) {
	if fr.kind == fStmt || len(fr.item) == 0 || fr.item[len(fr.item)-1].expectsMore() {
		return
	}
	t := s.toks[i]
	switch t.Kind {
	case g.Ident:
		if txt := t.Text(s.src); txt == "else" || txt == "in" {
			return
		}
	case g.String:
		if s.next(i).Kind != g.Assign {
			return
		}
	default:
		return
	}
	fr.endItem()
}

// next returns the first significant token after index i.
func (s *scanner) next(i int) g.Token {
	for j := i + 1; j < len(s.toks); j++ {
		if !s.toks[j].Kind.Trivia() {
			return s.toks[j]
		}
	}
	return s.toks[len(s.toks)-1]
}

// classify makes the frame the bracket at token index i opens inside p, from p's current item.
func (s *scanner) classify(p *frame, i int) *frame {
	t := s.toks[i]
	fr := &frame{open: i, close: -1, parent: p}
	switch t.Kind {
	case g.LParen:
		fr.closer = g.RParen
		s.classifyParen(p, fr)
	case g.LBracket:
		fr.closer = g.RBracket
		s.classifyBracket(p, fr, i)
	default:
		fr.closer = g.RBrace
		s.classifyBrace(p, fr)
	}
	return fr
}

// classifyParen: a type constructor's `list(`, a function's parameter list, or call arguments and
// grouping.
func (s *scanner) classifyParen(p, fr *frame) {
	item := p.item
	switch {
	case typePos(p, item):
		fr.kind = fTypeParen
	case len(item) == 2 && item[0].is("fn") && item[1].kind == g.Ident:
		fr.kind = fFnParams
	default:
		fr.kind = fParen
	}
}

// classifyBracket: an index right after a value (`x[0]`), or a list, which inside a resource
// carries the attribute path of the key it is the value of.
func (s *scanner) classifyBracket(p, fr *frame, i int) {
	item := p.item
	fr.kind = fList
	if n := len(item); n > 0 && !item[n-1].expectsMore() && s.toks[i-1].End == s.toks[i].Start {
		fr.kind = fParen // an index: x[0]
		return
	}
	switch {
	case len(item) == 0 && p.kind == fList:
		// a list of lists: the element's element
		fr.head, fr.read, fr.path, fr.key = p.head, p.read, p.path, p.key
	case len(item) >= 2 && assignAt(item) == len(item)-1:
		fr.key = keyOf(item)
		if p.head != "" && fr.key != "" && schemaFrame(p.kind) {
			fr.head, fr.read, fr.path = p.head, p.read, appendPath(p.path, fr.key)
		}
	}
}

// schemaFrame reports whether the items of a frame of kind k are resource attributes or struct
// fields at the frame's path.
func schemaFrame(k frameKind) bool {
	switch k {
	case fResource, fNested, fMap, fList:
		return true
	}
	return false
}

// classifyBrace decides what a "{" opens from the item before it: a struct type or an argument's
// detail block in a type annotation, a function body, a map value (`key = {`), a nested block
// (`name {` inside a block), or after a let or at statement level the construct its first words
// name: read, wait, provider, backend, use, upstream_state, arguments, attributes, exports,
// import/removed/moved, for, if/else, a resource type, or a module call.
func (s *scanner) classifyBrace(p, fr *frame) {
	item := p.item
	if typePos(p, item) {
		switch {
		case len(item) > 0 && item[0].is("fn") && p.kind == fStmt:
			fr.kind = fFnBody
			s.fnParams(fr, item)
		case len(item) > 0 && item[len(item)-1].is("struct"):
			fr.kind = fStructType
		case p.kind == fArguments:
			fr.kind = fParamBody
			fr.key = item[0].text
		default:
			fr.kind = fMap
		}
		return
	}
	if len(item) > 0 && item[0].is("fn") && p.kind == fStmt {
		fr.kind = fFnBody
		s.fnParams(fr, item)
		return
	}
	ai := assignAt(item)
	rhs := item[ai+1:]
	if len(rhs) == 0 {
		// `key = {`, or `{` at the start of an item (a map in a list)
		fr.kind = fMap
		if ai >= 0 {
			fr.key = keyOf(item)
			if fr.key != "" && p.head != "" && schemaFrame(p.kind) {
				fr.head, fr.read, fr.path = p.head, p.read, appendPath(p.path, fr.key)
			}
		} else if p.kind == fList {
			fr.head, fr.read, fr.path = p.head, p.read, p.path
		}
		return
	}
	if ai < 0 && !p.stmtLike() {
		// `name {` inside a block: a nested block
		if len(item) == 1 && item[0].kind == g.Ident {
			name := item[0].text
			switch {
			case name == "directives" && p.kind == fResource:
				fr.kind = fDirectives
			case name == "validation" && p.kind == fParamBody:
				fr.kind = fValidation
			default:
				fr.kind = fNested
				if p.head != "" && schemaFrame(p.kind) {
					fr.head, fr.read, fr.path = p.head, p.read, appendPath(p.path, name)
				}
			}
			fr.key = name
			return
		}
		fr.kind = fMap
		return
	}
	fr.name = letName(item)
	last := item[len(item)-1]
	if last.is("else") {
		fr.kind = fIfBody
		return
	}
	r0 := rhs[0]
	arg := func(k int) string {
		if k < len(rhs) && rhs[k].kind == g.Ident {
			return rhs[k].text
		}
		return ""
	}
	switch {
	case r0.is("read"):
		fr.kind, fr.head, fr.read = fResource, arg(1), true
	case r0.is("wait"):
		fr.kind, fr.head = fWait, arg(1)
	case r0.is("provider"):
		fr.kind, fr.head, fr.named = fProvider, arg(1), ai >= 0
	case r0.is("backend"):
		fr.kind, fr.head = fBackend, arg(1)
	case r0.is("use"):
		fr.kind = fUse
	case r0.is("upstream_state"):
		fr.kind = fUpstream
	case r0.is("arguments") && ai < 0:
		fr.kind = fArguments
	case (r0.is("attributes") || r0.is("exports")) && ai < 0:
		fr.kind = fOutputs
	case (r0.is("import") || r0.is("removed") || r0.is("moved")) && ai < 0:
		fr.kind, fr.head = fState, r0.text
	case r0.is("for"):
		fr.kind = fForBody
		s.loopVars(fr, rhs)
	case r0.is("if"):
		fr.kind = fIfBody
	case len(rhs) == 1 && r0.dotted():
		fr.kind, fr.head = fResource, r0.text
	case len(rhs) == 1 && r0.kind == g.Ident:
		fr.kind, fr.head = fModuleCall, r0.text
	default:
		fr.kind = fMap
	}
}

// loopVars declares the variables of `for x in`, `for (i, x) in` and `for k, v in` in the body.
func (s *scanner) loopVars(fr *frame, rhs []entry) {
	for _, e := range rhs[1:] {
		switch {
		case e.is("in"):
			return
		case e.kind == g.Ident:
			fr.addLocal(e.text)
		case e.kind == g.LParen && e.sub != nil:
			for _, n := range s.groupNames(e.sub) {
				fr.addLocal(n)
			}
		}
	}
}

// fnParams declares a function's parameters in its body.
func (s *scanner) fnParams(fr *frame, item []entry) {
	for _, e := range item {
		if e.kind == g.LParen && e.sub != nil {
			for _, n := range s.groupNames(e.sub) {
				fr.addLocal(n)
			}
			return
		}
	}
}

// groupNames returns the names that start the comma-separated parts of a closed bracket group:
// the parameters of `(a, b: T = 1)`, the variables of `(i, x)`.
func (s *scanner) groupNames(f *frame) []string {
	if f.close < 0 {
		return nil
	}
	var out []string
	depth := 0
	atStart := true
	for j := f.open + 1; j < f.close; j++ {
		t := s.toks[j]
		if t.Kind.Trivia() {
			continue
		}
		switch t.Kind {
		case g.LParen, g.LBracket, g.LBrace:
			depth++
		case g.RParen, g.RBracket, g.RBrace:
			depth--
		case g.Comma:
			if depth == 0 {
				atStart = true
				continue
			}
		case g.Ident:
			if depth == 0 && atStart {
				out = append(out, t.Text(s.src))
			}
		}
		atStart = false
	}
	return out
}

// unquote returns the text between the quotes of a string token (no unescaping: keys and paths
// rarely need it).
func unquote(s string) string {
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return s
	}
	q := s[0]
	s = s[1:]
	if s != "" && s[len(s)-1] == q {
		s = s[:len(s)-1]
	}
	return s
}

// tokenIndex returns the index of the first token starting at or after off.
func tokenIndex(toks []g.Token, off int32) int {
	return sort.Search(len(toks), func(i int) bool { return toks[i].Start >= off })
}
