package format

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// BlockNamer says which attributes hold lists of structs that a schema writes as repeated blocks:
// the block name of the member key written after path (attribute and field names, nested block
// names, as schema.Resource.Members takes them) in a resource of the DSL type head (a data source
// when read), or "" when it is no such list or the resource has no schema. *schema.Index is one.
type BlockNamer interface {
	ListBlockName(head string, read bool, path []string, key string) string
}

// The list-to-block rewrite (what `carina fmt` does with the provider schemas): an attribute or
// map entry of a resource whose member is a list of structs with a block name, and whose value
// is a list of map literals only, becomes one `block_name { ... }` block per map:
//
//	operating_regions = [{ region_name = 'a' }, { region_name = 'b' }]
//
// becomes
//
//	operating_region { region_name = 'a' }
//	operating_region { region_name = 'b' }
//
// It is done on the text, before formatting, by the edits of ListBlocksEdits: the key is renamed
// to the block name, "=", "[", "]" and the commas between the maps and their entries are removed,
// the block name is written before every further map, and the comments between these tokens move
// to lines of their own (or stay after a block's "}" when they were on its line). Nothing else
// changes, so the formatter then prints the blocks as it prints any nested block, and formatting
// again finds nothing to rewrite: the rewrite is idempotent because formatting is.

// rewrite is the list-to-block rewrite of one file: the edits, and what they do to the tokens
// (for verifyRewrite).
type rewrite struct {
	src   string
	toks  []grammar.Token
	names BlockNamer
	edits []Edit
	// What the edits do to the significant tokens, by the token's start offset: dropped ("=",
	// "[", "]", commas), renamed (the key, to the block name) and preceded by a block name (the
	// "{" of every map after the first).
	drop   map[int32]bool
	rename map[int32]string
	insert map[int32]string
}

// blockRewrite returns the edits of the list-to-block rewrite of a parsed file (see BlockNamer),
// sorted and not overlapping, and what they do to the tokens.
func blockRewrite(f *grammar.File, names BlockNamer) *rewrite {
	rw := &rewrite{src: f.Src, toks: f.Tokens, names: names,
		drop: map[int32]bool{}, rename: map[int32]string{}, insert: map[int32]string{}}
	for _, st := range f.Stmts {
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			r, ok := n.(*grammar.ResourceExpr)
			if !ok {
				return true
			}
			if r.Type != nil && r.Body != nil {
				rw.body(st, r.Type.String(), r.Read != nil, nil, r.Body)
			}
			return false
		})
	}
	slices.SortFunc(rw.edits, func(a, b Edit) int { return a.Start - b.Start })
	return rw
}

// convertible returns the block name attribute a (in a body at path of a resource head) is
// rewritten to, or "".
func (rw *rewrite) convertible(head string, read bool, path []string, a *grammar.Attribute) string {
	l, ok := a.Value.(*grammar.ListExpr)
	if a.Quoted || !ok || !MapsOnly(l) {
		return ""
	}
	return rw.names.ListBlockName(head, read, path, a.Key.Text)
}

// MapsOnly reports whether a list literal is non-empty and holds map literals only: the lists
// that can be written as repeated blocks.
func MapsOnly(l *grammar.ListExpr) bool {
	if len(l.Elems) == 0 {
		return false
	}
	for _, e := range l.Elems {
		if _, ok := e.(*grammar.MapExpr); !ok {
			return false
		}
	}
	return true
}

// body rewrites the attributes of a block body (a resource's, a nested block's, a map's) at
// path.
func (rw *rewrite) body(st *grammar.Stmt, head string, read bool, path []string, b *grammar.Block) {
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			rw.attribute(st, head, read, path, it)
		case *grammar.NestedBlock:
			if it.Body != nil {
				rw.body(st, head, read, append(slices.Clip(path), it.Name.Text), it.Body)
			}
		}
	}
}

