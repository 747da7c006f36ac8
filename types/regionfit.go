package types

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/schema"
)

// RegionEnum reports whether an open enum is a region enum (aws.Region and the like).
func RegionEnum(en *schema.Enum) bool {
	return en != nil && en.Open && (en.Name == "Region" || strings.HasSuffix(en.Identity, ".Region"))
}

// ZoneEnum reports whether an open enum is an availability zone name (aws.AvailabilityZone.ZoneName).
func ZoneEnum(en *schema.Enum) bool {
	return en != nil && en.Open && en.Name == "ZoneName" && strings.Contains(en.Identity, "AvailabilityZone")
}

// RegionMember reports whether a region member (us_east_1, or the wire form us-east-1) is one of
// known, the regions' DSL spellings (true when there are none to check against), and else the
// closest of them ("" for none).
func RegionMember(known []string, member string) (ok bool, closest string) {
	if len(known) == 0 {
		return true, ""
	}
	dsl := strings.ReplaceAll(member, "-", "_")
	for _, k := range known {
		if strings.EqualFold(k, dsl) {
			return true, ""
		}
	}
	return false, spell.Closest(dsl, known, nil)
}

// ZoneMember reports whether a zone member is a zone of one of known, the regions' DSL
// spellings (true when there are none): Carina's validator takes a region followed by the zone's
// letter (ap-northeast-1a), or by a local or wavelength zone's suffix (us-east-1-bos-1a), and
// rejects a bare region. Else it gives the region a message's example names: written, the member
// as the text spells it, for a region where its zone was meant.
func ZoneMember(known []string, member, written string) (ok bool, example string) {
	if len(known) == 0 {
		return true, ""
	}
	dsl := strings.ToLower(strings.ReplaceAll(member, "-", "_"))
	for _, k := range known {
		rest, ok := strings.CutPrefix(dsl, strings.ToLower(k))
		if !ok {
			continue
		}
		if len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z' || len(rest) > 1 && rest[0] == '_' {
			return true, ""
		}
	}
	if slices.ContainsFunc(known, func(k string) bool { return strings.EqualFold(k, dsl) }) {
		return false, written
	}
	return false, known[0]
}

// OpenEnumExample is a value of an open enum built from the first of known, the regions' DSL
// spellings: the region for a region enum, its first zone for a zone enum; "" for other open
// enums and with no regions.
func OpenEnumExample(en *schema.Enum, known []string) string {
	if len(known) == 0 {
		return ""
	}
	var member string
	switch {
	case RegionEnum(en):
		member = known[0]
	case ZoneEnum(en):
		member = known[0] + "a"
	default:
		return ""
	}
	if v, ok := en.Match(member); ok {
		return v.Spelling()
	}
	return ""
}
