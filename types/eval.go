package types

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina evaluates a configuration while it parses it: every expression becomes a value (a
// constant, or a placeholder for what is known later), and the mistakes that evaluation meets
// are errors. It does so in passes: each file alone first, knowing only the names declared
// before each statement in that file (the unseeded pass), then every file again with every name
// of the directory in scope (the seeded pass). A mistake met in either pass is an error. The
// evaluator here follows those rules, so that it finds what Carina finds.

// view is the pass an evaluation belongs to and, for the unseeded one, where in which file it
// stands.
type view struct {
	seeded bool
	file   string
	pos    int32 // the statement's offset: the unseeded pass sees the names declared before it
}

// evalError is an error Carina raises while it evaluates: the rule, the message, and where, as a
// span of the statement being evaluated.
type evalError struct {
	span    grammar.Span
	rule    Rule
	msg     string
	subject string // the name the error is about, when there is one
	related *Place // the declaration that explains it
	loaded  bool   // see Problem.Loaded
	alone   bool   // see Problem.Alone
	fix     *Fix   // a mechanical repair, when there is one
}

func (e *evalError) Error() string { return e.msg }

// local is one local name in scope: a block's let, a loop variable, a function parameter.
type local struct {
	name  string
	value Value
	// resource marks a local that stands for a resource (the body of a for yielding one).
	resource bool
}

// evaluator evaluates the expressions of one statement in one view.
type evaluator struct {
	in     *Info
	v      view
	st     *grammar.Stmt
	locals []local // innermost last
	// calls are the user functions being evaluated, innermost last, for recursion.
	calls []string
	// seededHit is set when a name was resolved to a declaration that the unseeded pass does not
	// see (declared later in the file, or in another file): the statement must then be evaluated
	// in the unseeded pass too.
	seededHit bool
	// record, when set, hears the value of every expression evaluated (hover, inlay hints).
	record func(e grammar.Expr, v Value)
	// recordDecl, when set, hears the value every local name is given.
	recordDecl func(n *grammar.Name, v Value)
	// expand, when set, hears every module call Carina expands as it parses (deferring > 0: a
	// body read only to type it, which Carina expands after apply).
	expand    func(call *grammar.ModuleCallExpr)
	deferring int
	// made, when set, hears every resource and module call Carina makes (Info.Made), with suffix,
	// the address the for item being made adds; called the arguments a call expands with.
	made   func(x grammar.Expr, suffix string)
	called func(call *grammar.ModuleCallExpr, args map[string]Value)
	suffix string
	// resolving are the attributes whose constants are being put in place of references to
	// them, innermost last, for cycles.
	resolving []resolvingRef
	// isolated marks a function body's evaluation: no name outside the body is in scope.
	isolated bool
	// fnScope says which user functions a call reaches.
	fnScope fnScope
	// errs collects the errors of items evaluated one by one (a block's attributes): an error
	// ends the evaluation of its item, not of the statement.
	errs []*evalError
	// swallowed counts the errors of calls written in another statement, dropped where they are
	// resolved: a result made without one may be kept (keepMade).
	swallowed int
}

func (e *evaluator) fail(sp grammar.Span, rule Rule, format string, args ...any) *evalError {
	return &evalError{span: sp, rule: rule, msg: fmt.Sprintf(format, args...)}
}

// note records an error of an item and goes on.
func (e *evaluator) note(err *evalError) {
	if err != nil {
		e.errs = append(e.errs, err)
	}
}

// push brings a local name into scope with its value (a nil name: nothing), and tells the
// recorder of declarations.
func (e *evaluator) push(n *grammar.Name, v Value) {
	if n == nil || n.Text == "_" {
		return
	}
	if e.recordDecl != nil {
		e.recordDecl(n, v)
	}
	e.locals = append(e.locals, local{name: n.Text, value: v})
}

// mark returns the scope depth, for release.
func (e *evaluator) mark() int { return len(e.locals) }

func (e *evaluator) release(m int) { e.locals = e.locals[:m] }

func (e *evaluator) lookupLocal(name string) (*local, bool) {
	for i := len(e.locals) - 1; i >= 0; i-- {
		if e.locals[i].name == name {
			return &e.locals[i], true
		}
	}
	return nil, false
}

// rec reports a value to the recorder.
func (e *evaluator) rec(x grammar.Expr, v Value) Value {
	if e.record != nil && x != nil {
		e.record(x, v)
	}
	return v
}

// binding is what a name stands for where it is evaluated.
type binding struct {
	found    bool
	variable bool  // the name has a value (Carina's variables)
	value    Value // its value
	resource bool  // `name.attr` is a reference to an attribute (Carina's resource bindings)
	decl     Decl  // the top-level declaration, when it is one
	info     DeclInfo
}

// lookup finds what a name stands for: a local, else a top-level declaration as the view sees it.
func (e *evaluator) lookup(name string) binding {
	if l, ok := e.lookupLocal(name); ok {
		return binding{found: true, variable: true, value: l.value, resource: l.resource}
	}
	return e.topLevel(name)
}

// topLevel finds a top-level declaration: in the unseeded view only those of the same file
// declared before the statement; in the seeded view every one, those declared later or in
// another file as the placeholders Carina seeds them with.
func (e *evaluator) topLevel(name string) binding {
	if e.in.env == nil || e.isolated {
		return binding{}
	}
	ds := e.in.declsNamed(name)
	if len(ds.list) == 0 {
		return binding{}
	}
	var own, other *declEntry
	if i := ds.firstIn(e.v.file); i >= 0 && ds.list[i].info.Stmt != nil && ds.list[i].info.Stmt.Offset < e.v.pos {
		own = &ds.list[i]
	}
	for i := range ds.list {
		if &ds.list[i] != own {
			other = &ds.list[i]
			break
		}
	}
	if own != nil {
		return e.ownBinding(own.d, own.info)
	}
	if other == nil {
		return binding{}
	}
	e.seededHit = true
	if !e.v.seeded {
		return binding{}
	}
	b := binding{found: true, decl: other.d, info: other.info}
	if other.info.Kind.structural() {
		b.variable, b.resource = true, true
		b.value = Value{Shape: BindingRef, Text: name, Type: e.in.declType(other.d, other.info)}
		return b
	}
	b.variable = true
	b.value = e.in.letValue(other.d, true, e)
	if b.value.Shape == ClosureVal {
		// Carina seeds no let holding a partial application: declared later or in another
		// file, the name is unknown where it is called (dash(): Unknown built-in function).
		return binding{}
	}
	return b
}

// ownBinding is a declaration made earlier in the file being evaluated, as Carina binds it.
func (e *evaluator) ownBinding(d Decl, info DeclInfo) binding {
	b := binding{found: true, decl: d, info: info}
	switch info.Kind {
	case DeclValue:
		b.variable = true
		b.value = e.in.letValue(d, e.v.seeded, e)
	case DeclResource, DeclDataSource:
		b.variable, b.resource = true, true
		b.value = e.in.placeholder(d, func() Value {
			return Value{Shape: Str, Text: "${" + info.Name + "}", Type: e.in.declType(d, info)}
		})
	case DeclUpstream, DeclWait:
		b.resource = true
	case DeclFor:
		// A for over a value known only after apply is expanded later, and one over an empty
		// collection makes nothing: Carina binds its name to a plain value, not a resource
		// binding (`vpcs.dev`: "is not a resource").
		b.variable, b.resource = true, !e.in.forDeferred(d, info)
		b.value = e.in.placeholder(d, func() Value {
			return Value{Shape: Str, Text: "${for:" + info.Name + "}", Type: e.in.declType(d, info)}
		})
	case DeclIf:
		v := e.in.letValue(d, e.v.seeded, e)
		b.variable, b.value = true, v
		// Bound to a resource or a module call only when the branch taken yields one.
		b.resource = v.Shape == Str && (v.Text == "${"+info.Name+"}" || strings.HasPrefix(v.Text, "${module:"))
	case DeclModuleCall:
		b.variable, b.resource = true, true
		name := ""
		if mc, ok := info.Value.(*grammar.ModuleCallExpr); ok && mc.Name != nil {
			name = mc.Name.Text
		}
		b.value = Value{Shape: Str, Text: "${module:" + name + "}", Type: e.in.declType(d, info)}
	case DeclUse:
		// An alias, not a binding of attributes: Carina binds it to a string.
		b.variable = true
		b.value = Value{Shape: Str, Text: "${use:" + useSource(info.Value) + "}", Type: e.in.declType(d, info)}
	case DeclArgument:
		b.variable, b.resource = true, true
		b.value = Value{Shape: BindingRef, Text: info.Name, Type: e.in.declType(d, info)}
	case DeclProvider:
		// Not a value: a named provider instance is read by directives only.
	}
	return b
}

// placeholder returns the value a structural declaration is bound to, made once (by build).
func (in *Info) placeholder(d Decl, build func() Value) Value {
	if v, ok := in.placeholders[d]; ok {
		return v
	}
	v := build()
	if in.placeholders == nil {
		in.placeholders = map[Decl]Value{}
	}
	in.placeholders[d] = v
	return v
}

// useSource returns the source a `use` block names, as written.
func useSource(x grammar.Expr) string {
	kb, ok := x.(*grammar.KeywordBlockExpr)
	if !ok || kb.Body == nil {
		return ""
	}
	if a := kb.Body.Attr("source"); a != nil {
		if s, ok := a.Value.(*grammar.StringLit); ok {
			return s.Value
		}
	}
	return ""
}

// spanOf is a node's span; a missing node (text that did not parse) has none.
func spanOf(n grammar.Node) grammar.Span {
	switch n := n.(type) {
	case nil:
		return grammar.Span{}
	case *grammar.Block:
		if n == nil {
			return grammar.Span{}
		}
	case *grammar.StringLit:
		if n == nil {
			return grammar.Span{}
		}
	case *grammar.PathExpr:
		if n == nil {
			return grammar.Span{}
		}
	}
	return n.Pos()
}

// lower is where a value becomes data: a partial application there is an error.
func (e *evaluator) lower(x grammar.Expr, v Value, err *evalError) (Value, *evalError) {
	if err != nil {
		return v, err
	}
	if v.Shape == ClosureVal {
		return UnknownOf(nil), e.fail(spanOf(x), RuleClosureAsData,
			"expression evaluates to a closure '%s' (still needs %d arg(s)); finish the partial application — closures are not valid as data", v.Text, v.Remaining)
	}
	return v, nil
}

// value evaluates an expression as data (a closure is an error).
func (e *evaluator) value(x grammar.Expr) (Value, *evalError) {
	v, err := e.eval(x)
	return e.lower(x, v, err)
}

// eval evaluates an expression; the result may be a closure.
func (e *evaluator) eval(x grammar.Expr) (Value, *evalError) {
	v, err := e.eval0(x)
	if err != nil {
		return UnknownOf(nil), err
	}
	return e.rec(x, v), nil
}

func (e *evaluator) eval0(x grammar.Expr) (Value, *evalError) {
	switch x := x.(type) {
	case nil:
		return UnknownOf(nil), nil
	case *grammar.StringLit:
		return e.str(x)
	case *grammar.IntLit:
		return IntOf(x.Value), nil
	case *grammar.FloatLit:
		return Value{Shape: FloatVal, Float: x.Value}, nil
	case *grammar.DurationLit:
		return Value{Shape: DurationVal, Int: int64(x.Seconds)}, nil
	case *grammar.BoolLit:
		return BoolOf(x.Value), nil
	case *grammar.NullLit:
		return Value{Shape: Enum, Text: "null"}, nil
	case *grammar.EmptyExpr:
		return UnknownOf(nil), nil
	case *grammar.ListExpr:
		out := Value{Shape: ListVal, Elems: make([]Value, 0, len(x.Elems))}
		for _, el := range x.Elems {
			v, err := e.value(el)
			if err != nil {
				return out, err
			}
			out.Elems = append(out.Elems, v)
		}
		return out, nil
	case *grammar.MapExpr:
		return e.block(x.Body, false)
	case *grammar.ParenExpr:
		return e.eval(x.X)
	case *grammar.PathExpr, *grammar.IndexExpr, *grammar.FieldExpr:
		return e.access(x)
	case *grammar.CallExpr:
		return e.call(x)
	case *grammar.BinaryExpr:
		return e.binary(x, false)
	case *grammar.IfExpr:
		return e.ifValue(x)
	case *grammar.ResourceExpr:
		if x.Read == nil {
			return UnknownOf(nil), e.fail(x.Pos(), RuleResourceInValue, "Resource expressions can only be used in let bindings")
		}
		return e.sourceText(x), nil
	case *grammar.ForExpr, *grammar.ModuleCallExpr, *grammar.KeywordBlockExpr, *grammar.ProviderExpr, *grammar.WaitExpr:
		// Carina reads these in a value position as the text of their source.
		return e.sourceText(x), nil
	case *grammar.UnaryExpr:
		// `!` outside a condition is a syntax error already.
		return UnknownOf(nil), nil
	}
	return UnknownOf(nil), nil
}

// sourceText is the string Carina makes of a construct written where a value goes.
func (e *evaluator) sourceText(x grammar.Expr) Value {
	if e.in.env == nil || e.st == nil {
		return StrOf("")
	}
	src := e.in.env.Source(e.v.file)
	sp := e.st.Abs(x.Pos())
	if sp.Start < 0 || int(sp.End) > len(src) || sp.Start > sp.End {
		return StrOf("")
	}
	return StrOf(src[sp.Start:sp.End])
}

// str evaluates a string literal: interpolations are evaluated and folded where constant.
func (e *evaluator) str(s *grammar.StringLit) (Value, *evalError) {
	if !s.Interpolated() {
		return StrOf(s.Value), nil
	}
	parts := make([]Value, 0, len(s.Parts))
	for _, p := range s.Parts {
		if p.Expr == nil {
			parts = append(parts, StrOf(p.Text))
			continue
		}
		if _, empty := p.Expr.(*grammar.EmptyExpr); empty {
			parts = append(parts, UnknownOf(nil))
			continue
		}
		v, err := e.value(p.Expr)
		if err != nil {
			return UnknownOf(StringType), err
		}
		parts = append(parts, v)
	}
	return canonical(parts), nil
}

// canonical folds an interpolation's constant parts into text, as Carina does: a string whose
// parts are all strings, numbers and booleans is a constant string.
func canonical(parts []Value) Value {
	var out []Value
	var text strings.Builder
	pending := false
	for _, p := range parts {
		switch p.Shape {
		case Str, IntVal, FloatVal, BoolVal:
			t, _ := p.text()
			text.WriteString(t)
			pending = true
			continue
		}
		if pending {
			out = append(out, StrOf(text.String()))
			text.Reset()
			pending = false
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return StrOf(text.String())
	}
	if pending {
		out = append(out, StrOf(text.String()))
	}
	return Value{Shape: Interp, Elems: out}
}

// block evaluates a block's items (a map, a resource's body): attributes, nested blocks (a list
// of maps under their name) and local lets visible to the items after them. When collect is
// set, an item's error is noted and the next item evaluated; else the first error ends it.
func (e *evaluator) block(b *grammar.Block, collect bool) (Value, *evalError) {
	out := Value{Shape: MapVal}
	if b == nil {
		return out, nil
	}
	m := e.mark()
	defer e.release(m)
	nested := map[string]int{} // a nested block's name → its list's index in out
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			v, err := e.value(it.Value)
			if err != nil {
				if !collect {
					return out, err
				}
				e.note(err)
			}
			e.setKey(&out, it.Key.Text, v)
		case *grammar.NestedBlock:
			v, err := e.block(it.Body, collect)
			if err != nil {
				if !collect {
					return out, err
				}
				e.note(err)
			}
			if i, ok := nested[it.Name.Text]; ok {
				out.Elems[i].Elems = append(out.Elems[i].Elems, v)
			} else {
				nested[it.Name.Text] = len(out.Keys)
				out.Keys = append(out.Keys, it.Name.Text)
				out.Elems = append(out.Elems, Value{Shape: ListVal, Elems: []Value{v}})
			}
		case *grammar.LetStmt:
			v, err := e.value(it.Value)
			if err != nil {
				if !collect {
					return out, err
				}
				e.note(err)
			}
			if it.Name != nil && it.Name.Text != "_" {
				e.push(it.Name, v)
			}
		}
	}
	return out, nil
}

