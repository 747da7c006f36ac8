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
	switch f := FormatOf(t); f.Kind {
	case CIDRBlock:
		p, err := netip.ParsePrefix(s.Value)
		switch {
		case err != nil:
			out = append(out, Misfit{Kind: NotCIDR})
		case p.Masked() != p:
			out = append(out, Misfit{Kind: HostBits, Network: p.Masked()})
		case f.IPv4 && !p.Addr().Is4(), f.IPv6 && !p.Addr().Is6():
			out = append(out, Misfit{Kind: WrongFamily})
		}
	case IPAddress:
		if _, err := netip.ParseAddr(s.Value); err != nil {
			out = append(out, Misfit{Kind: NotAddress})
		}
	}
	return out
}

// FormatKind is what a string type's values are written as.
type FormatKind uint8

const (
	AnyString FormatKind = iota
	CIDRBlock            // a CIDR block: 10.0.0.0/16
	IPAddress            // an IP address: 192.0.2.1
)

// Format is a string type's format, read from its identity (aws.ec2.Ipv4Cidr): the format, and
// the IP versions it names (neither: either).
type Format struct {
	Kind       FormatKind
	IPv4, IPv6 bool
}

// FormatOf returns the format of a string type's values.
func FormatOf(t *schema.Type) Format {
	id := strings.ToLower(t.Identity)
	f := Format{IPv4: strings.Contains(id, "ipv4"), IPv6: strings.Contains(id, "ipv6")}
	switch {
	case strings.HasSuffix(id, "cidr"):
		f.Kind = CIDRBlock
	case strings.HasSuffix(id, "ipv4address"), strings.HasSuffix(id, "ipv6address"):
		f.Kind = IPAddress
	}
	return f
}

// Least returns the number a value bounded by b takes as a placeholder: 0, or b's minimum when
// that is more; false when b's maximum is less (nil b: no bounds).
func Least(b *schema.Bounds) (float64, bool) {
	v := 0.0
	if b == nil {
		return v, true
	}
	if b.Min != nil && *b.Min > 0 {
		v = *b.Min
	}
	return v, b.Max == nil || v <= *b.Max
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