func (rw *rewrite) attribute(st *grammar.Stmt, head string, read bool, path []string, a *grammar.Attribute) {
	if a.Value == nil {
		return
	}
	sub := append(slices.Clip(path), a.Key.Text)
	if name := rw.convertible(head, read, path, a); name != "" {
		l := a.Value.(*grammar.ListExpr)
		skip := func(it *grammar.Attribute) bool { return rw.convertible(head, read, sub, it) != "" }
		rw.edits = append(rw.edits, rw.listEdits(st, a, l, name, skip)...)
		for _, e := range l.Elems {
			rw.body(st, head, read, sub, e.(*grammar.MapExpr).Body)
		}
		return
	}
	rw.value(st, head, read, sub, a.Value)
}

// value rewrites inside an attribute's value: the entries of a map, the elements of a list (a
// list's elements stand at its own path).
func (rw *rewrite) value(st *grammar.Stmt, head string, read bool, path []string, e grammar.Expr) {
	switch e := e.(type) {
	case *grammar.MapExpr:
		rw.body(st, head, read, path, e.Body)
	case *grammar.ListExpr:
		for _, el := range e.Elems {
			rw.value(st, head, read, path, el)
		}
	}
}

// ListBlocksEdits returns the edits (absolute offsets of f.Src, sorted) that rewrite attribute a
// of statement st, whose value must be a list of map literals (MapsOnly), as one `name { ... }`
// block per map, and false when a has no such value. Comments are kept: those between the key and
// the first map, and those on lines of their own between the maps, go on lines of their own
// before the block they preceded; those on the line of a map's "}" stay after its block. The
// entries of the maps lose their commas. Nested lists in the maps are left as they are.
func ListBlocksEdits(f *grammar.File, st *grammar.Stmt, a *grammar.Attribute, name string) ([]Edit, bool) {
	l, ok := a.Value.(*grammar.ListExpr)
	if !ok || !MapsOnly(l) || a.Quoted {
		return nil, false
	}
	rw := &rewrite{src: f.Src, toks: f.Tokens, drop: map[int32]bool{}, rename: map[int32]string{}, insert: map[int32]string{}}
	edits := rw.listEdits(st, a, l, name, func(*grammar.Attribute) bool { return false })
	slices.SortFunc(edits, func(a, b Edit) int { return a.Start - b.Start })
	return edits, true
}

