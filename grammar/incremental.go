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

// Edit says where two versions of a text differ: the bytes [Start, OldEnd) of the old text became
// the bytes [Start, NewEnd) of the new one. It may cover more than what changed.
type Edit struct {
	Start, OldEnd, NewEnd int
}

// valid reports whether e can describe the change from a text of oldLen bytes to one of newLen.
func (e Edit) valid(oldLen, newLen int) bool {
	return e.Start >= 0 && e.Start <= e.OldEnd && e.OldEnd <= oldLen && e.Start <= e.NewEnd &&
		e.NewEnd <= newLen && newLen-e.NewEnd == oldLen-e.OldEnd
}

// Diff returns the smallest Edit turning old into new, comparing their common prefix and suffix
// (in chunks, at memory speed): for a client that sends whole texts.
func Diff(old, new string) Edit {
	pre := commonPrefix(old, new)
	suf := commonSuffix(old[pre:], new[pre:])
	return Edit{Start: pre, OldEnd: len(old) - suf, NewEnd: len(new) - suf}
}

// reparse builds the Doc of src from old, the previous version of the same document, where e
// says what changed: it re-lexes only from a statement boundary before the first changed byte up
// to the first statement boundary after the last changed byte where the lexer is back in step
// with the old tokens, re-splits only that region, re-parses only statements whose text is new,
// and rebuilds only the chunks holding that region. It returns nil when the change cannot be
// handled locally (the caller then parses from scratch).
func (ps *Parser) reparse(old *Doc, src string, e Edit) *Doc {
	if old.src == src {
		return old
	}
	pre := e.Start
	delta := int32(e.NewEnd - e.OldEnd)

	// Restart at the start of the statement before the one holding the first change, so that the
	// tokens kept before it cannot have looked at changed text.
	j := sort.Search(old.nStmts, func(i int) bool { _, end := old.stmt(i); return int(end) >= pre }) - 1
	for j > 0 {
		if off, _ := old.stmt(j); int(off)+4 <= pre {
			break
		}
		j--
	}
	// A statement cut short where the next one resynchronised (an unbalanced file) was cut on
	// what that one's first tokens were: the edit may have changed them, so the cut is made again.
	for j > 0 && old.stmtSplit(j-1)&cutAtResync != 0 {
		j--
	}
	restart := int32(0)
	if j > 0 {
		restart, _ = old.stmt(j)
	} else {
		j = 0
	}
	if restart > 0 && lookedPast(old, restart) {
		restart, j = 0, 0
	}
	rTok := 0
	if restart > 0 {
		rTok = old.tokAt(restart)
		if rTok >= old.nToks || old.tok(rTok).Start != restart {
			return nil
		}
	}

	// Re-lex until the lexer reaches, past the changed bytes, the start of an old statement that
	// lies wholly in the unchanged suffix.
	changeEnd := e.NewEnd
	suffixStart := int32(e.OldEnd)
	k := sort.Search(old.nStmts, func(i int) bool { off, _ := old.stmt(i); return off >= suffixStart })
	kOff := func() int32 { off, _ := old.stmt(k); return off + delta }
	lx := lexer{src: src, pos: int(restart), toks: make([]Token, 0, (changeEnd-int(restart))/4+16)}
	lx.stop = func(pos int) bool {
		if pos < changeEnd {
			return false
		}
		for k < old.nStmts && int(kOff()) < pos {
			k++
		}
		if k >= old.nStmts || int(kOff()) != pos {
			return false
		}
		// An old statement that began inside a token looking past its start (an interpolation
		// the newline ended, an unterminated string) was lexed in that token's state, which the
		// new text may not share: not a point to resume the old tokens at.
		off, _ := old.stmt(k)
		return !lookedPast(old, off)
	}
	lx.run()

	kTok := old.nToks
	resync := int32(len(old.src))
	if lx.stopped {
		resync, _ = old.stmt(k)
		kTok = old.tokAt(resync)
	} else {
		k = old.nStmts
	}

	// Re-split the re-lexed region. Including the resync token checks that the splitter really
	// starts a statement there in the new text.
	run := lx.toks
	if lx.stopped {
		t := old.tok(kTok)
		t.Start += delta
		t.End += delta
		run = append(run, t)
	}
	// build splits the region for a file whose brackets balance or not, and makes the new version
	// when that is how its brackets turn out and the statements outside the region were split
	// the same way.
	build := func(balanced bool) *Doc {
		mid := splitWith(src, run, balanced)
		if lx.stopped {
			if n := len(mid); n == 0 || mid[n-1].Start != run[len(run)-1].Start {
				return nil
			}
			mid = mid[:len(mid)-1]
		}
		// The chunks from the one holding the restart to the one holding the resync point are
		// rebuilt; the ones before are kept, the ones after moved.
		ci := 0
		if j < old.nStmts {
			ci = old.chunkOfStmt(j)
		} else if len(old.chunks) > 0 {
			ci = len(old.chunks) - 1
		}
		ck := len(old.chunks) - 1
		if k < old.nStmts {
			ck = old.chunkOfStmt(k)
		}
		ck = max(ck, ci)
		region, ck := ps.rebuild(old, src, ci, ck, restart, rTok, j, resync, kTok, k, delta, lx, mid)
		d := &Doc{src: src, nStmts: old.nStmts - (k - j) + len(mid), nToks: old.nToks - (kTok - rTok) + len(lx.toks)}
		d.chunks = make([]chunkRef, 0, len(old.chunks)+len(region)-(ck-ci+1))
		d.chunks = append(d.chunks, old.chunks[:ci]...)
		d.chunks = append(d.chunks, region...)
		ds, dt := d.nStmts-old.nStmts, d.nToks-old.nToks
		for _, r := range old.chunks[ck+1:] {
			d.chunks = append(d.chunks, chunkRef{shift: r.shift + delta, firstStmt: r.firstStmt + ds, firstTok: r.firstTok + dt, c: r.c})
		}
		d.balanced = balancedChunks(d.chunks)
		if d.balanced != balanced {
			return nil
		}
		if balanced != old.balanced {
			// Every statement kept as it was split, in the chunks kept or moved and in the
			// rebuilt chunks before the restart and from the resync point on, must split alike.
			if !splitsAlike(old.chunks[:ci], balanced) || !splitsAlike(old.chunks[ck+1:], balanced) {
				return nil
			}
			if len(old.chunks) > 0 {
				last := old.chunks[ck]
				if !stmtsSplitAlike(old, old.chunks[ci].firstStmt, j, balanced) ||
					!stmtsSplitAlike(old, k, last.firstStmt+len(last.c.stmts), balanced) {
					return nil
				}
			}
		}
		return d
	}
	if d := build(old.balanced); d != nil {
		return d
	}
	// The edit changed whether the file's brackets balance (or the region does not split at
	// the resync point in the old mode): the region is split in the other mode, and the rest is
	// kept when that mode would split it the same way.
	return build(!old.balanced)
}

