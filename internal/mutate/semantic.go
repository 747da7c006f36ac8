package mutate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// The semantic kinds: mutations chosen on the parse tree, so that the text stays syntactically
// valid and only what Carina's language rules make of it changes (an argument count, a type, a
// name, a folder). Sites finds where each applies; Semantic draws one.
const (
	ArgumentAdded          Kind = numKinds + iota // a call given one argument more
	ArgumentDropped                               // a call given one argument fewer
	FunctionRenamed                               // a call of a function that does not exist
	LiteralRetyped                                // a literal replaced by one of another type
	ElseDropped                                   // an if expression without its alternative
	ConditionRetyped                              // an if's condition replaced by a non-Bool literal
	IterableRetyped                               // a for's iterable replaced by a scalar
	TypeReplaced                                  // a type annotation replaced by another
	ReferenceUndefined                            // a reference renamed to a name nothing declares
	ReferenceRebound                              // a reference renamed to another binding
	FieldAppended                                 // `.x` appended to a reference
	LetDuplicated                                 // a let written twice
	DefaultBeforeRequired                         // a function parameter given a default before a required one
	DefaultRetyped                                // a parameter's default of another type than the parameter's
	OutputRetyped                                 // an export's or a module attribute's value of another type
	DependsOnRenamed                              // a depends_on entry naming something else
	WaitTargetRenamed                             // a wait's target naming something else
	MovedTypeChanged                              // a moved block's destination of another resource type
	ProviderVersionInvalid                        // a provider's version constraint that is not one
	SourceMissing                                 // a use or upstream_state source naming no folder
	ModuleArgumentDropped                         // a module call without one of its arguments
	ModuleArgumentRenamed                         // a module call's argument renamed
	endSemantic
)

var semanticNames = [...]string{"argument added", "argument dropped", "function renamed",
	"literal retyped", "else dropped", "condition retyped", "iterable retyped", "type replaced",
	"reference undefined", "reference rebound", "field appended", "let duplicated",
	"default before required", "default retyped", "output retyped", "depends_on renamed",
	"wait target renamed", "moved type changed", "provider version invalid", "source missing",
	"module argument dropped", "module argument renamed"}

// SemanticKinds returns the semantic kinds, in order.
func SemanticKinds() []Kind {
	out := make([]Kind, 0, endSemantic-numKinds)
	for k := numKinds; k < endSemantic; k++ {
		out = append(out, k)
	}
	return out
}

