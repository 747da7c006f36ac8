package exercise

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"runtime/debug"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// optionalFields are the fields of the syntax tree that the parser leaves nil or empty when the
// text does not hold them (a missing name, value, until, condition, type, body ...). Every
// consumer of the tree must cope with each of them missing, in any statement.
func optionalFields() map[string][]string {
	return map[string][]string{
		"LetStmt":       {"Name", "Value"},
		"ArgumentsStmt": {"Params"},
		"ParamDecl":     {"Type", "Default", "Body"},
		"OutputsStmt":   {"Items"},
		"OutputDecl":    {"Type", "Value"},
		"RequireStmt":   {"Cond", "Message"},
		"FnStmt":        {"Name", "Params", "Return", "Lets", "Result"},
		"FnParam":       {"Type", "Default"},
		"Block":         {"Items"},
		"Attribute":     {"Value"},
		"WaitExpr":      {"Target", "Until", "DependsOn", "Timeout"},
		"ForExpr":       {"Bindings", "Iter", "Body"},
		"IfExpr":        {"Cond", "Then", "Else"},
		"Body":          {"Lets", "Result"},
		"CallExpr":      {"Args"},
		"ListExpr":      {"Elems"},
		"StringLit":     {"Parts"},
		"IndexExpr":     {"Index"},
		"TypeAtom":      {"Elem", "Fields"},
	}
}

// site is one place of a statement's tree to damage: a field to empty, or an expression or block
// item to replace by a Bad node of the same span.
type site struct {
	stmt  int
	path  string // for messages: LetStmt.Value.WaitExpr.Until
	apply func(v reflect.Value)
}

// TestOptionalNodes checks every consumer of the syntax tree against trees with one optional node
// missing: for each statement of a sample of the corpus and of the seeds, each optional field
// (optionalFields) is emptied in turn, and each expression and block item in turn is replaced by a
// BadExpr or BadItem; the configuration is built from the damaged tree and the whole analysis
// runs, with the cursor features asked at every token boundary of the damaged statement. The
// parser produces many of these trees while text is typed; the others guard the consumers
// against a parser change.
func TestOptionalNodes(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	var inputs []string
	inputs = append(inputs, seeds()...)
	every := suite.Scale(40, 9)
	if os.Getenv("CARINA_OPTIONAL") == "all" {
		every = 1
	}
	for i, p := range corpus.Files(t) {
		if i%every != 0 {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(data))
	}
	base := grammar.NewParser()
	damaged := 0
	for _, input := range inputs {
		src := Files(input)[fileNames()[0]]
		n := len(sites(base.Fork().Parse(src)))
		for k := 0; k < n; k++ {
			file := base.Fork().Parse(src) // a fresh tree: the damage must not reach a shared parse
			s := sites(file)[k]
			st := file.Stmts[s.stmt]
			s.apply(reflect.ValueOf(st.Parsed).Elem().FieldByName("Node"))
			wf := &workspace.File{Path: testutil.Abs("cfg/main.crn"), AST: file, Lines: source.NewLines(src)}
			cfg := workspace.Build(testutil.Abs(Dir), []*workspace.File{wf})
			opts := Options{Schemas: idx, OnPanic: failOnPanic(t), Offsets: func(f *workspace.File) []int {
				var out []int
				for _, tok := range f.AST.Tokens {
					if tok.Start >= st.Offset && tok.Start <= st.End {
						out = append(out, int(tok.Start))
					}
				}
				return append(out, int(st.End))
			}}
			if _, err := analyseCatching(cfg, opts); err != nil {
				t.Fatalf("%s missing in statement %d of\n%s\n%v", s.path, s.stmt, src[st.Offset:st.End], err)
			}
			damaged++
		}
	}
	t.Logf("%d damaged trees analysed", damaged)
}

// analyseCatching is Analyse with a panic returned as an error.
func analyseCatching(cfg *workspace.Config, opts Options) (res Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v\n%s", v, trimStack(string(debug.Stack())))
		}
	}()
	return Analyse(context.Background(), cfg, opts)
}

// sites lists the places of a file's trees to damage, in a stable order.
func sites(f *grammar.File) []site {
	var out []site
	for i, st := range f.Stmts {
		collect(reflect.ValueOf(st.Parsed).Elem().FieldByName("Node"), i, "", nil, &out)
	}
	return out
}

// collect walks the value at v (reached from the statement's root through the steps in route) and
// records its sites. Each site's apply re-walks the same route on a fresh tree.
func collect(v reflect.Value, stmt int, path string, route []int, out *[]site) {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		inner := v.Elem()
		if isExpr(v.Type()) && !isBad(inner) {
			r := append([]int(nil), route...)
			span := inner.Interface().(grammar.Node).Pos()
			bad := reflect.ValueOf(grammar.Expr(&grammar.BadExpr{Span: span}))
			if v.Type() == reflect.TypeOf((*grammar.Item)(nil)).Elem() {
				bad = reflect.ValueOf(grammar.Item(&grammar.BadItem{Span: span}))
			}
			*out = append(*out, site{stmt, path + " → Bad", func(root reflect.Value) { follow(root, r).Set(bad) }})
		}
		collect(inner, stmt, path, append(route, -1), out)
		return
	}
	var s reflect.Value
	step := -2
	switch {
	case v.Kind() == reflect.Struct:
		s, step = v, -4
	case v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct:
		s = v.Elem()
	default:
		return
	}
	name := s.Type().Name()
	optional := map[string]bool{}
	for _, f := range optionalFields()[name] {
		optional[f] = true
	}
	for i := 0; i < s.NumField(); i++ {
		fv, ft := s.Field(i), s.Type().Field(i)
		if !ft.IsExported() {
			continue
		}
		fpath := path + "." + name + "." + ft.Name
		fr := append(append([]int(nil), route...), step, i)
		if optional[ft.Name] && !fv.IsZero() {
			r := fr
			*out = append(*out, site{stmt, fpath + " missing", func(root reflect.Value) {
				f := follow(root, r)
				f.Set(reflect.Zero(f.Type()))
			}})
		}
		switch fv.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Struct:
			collect(fv, stmt, fpath, fr, out)
		case reflect.Slice:
			for j := 0; j < fv.Len(); j++ {
				collect(fv.Index(j), stmt, fmt.Sprintf("%s[%d]", fpath, j), append(append([]int(nil), fr...), -3, j), out)
			}
		}
	}
}

// follow walks a route from root: -1 enters an interface, (-2, i) takes a struct field through a
// pointer, (-3, j) a slice element, (-4, i) a field of a struct value.
func follow(v reflect.Value, route []int) reflect.Value {
	for k := 0; k < len(route); k++ {
		switch route[k] {
		case -1:
			v = v.Elem()
		case -2:
			k++
			v = v.Elem().Field(route[k])
		case -3:
			k++
			v = v.Index(route[k])
		case -4:
			k++
			v = v.Field(route[k])
		}
	}
	return v
}

// isExpr reports whether an interface type is the tree's Expr or Item.
func isExpr(t reflect.Type) bool {
	return t == reflect.TypeOf((*grammar.Expr)(nil)).Elem() || t == reflect.TypeOf((*grammar.Item)(nil)).Elem()
}

func isBad(v reflect.Value) bool {
	switch v.Interface().(type) {
	case *grammar.BadExpr, *grammar.BadItem:
		return true
	}
	return false
}
