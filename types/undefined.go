package types

import (
	"slices"
	"strconv"
	"unicode"

	"github.com/carina-rs/carina-lsp/grammar"
)

// An undefined binding is found here only, in two ways that Statement merges, one report a name:
// where it is written (Undefined: a dotted reference no scope resolves) and where evaluation
// makes a reference that names no binding (scopeCheck).

// Unresolved is a value reference that no scope of the configuration resolves.
type Unresolved struct {
	Name string
	Path []string     // the attributes read after the name, up to an index
	Span grammar.Span // the name's, absolute in its file
	Expr grammar.Expr // the whole reference expression, relative to its statement
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

// Undefined returns the references of a top-level statement of file that name no binding where
// they are written, with spans relative to the statement. A bare name that resolves to nothing
// is an enum value (`validation_method = dns`), so only a dotted reference is one, with a
// lower-case root that is no provider (`vpcc.vpc_id`), no enum value written with its type
// (`corp.Tenancy.dedicated`) and not the left side of a wait's until, which names the target's
// attribute.
func (in *Info) Undefined(file string, st *grammar.Stmt) []Problem {
	if in.env == nil || st == nil {
		return nil
	}
	var out []Problem
	for _, r := range in.env.Unresolved(st) {
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
		out = append(out, Problem{Span: r.Span.Shift(-st.Offset), Rule: RuleUndefined, Subject: r.Name, Path: r.Path,
			Msg: "undefined binding " + strconv.Quote(r.Name) + " in " + written})
	}
	return out
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