// setKey sets a map key, replacing an earlier one of the same name (the last one wins).
func (e *evaluator) setKey(m *Value, k string, v Value) {
	for i, key := range m.Keys {
		if key == k {
			m.Elems[i] = v
			return
		}
	}
	m.Keys = append(m.Keys, k)
	m.Elems = append(m.Elems, v)
}

// step is one access after a name: `.field` or `[index]`.
type step struct {
	field string
	index grammar.Expr // nil for a field
	span  grammar.Span
}

// flatten takes an access expression apart: the name it starts with and the steps after it. A
// chain of subscripts nests as deep as it is long: it is taken apart in a loop.
func flatten(x grammar.Expr) (*grammar.PathExpr, []step) {
	var steps []step // the last first, reversed at the end
	for {
		switch y := x.(type) {
		case *grammar.PathExpr:
			slices.Reverse(steps)
			return y, steps
		case *grammar.IndexExpr:
			steps = append(steps, step{index: y.Index, span: y.Span})
			x = y.X
		case *grammar.FieldExpr:
			for i := len(y.Fields) - 1; i >= 0; i-- {
				steps = append(steps, step{field: y.Fields[i].Text, span: y.Fields[i].Span})
			}
			x = y.X
		default:
			return nil, nil
		}
	}
}

// access evaluates a reference: a name, a dotted name, and the fields and indexes after it, by
// Carina's rules (a dotted name is a reference, a bound value navigated, or an enum value).
func (e *evaluator) access(x grammar.Expr) (Value, *evalError) {
	p, steps := flatten(x)
	if p == nil || len(p.Parts) == 0 {
		return UnknownOf(nil), nil
	}
	if len(p.Parts) > 1 {
		return e.dotted(x, p, steps)
	}
	return e.variableRef(x, p, steps)
}

