package style

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOneDecision: what a value is and whether it fits is decided once, in the package that owns
// it; the others ask. Types are printed once too, by types.Type.String (and SchemaString, the
// spelling of Carina's messages about schemas). The edit distance (a dynamic programme: min of three neighbours, one of
// them plus one) is internal/spell's, the strongly connected components (a lowlink taken as a
// minimum) internal/scc's, and the fit of a value against a schema type (a function answering
// a bool or a types.Fit that tests schema kinds) types' (schemafit.go).
func TestOneDecision(t *testing.T) {
	type rule struct {
		what string
		in   func(pkg string, n ast.Node) bool
		want []string
	}
	// The syntax of literals and what they are (types.LiteralKind), as a second fit check would
	// name them.
	literalTypes := []string{"StringLit", "IntLit", "FloatLit", "BoolLit", "DurationLit", "ListExpr", "MapExpr"}
	literalKinds := []string{"String", "Int", "Float", "Bool", "Duration", "List", "Map"}
	rules := []rule{
		{"the edit distance", func(_ string, n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			return ok && isIdent(call.Fun, "min") && len(call.Args) >= 3 && slices.ContainsFunc(call.Args, plusOne)
		}, []string{"internal/spell/spell.go"}},
		{"the strongly connected components", func(_ string, n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !isIdent(call.Fun, "min") || len(call.Args) == 0 {
				return false
			}
			ix, ok := call.Args[0].(*ast.IndexExpr)
			return ok && (isIdent(ix.X, "low") || isIdent(ix.X, "lowlink"))
		}, []string{"internal/scc/scc.go"}},
		{"the fit of a value against a schema type", func(pkg string, n ast.Node) bool {
			fn, ok := n.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Type.Results == nil || len(fn.Type.Results.List) != 1 {
				return false
			}
			res := fn.Type.Results.List[0].Type
			if !isIdent(res, "bool") && !isIdent(res, "Fit") && !isSelector(res, "types", "Fit") {
				return false
			}
			var schemaKind, literalKind bool
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					schemaKind = schemaKind || isIdent(n.X, "schema") && strings.HasPrefix(n.Sel.Name, "Kind")
					literalKind = literalKind || isIdent(n.X, "grammar") && slices.Contains(literalTypes, n.Sel.Name) ||
						isIdent(n.X, "types") && slices.Contains(literalKinds, n.Sel.Name)
				case *ast.Ident: // types' own kinds (cfn's Map and List are CloudFormation's values)
					literalKind = literalKind || pkg == "types" && slices.Contains(literalKinds, n.Name)
				case *ast.BasicLit:
					v, err := strconv.Unquote(n.Value)
					literalKind = literalKind || n.Kind == token.STRING && err == nil && slices.Contains(literalKinds, v)
				}
				return true
			})
			return schemaKind && literalKind
		}, []string{"types/schemafit.go"}},
		{"the printer of types", func(pkg string, n ast.Node) bool {
			// A String method of a type called Type (schema had one, printing `List<String>`),
			// or the schema's spelling of Carina's containers written out. CloudFormation's own
			// type names (cfn) are read, not written, and are another language's.
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Recv == nil || len(n.Recv.List) != 1 || n.Name.Name != "String" {
					return false
				}
				recv := n.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				return isIdent(recv, "Type")
			case *ast.BasicLit:
				v, err := strconv.Unquote(n.Value)
				return n.Kind == token.STRING && err == nil && pkg != "cfn" && (strings.HasPrefix(v, "List<") || strings.HasPrefix(v, "Map<"))
			}
			return false
		}, []string{"types/type.go"}},
	}
	found := map[string][]string{}
	for _, s := range sources(t) {
		ast.Inspect(s.file, func(n ast.Node) bool {
			for _, r := range rules {
				if n != nil && r.in(s.pkg, n) && !slices.Contains(found[r.what], s.rel) {
					found[r.what] = append(found[r.what], s.rel)
				}
			}
			return true
		})
	}
	for _, r := range rules {
		if diff := cmp.Diff(r.want, found[r.what]); diff != "" {
			t.Errorf("%s is written in (-want +got):\n%s", r.what, diff)
		}
	}
}

