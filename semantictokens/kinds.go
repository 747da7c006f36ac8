package semantictokens

import (
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// names appends the classification of one identifier's Site: its token type is a function of
// the Site's role (and, for names, of what they resolve to).
func names(out []Token, s *cursor.Site) []Token {
	add := func(sp grammar.Span, typ int, mods uint32) {
		if sp.End > sp.Start {
			out = append(out, Token{Span: sp, Type: typ, Mods: mods})
		}
	}
	switch s.Role {
	case cursor.Keyword, cursor.Literal:
		add(s.Span, TypeKeyword, 0)
	case cursor.Declaration:
		typ, mods := declType(s)
		add(s.Span, typ, mods|ModDeclaration)
	case cursor.Reference:
		switch {
		case s.Decl != nil:
			typ, mods := refType(s.Decl.Kind)
			add(s.Span, typ, mods)
		case s.Module != nil || isModuleCall(s):
			add(s.Span, TypeNamespace, 0)
		default:
			add(s.Span, TypeVariable, 0) // a name that resolves to nothing
		}
	case cursor.Member, cursor.Key, cursor.ArgumentKey, cursor.BlockName:
		add(s.Span, TypeProperty, 0)
	case cursor.Output, cursor.Field:
		add(s.Span, TypeProperty, ModDeclaration)
	case cursor.EnumValue:
		add(s.Span, TypeEnumMember, 0)
	case cursor.ResourceType, cursor.TypeName:
		// aws.acm.Certificate: the provider segment is a namespace, the rest one type.
		if i := strings.IndexByte(s.Text, '.'); i > 0 && int(s.Span.End-s.Span.Start) == len(s.Text) {
			add(grammar.Span{Start: s.Span.Start, End: s.Span.Start + int32(i)}, TypeNamespace, 0)
			add(grammar.Span{Start: s.Span.Start + int32(i) + 1, End: s.Span.End}, TypeType, 0)
		} else {
			add(s.Span, TypeType, 0)
		}
	case cursor.Function:
		var mods uint32
		if s.Builtin {
			mods = ModDefaultLibrary
		}
		add(s.Span, TypeFunction, mods)
	case cursor.ProviderName:
		add(s.Span, TypeNamespace, 0)
	case cursor.BackendType:
		add(s.Span, TypeType, 0)
	case cursor.Number:
		add(s.Span, TypeNumber, 0) // the unit word of `30 min`
	}
	return out
}

// isModuleCall reports whether a reference is the alias of a module call (`net { ... }`).
func isModuleCall(s *cursor.Site) bool {
	if n := len(s.Path); n >= 2 {
		_, ok := s.Path[n-2].(*grammar.ModuleCallExpr)
		return ok
	}
	return false
}

// declType is the classification of a declared name: from the declaration's kind, or, where the
// model has no declaration (a discarded name, no configuration), from the syntax declaring it.
func declType(s *cursor.Site) (int, uint32) {
	if s.Decl != nil {
		return refType(s.Decl.Kind)
	}
	if n := len(s.Path); n >= 2 {
		switch p := s.Path[n-2].(type) {
		case *grammar.LetStmt:
			if kb, ok := p.Value.(*grammar.KeywordBlockExpr); ok && kb.Construct == grammar.UseConstruct {
				return TypeNamespace, 0
			}
		case *grammar.FnStmt:
			return TypeFunction, 0
		case *grammar.FnParam, *grammar.ForExpr:
			return TypeParameter, 0
		}
	}
	return TypeVariable, ModReadonly
}

// refType is the classification of a name declared as kind k: a module alias is a namespace, a
// function a function, loop variables and parameters are parameters, every other binding a
// readonly variable (Carina bindings are immutable).
func refType(k workspace.DeclKind) (int, uint32) {
	switch k {
	case workspace.Module:
		return TypeNamespace, 0
	case workspace.Function:
		return TypeFunction, 0
	case workspace.LoopVar, workspace.Param:
		return TypeParameter, 0
	}
	return TypeVariable, ModReadonly
}