// dotted evaluates `a.b.c` and what follows it (Carina's namespaced and subscripted names).
func (e *evaluator) dotted(x grammar.Expr, p *grammar.PathExpr, steps []step) (Value, *evalError) {
	head := p.Parts[0].Text
	fields := make([]string, 0, len(p.Parts)-1+len(steps))
	for _, n := range p.Parts[1:] {
		fields = append(fields, n.Text)
	}
	// The subscripts are evaluated first, as Carina does.
	trailing, err := e.steps(steps)
	if err != nil {
		return UnknownOf(nil), err
	}
	fields = append(fields, trailing...)
	b := e.lookup(head)
	ref := func() Value {
		return Value{Shape: Ref, Text: head, Path: fields, Type: e.in.refType(b, head, fields)}
	}
	if b.found && b.resource {
		return ref(), nil
	}
	if len(steps) > 0 {
		return ref(), nil
	}
	if b.found && b.variable && b.value.Shape != ClosureVal {
		if v, ok := navigate(b.value, fields); ok {
			return v, nil
		}
		if b.value.Shape == Unknowable {
			return UnknownOf(memberType(b.value.TypeOf(), fields)), nil
		}
		if scalar(b.value) {
			return UnknownOf(nil), e.fail(p.Pos(), RuleNotAResource, "'%s' is not a resource, cannot access attribute '%s'", head, fields[0])
		}
		return ref(), nil
	}
	if !EnumShaped(p.String()) {
		return ref(), nil
	}
	return Value{Shape: Enum, Text: p.String()}, nil
}