// listEdits returns the edits rewriting attribute a, whose value is the list of maps l, as
// blocks called name; skip says which entries of the maps are rewritten themselves (their commas
// are theirs to remove).
func (rw *rewrite) listEdits(st *grammar.Stmt, a *grammar.Attribute, l *grammar.ListExpr, name string, skip func(*grammar.Attribute) bool) []Edit {
	key := st.Abs(a.Key.Span)
	indent := rw.lineIndent(key.Start)
	list := st.Abs(l.Span)
	var out []Edit
	rw.rename[key.Start] = name

	// The key, "=" and "[": the block name, after the comments among them.
	first := st.Abs(l.Elems[0].Pos())
	var b strings.Builder
	for _, t := range rw.tokensIn(key.End, first.Start) {
		switch {
		case isComment(t.Kind):
			b.WriteString(rw.text(t) + "\n" + indent)
		case t.Kind != grammar.Space && t.Kind != grammar.Newline:
			rw.drop[t.Start] = true
		}
	}
	b.WriteString(name + " ")
	out = append(out, Edit{Start: int(key.Start), End: int(first.Start), Text: b.String()})

	// Between two maps: the comma goes; a comment on the line of the "}" stays after it, the
	// others go before the next block.
	for i := 1; i < len(l.Elems); i++ {
		prev, next := st.Abs(l.Elems[i-1].Pos()), st.Abs(l.Elems[i].Pos())
		b.Reset()
		inline := true
		for _, t := range rw.tokensIn(prev.End, next.Start) {
			switch {
			case t.Kind == grammar.Newline:
				if inline {
					b.WriteString("\n" + indent)
				}
				inline = false
			case isComment(t.Kind) && inline:
				b.WriteString(" " + rw.text(t))
			case isComment(t.Kind):
				b.WriteString(rw.text(t) + "\n" + indent)
			case t.Kind != grammar.Space:
				rw.drop[t.Start] = true
			}
		}
		if inline {
			b.WriteString("\n" + indent)
		}
		b.WriteString(name + " ")
		rw.insert[next.Start] = name
		out = append(out, Edit{Start: int(prev.End), End: int(next.Start), Text: b.String()})
	}

	// After the last map: a trailing comma, "]", and the attribute's own comma (an entry of a
	// map) go; the comments stay after the last block, on its line or on lines of their own.
	last := st.Abs(l.Elems[len(l.Elems)-1].Pos())
	end := list.End
	if a.Comma {
		end = st.Abs(a.Span).End
	}
	b.Reset()
	inline, lineComment := true, false
	for _, t := range rw.tokensIn(last.End, end) {
		switch {
		case t.Kind == grammar.Newline:
			inline = false
		case isComment(t.Kind):
			if inline {
				b.WriteString(" ")
			} else {
				b.WriteString("\n" + indent)
			}
			b.WriteString(rw.text(t))
			lineComment = t.Kind == grammar.LineComment
		case t.Kind != grammar.Space:
			rw.drop[t.Start] = true
		}
	}
	if lineComment {
		// Blanks after "]" would join the line comment that now ends the text: take them in.
		i := sort.Search(len(rw.toks), func(i int) bool { return rw.toks[i].Start >= end })
		for ; i < len(rw.toks) && rw.toks[i].Kind == grammar.Space; i++ {
			end = rw.toks[i].End
		}
	}
	switch next := rw.nextOnLine(end); {
	case next == grammar.Newline || next == grammar.EOF:
	case lineComment, next != grammar.RBrace && !isComment(next):
		b.WriteString("\n" + indent) // what followed goes on a line of its own
	}
	out = append(out, Edit{Start: int(last.End), End: int(end), Text: b.String()})

	// The entries' commas: a block's attributes are not separated by commas.
	for _, e := range l.Elems {
		for _, it := range e.(*grammar.MapExpr).Body.Items {
			at, ok := it.(*grammar.Attribute)
			if !ok || !at.Comma || skip(at) {
				continue
			}
			comma := st.Abs(at.Span).End - 1
			text := ""
			switch next := rw.nextOnLine(comma + 1); {
			case next == grammar.Newline || next == grammar.EOF || next == grammar.RBrace || isComment(next):
			default:
				text = "\n" + indent + "  " // the next entry followed on the same line
			}
			rw.drop[comma] = true
			out = append(out, Edit{Start: int(comma), End: int(comma + 1), Text: text})
		}
	}
	return out
}

func isComment(k grammar.Kind) bool { return k == grammar.LineComment || k == grammar.BlockComment }

func (rw *rewrite) text(t grammar.Token) string { return rw.src[t.Start:t.End] }

// tokensIn returns the tokens lying within [from, to).
func (rw *rewrite) tokensIn(from, to int32) []grammar.Token {
	i := sort.Search(len(rw.toks), func(i int) bool { return rw.toks[i].Start >= from })
	j := i
	for j < len(rw.toks) && rw.toks[j].End <= to && rw.toks[j].Kind != grammar.EOF {
		j++
	}
	return rw.toks[i:j]
}

// nextOnLine returns the kind of the first token at or after off that is not a space: a newline
// when the line ends there.
func (rw *rewrite) nextOnLine(off int32) grammar.Kind {
	i := sort.Search(len(rw.toks), func(i int) bool { return rw.toks[i].Start >= off })
	for ; i < len(rw.toks); i++ {
		if k := rw.toks[i].Kind; k != grammar.Space {
			return k
		}
	}
	return grammar.EOF
}

// lineIndent returns the white space that begins the line holding off.
func (rw *rewrite) lineIndent(off int32) string {
	start := strings.LastIndexAny(rw.src[:off], "\n\r") + 1
	end := start
	for end < len(rw.src) && (rw.src[end] == ' ' || rw.src[end] == '\t') {
		end++
	}
	return rw.src[start:end]
}

// applyEdits applies sorted, non-overlapping edits to src.
func applyEdits(src string, edits []Edit) string {
	var b strings.Builder
	b.Grow(len(src) + 64)
	prev := 0
	for _, e := range edits {
		b.WriteString(src[prev:e.Start])
		b.WriteString(e.Text)
		prev = e.End
	}
	b.WriteString(src[prev:])
	return b.String()
}

