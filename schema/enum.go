package schema

import "strings"

// Form is the written form an enum value was matched in.
type Form int

// The forms Carina accepts (schemas.md §3), and one it does not.
const (
	// FormBare is the member alone: issued.
	FormBare Form = iota
	// FormKind is Kind.member: Status.issued.
	FormKind
	// FormProvider is provider.Kind.member for an identity without segments,
	// with any provider prefix: aws.Region.us_east_1, awscc.Region.us_east_1.
	FormProvider
	// FormQualified is the identity followed by the member:
	// aws.acm.Certificate.Status.issued.
	FormQualified
	// FormOtherProvider is the qualified form with another provider's
	// prefix, as older awscc examples write it (awscc.ec2.Eip.Domain.vpc for
	// the identity aws.ec2.Eip.Domain). Current Carina rejects it ("expected
	// format aws.ec2.Eip.Domain.value"); Match accepts it so that the value
	// still resolves, and callers should report it with a quick fix to
	// Value.Qualified.
	FormOtherProvider
	// FormTypeCase is the qualified form with the resource type in another
	// case, as older lower-case heads spell it (aws.ec2.vpc.InstanceTenancy.default
	// for the identity aws.ec2.Vpc.InstanceTenancy). Accepted as the value it
	// names, like the head itself; callers report it with a fix to
	// Value.Qualified.
	FormTypeCase
)

func (f Form) String() string {
	switch f {
	case FormBare:
		return "bare"
	case FormKind:
		return "Kind.member"
	case FormProvider:
		return "provider.Kind.member"
	case FormQualified:
		return "qualified"
	case FormOtherProvider:
		return "other-provider"
	case FormTypeCase:
		return "type-case"
	}
	return "unknown"
}

// EnumMatch is the result of Resolve: the value, the form it was written in,
// and whether the member was spelled as the wire value rather than the alias.
type EnumMatch struct {
	Value EnumValue
	Form  Form
	// Wire is set when the member matched only as the wire value with its
	// dots (ipsec.1 for the alias ipsec_1, TLSv1.2_2021 for tlsv1_2_2021),
	// which the reference accepts for dotted wire values.
	Wire bool
}

// Match resolves an unquoted DSL value against the enum as Carina does: the
// fully qualified form, provider.Kind.member for identities without segments
// (any provider prefix, so awscc.Region.us_east_1 matches aws.Region),
// Kind.member, or the bare member. Members match the alias ASCII
// case-insensitively with '_' and '-' alike, so the wire value matches when it
// differs from the alias only by case and '_'/'-' (ISSUED, sni-only); a wire
// value that differs in more (BucketOwnerEnforced for bucket_owner_enforced)
// does not. Open enums accept any member their transform can produce. See
// Resolve for the form it matched in.
func (e *Enum) Match(text string) (EnumValue, bool) {
	m, ok := e.Resolve(text)
	return m.Value, ok
}

// Resolve is Match with the form the value was written in.
func (e *Enum) Resolve(text string) (EnumMatch, bool) {
	if e == nil || text == "" {
		return EnumMatch{}, false
	}
	member, form, ok := e.member(text)
	if !ok {
		return EnumMatch{}, false
	}
	v, wire, ok := e.value(member)
	return EnumMatch{Value: v, Form: form, Wire: wire}, ok
}

// member strips the written prefix off text.
func (e *Enum) member(text string) (string, Form, bool) {
	if rest, ok := strings.CutPrefix(text, e.Identity+"."); ok {
		return rest, FormQualified, true
	}
	// The identity in another case: only its type segments can differ (the
	// member is matched without regard to case anyway), and a dotted identity
	// is needed, so that Kind.member and bare members never land here.
	if n := len(e.Identity); strings.Contains(e.Identity, ".") && len(text) > n+1 && text[n] == '.' && strings.EqualFold(text[:n], e.Identity) {
		return text[n+1:], FormTypeCase, true
	}
	// Another provider's prefix on the rest of the identity.
	if _, idRest, ok := strings.Cut(e.Identity, "."); ok {
		if p, rest, ok := strings.Cut(text, "."); ok && isProviderSegment(p) {
			if member, ok := strings.CutPrefix(rest, idRest+"."); ok {
				if strings.Contains(idRest, ".") {
					return member, FormOtherProvider, true
				}
				return member, FormProvider, true
			}
			// The older prefix with the older lower-case type (awscc.ec2.vpc.InstanceTenancy):
			// one old form, fixed to the same current spelling.
			if n := len(idRest); strings.Contains(idRest, ".") && len(rest) > n+1 && rest[n] == '.' && strings.EqualFold(rest[:n], idRest) {
				return rest[n+1:], FormOtherProvider, true
			}
		}
	}
	if rest, ok := strings.CutPrefix(text, e.Name+"."); ok {
		return rest, FormKind, true
	}
	return text, FormBare, true
}