// variableRef evaluates a plain name and what follows it: indexes fold into the name (`x[0]`),
// a field makes a reference unless the name is bound to a value that has it.
func (e *evaluator) variableRef(x grammar.Expr, p *grammar.PathExpr, steps []step) (Value, *evalError) {
	name := p.Parts[0].Text
	if len(steps) == 0 {
		b := e.lookup(name)
		if b.found && b.variable {
			return b.value, nil
		}
		if b.found && b.resource {
			// Upstream states and waits have no value of their own.
			return Value{Shape: Enum, Text: name, Type: e.in.declType(b.decl, b.info)}, nil
		}
		return Value{Shape: Enum, Text: name}, nil
	}
	// The name grows by a subscript a step: written once, not copied a step.
	var folded strings.Builder
	folded.WriteString(name)
	var fields []string
	postIndex := false
	elemType := e.lookup(name).value.TypeOf()
	for _, s := range steps {
		if s.index != nil {
			k, err := e.subscript(s)
			if err != nil {
				return UnknownOf(nil), err
			}
			if len(fields) == 0 {
				foldIndex(&folded, k)
				elemType = indexType(elemType)
			} else {
				fields = append(fields, k.segment())
				postIndex = true
			}
			continue
		}
		if postIndex {
			return UnknownOf(nil), e.fail(s.span, RuleFieldAfterIndex, "field access after index access is not supported")
		}
		fields = append(fields, s.field)
	}
	composed := folded.String()
	if len(fields) == 0 {
		if b := e.lookup(composed); b.found && b.variable {
			return b.value, nil
		}
		return Value{Shape: BindingRef, Text: composed, Type: elemType}, nil
	}
	b := e.lookup(composed)
	if b.found && b.variable && b.value.Shape != ClosureVal {
		if v, ok := navigate(b.value, fields); ok {
			return v, nil
		}
		if b.value.Shape == Unknowable {
			return UnknownOf(memberType(b.value.TypeOf(), fields)), nil
		}
	}
	return Value{Shape: Ref, Text: composed, Path: fields, Type: e.in.refType(b, composed, fields)}, nil
}

