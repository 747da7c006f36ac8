package types

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/lazy"
	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/schema"
)

// EnumMisfits checks a value where a member of en goes: a quoted string (an open enum's value,
// or a closed enum's written as a string), an identifier naming a member (in an older form, a
// region or zone no schema lists), or something else. Values known only at plan time fit.
func (s SchemaSite) EnumMisfits(en *schema.Enum, x grammar.Expr) []Misfit {
	out := s.enumMisfits(en, x)
	for i := range out {
		out[i].Expr = x
	}
	return out
}

func (s SchemaSite) enumMisfits(en *schema.Enum, x grammar.Expr) []Misfit {
	if en == nil {
		return nil
	}
	one := func(m Misfit) []Misfit {
		m.Enum = en
		return []Misfit{m}
	}
	if str, ok := x.(*grammar.StringLit); ok && !str.Interpolated() {
		v, match := en.MatchString(str.Value)
		switch {
		case !match:
			return one(Misfit{Kind: NotMember, Written: str.Value})
		case en.Open:
			return s.placeMisfits(en, str.Value, v.DSL, str.Value)
		case v.Nameable(): // a member no name spells ('aws:kms') is written as its string
			return one(Misfit{Kind: QuotedMember, Written: str.Value, Value: v})
		}
		return nil
	}
	id, ok := s.Ident(x)
	if !ok {
		if k := LiteralKind(x); k != Unknown {
			return one(Misfit{Kind: WrongKind, Found: k})
		}
		return nil
	}
	m, ok := en.Resolve(id)
	if !ok {
		v, sug, only := enumSuggestion(en, id)
		return one(Misfit{Kind: NotMember, Written: id, Value: v, Suggestion: sug, Only: only})
	}
	if out := s.placeMisfits(en, m.Value.DSL, m.Value.DSL, lastSegment(id)); out != nil {
		return out
	}
	if m.Value.Qualified != "" && (m.Form == schema.FormOtherProvider || m.Form == schema.FormTypeCase) {
		return one(Misfit{Kind: OldEnumForm, Written: id, Match: m})
	}
	return nil
}

// CompareMisfits checks x, the value a wait's until compares an attribute of type t with: an
// enum's member (EnumMisfits, regions unchecked: the wait's target has its own), else a literal
// of a kind t holds (WrongKind, with no Enum).
func (s SchemaSite) CompareMisfits(t *schema.Type, x grammar.Expr) []Misfit {
	t = s.Resource.Resolve(t)
	if t == nil {
		return nil
	}
	if t.Kind == schema.KindEnum && t.Enum != nil {
		s.Regions = nil
		return s.EnumMisfits(t.Enum, x)
	}
	if k := LiteralKind(x); k != Unknown && !s.Fits(t, x) {
		return []Misfit{{Kind: WrongKind, Expr: x, Type: t, Found: k}}
	}
	return nil
}

// EnumAccepts reports whether a value of type t of resource r may be the enum value written
// (quoted: as a string literal), through refs and the members of a union, as EnumMisfits reads
// it: another schema version's answer for a value this one rejects.
func EnumAccepts(r *schema.Resource, t *schema.Type, written string, quoted bool) bool {
	return enumAccepts(r, t, written, quoted, map[*schema.Type]bool{})
}

func enumAccepts(r *schema.Resource, t *schema.Type, written string, quoted bool, seen map[*schema.Type]bool) bool {
	t = r.Resolve(t)
	if t == nil || seen[t] {
		return false
	}
	switch t.Kind {
	case schema.KindEnum:
		if quoted {
			_, ok := t.Enum.MatchString(written)
			return ok
		}
		_, ok := t.Enum.Resolve(written)
		return ok
	case schema.KindUnion:
		seen[t] = true
		for _, m := range t.Members {
			if enumAccepts(r, m, written, quoted, seen) {
				return true
			}
		}
	}
	return false
}

// placeMisfits checks a member of a region or zone enum against the regions the schemas list:
// region is the member as a region, zone as a zone, written the zone as the text spells it.
func (s SchemaSite) placeMisfits(en *schema.Enum, region, zone, written string) []Misfit {
	if s.Regions == nil {
		return nil
	}
	switch {
	case RegionEnum(en):
		if ok, closest := RegionMember(s.Regions(), region); !ok {
			return []Misfit{{Kind: NotRegion, Enum: en, Written: region, Closest: closest}}
		}
	case ZoneEnum(en):
		if ok, example := ZoneMember(s.Regions(), zone, written); !ok {
			return []Misfit{{Kind: NotZone, Enum: en, Written: written, Example: example}}
		}
	}
	return nil
}

// enumSuggestion proposes the value of en that id, an identifier that is no value of it, most
// likely means: the value its last segment names (the prefix is what is wrong), else the member
// closest to that segment. only says it is the one candidate (a safe fix), not the best of
// several.
func enumSuggestion(en *schema.Enum, id string) (v schema.EnumValue, ok, only bool) {
	last := lastSegment(id)
	if v, ok := en.Match(last); ok {
		return v, true, true // the value, written in another way
	}
	members := EnumMembers(en)
	if sug := spell.Closest(last, members, nil); sug != "" {
		v, ok := en.Match(sug)
		// The only close value is a safe fix, unless it is the opposite of what was written.
		return v, ok, len(closeTo(last, members)) == 1 && !opposite(last, sug)
	}
	return schema.EnumValue{}, false, false
}

// EnumMembers lists the DSL member spellings of an enum, for suggestions.
func EnumMembers(en *schema.Enum) []string {
	out := make([]string, len(en.Values))
	for i, v := range en.Values {
		out[i] = v.DSL
	}
	return out
}

func lastSegment(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// polarity are the prefixes that turn a word into its opposite: active, inactive; enabled,
// disabled. A suggestion that only changes one for another is close in spelling and opposite in
// meaning, so it is never applied as a safe fix.
// Split on first use, not when the package loads (one field is the keyword "in", which only the
// grammar may spell as a literal).
func polarity() []string {
	return polarityMemo.Get(func() []string {
		return append([]string{""}, strings.Fields("in un non not dis en de im ir il")...)
	})
}

var polarityMemo lazy.Value[[]string]

// opposite reports whether a and b are one stem with two different prefixes of polarity (case,
// underscores and hyphens aside).
func opposite(a, b string) bool {
	norm := func(s string) string { return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s)) }
	a, b = norm(a), norm(b)
	prefixes := polarity()
	for _, p := range prefixes {
		for _, q := range prefixes {
			if p != q && strings.HasPrefix(a, p) && strings.HasPrefix(b, q) && len(a) > len(p) && a[len(p):] == b[len(q):] {
				return true
			}
		}
	}
	return false
}

// closeTo returns the candidates close enough to name to be suggested (as spell.Closest measures).
func closeTo(name string, candidates []string) []string {
	limit := spell.Limit(name)
	lname := strings.ToLower(name)
	var out []string
	for _, c := range candidates {
		if c != name && spell.Distance(lname, strings.ToLower(c)) <= limit {
			out = append(out, c)
		}
	}
	return out
}
