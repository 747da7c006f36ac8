package schema

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a release number major.minor.patch (pre-release and build metadata are ignored: the
// embedded sets are releases).
type Version [3]uint64

// ParseVersion reads "0.5.2" (a leading "v" allowed).
func ParseVersion(s string) (Version, error) {
	var v Version
	parts, n, err := versionParts(strings.TrimPrefix(strings.TrimSpace(s), "v"))
	if err != nil || n != 3 {
		return v, fmt.Errorf("bad version %q", s)
	}
	copy(v[:], parts[:])
	return v, nil
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2]) }

// Compare returns -1, 0 or 1.
func (v Version) Compare(w Version) int {
	for i := range v {
		switch {
		case v[i] < w[i]:
			return -1
		case v[i] > w[i]:
			return 1
		}
	}
	return 0
}

// versionParts reads up to three dot-separated numbers; a wildcard (*, x, X) ends the list.
func versionParts(s string) ([3]uint64, int, error) {
	var out [3]uint64
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return out, 0, fmt.Errorf("empty version")
	}
	parts := strings.Split(s, ".")
	if len(parts) > 3 {
		return out, 0, fmt.Errorf("too many parts")
	}
	for i, p := range parts {
		if p == "*" || p == "x" || p == "X" {
			return out, i, nil
		}
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return out, 0, err
		}
		out[i] = n
	}
	return out, len(parts), nil
}

// Requirement is a Cargo-style version requirement (Rust's semver::VersionReq, which Carina
// parses a provider block's `version` with): comma-separated comparators, all of which must hold.
// A comparator without an operator is a caret requirement ("0.5.0" is "^0.5.0").
type Requirement struct {
	text   string
	ranges []vrange
}

// vrange is lo ≤ v < hi; hasHi false means no upper bound.
type vrange struct {
	lo, hi Version
	hasHi  bool
}

// ParseRequirement reads a requirement such as "~0.5.0", "^0.5", ">=0.3, <0.6", "0.5.*".
func ParseRequirement(s string) (Requirement, error) {
	r := Requirement{text: strings.TrimSpace(s)}
	for c := range strings.SplitSeq(s, ",") {
		c = strings.TrimSpace(c)
		op := ""
		for _, o := range []string{">=", "<=", "=", ">", "<", "~", "^"} {
			if rest, ok := strings.CutPrefix(c, o); ok {
				op, c = o, strings.TrimSpace(rest)
				break
			}
		}
		if c == "*" || c == "x" || c == "X" {
			if op != "" {
				return r, fmt.Errorf("bad requirement %q", s)
			}
			r.ranges = append(r.ranges, vrange{})
			continue
		}
		p, n, err := versionParts(c)
		if err != nil || n == 0 {
			return r, fmt.Errorf("bad requirement %q", s)
		}
		r.ranges = append(r.ranges, comparator(op, p, n))
	}
	return r, nil
}

func (r Requirement) String() string { return r.text }

// comparator turns one comparator into a range: p holds n given parts (Cargo's rules for partial
// versions: ">0.5" is ">=0.6.0", "<=0.5" is "<0.6.0", "~0" is ">=0.0.0, <1.0.0").
func comparator(op string, p [3]uint64, n int) vrange {
	lo := Version(p)
	// next is the first version past every one the given parts match.
	next := func() Version {
		switch n {
		case 1:
			return Version{p[0] + 1, 0, 0}
		case 2:
			return Version{p[0], p[1] + 1, 0}
		}
		return Version{p[0], p[1], p[2] + 1}
	}
	switch op {
	case "=":
		return vrange{lo, next(), true}
	case ">":
		return vrange{lo: next()}
	case ">=":
		return vrange{lo: lo}
	case "<":
		return vrange{hi: lo, hasHi: true}
	case "<=":
		return vrange{hi: next(), hasHi: true}
	case "~":
		if n == 1 {
			return vrange{lo, Version{p[0] + 1, 0, 0}, true}
		}
		return vrange{lo, Version{p[0], p[1] + 1, 0}, true}
	}
	// ^ and none: the left-most non-zero part stays.
	switch {
	case p[0] > 0 || n == 1:
		return vrange{lo, Version{p[0] + 1, 0, 0}, true}
	case p[1] > 0 || n == 2:
		return vrange{lo, Version{0, p[1] + 1, 0}, true}
	}
	return vrange{lo, Version{0, 0, p[2] + 1}, true}
}

// Matches reports whether v satisfies every comparator.
func (r Requirement) Matches(v Version) bool {
	for _, g := range r.ranges {
		if v.Compare(g.lo) < 0 || (g.hasHi && v.Compare(g.hi) >= 0) {
			return false
		}
	}
	return true
}

// matchesAbove reports whether some version above v satisfies the requirement (the newest sets,
// which are newer than every numbered one, may then be what it asks for).
func (r Requirement) matchesAbove(v Version) bool {
	cand := Version{v[0], v[1], v[2] + 1}
	for _, g := range r.ranges {
		if g.lo.Compare(cand) > 0 {
			cand = g.lo
		}
	}
	return r.Matches(cand)
}