// key is an evaluated subscript.
type key struct {
	isInt bool
	n     int64
	s     string
}

func (k key) segment() string {
	if k.isInt {
		return "[" + strconv.FormatInt(k.n, 10) + "]"
	}
	return "[" + strconv.Quote(k.s) + "]"
}

// foldIndex writes a subscript after a name as Carina's binding addresses do: `x[0]`, `x.key`,
// or `x['key with space']`.
func foldIndex(name *strings.Builder, k key) {
	switch {
	case k.isInt:
		name.WriteString("[" + strconv.FormatInt(k.n, 10) + "]")
	case identifierLike(k.s):
		name.WriteString("." + k.s)
	default:
		name.WriteString("['" + k.s + "']")
	}
}

// identifierLike reports whether s is `[A-Za-z_][A-Za-z0-9_]*`.
func identifierLike(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// subscript evaluates an index: a non-negative integer or a string.
func (e *evaluator) subscript(s step) (key, *evalError) {
	v, err := e.value(s.index)
	if err != nil {
		return key{}, err
	}
	switch v.Shape {
	case IntVal:
		if v.Int < 0 {
			return key{}, e.fail(s.index.Pos(), RuleIndexKey, "index access key must be non-negative, got %d", v.Int)
		}
		return key{isInt: true, n: v.Int}, nil
	case Str:
		return key{s: v.Text}, nil
	}
	return key{}, e.fail(s.index.Pos(), RuleIndexKey, "index access key must be an integer or string, got %s", v.ShapeName())
}

// steps evaluates the steps after a dotted name into path segments.
func (e *evaluator) steps(steps []step) ([]string, *evalError) {
	var out []string
	for _, s := range steps {
		if s.index == nil {
			out = append(out, s.field)
			continue
		}
		k, err := e.subscript(s)
		if err != nil {
			return nil, err
		}
		out = append(out, k.segment())
	}
	return out, nil
}

// navigate reads a path in a bound value as Carina does: the first field must be a key of a
// map; after it, fields of maps, indexes of lists and keys of maps; secrets are seen through.
func navigate(v Value, path []string) (Value, bool) {
	if v.Shape == SecretVal && len(v.Elems) == 1 {
		v = v.Elems[0]
	}
	if v.Shape != MapVal || len(path) == 0 {
		return Value{}, false
	}
	cur, ok := v.Get(path[0])
	if !ok {
		return Value{}, false
	}
	for _, seg := range path[1:] {
		if cur.Shape == SecretVal && len(cur.Elems) == 1 {
			cur = cur.Elems[0]
		}
		switch {
		case strings.HasPrefix(seg, "[\""):
			k, err := strconv.Unquote(seg[1 : len(seg)-1])
			if err != nil || cur.Shape != MapVal {
				return Value{}, false
			}
			if cur, ok = cur.Get(k); !ok {
				return Value{}, false
			}
		case strings.HasPrefix(seg, "["):
			n, err := strconv.Atoi(seg[1 : len(seg)-1])
			if err != nil || cur.Shape != ListVal || n >= len(cur.Elems) {
				return Value{}, false
			}
			cur = cur.Elems[n]
		default:
			if cur.Shape != MapVal {
				return Value{}, false
			}
			if cur, ok = cur.Get(seg); !ok {
				return Value{}, false
			}
		}
	}
	return cur, true
}

// scalar reports whether a value is one a field cannot be read from.
func scalar(v Value) bool {
	switch v.Shape {
	case Str, IntVal, FloatVal, BoolVal, DurationVal, Enum:
		return true
	}
	return false
}

// EnumShaped reports whether a dotted name has the shape of an enum value rather than of a
// reference, as Carina decides: `Type.value`, `provider.Type.value`,
// `provider.segment.Type.value`, `provider.service.resource.Type.value...`.
func EnumShaped(s string) bool {
	parts := strings.Split(s, ".")
	upper := func(p string) bool { return p != "" && p[0] >= 'A' && p[0] <= 'Z' }
	lowerLetters := func(p string) bool {
		if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			if p[i] < 'a' || p[i] > 'z' {
				return false
			}
		}
		return true
	}
	snake := func(p string) bool {
		if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			c := p[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
				return false
			}
		}
		return true
	}
	pascal := func(p string) bool {
		if !upper(p) {
			return false
		}
		for i := 1; i < len(p); i++ {
			c := p[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return false
			}
		}
		return true
	}
	lowerDigits := func(p string) bool {
		if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			c := p[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				return false
			}
		}
		return true
	}
	switch len(parts) {
	case 0, 1:
		return false
	case 2:
		return upper(parts[0])
	case 3:
		return lowerLetters(parts[0]) && upper(parts[1])
	case 4:
		return lowerLetters(parts[0]) && (snake(parts[1]) || pascal(parts[1])) && upper(parts[2])
	}
	return lowerLetters(parts[0]) && lowerDigits(parts[1]) && (snake(parts[2]) || pascal(parts[2])) && upper(parts[3])
}
