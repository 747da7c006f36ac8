package grammar

import (
	"fmt"
	"reflect"
	"testing"
)

// testRoot compiles the type grammar once; fresh returns a Parser with an empty cache sharing it
// (NewParser compiles the participle grammar each time).
var testRoot = NewParser()

func fresh() *Parser { return testRoot.Fork() }

// ---- Positions ----

// lineCol converts a byte offset to a 1-based line and 1-based byte column. "\n", "\r\n" and a
// lone "\r" end lines, as in the lexer.
func lineCol(src string, off int32) (line, col int) {
	line, col = 1, 1
	for i := 0; i < int(off) && i < len(src); i++ {
		switch {
		case src[i] == '\n', src[i] == '\r' && (i+1 >= len(src) || src[i+1] != '\n'):
			line++
			col = 1
		case src[i] == '\r':
			// the "\r" of "\r\n": the "\n" ends the line
			col++
		default:
			col++
		}
	}
	return line, col
}

// formatRange writes a span as `LINE:COL-LINE:COL`.
func formatRange(src string, s Span) string {
	l1, c1 := lineCol(src, s.Start)
	l2, c2 := lineCol(src, s.End)
	return fmt.Sprintf("%d:%d-%d:%d", l1, c1, l2, c2)
}

// formatErrors writes one line per error: `LINE:COL-LINE:COL message`.
func formatErrors(src string, errs []SyntaxError) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, formatRange(src, e.Span)+" "+e.Msg)
	}
	return out
}

// ---- Invariants ----

// checkTokens checks that toks cover src exactly: contiguous from 0 to len(src), no empty token
// but the final EOF, which is the only EOF.
func checkTokens(t testing.TB, src string, toks []Token) {
	t.Helper()
	if len(toks) == 0 {
		t.Fatalf("no tokens for %q", src)
	}
	var pos int32
	for i, tk := range toks {
		if tk.Start != pos {
			t.Fatalf("token %d (%v %q) starts at %d, want %d (tokens must be contiguous)", i, tk.Kind, safeText(src, tk), tk.Start, pos)
		}
		last := i == len(toks)-1
		switch {
		case last && (tk.Kind != EOF || tk.Start != int32(len(src)) || tk.End != tk.Start):
			t.Fatalf("last token is %v [%d,%d), want a zero-width EOF at %d", tk.Kind, tk.Start, tk.End, len(src))
		case !last && tk.Kind == EOF:
			t.Fatalf("EOF token %d before the end", i)
		case !last && tk.End <= tk.Start:
			t.Fatalf("token %d (%v) is empty at %d", i, tk.Kind, tk.Start)
		}
		pos = tk.End
	}
}

func safeText(src string, tk Token) string {
	if tk.Start < 0 || tk.End > int32(len(src)) || tk.Start > tk.End {
		return "<out of range>"
	}
	return src[tk.Start:tk.End]
}

var (
	spanType = reflect.TypeFor[Span]()
	nodeType = reflect.TypeFor[Node]()
)

// walkNodes calls f for every node reachable from n through exported fields (each *Name, *Block,
// expression, item...), with the nearest enclosing node as parent (nil for n itself). It does not
// go through the same pointer twice (WaitExpr.Until points into WaitExpr.Body).
func walkNodes(n Node, f func(parent, n Node)) {
	seen := map[uintptr]bool{}
	var visit func(parent Node, v reflect.Value)
	visit = func(parent Node, v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				visit(parent, v.Elem())
			}
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			if v.Type().Implements(nodeType) {
				node := v.Interface().(Node)
				f(parent, node)
				parent = node
			}
			visit(parent, v.Elem())
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					visit(parent, v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				visit(parent, v.Index(i))
			}
		}
	}
	visit(nil, reflect.ValueOf(n))
}

// allSpans calls f with every Span reachable from n, and where it is (the struct type and field
// holding it).
func allSpans(n Node, f func(where string, s Span)) {
	seen := map[uintptr]bool{}
	var visit func(where string, v reflect.Value)
	visit = func(where string, v reflect.Value) {
		if v.Type() == spanType {
			f(where, v.Interface().(Span))
			return
		}
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				visit(where, v.Elem())
			}
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			visit(where, v.Elem())
		case reflect.Struct:
			for i := range v.NumField() {
				if sf := v.Type().Field(i); sf.IsExported() {
					visit(v.Type().Name()+"."+sf.Name, v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				visit(where, v.Index(i))
			}
		}
	}
	visit("", reflect.ValueOf(n))
}

// checkStmtSpans checks that every span of a statement's tree lies within the statement's text
// (spans are relative to the statement) and that every node lies within its parent node.
func checkStmtSpans(t testing.TB, text string, n Node) {
	t.Helper()
	n32 := int32(len(text))
	allSpans(n, func(path string, s Span) {
		if s.Start < 0 || s.Start > s.End || s.End > n32 {
			t.Errorf("span %v at %s is outside the statement [0,%d) %q", s, path, n32, text)
		}
	})
	walkNodes(n, func(parent, c Node) {
		if parent == nil {
			return
		}
		ps, cs := parent.Pos(), c.Pos()
		if cs.Start < ps.Start || cs.End > ps.End {
			t.Errorf("%T %v %q is outside its parent %T %v %q", c, cs, clip(text, cs), parent, ps, clip(text, ps))
		}
	})
}

