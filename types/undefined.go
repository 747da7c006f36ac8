package types

import (
	"slices"
	"strconv"
	"unicode"

	"github.com/carina-rs/carina-lsp/grammar"
)

// An undefined name is found here only, in two ways that Statement merges, one report a name:
// where it is written (Undefined: a dotted reference, a call or a module call no scope resolves)
// and where evaluation meets it (scopeCheck's reference that names no binding, a call of a
// function that is declared elsewhere).

// UnresolvedKind says in what role an unresolved name is written.
type UnresolvedKind uint8

// The roles.
const (
	ValueRef  UnresolvedKind = iota // a value: vpcc.vpc_id
	CallRef                         // a call's function: uper(x)
	ModuleRef                       // a module call's alias: net { ... }
)

// Unresolved is a reference that no scope of the configuration resolves.
type Unresolved struct {
	Kind UnresolvedKind
	Name string
	Path []string     // a value's attributes read after the name, up to an index
	Span grammar.Span // the name's, absolute in its file
	Expr grammar.Expr // the whole reference expression (a call, a module call), relative to its statement
}

// Providers returns the names that start resource types and enum values rather than
// references: aws and awscc, the providers of the schemas, and those the configuration writes;
// sorted, made once.
func (in *Info) Providers() []string {
	in.providersOnce.Do(func() {
		out := []string{"aws", "awscc"}
		if in.schemas != nil {
			out = append(out, in.schemas.Providers()...)
		}
		if in.env != nil {
			out = append(out, in.env.Providers()...)
		}
		slices.Sort(out)
		in.providers = slices.Compact(out)
	})
	return in.providers
}

// IsProvider reports whether name starts resource types and enum values (Providers).
func (in *Info) IsProvider(name string) bool {
	_, ok := slices.BinarySearch(in.Providers(), name)
	return ok
}

// Undefined returns the names of a top-level statement of file that are declared nowhere, where
// they are written, with spans relative to the statement; Problem.Ref is the reference where a
// name of its kind could replace it (a did-you-mean). They are:
//
//   - a dotted value reference with a lower-case root that is no provider (`vpcc.vpc_id`), no
//     enum value written with its type (`corp.Tenancy.dedicated`) and not the left side of a
//     wait's until, which names the target's attribute (a bare name that resolves to nothing is
//     an enum value: `validation_method = dns`);
//   - a call of a name that is no function (a condition of a validation or a require calls only
//     len() and length(), Carina's own);
//   - a module call of an alias no `use` imports.
func (in *Info) Undefined(file string, st *grammar.Stmt) []Problem {
	if in.env == nil || st == nil {
		return nil
	}
	var out []Problem
	for _, r := range in.env.Unresolved(st) {
		p := Problem{Span: r.Span.Shift(-st.Offset), Subject: r.Name}
		switch r.Kind {
		case CallRef:
			p.Rule = RuleUnknownFunction
			switch {
			case inCondition(st, r.Expr):
				if r.Name == "len" || r.Name == "length" {
					continue
				}
				p.Msg = "unknown function " + strconv.Quote(r.Name) + " in a condition: Carina's validation and require conditions call only len() and length()"
			case grammar.IsBuiltinFunction(r.Name):
				continue
			default:
				p.Msg, p.Ref = "unknown function "+strconv.Quote(r.Name), &r
			}
		case ModuleRef:
			p.Rule = RuleUnknownModule
			if r.Name == "remote_state" {
				p.Msg = "`remote_state` has been replaced by `let <binding> = upstream_state { source = \"...\" }`"
				break
			}
			p.Msg = "unknown module " + strconv.Quote(r.Name) + ": import it first with let " + r.Name + " = use { source = '<dir>' }"
			p.Ref = &r
		default:
			if len(r.Path) == 0 || !startsLower(r.Name) || in.IsProvider(r.Name) || untilLHS(st, r.Expr) {
				continue
			}
			if pe, ok := r.Expr.(*grammar.PathExpr); ok && EnumShaped(pe.String()) {
				continue
			}
			written := ""
			if src, sp := in.env.Source(file), st.Abs(r.Expr.Pos()); 0 <= sp.Start && sp.End <= int32(len(src)) {
				written = src[sp.Start:sp.End]
			}
			p.Rule, p.Ref = RuleUndefined, &r
			p.Msg = "undefined binding " + strconv.Quote(r.Name) + " in " + written
		}
		out = append(out, p)
	}
	return out
}

// reportedWritten reports whether evaluation's problem p is one Undefined reports where the name
// is written: an undefined binding it found there, or a call of a name that is no function and
// no binding anywhere (every call of it is unresolved).
func (in *Info) reportedWritten(p Problem, written []Problem) bool {
	switch p.Rule {
	case RuleUndefined:
		return slices.ContainsFunc(written, func(w Problem) bool { return w.Rule == RuleUndefined && w.Subject == p.Subject })
	case RuleUnknownFunction:
		return in.env != nil && len(in.env.Functions(p.Subject)) == 0 && len(in.env.Bindings(p.Subject)) == 0
	}
	return false
}

// inCondition reports whether a call stands in a condition Carina evaluates with its own small
// language: an argument's validation condition, or a require.
func inCondition(st *grammar.Stmt, call grammar.Expr) bool {
	if call == nil {
		return false
	}
	sp := call.Pos()
	switch n := st.Node.(type) {
	case *grammar.RequireStmt:
		return n.Cond != nil && n.Cond.Pos().Start <= sp.Start && sp.End <= n.Cond.Pos().End
	case *grammar.ArgumentsStmt:
		for _, p := range n.Params {
			if p == nil || p.Body == nil {
				continue
			}
			for _, it := range p.Body.Items {
				nb, ok := it.(*grammar.NestedBlock)
				if !ok || nb.Construct != grammar.ValidationConstruct || nb.Body == nil {
					continue
				}
				if a := nb.Body.Attr("condition"); a != nil && a.Value != nil {
					if v := a.Value.Pos(); v.Start <= sp.Start && sp.End <= v.End {
						return true
					}
				}
			}
		}
	}
	return false
}

// untilLHS reports whether x is the left side of the until comparison of the wait statement st.
func untilLHS(st *grammar.Stmt, x grammar.Expr) bool {
	l, ok := st.Node.(*grammar.LetStmt)
	if !ok {
		return false
	}
	w, ok := l.Value.(*grammar.WaitExpr)
	if !ok || w.Until == nil {
		return false
	}
	cmp, ok := w.Until.Value.(*grammar.BinaryExpr)
	return ok && cmp.X == x
}

func startsLower(s string) bool {
	for _, r := range s {
		return unicode.IsLower(r)
	}
	return false
}
