package diagnostics

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// placeholderDepth bounds how deep required struct fields are filled in (refs can be cyclic).
const placeholderDepth = 4

// requiredFix is the quick fix of missing-required-attribute: every missing required key of the
// block inserted at its end with a placeholder of its type, laid out as the formatter lays it out
// (in a resource or nested block a group of its own after a blank line, so the keys already there
// keep their alignment; in a map literal, which aligns as one group, the keys already there
// re-padded when a new key is longer). A suggestion, never applied by check -fix: the values are
// the user's to choose. ok is false when some key has no placeholder that checks clean (a list
// that must not be empty, an open enum without an example).
func (c *checker) requiredFix(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, members map[string]*schema.Member, b *grammar.Block, missing []string) (finding.Fix, bool) {
	src := f.Text()
	open, close := at(st, b.Open), at(st, b.Close)
	if close.Start == close.End || int(close.End) > len(src) || src[close.Start] != '}' {
		return finding.Fix{}, false // the block is not closed: where it ends is not sure
	}
	if slices.ContainsFunc(st.Errors, func(e grammar.SyntaxError) bool { return e.Span.Start <= b.Close.End && b.Open.Start <= e.Span.End }) {
		return finding.Fix{}, false // what the block holds is not sure: a key may be there, being typed
	}
	isMap := strings.HasSuffix(strings.TrimRight(src[:open.Start], " \t"), "=")
	indent, unit := bodyIndent(src, b, st, open, close)

	type line struct {
		key, value string
		isolate    bool
	}
	var lines []line
	for _, name := range missing {
		v, ok := c.placeholder(rs, members[name].Type, indent, unit, placeholderDepth)
		if !ok {
			return finding.Fix{}, false
		}
		lines = append(lines, line{name, v, strings.Contains(v, "\n")})
	}
	if !isMap {
		// The formatter isolates a key whose value is a non-empty map: after the plain keys.
		slices.SortStableFunc(lines, func(a, b line) int { return boolInt(a.isolate) - boolInt(b.isolate) })
	}

	var edits []finding.Edit
	pad := 0
	if isMap {
		for _, it := range b.Items {
			if a, ok := it.(*grammar.Attribute); ok {
				pad = max(pad, int(at(st, a.Key.Span).End-at(st, a.Key.Span).Start))
			}
		}
	}
	for _, l := range lines {
		if isMap || !l.isolate {
			pad = max(pad, len(l.key))
		}
	}
	if isMap {
		edits = repad(src, st, b, pad)
	}

	var sb strings.Builder
	hasItems := len(b.Items) > 0
	for i, l := range lines {
		blank := !isMap && (i == 0 && hasItems || i > 0 && (l.isolate || lines[i-1].isolate))
		if blank {
			sb.WriteString("\n")
		}
		p := pad
		if !isMap && l.isolate {
			p = len(l.key)
		}
		fmt.Fprintf(&sb, "%s%-*s = %s\n", indent, p, l.key, l.value)
	}
	ins := sb.String()
	base := strings.TrimSuffix(indent, unit)
	lineStart := strings.LastIndexByte(src[:close.Start], '\n') + 1
	switch {
	case strings.TrimSpace(src[lineStart:close.Start]) == "":
		// `}` on a line of its own: the keys go on the line after the last item, before the
		// comments that end the block (the formatter would lead the keys with them).
		pos := int32(lineStart)
		if hasItems {
			last := at(st, b.Items[len(b.Items)-1].Pos()).End
			if nl := strings.IndexByte(src[last:close.Start], '\n'); nl >= 0 {
				pos = last + int32(nl) + 1
			}
		}
		edits = append(edits, finding.Edit{Span: grammar.Span{Start: pos, End: pos}, NewText: ins})
	case !hasItems:
		// `{}`: the block opens onto lines of its own.
		edits = append(edits, finding.Edit{Span: grammar.Span{Start: open.End, End: close.Start}, NewText: "\n" + ins + base})
	default:
		// `{ a = 1 }` on one line: its items go on a line of their own, as the formatter puts them.
		first, last := at(st, b.Items[0].Pos()).Start, at(st, b.Items[len(b.Items)-1].Pos()).End
		if len(b.Items) > 1 || strings.TrimSpace(src[open.End:first]) != "" || strings.TrimSpace(src[last:close.Start]) != "" {
			return finding.Fix{}, false // items to split, or a comment there: where each goes is not sure
		}
		edits = append(edits,
			finding.Edit{Span: grammar.Span{Start: open.End, End: first}, NewText: "\n" + indent},
			finding.Edit{Span: grammar.Span{Start: last, End: close.Start}, NewText: "\n" + ins + base})
	}
	title := "Add the missing required attributes"
	if len(missing) == 1 {
		title = "Add the missing required attribute " + missing[0]
	}
	return finding.Fix{Title: title, Edits: edits}, true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bodyIndent returns the indentation of the block's items (that of its first item, else one unit
// more than the line of its closing brace) and the indentation unit.
func bodyIndent(src string, b *grammar.Block, st *grammar.Stmt, open, close grammar.Span) (indent, unit string) {
	lineIndent := func(off int32) string {
		start := strings.LastIndexByte(src[:off], '\n') + 1
		end := start
		for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		return src[start:end]
	}
	base := lineIndent(open.Start)
	unit = "  "
	if strings.Contains(base, "\t") {
		unit = "\t"
	}
	if len(b.Items) > 0 {
		first := at(st, b.Items[0].Pos()).Start
		if first > open.End && !strings.Contains(src[open.End:first], "\n") {
			return base + unit, unit // `{ a = 1 }`: the items go one level in from the header
		}
		return lineIndent(first), unit
	}
	return base + unit, unit
}

// repad re-pads the `=` of a map literal's keys to pad, as the formatter aligns a map as one
// group: only the spaces between each key and its `=` change.
func repad(src string, st *grammar.Stmt, b *grammar.Block, pad int) []finding.Edit {
	var out []finding.Edit
	for _, it := range b.Items {
		a, ok := it.(*grammar.Attribute)
		if !ok {
			continue
		}
		key := at(st, a.Key.Span)
		eq := key.End
		for int(eq) < len(src) && (src[eq] == ' ' || src[eq] == '\t') {
			eq++
		}
		if int(eq) >= len(src) || src[eq] != '=' {
			continue
		}
		want := strings.Repeat(" ", pad-int(key.End-key.Start)+1)
		if src[key.End:eq] != want {
			out = append(out, finding.Edit{Span: grammar.Span{Start: key.End, End: eq}, NewText: want})
		}
	}
	return out
}

// placeholder returns a value of type t that the value checks take without an error: the empty
// string (or the shortest string its length allows; an address or CIDR block of the documentation
// ranges for those types), 0 (or the least of its range), false, 0s, [], {} (a struct with its
// required fields filled in, one per line at indent plus unit), an enum's first value.
func (c *checker) placeholder(rs *schema.Resource, t *schema.Type, indent, unit string, depth int) (string, bool) {
	t = rs.Resolve(t)
	if t == nil || depth == 0 {
		return "", false
	}
	switch t.Kind {
	case schema.KindString, schema.KindUnknown:
		return stringPlaceholder(t), true
	case schema.KindInt, schema.KindFloat:
		v, ok := types.Least(t.Range)
		if !ok {
			return "", false
		}
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case schema.KindBool:
		return "false", true
	case schema.KindDuration:
		return "0s", true
	case schema.KindList:
		if n, _ := types.Least(t.Length); n > 0 {
			return "", false // no empty list
		}
		return "[]", true
	case schema.KindMap:
		return "{}", true
	case schema.KindEnum:
		return c.enumPlaceholder(t.Enum)
	case schema.KindUnion:
		for _, m := range t.Members {
			if v, ok := c.placeholder(rs, m, indent, unit, depth); ok {
				return v, true
			}
		}
		return "", false
	case schema.KindStruct:
		var req []string
		for name, m := range t.Fields() {
			if m.Required {
				req = append(req, name)
			}
		}
		if len(req) == 0 {
			return "{}", true
		}
		slices.Sort(req)
		inner := indent + unit
		pad := 0
		for _, name := range req {
			pad = max(pad, len(name))
		}
		var sb strings.Builder
		sb.WriteString("{\n")
		for _, name := range req {
			v, ok := c.placeholder(rs, t.Fields()[name].Type, inner, unit, depth-1)
			if !ok {
				return "", false
			}
			fmt.Fprintf(&sb, "%s%-*s = %s\n", inner, pad, name, v)
		}
		sb.WriteString(indent + "}")
		return sb.String(), true
	}
	return "", false
}

// stringPlaceholder is ” unless the type's length or identity asks for more.
func stringPlaceholder(t *schema.Type) string {
	switch f := types.FormatOf(t); {
	case f.Kind == types.CIDRBlock && f.IPv6:
		return "'2001:db8::/32'"
	case f.Kind == types.CIDRBlock:
		return "'10.0.0.0/16'"
	case f.Kind == types.IPAddress && f.IPv6:
		return "'2001:db8::1'"
	case f.Kind == types.IPAddress:
		return "'192.0.2.1'"
	}
	n, _ := types.Least(t.Length)
	return "'" + strings.Repeat("x", int(n)) + "'"
}

// enumPlaceholder is an enum's first value, bare when that reads as the value (a name no binding
// has), else qualified; for an open enum, the example its messages give.
func (c *checker) enumPlaceholder(en *schema.Enum) (string, bool) {
	if en == nil {
		return "", false
	}
	if len(en.Values) == 0 {
		ex := c.openExample(en)
		return ex, ex != ""
	}
	v := en.Values[0]
	c.readsNames = true // a binding of that name would make it a reference
	if isName(v.DSL) && c.cfg.Lookup(v.DSL) == nil {
		return v.DSL, true
	}
	return v.Spelling(), true
}