func clip(text string, s Span) string {
	if s.Start < 0 || s.End > int32(len(text)) || s.Start > s.End {
		return "<out of range>"
	}
	return text[s.Start:s.End]
}

// badNodes returns the Bad* nodes of a tree (BadStmt, BadItem, BadExpr).
func badNodes(n Node) []Node {
	var out []Node
	walkNodes(n, func(_, c Node) {
		switch c.(type) {
		case *BadStmt, *BadItem, *BadExpr:
			out = append(out, c)
		}
	})
	return out
}

// checkFile checks the invariants every parse must keep, whatever the input: tokens cover the
// text, statements are in order, non-overlapping and within the text, each statement's nodes lie
// within the statement, errors lie within the text and are sorted, and the file's errors are
// exactly the statements' errors made absolute (plus unterminated comments between statements).
func checkFile(t testing.TB, src string, f *File) {
	t.Helper()
	if f.Src != src {
		t.Fatalf("File.Src differs from the input")
	}
	checkTokens(t, src, f.Tokens)
	var prevEnd int32
	for i, st := range f.Stmts {
		if st.Offset < prevEnd || st.End < st.Offset || st.End > int32(len(src)) {
			t.Fatalf("statement %d range [%d,%d) overlaps the previous one (end %d) or leaves the input (len %d)", i, st.Offset, st.End, prevEnd, len(src))
		}
		if st.End == st.Offset {
			t.Fatalf("statement %d is empty at %d", i, st.Offset)
		}
		// StmtAt is end-inclusive: at the first byte of a statement that directly follows
		// another, it finds the earlier one.
		if got := f.StmtAt(st.Offset); got != st && (i == 0 || f.Stmts[i-1].End < st.Offset) {
			t.Errorf("StmtAt(%d) finds %v, want statement %d", st.Offset, got, i)
		}
		if got := f.StmtAt(st.End); got != st {
			t.Errorf("StmtAt(%d) (the end of statement %d) finds %v", st.End, i, got)
		}
		prevEnd = st.End
		if st.Node == nil {
			t.Fatalf("statement %d has no node", i)
		}
		text := src[st.Offset:st.End]
		checkStmtSpans(t, text, st.Node)
		for _, e := range st.Errors {
			if e.Span.Start < 0 || e.Span.Start > e.Span.End || e.Span.End > int32(len(text)) {
				t.Errorf("statement %d: error %v %q is outside the statement [0,%d)", i, e.Span, e.Msg, len(text))
			}
		}
	}
	for i, e := range f.Errors {
		if e.Span.Start < 0 || e.Span.Start > e.Span.End || e.Span.End > int32(len(src)) {
			t.Errorf("error %v %q is outside the input (len %d)", e.Span, e.Msg, len(src))
		}
		if e.Msg == "" {
			t.Errorf("error %v has no message", e.Span)
		}
		if i > 0 && f.Errors[i-1].Span.Start > e.Span.Start {
			t.Errorf("errors are not sorted: %v before %v", f.Errors[i-1].Span, e.Span)
		}
	}
	// Every statement error is a file error.
	type errKey struct {
		Span Span
		Msg  string
	}
	fileErrs := make(map[errKey]int, len(f.Errors))
	for _, e := range f.Errors {
		fileErrs[errKey{e.Span, e.Msg}]++
		if e.Fix != nil && (e.Fix.Span.Start < 0 || int(e.Fix.Span.End) > len(f.Src) || e.Fix.Span.Start > e.Fix.Span.End) {
			t.Errorf("fix of %q outside the text: %v", e.Msg, e.Fix.Span)
		}
	}
	for _, st := range f.Stmts {
		for _, e := range st.Errors {
			abs := errKey{Span: st.Abs(e.Span), Msg: e.Msg}
			if fileErrs[abs] == 0 {
				t.Errorf("statement error %v %q is missing from File.Errors", abs.Span, abs.Msg)
			}
			fileErrs[abs]--
		}
	}
}

// kindIDs gives every token kind its Go name, for readable test expectations.
var kindIDs = map[Kind]string{
	EOF: "EOF", Invalid: "Invalid", Space: "Space", Newline: "Newline",
	LineComment: "LineComment", BlockComment: "BlockComment",
	Ident: "Ident", Int: "Int", Float: "Float", Duration: "Duration",
	String: "String", TemplateStart: "TemplateStart", TemplateMid: "TemplateMid", TemplateEnd: "TemplateEnd",
	Heredoc: "Heredoc",
	LBrace:  "LBrace", RBrace: "RBrace", LBracket: "LBracket", RBracket: "RBracket", LParen: "LParen", RParen: "RParen",
	Comma: "Comma", Colon: "Colon", Dot: "Dot", Assign: "Assign", Pipe: "Pipe", Compose: "Compose",
	Coalesce: "Coalesce", Bar: "Bar", Not: "Not", Eq: "Eq", NotEq: "NotEq", Lt: "Lt", LtEq: "LtEq",
	Gt: "Gt", GtEq: "GtEq", AndAnd: "AndAnd", OrOr: "OrOr",
}
