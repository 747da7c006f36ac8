package grammar

import "sort"

// Far records a token whose extent depended on text beyond its end: a string, heredoc or block
// comment that ran unterminated, a multi-line string whose closing quote was judged by what follows
// it, or a "<<" that was checked for a heredoc opener. Incremental re-lexing must re-lex such a
// token when the text it looked at changed.
type Far struct {
	Start   int32 // the token's start
	Horizon int32 // the last byte examined
}

// reparse builds the parse of src from old, the parse of the previous version of the same
// document: it re-lexes only from a statement boundary before the first changed byte up to the
// first statement boundary after the last changed byte where the lexer is back in step with the
// old tokens, re-splits only that region, and re-parses only statements whose text is new. It
// returns nil when the change cannot be handled locally (the caller then parses from scratch).
func (ps *Parser) reparse(old *File, src string) *File {
	o := old.Src
	if o == src {
		return old
	}
	pre := commonPrefix(o, src)
	suf := commonSuffix(o[pre:], src[pre:])
	delta := int32(len(src) - len(o))

	// Restart at the start of the statement before the one holding the first change, so that the
	// tokens kept before it cannot have looked at changed text.
	j := sort.Search(len(old.Stmts), func(i int) bool { return int(old.Stmts[i].End) >= pre }) - 1
	for j > 0 && int(old.Stmts[j].Offset)+4 > pre {
		j--
	}
	restart := int32(0)
	if j > 0 {
		restart = old.Stmts[j].Offset
	} else {
		j = 0
	}
	for _, f := range old.far {
		if f.Start < restart && f.Horizon+1 >= restart {
			restart, j = 0, 0
			break
		}
	}
	rTok := 0
	if restart > 0 {
		rTok = sort.Search(len(old.Tokens), func(i int) bool { return old.Tokens[i].Start >= restart })
		if rTok >= len(old.Tokens) || old.Tokens[rTok].Start != restart {
			return nil
		}
	}

	// Re-lex until the lexer reaches, past the changed bytes, the start of an old statement that
	// lies wholly in the unchanged suffix.
	changeEnd := len(src) - suf
	suffixStart := int32(len(o) - suf)
	k := sort.Search(len(old.Stmts), func(i int) bool { return old.Stmts[i].Offset >= suffixStart })
	lx := lexer{src: src, pos: int(restart), toks: make([]Token, 0, (changeEnd-int(restart))/4+16)}
	lx.stop = func(pos int) bool {
		if pos < changeEnd {
			return false
		}
		for k < len(old.Stmts) && int(old.Stmts[k].Offset+delta) < pos {
			k++
		}
		return k < len(old.Stmts) && int(old.Stmts[k].Offset+delta) == pos
	}
	lx.run()

	kTok := len(old.Tokens)
	if lx.stopped {
		resync := old.Stmts[k].Offset
		kTok = sort.Search(len(old.Tokens), func(i int) bool { return old.Tokens[i].Start >= resync })
	} else {
		k = len(old.Stmts)
	}
	toks := make([]Token, 0, rTok+len(lx.toks)+len(old.Tokens)-kTok)
	toks = append(toks, old.Tokens[:rTok]...)
	toks = append(toks, lx.toks...)
	midEnd := len(toks)
	for _, t := range old.Tokens[kTok:] {
		t.Start += delta
		t.End += delta
		toks = append(toks, t)
	}

	// Re-split the re-lexed region. Including the resync token checks that the splitter really
	// starts a statement there in the new text.
	balanced := true
	to := midEnd
	if lx.stopped {
		to++
	}
	mid := splitWith(src, toks[rTok:to], old.balanced)
	if lx.stopped {
		if n := len(mid); n == 0 || mid[n-1].Start != toks[midEnd].Start {
			return nil
		}
		mid = mid[:len(mid)-1]
	}
	for _, r := range mid {
		if !r.Closed {
			balanced = false
		}
	}
	for _, s := range old.Stmts[:j] {
		if !s.closed {
			balanced = false
		}
	}
	for _, s := range old.Stmts[k:] {
		if !s.closed {
			balanced = false
		}
	}
	if !balanced {
		// An unclosed statement does not make the file unbalanced: split while resynchronising,
		// a file whose brackets balance as a whole may be cut into unclosed pieces.
		balanced = bracesBalance(toks)
	}
	if balanced != old.balanced {
		return nil // the file's bracket balance changed: split it whole
	}

	stmts := make([]*Stmt, 0, j+len(mid)+len(old.Stmts)-k)
	stmts = append(stmts, old.Stmts[:j]...)
	for _, r := range mid {
		stmts = append(stmts, ps.stmt(src, r))
	}
	for _, s := range old.Stmts[k:] {
		if delta != 0 {
			s = &Stmt{Offset: s.Offset + delta, End: s.End + delta, closed: s.closed, Parsed: s.Parsed}
		}
		stmts = append(stmts, s)
	}

	far := make([]Far, 0, len(old.far)+len(lx.far))
	for _, f := range old.far {
		if f.Start < restart {
			far = append(far, f)
		}
	}
	far = append(far, lx.far...)
	if lx.stopped {
		for _, f := range old.far {
			if f.Start >= old.Stmts[k].Offset {
				far = append(far, Far{Start: f.Start + delta, Horizon: f.Horizon + delta})
			}
		}
	}
	f := &File{Src: src, Tokens: toks, Stmts: stmts, far: far, balanced: balanced}
	f.Errors = fileErrors(src, toks, far, stmts)
	return f
}

// compareChunk is how many bytes commonPrefix and commonSuffix compare at once.
const compareChunk = 256

// commonPrefix returns the length of the longest common prefix of a and b, comparing in chunks
// so that the common case (one small edit in a large file) runs at memory speed.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+compareChunk <= n && a[i:i+compareChunk] == b[i:i+compareChunk] {
		i += compareChunk
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common suffix of a and b.
func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+compareChunk <= n && a[len(a)-i-compareChunk:len(a)-i] == b[len(b)-i-compareChunk:len(b)-i] {
		i += compareChunk
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