// TestDiagnosticsDecidesNoFit: how a value fits its schema type is types' (misfit.go,
// enumfit.go, formatfit.go, regionfit.go); diagnostics turns what they answer into messages and
// fixes. So no function of diagnostics tests a schema kind and a literal's kind or syntax
// together, matches a value against an enum's members, compares a number with its bounds or
// parses or names a string's format.
func TestDiagnosticsDecidesNoFit(t *testing.T) {
	literalTypes := []string{"StringLit", "IntLit", "FloatLit", "BoolLit", "DurationLit", "ListExpr", "MapExpr"}
	literalKinds := []string{"String", "Int", "Float", "Bool", "Duration", "List", "Map", "LiteralKind"}
	formats := []string{"cidr", "ipv4", "ipv6", "ipv4cidr", "ipv6cidr", "ipv4address", "ipv6address"}
	rules := []struct {
		what string
		in   func(n ast.Node) bool
	}{
		{"a schema kind tested with a literal's", func(n ast.Node) bool {
			fn, ok := n.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				return false
			}
			var schemaKind, literalKind bool
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					schemaKind = schemaKind || isIdent(sel.X, "schema") && strings.HasPrefix(sel.Sel.Name, "Kind")
					literalKind = literalKind || isIdent(sel.X, "grammar") && slices.Contains(literalTypes, sel.Sel.Name) ||
						isIdent(sel.X, "types") && slices.Contains(literalKinds, sel.Sel.Name)
				}
				return true
			})
			return schemaKind && literalKind
		}},
		{"a value matched against an enum's members", func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return false
			}
			enum := isIdent(sel.X, "en") || isIdent(sel.X, "enum")
			if x, ok := sel.X.(*ast.SelectorExpr); ok && x.Sel.Name == "Enum" {
				enum = true
			}
			switch sel.Sel.Name {
			case "MatchString", "Nameable":
				return true
			case "Match", "Resolve":
				return enum
			}
			return false
		}},
		{"a number compared with its bounds", func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				return isSelector(n.Fun, "math", "Inf")
			case *ast.BinaryExpr:
				switch n.Op {
				case token.LSS, token.LEQ, token.GTR, token.GEQ:
					return bound(n.X) || bound(n.Y)
				}
			}
			return false
		}},
		{"a string's format parsed or named", func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				return ok && (isIdent(sel.X, "netip") || isIdent(sel.X, "strconv") && strings.HasPrefix(sel.Sel.Name, "Parse"))
			case *ast.BasicLit:
				v, err := strconv.Unquote(n.Value)
				return n.Kind == token.STRING && err == nil && slices.Contains(formats, strings.ToLower(v))
			}
			return false
		}},
	}
	var got []string
	for _, s := range sources(t) {
		if s.pkg != "diagnostics" {
			continue
		}
		ast.Inspect(s.file, func(n ast.Node) bool {
			for _, r := range rules {
				if n != nil && r.in(n) {
					got = append(got, fmt.Sprintf("%s:%d: %s", s.rel, s.fset.Position(n.Pos()).Line, r.what))
				}
			}
			return true
		})
	}
	if len(got) > 0 {
		t.Errorf("diagnostics decides how a value fits its schema type; ask types:\n%s", strings.Join(got, "\n"))
	}
}

// bound reports whether e is a bound's minimum or maximum: `*b.Min`, `*t.Range.Max`.
func bound(e ast.Expr) bool {
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Min" || sel.Sel.Name == "Max")
}

// plusOne reports whether e is `x[i]+1`, an edit's cost in a table.
func plusOne(e ast.Expr) bool {
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return false
	}
	_, indexed := b.X.(*ast.IndexExpr)
	one, ok := b.Y.(*ast.BasicLit)
	return indexed && ok && one.Value == "1"
}

func isSelector(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, pkg) && sel.Sel.Name == name
}