// value finds the member among the enum's values.
func (e *Enum) value(member string) (EnumValue, bool, bool) {
	for _, v := range e.Values {
		if equalFold(member, v.DSL) {
			return v, false, true
		}
	}
	for _, v := range e.Values {
		if strings.Contains(v.Wire, ".") && equalFold(member, v.Wire) && equalFold(strings.ReplaceAll(v.Wire, ".", "_"), v.DSL) {
			return v, true, true
		}
	}
	if e.Open {
		if v, ok := e.openValue(member); ok {
			return v, false, true
		}
	}
	return EnumValue{}, false, false
}

// MatchString resolves a quoted string. For a closed enum Carina rejects a
// string literal, but the string usually is a wire value ("ISSUED") or an
// alias: the value returned is the one to suggest (its Qualified form). For
// an open enum the string is accepted when it is a wire value the transform
// can spell ("us-east-1" for aws.Region).
func (e *Enum) MatchString(s string) (EnumValue, bool) {
	if e == nil || s == "" {
		return EnumValue{}, false
	}
	for _, v := range e.Values {
		if v.Wire == s {
			return v, true
		}
	}
	for _, v := range e.Values {
		if equalFold(s, v.Wire) || equalFold(s, v.DSL) {
			return v, true
		}
	}
	if e.Open && !(e.hyphenToUnderscore() && strings.Contains(s, "_")) {
		return e.openValue(s)
	}
	return EnumValue{}, false
}

func (e *Enum) hyphenToUnderscore() bool {
	return e.Transform != nil && e.Transform.Type == "HyphenToUnderscore"
}

// openValue builds the value of an open enum from a member or a wire value,
// following the enum's transform (HyphenToUnderscore: us_east_1 ↔ us-east-1).
func (e *Enum) openValue(s string) (EnumValue, bool) {
	if !isMemberText(s) {
		return EnumValue{}, false
	}
	v := EnumValue{Wire: s, DSL: s}
	if e.hyphenToUnderscore() {
		v.DSL = strings.ReplaceAll(s, "-", "_")
		v.Wire = strings.ReplaceAll(s, "_", "-")
	}
	v.Qualified = e.Identity + "." + v.DSL
	return v, true
}

// isMemberText reports whether s can be a member of an open enum: ASCII
// letters, digits, '_' and '-', starting with a letter or digit.
func isMemberText(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '_' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

func isProviderSegment(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// equalFold compares ASCII case-insensitively with '_' and '-' alike.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if foldByte(a[i]) != foldByte(b[i]) {
			return false
		}
	}
	return true
}

func foldByte(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	case c == '-':
		return '_'
	}
	return c
}

// Spellings returns the qualified DSL values of a closed enum, for completion
// and for "expected one of" messages.
func (e *Enum) Spellings() []string {
	if e == nil {
		return nil
	}
	out := make([]string, len(e.Values))
	for i, v := range e.Values {
		out[i] = v.Qualified
	}
	return out
}

// Nameable reports whether the member can be written as a name at the end of a path
// (aws.iam.PolicyDocument.Version.2012_10_17): the only form a member like aws:kms lacks.
func (v EnumValue) Nameable() bool {
	if v.DSL == "" {
		return false
	}
	for i := 0; i < len(v.DSL); i++ {
		if b := v.DSL[i]; b != '_' && (b < 'a' || b > 'z') && (b < 'A' || b > 'Z') && (b < '0' || b > '9') {
			return false
		}
	}
	return true
}

// Spelling is how the value is written in Carina: the qualified member (the member for an enum
// with no namespace), or, for a member no name spells, the wire value as a string, which Carina
// takes for it ('aws:kms').
func (v EnumValue) Spelling() string {
	switch {
	case !v.Nameable():
		return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(v.Wire) + "'"
	case v.Qualified != "":
		return v.Qualified
	}
	return v.DSL
}