// splitsAlike reports whether the statements of chunks, split for a file whose brackets balance
// (or not), would be split the same way for a file that does not (or does): none holds a
// resynchronisation point inside brackets, or none was cut at one or leaves brackets open.
func splitsAlike(chunks []chunkRef, nowBalanced bool) bool {
	for _, r := range chunks {
		if !splitAlike(r.c.split, r.c.brackets != nil, nowBalanced) {
			return false
		}
	}
	return true
}

// stmtsSplitAlike is splitsAlike for old's statements from (included) to (excluded), by their
// indexes in old.
func stmtsSplitAlike(old *Doc, from, to int, nowBalanced bool) bool {
	for i := from; i < to && i < old.nStmts; i++ {
		r := old.chunks[old.chunkOfStmt(i)]
		s := r.c.stmts[i-r.firstStmt]
		if !splitAlike(s.split, !s.closed, nowBalanced) {
			return false
		}
	}
	return true
}

// splitAlike reports whether a statement (or a chunk's statements) with these split flags, and
// brackets left open or not, splits the same way once the file's brackets balance (or stop
// balancing).
func splitAlike(flags splitFlags, open, nowBalanced bool) bool {
	if nowBalanced {
		return flags&cutAtResync == 0 && !open
	}
	return flags&resyncInside == 0
}