// Semantic applies one semantic mutation to src: a kind drawn among those that apply somewhere
// in it, then one of its places. It reports false when none applies (or src does not parse).
func Semantic(src string, rng *rand.Rand) (Mutation, bool) {
	s := FindSites(src)
	var kinds []Kind
	for _, k := range SemanticKinds() {
		if s.Count(k) > 0 {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return Mutation{}, false
	}
	return s.Apply(kinds[rng.IntN(len(kinds))], rng), true
}

// Sites are the places of one source where each semantic kind applies. A source with a syntax
// error has none: the mutations are of valid text.
type Sites struct {
	src   string
	sites [endSemantic - numKinds][]site
}

// site is one place of one kind: it draws what to write there, and describes it.
type site func(rng *rand.Rand) (edit, string)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// Count returns how many places of src kind k applies to.
func (s *Sites) Count(k Kind) int {
	if k < numKinds || k >= endSemantic {
		return 0
	}
	return len(s.sites[k-numKinds])
}

// Apply applies kind k at one of its places, drawn by rng. It panics when k applies nowhere
// (Count is 0).
func (s *Sites) Apply(k Kind, rng *rand.Rand) Mutation {
	sites := s.sites[k-numKinds]
	e, desc := sites[rng.IntN(len(sites))](rng)
	return Mutation{Kind: k, Text: s.src[:e.start] + e.text + s.src[e.end:], Desc: desc}
}

// FindSites parses src and finds the places of every semantic kind.
func FindSites(src string) *Sites {
	s := &Sites{src: src}
	f := grammar.NewParser().Parse(src)
	if len(f.Errors) > 0 {
		return s
	}
	w := &walker{s: s, declared: map[string]bool{}}
	for _, st := range f.Stmts {
		w.declare(st.Node)
	}
	for _, st := range f.Stmts {
		w.st = stmt{src, st.Offset}
		if p, ok := st.Node.(*grammar.ProviderStmt); ok {
			w.providerVersion(p)
		}
		w.node(st.Node, nil, where{})
	}
	return s
}

// The literals a value is replaced with, one per type.
type litType int

const (
	litString litType = iota
	litInt
	litBool
	litFloat
	litDuration
	litList
	litMap
	numLitTypes
	litUnknown = numLitTypes
)

var literals = [numLitTypes]string{"'mutant'", "7", "true", "1.5", "30s", "['mutant']", "{ mutant = 'value' }"}

// otherLiteral returns a literal of another type than t (any type when t is litUnknown).
func otherLiteral(t litType, rng *rand.Rand) string {
	for {
		if u := litType(rng.IntN(int(numLitTypes))); u != t {
			return literals[u]
		}
	}
}

// literalType returns the type of a literal expression, and false for an expression that is
// not a literal.
func literalType(e grammar.Expr) (litType, bool) {
	switch e.(type) {
	case *grammar.StringLit:
		return litString, true
	case *grammar.IntLit:
		return litInt, true
	case *grammar.BoolLit:
		return litBool, true
	case *grammar.FloatLit:
		return litFloat, true
	case *grammar.DurationLit:
		return litDuration, true
	case *grammar.ListExpr:
		return litList, true
	case *grammar.MapExpr:
		return litMap, true
	}
	return litUnknown, false
}

// annotationType returns the literal type a type annotation takes (litUnknown for a resource
// type, a union of several or a struct).
func annotationType(t *grammar.TypeExpr) litType {
	if t == nil || len(t.Atoms) != 1 {
		return litUnknown
	}
	a := t.Atoms[0]
	switch {
	case a.Lit != nil:
		return litString
	case a.Name == "String":
		return litString
	case a.Name == "Int":
		return litInt
	case a.Name == "Bool":
		return litBool
	case a.Name == "Float":
		return litFloat
	case a.Name == "Duration":
		return litDuration
	case a.Name == "list":
		return litList
	case a.Name == "map":
		return litMap
	case !strings.Contains(a.Name, ".") && a.Name != "struct":
		return litString // a custom type such as Ipv4Cidr holds a string
	}
	return litUnknown
}

// types are what TypeReplaced writes: primitives, constructors, custom types Carina knows, an
// unknown custom name and primitives in the lower case Carina rejects.
var types = []string{"String", "Int", "Bool", "Float", "list(String)", "map(Int)", "Ipv4Cidr",
	"Ipv4Address", "Widget", "string", "bool"}

// resourceTypes are what MovedTypeChanged writes.
var resourceTypes = []string{"awscc.ec2.Vpc", "awscc.ec2.Subnet", "awscc.s3.Bucket", "aws.s3.Bucket", "aws.ec2.Vpc"}

// versions are the constraints ProviderVersionInvalid writes: none of them is one.
var versions = []string{"'banana'", "'1.2.3.4'", "'>= x'", "'~> one'", "'=> 1.0'", "''"}

// missingSources are what SourceMissing writes: folders no corpus holds.
var missingSources = []string{"'./missing_module'", "'../missing_configuration'"}

// gone is the suffix of a renamed name that nothing declares.
const gone = "_gone"

// The keys the walker reads, from the construct table.
var (
	dependsOnKey = grammar.ConstructOf(grammar.WaitConstruct).KeyOf(grammar.BindingsValue).Name
	sourceKey    = grammar.ConstructOf(grammar.UseConstruct).KeyOf(grammar.PathValue).Name
	versionKey   = grammar.ConstructOf(grammar.ProviderConstruct).Key("version").Name
	movedToKey   = grammar.ConstructOf(grammar.MovedConstruct).Key("to").Name
)

// walker finds the sites of one file, statement by statement.
type walker struct {
	s        *Sites
	st       stmt            // the statement being walked
	declared map[string]bool // every name the file declares (lets, arguments, parameters, loop variables)
	bindings []string        // the top-level bindings (lets and arguments), in file order
}

func (w *walker) add(k Kind, s site) { w.s.sites[k-numKinds] = append(w.s.sites[k-numKinds], s) }

// stmt is one statement of a file: what a site needs to turn the statement's relative spans
// into edits of the file.
type stmt struct {
	src string
	off int32 // the offset of the statement's first byte
}

// abs returns a span of the statement as offsets in the file.
func (st stmt) abs(sp grammar.Span) (int, int) {
	a := sp.Shift(st.off)
	return int(a.Start), int(a.End)
}

// replace is the edit writing text over the node.
func (st stmt) replace(n grammar.Node, text string) edit {
	start, end := st.abs(n.Pos())
	return edit{start, end, text}
}

// insert is the edit writing text at offset at of the statement.
func (st stmt) insert(at int32, text string) edit {
	p := int(at + st.off)
	return edit{p, p, text}
}

// text returns the source of a node.
func (st stmt) text(n grammar.Node) string {
	start, end := st.abs(n.Pos())
	return st.src[start:end]
}

// declare records the names a top-level statement declares, in it or in its nested scopes.
func (w *walker) declare(n grammar.Node) {
	switch n := n.(type) {
	case *grammar.LetStmt:
		if n.Name.Text != "_" {
			w.bindings = append(w.bindings, n.Name.Text)
		}
	case *grammar.ArgumentsStmt:
		for _, p := range n.Params {
			w.bindings = append(w.bindings, p.Name.Text)
		}
	}
	grammar.Inspect(n, func(m grammar.Node) bool {
		switch m := m.(type) {
		case *grammar.LetStmt:
			w.declared[m.Name.Text] = true
		case *grammar.ParamDecl:
			w.declared[m.Name.Text] = true
		case *grammar.FnParam:
			w.declared[m.Name.Text] = true
		case *grammar.ForExpr:
			for _, b := range m.Bindings {
				w.declared[b.Text] = true
			}
		}
		return true
	})
}

// otherBinding returns a top-level binding other than name, drawn by rng ("" when there is none).
func (w *walker) otherBinding(name string, rng *rand.Rand) string {
	var others []string
	for _, b := range w.bindings {
		if b != name && !slices.Contains(others, b) {
			others = append(others, b)
		}
	}
	if len(others) == 0 {
		return ""
	}
	return others[rng.IntN(len(others))]
}

// hasOtherBinding reports whether a top-level binding other than name exists.
func (w *walker) hasOtherBinding(name string) bool {
	return slices.ContainsFunc(w.bindings, func(b string) bool { return b != name })
}

// where is what the walker knows of the place of a node beyond its parent.
type where struct {
	// quiet is set inside blocks whose values Carina's grammar fixes (a wait's keys, import,
	// removed, moved, use, upstream_state, an argument's detail block), where a retyped literal
	// is a syntax error rather than a semantic one.
	quiet bool
	// interp is set inside an interpolation, where Carina's grammar takes no space between
	// tokens.
	interp bool
}

// node finds the sites of n, whose parent is parent.
func (w *walker) node(n, parent grammar.Node, at where) {
	st := w.st
	switch n := n.(type) {
	case *grammar.CallExpr:
		w.call(n, at.interp)
	case *grammar.IfExpr:
		w.ifExpr(n)
	case *grammar.ForExpr:
		if iter := n.Iter; iter != nil {
			w.add(IterableRetyped, func(rng *rand.Rand) (edit, string) {
				lit := []string{"('abc')", "(3)", "(true)"}[rng.IntN(3)] // Carina's grammar takes a bare literal list only
				return st.replace(iter, lit), fmt.Sprintf("iterate over %s instead of %s at %d", lit, clip(st.text(iter)), iter.Pos().Start+st.off)
			})
		}
	case *grammar.PathExpr:
		if w.reference(n, parent) {
			return
		}
	case *grammar.LetStmt:
		w.let(n)
	case *grammar.FnStmt:
		w.fn(n)
	case *grammar.ParamDecl:
		w.paramDecl(n)
		at.quiet = true // its detail block takes only Carina's literal forms; DefaultRetyped covers the default
	case *grammar.OutputsStmt:
		w.outputs(n)
	case *grammar.Attribute:
		if n.Key.Text == dependsOnKey {
			if l, ok := n.Value.(*grammar.ListExpr); ok {
				w.dependsOn(l)
				return
			}
		}
	case *grammar.WaitExpr:
		w.waitTarget(n)
		at.quiet = true
	case *grammar.StateBlockStmt:
		if n.Construct == grammar.MovedConstruct {
			w.moved(n)
		}
		at.quiet = true
	case *grammar.KeywordBlockExpr:
		if n.Construct == grammar.UseConstruct || n.Construct == grammar.UpstreamConstruct {
			w.source(n)
		}
		at.quiet = true
	case *grammar.NestedBlock:
		if c := grammar.ConstructOf(n.Construct); c != nil && c.Closed {
			at.quiet = true
		}
	case *grammar.ModuleCallExpr:
		w.moduleCall(n)
	}
	if !at.quiet {
		if e, ok := n.(grammar.Expr); ok && valuePosition(e, parent) {
			if t, ok := literalType(e); ok {
				interp := at.interp
				w.add(LiteralRetyped, func(rng *rand.Rand) (edit, string) {
					lit := otherLiteral(t, rng)
					for interp && strings.Contains(lit, " ") {
						lit = otherLiteral(t, rng)
					}
					return st.replace(e, lit), fmt.Sprintf("replace %s with %s at %d", clip(st.text(e)), lit, e.Pos().Start+st.off)
				})
			}
		}
	}
	if _, ok := n.(*grammar.StringLit); ok {
		at.interp = true
	}
	grammar.EachChild(n, func(c grammar.Node) { w.node(c, n, at) })
}

// valuePosition reports whether e stands where a value of any type is written: an attribute's,
// a let's, a default's or an output's value, a list element, a call argument, a pipe's operand,
// the result of a body.
func valuePosition(e grammar.Expr, parent grammar.Node) bool {
	switch p := parent.(type) {
	case *grammar.Attribute:
		return p.Value == e
	case *grammar.LetStmt:
		return p.Value == e
	case *grammar.FnParam:
		return p.Default == e
	case *grammar.ParamDecl:
		return p.Default == e
	case *grammar.OutputDecl:
		return p.Value == e
	case *grammar.Body:
		return p.Result == e
	case *grammar.ListExpr, *grammar.CallExpr, *grammar.BinaryExpr:
		return true
	}
	return false
}

// clip shortens a node's text for a description.
func clip(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 || len(s) > 40 {
		if i < 0 || i > 40 {
			i = 40
		}
		return fmt.Sprintf("%q…", s[:i])
	}
	return fmt.Sprintf("%q", s)
}

// call finds the sites of a call: an argument more or fewer, an unknown function. In an
// interpolation (interp), what it writes holds no space.
func (w *walker) call(c *grammar.CallExpr, interp bool) {
	st := w.st
	name := c.Fn.Text
	w.add(ArgumentAdded, func(rng *rand.Rand) (edit, string) {
		lit := literals[rng.IntN(int(numLitTypes))]
		for interp && strings.Contains(lit, " ") {
			lit = literals[rng.IntN(int(numLitTypes))]
		}
		text := lit
		switch {
		case len(c.Args) > 0 && interp:
			text = "," + lit
		case len(c.Args) > 0:
			text = ", " + lit
		}
		return st.insert(c.RParen.Start, text), fmt.Sprintf("add argument %s to %s(…) at %d", lit, name, c.Span.Start+st.off)
	})
	if len(c.Args) > 0 {
		w.add(ArgumentDropped, func(rng *rand.Rand) (edit, string) {
			i := rng.IntN(len(c.Args))
			var sp grammar.Span
			switch {
			case i > 0:
				sp = grammar.Span{Start: c.Args[i-1].Pos().End, End: c.Args[i].Pos().End}
			case len(c.Args) > 1:
				sp = grammar.Span{Start: c.Args[0].Pos().Start, End: c.Args[1].Pos().Start}
			default:
				sp = c.Args[0].Pos()
			}
			start, end := st.abs(sp)
			return edit{start, end, ""}, fmt.Sprintf("drop argument %d of %s(…) at %d", i+1, name, c.Span.Start+st.off)
		})
	}
	w.add(FunctionRenamed, func(*rand.Rand) (edit, string) {
		return st.replace(c.Fn, name+gone), fmt.Sprintf("call %s%s instead of %s at %d", name, gone, name, c.Span.Start+st.off)
	})
}

// ifExpr finds the sites of an if: its alternative dropped, its condition retyped.
func (w *walker) ifExpr(x *grammar.IfExpr) {
	st := w.st
	if x.Else != nil && x.Then != nil {
		w.add(ElseDropped, func(*rand.Rand) (edit, string) {
			start, _ := st.abs(x.Then.Close)
			_, end := st.abs(x.Else.Close)
			return edit{start + 1, end, ""}, fmt.Sprintf("drop the alternative of the condition at %d", x.Span.Start+st.off)
		})
	}
	if x.Cond != nil {
		w.add(ConditionRetyped, func(rng *rand.Rand) (edit, string) {
			lit := []string{"'yes'", "1", "['x']"}[rng.IntN(3)]
			return st.replace(x.Cond, lit), fmt.Sprintf("condition %s instead of %s at %d", lit, clip(st.text(x.Cond)), x.Cond.Pos().Start+st.off)
		})
	}
}

// reference finds the sites of a name that refers to a declaration of the file, and reports
// whether it did (its parts need no further walk).
func (w *walker) reference(p *grammar.PathExpr, parent grammar.Node) bool {
	st := w.st
	switch parent.(type) {
	case *grammar.ResourceExpr, *grammar.AddressExpr:
		return false // a resource type
	}
	head := p.Parts[0]
	if !w.declared[head.Text] {
		return false
	}
	at := head.Span.Start + st.off
	w.add(ReferenceUndefined, func(*rand.Rand) (edit, string) {
		return st.replace(&head, head.Text+gone), fmt.Sprintf("rename the reference %s to %s%s at %d", head.Text, head.Text, gone, at)
	})
	if w.hasOtherBinding(head.Text) {
		w.add(ReferenceRebound, func(rng *rand.Rand) (edit, string) {
			other := w.otherBinding(head.Text, rng)
			return st.replace(&head, other), fmt.Sprintf("rename the reference %s to the binding %s at %d", head.Text, other, at)
		})
	}
	w.add(FieldAppended, func(*rand.Rand) (edit, string) {
		return st.insert(p.Span.End, ".mutant_field"), fmt.Sprintf("append .mutant_field to %s at %d", p, p.Span.Start+st.off)
	})
	return true
}

// let finds the site of a let written twice.
func (w *walker) let(l *grammar.LetStmt) {
	st := w.st
	if l.Name.Text == "_" || l.Value == nil {
		return
	}
	w.add(LetDuplicated, func(*rand.Rand) (edit, string) {
		return st.insert(l.Span.End, "\n"+st.text(l)), fmt.Sprintf("declare %s again at %d", l.Name.Text, l.Span.Start+st.off)
	})
}

// fn finds the sites of a function's parameters: a default before a required parameter, a
// default of another type, a type replaced; and of its return type.
func (w *walker) fn(f *grammar.FnStmt) {
	st := w.st
	for i, p := range f.Params {
		requiredAfter := slices.ContainsFunc(f.Params[i+1:], func(q *grammar.FnParam) bool { return q.Default == nil })
		end := p.Name.Span.End
		if p.Type != nil {
			end = p.Type.Span.End
		}
		t := annotationType(p.Type)
		if p.Default == nil && requiredAfter {
			w.add(DefaultBeforeRequired, func(*rand.Rand) (edit, string) {
				lit := literals[litString]
				if t != litUnknown {
					lit = literals[t]
				}
				return st.insert(end, " = "+lit), fmt.Sprintf("give %s of %s the default %s at %d", p.Name.Text, f.Name.Text, lit, p.Span.Start+st.off)
			})
		}
		if p.Type != nil && (p.Default != nil || !requiredAfter) {
			w.add(DefaultRetyped, func(rng *rand.Rand) (edit, string) {
				lit := otherLiteral(t, rng)
				if p.Default != nil {
					return st.replace(p.Default, lit), fmt.Sprintf("default %s for %s: %s at %d", lit, p.Name.Text, st.text(p.Type), p.Span.Start+st.off)
				}
				return st.insert(end, " = "+lit), fmt.Sprintf("default %s for %s: %s at %d", lit, p.Name.Text, st.text(p.Type), p.Span.Start+st.off)
			})
		}
		w.typeSite(p.Type)
	}
	w.typeSite(f.Return)
}

// paramDecl finds the sites of a module argument: a default of another type, a type replaced.
func (w *walker) paramDecl(p *grammar.ParamDecl) {
	st := w.st
	if p.Type == nil {
		return
	}
	w.typeSite(p.Type)
	t := annotationType(p.Type)
	switch {
	case p.Default != nil:
		w.add(DefaultRetyped, func(rng *rand.Rand) (edit, string) {
			lit := otherLiteral(t, rng)
			return st.replace(p.Default, lit), fmt.Sprintf("default %s for argument %s: %s at %d", lit, p.Name.Text, st.text(p.Type), p.Span.Start+st.off)
		})
	case p.Body == nil:
		w.add(DefaultRetyped, func(rng *rand.Rand) (edit, string) {
			lit := otherLiteral(t, rng)
			return st.insert(p.Type.Span.End, " = "+lit), fmt.Sprintf("default %s for argument %s: %s at %d", lit, p.Name.Text, st.text(p.Type), p.Span.Start+st.off)
		})
	}
}

// typeSite finds the site of a type annotation replaced by another.
func (w *walker) typeSite(t *grammar.TypeExpr) {
	st := w.st
	if t == nil {
		return
	}
	w.add(TypeReplaced, func(rng *rand.Rand) (edit, string) {
		old := st.text(t)
		for {
			if u := types[rng.IntN(len(types))]; u != old {
				return st.replace(t, u), fmt.Sprintf("type %s instead of %s at %d", u, old, t.Span.Start+st.off)
			}
		}
	})
}

// outputs finds the sites of an exports or attributes block: a value of another type than its
// annotation (or of any type), a type replaced.
func (w *walker) outputs(o *grammar.OutputsStmt) {
	st := w.st
	block := grammar.NodeConstruct(o).Keyword()
	for _, d := range o.Items {
		if d.Value == nil {
			continue
		}
		w.add(OutputRetyped, func(rng *rand.Rand) (edit, string) {
			lit := otherLiteral(annotationType(d.Type), rng)
			return st.replace(d.Value, lit), fmt.Sprintf("%s %s = %s at %d", block, d.Name.Text, lit, d.Span.Start+st.off)
		})
		w.typeSite(d.Type)
	}
}

// dependsOn finds the sites of a depends_on list's entries.
func (w *walker) dependsOn(l *grammar.ListExpr) {
	st := w.st
	for _, e := range l.Elems {
		p, ok := e.(*grammar.PathExpr)
		if !ok {
			continue
		}
		w.add(DependsOnRenamed, func(rng *rand.Rand) (edit, string) {
			name := p.String() + gone
			if other := w.otherBinding(p.String(), rng); other != "" && rng.IntN(2) == 0 {
				name = other
			}
			return st.replace(p, name), fmt.Sprintf("depend on %s instead of %s at %d", name, p, p.Span.Start+st.off)
		})
	}
}

// waitTarget finds the site of a wait's target.
func (w *walker) waitTarget(x *grammar.WaitExpr) {
	st := w.st
	if x.Target == nil {
		return
	}
	t := x.Target
	w.add(WaitTargetRenamed, func(rng *rand.Rand) (edit, string) {
		name := t.Text + gone
		if other := w.otherBinding(t.Text, rng); other != "" && rng.IntN(2) == 0 {
			name = other
		}
		return st.replace(t, name), fmt.Sprintf("wait for %s instead of %s at %d", name, t.Text, t.Span.Start+st.off)
	})
}

// moved finds the site of a moved block's destination type.
func (w *walker) moved(s *grammar.StateBlockStmt) {
	st := w.st
	a := s.Body.Attr(movedToKey)
	if a == nil {
		return
	}
	addr, ok := a.Value.(*grammar.AddressExpr)
	if !ok || addr.Type == nil {
		return
	}
	w.add(MovedTypeChanged, func(rng *rand.Rand) (edit, string) {
		old := addr.Type.String()
		for {
			if u := resourceTypes[rng.IntN(len(resourceTypes))]; u != old {
				return st.replace(addr.Type, u), fmt.Sprintf("move to %s instead of %s at %d", u, old, addr.Span.Start+st.off)
			}
		}
	})
}

// providerVersion finds the site of a provider block's version constraint (written over the
// one there, or added).
func (w *walker) providerVersion(p *grammar.ProviderStmt) {
	st := w.st
	if p.Body == nil || p.Kind == nil {
		return
	}
	w.add(ProviderVersionInvalid, func(rng *rand.Rand) (edit, string) {
		v := versions[rng.IntN(len(versions))]
		if a := p.Body.Attr(versionKey); a != nil && a.Value != nil {
			return st.replace(a.Value, v), fmt.Sprintf("%s %s at %d", versionKey, v, a.Span.Start+st.off)
		}
		return st.insert(p.Body.Open.End, "\n  "+versionKey+" = "+v), fmt.Sprintf("add %s %s to provider %s at %d", versionKey, v, p.Kind.Text, p.Span.Start+st.off)
	})
}

// source finds the site of a use's or upstream_state's source.
func (w *walker) source(k *grammar.KeywordBlockExpr) {
	st := w.st
	a := k.Body.Attr(sourceKey)
	if a == nil {
		return
	}
	if _, ok := a.Value.(*grammar.StringLit); !ok {
		return
	}
	w.add(SourceMissing, func(rng *rand.Rand) (edit, string) {
		s := missingSources[rng.IntN(len(missingSources))]
		return st.replace(a.Value, s), fmt.Sprintf("%s %s instead of %s at %d", sourceKey, s, st.text(a.Value), a.Span.Start+st.off)
	})
}

// moduleCall finds the sites of a module call's arguments: one dropped, one renamed.
func (w *walker) moduleCall(m *grammar.ModuleCallExpr) {
	st := w.st
	if m.Body == nil {
		return
	}
	for _, it := range m.Body.Items {
		a, ok := it.(*grammar.Attribute)
		if !ok {
			continue
		}
		w.add(ModuleArgumentDropped, func(*rand.Rand) (edit, string) {
			return st.dropItem(a), fmt.Sprintf("drop argument %s of %s at %d", a.Key.Text, m.Name.Text, a.Span.Start+st.off)
		})
		if !a.Quoted {
			w.add(ModuleArgumentRenamed, func(*rand.Rand) (edit, string) {
				return st.replace(a.Key, a.Key.Text+gone), fmt.Sprintf("rename argument %s of %s to %s%s at %d", a.Key.Text, m.Name.Text, a.Key.Text, gone, a.Span.Start+st.off)
			})
		}
	}
}

// dropItem is the edit deleting a block item: its whole line when it stands alone on it, else
// the item and the comma after it.
func (st stmt) dropItem(a *grammar.Attribute) edit {
	start, end := st.abs(a.Span)
	src := st.src
	lineStart := strings.LastIndexByte(src[:start], '\n') + 1
	lineEnd := len(src)
	if i := strings.IndexByte(src[end:], '\n'); i >= 0 {
		lineEnd = end + i + 1
	}
	if strings.TrimSpace(src[lineStart:start]) == "" && strings.Trim(src[end:lineEnd], " \t\r\n,") == "" {
		return edit{lineStart, lineEnd, ""}
	}
	rest := strings.TrimLeft(src[end:], " \t")
	if strings.HasPrefix(rest, ",") {
		end = len(src) - len(rest) + 1
	}
	return edit{start, end, ""}
}
