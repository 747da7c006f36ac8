package types

import (
	"math"
	"net/netip"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// stringMisfits checks a string literal against its type's length bounds and CIDR and address
// formats. Schema patterns are not enforced: the index keeps the provider types' patterns without
// the validators around them (a KMS key id pattern that rejects the valid "alias/aws/s3"), so a
// pattern mismatch is no reliable sign of a mistake.
func stringMisfits(t *schema.Type, s *grammar.StringLit) []Misfit {
	var out []Misfit
	if m, ok := outOfRange(t.Length, StringLength, float64(len([]rune(s.Value)))); ok {
		out = append(out, m)
	}
	id := strings.ToLower(t.Identity)
	switch {
	case strings.HasSuffix(id, "cidr"):
		p, err := netip.ParsePrefix(s.Value)
		switch {
		case err != nil:
			out = append(out, Misfit{Kind: NotCIDR})
		case p.Masked() != p:
			out = append(out, Misfit{Kind: HostBits, Network: p.Masked()})
		case strings.Contains(id, "ipv4") && !p.Addr().Is4(), strings.Contains(id, "ipv6") && !p.Addr().Is6():
			out = append(out, Misfit{Kind: WrongFamily})
		}
	case strings.HasSuffix(id, "ipv4address"), strings.HasSuffix(id, "ipv6address"):
		if _, err := netip.ParseAddr(s.Value); err != nil {
			out = append(out, Misfit{Kind: NotAddress})
		}
	}
	return out
}

// outOfRange reports v outside bounds b (nil: no bounds) as an OutOfRange misfit.
func outOfRange(b *schema.Bounds, what Measure, v float64) (Misfit, bool) {
	if b == nil {
		return Misfit{}, false
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	if b.Min != nil {
		lo = *b.Min
	}
	if b.Max != nil {
		hi = *b.Max
	}
	if v >= lo && v <= hi {
		return Misfit{}, false
	}
	return Misfit{Kind: OutOfRange, Bounds: b, Measure: what, Number: v}, true
}

// numeric reports whether s, quoted where a number goes, is one: an integer, or for a Float
// any number.
func numeric(s string, float bool) bool {
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return true
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil && float
}