// lookedPast reports whether a token of old starting before off examined text at or after it
// (an unterminated string or comment, a heredoc check): re-lexing must then start before it.
func lookedPast(old *Doc, off int32) bool {
	for _, r := range old.chunks {
		if r.c.start+r.shift >= off {
			break
		}
		if r.c.horizon < 0 || r.c.horizon+r.shift+1 < off {
			continue
		}
		for _, f := range r.c.far {
			if f.Start+r.shift < off && f.Horizon+r.shift+1 >= off {
				return true
			}
		}
	}
	return false
}

// rebuild makes the chunks replacing old's chunks ci..ck: what they hold before the restart
// (statements before j, tokens before rTok), the re-lexed region (lx's tokens and horizons, the
// statements mid) and what they hold from the resync point on (statements from k, tokens from
// kTok), moved by delta. The chunks after ck are taken in too while the result would be small,
// so that edits do not leave many small chunks; it returns the last old chunk it replaced.
func (ps *Parser) rebuild(old *Doc, src string, ci, ck int, restart int32, rTok, j int, resync int32, kTok, k int, delta int32, lx lexer, mid []Range) ([]chunkRef, int) {
	size := ps.chunkSize()
	for ck+1 < len(old.chunks) && old.chunks[ck+1].firstStmt-old.chunks[ci].firstStmt < size/2 {
		ck++
	}
	lo := old.chunks[ci]
	endTok, endStmt := old.nToks, old.nStmts
	if ck+1 < len(old.chunks) {
		endTok, endStmt = old.chunks[ck+1].firstTok, old.chunks[ck+1].firstStmt
	}
	toks := make([]Token, 0, (rTok-lo.firstTok)+len(lx.toks)+max(endTok-kTok, 0))
	toks = old.appendToks(toks, lo.firstTok, rTok, 0)
	toks = append(toks, lx.toks...)
	toks = old.appendToks(toks, kTok, endTok, delta)
	stmts := make([]*Stmt, 0, (j-lo.firstStmt)+len(mid)+max(endStmt-k, 0))
	stmts = old.appendStmts(stmts, lo.firstStmt, j, 0)
	for _, r := range mid {
		stmts = append(stmts, ps.stmt(src, r))
	}
	stmts = old.appendStmts(stmts, k, endStmt, delta)
	var far []Far
	for _, ref := range old.chunks[ci : ck+1] {
		for _, f := range ref.c.far {
			if s := f.Start + ref.shift; s < restart {
				far = append(far, Far{Start: s, Horizon: f.Horizon + ref.shift})
			}
		}
	}
	far = append(far, lx.far...)
	if k < old.nStmts {
		for _, ref := range old.chunks[ci : ck+1] {
			for _, f := range ref.c.far {
				if s := f.Start + ref.shift; s >= resync {
					far = append(far, Far{Start: s + delta, Horizon: f.Horizon + ref.shift + delta})
				}
			}
		}
	}
	return appendChunks(nil, src, toks, stmts, far, lo.c.start+lo.shift, lo.firstStmt, lo.firstTok, size), ck
}

// appendToks appends tokens [from, to) of d, moved by delta, to dst.
func (d *Doc) appendToks(dst []Token, from, to int, delta int32) []Token {
	for ci := d.chunkOfTok(from); from < to; ci++ {
		r := d.chunks[ci]
		by := r.shift + delta
		for _, t := range r.c.toks[from-r.firstTok : min(to-r.firstTok, len(r.c.toks))] {
			t.Start += by
			t.End += by
			dst = append(dst, t)
			from++
		}
	}
	return dst
}

// appendStmts appends statements [from, to) of d, moved by delta, to dst: a statement that does
// not move is its own Stmt.
func (d *Doc) appendStmts(dst []*Stmt, from, to int, delta int32) []*Stmt {
	if from >= to {
		return dst
	}
	for ci := d.chunkOfStmt(from); from < to; ci++ {
		r := d.chunks[ci]
		by := r.shift + delta
		for _, s := range r.c.stmts[from-r.firstStmt : min(to-r.firstStmt, len(r.c.stmts))] {
			if by != 0 {
				s = &Stmt{Offset: s.Offset + by, End: s.End + by, closed: s.closed, split: s.split, Parsed: s.Parsed}
			}
			dst = append(dst, s)
			from++
		}
	}
	return dst
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