// mapBack returns the offset of src that offset off of the edited text stands for; an offset
// inside an edit's new text maps to the edit's end.
func mapBack(edits []Edit, off int) int {
	delta := 0 // edited offset - source offset, before the current edit
	for _, e := range edits {
		start := e.Start + delta
		if off < start {
			break
		}
		if off < start+len(e.Text) {
			return e.End
		}
		delta += len(e.Text) - (e.End - e.Start)
	}
	return off - delta
}

// verifyRewrite checks that the rewritten file (after) holds the tokens of the original (before)
// as the rewrite promises: every comment, in order, with its text; every significant token but
// those it drops, in order, with its text, the renamed keys under their block names, and a block
// name before every further map. Both token lists are walked side by side, without copies: on a
// large file this check is as cheap as a scan.
func (rw *rewrite) verify(after *grammar.File) error {
	// The comments, in order.
	j, n := 0, 0
	commentErr := func() error {
		return fmt.Errorf("format: internal error: the list-to-block rewrite changed comment %d (%d comments, want %d)", n, countTokens(after.Tokens, isComment), countTokens(rw.toks, isComment))
	}
	for _, t := range rw.toks {
		if !isComment(t.Kind) {
			continue
		}
		for j < len(after.Tokens) && !isComment(after.Tokens[j].Kind) {
			j++
		}
		n++
		if j == len(after.Tokens) || after.Src[after.Tokens[j].Start:after.Tokens[j].End] != rw.text(t) {
			return commentErr()
		}
		j++
	}
	for ; j < len(after.Tokens); j++ {
		if isComment(after.Tokens[j].Kind) {
			n++
			return commentErr()
		}
	}
	// The significant tokens, in order.
	j = 0
	var bad error
	rw.wanted(func(kind grammar.Kind, text string) bool {
		for j < len(after.Tokens) && !significant(after.Tokens[j].Kind) {
			j++
		}
		if j == len(after.Tokens) {
			bad = rw.tokenCountError(after)
			return false
		}
		t := after.Tokens[j]
		j++
		if got := after.Src[t.Start:t.End]; t.Kind != kind || got != text {
			bad = fmt.Errorf("format: internal error: the list-to-block rewrite wrote %q where %q belongs", got, text)
			return false
		}
		return true
	})
	if bad != nil {
		return bad
	}
	for ; j < len(after.Tokens); j++ {
		if significant(after.Tokens[j].Kind) {
			return rw.tokenCountError(after)
		}
	}
	return nil
}

// wanted calls yield with each significant token the rewritten file must hold, in order (the
// original's, less those dropped, renamed keys under their block names, a block name before each
// further map), until yield returns false.
func (rw *rewrite) wanted(yield func(kind grammar.Kind, text string) bool) {
	for _, t := range rw.toks {
		if !significant(t.Kind) || rw.drop[t.Start] {
			continue
		}
		if n := rw.insert[t.Start]; n != "" && !yield(grammar.Ident, n) {
			return
		}
		text, kind := rw.text(t), t.Kind
		if n := rw.rename[t.Start]; n != "" {
			text, kind = n, grammar.Ident
		}
		if !yield(kind, text) {
			return
		}
	}
}

// significant reports whether a token of kind k is neither layout nor a comment.
func significant(k grammar.Kind) bool {
	return k != grammar.EOF && k != grammar.Space && k != grammar.Newline && !isComment(k)
}

// countTokens is the number of tokens whose kind is kept by keep.
func countTokens(toks []grammar.Token, keep func(grammar.Kind) bool) int {
	n := 0
	for _, t := range toks {
		if keep(t.Kind) {
			n++
		}
	}
	return n
}

// tokenCountError says how many significant tokens the rewrite gave against those it should have.
func (rw *rewrite) tokenCountError(after *grammar.File) error {
	want := 0
	rw.wanted(func(grammar.Kind, string) bool { want++; return true })
	return fmt.Errorf("format: internal error: the list-to-block rewrite gave %d tokens, want %d", countTokens(after.Tokens, significant), want)
}
