package schema

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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

// CheckRequirement reports whether s is a version requirement Rust's semver::VersionReq accepts
// (what Carina parses a provider block's `version` with), with that parser's message when it is
// not. ParseRequirement is more lenient: it reads what the schema choice needs.
func CheckRequirement(s string) error {
	p := reqParser{s: strings.TrimLeft(s, " ")}
	if ch, ok := p.wildcard(); ok {
		rest := strings.TrimLeft(p.s, " ")
		switch {
		case rest == "":
			return nil
		case rest[0] == ',':
			return fmt.Errorf("wildcard req (%c) must be the only comparator in the version req", ch)
		}
		return errors.New("unexpected character after wildcard in version req")
	}
	for n := 1; ; n++ {
		start := p.s
		pos, err := p.comparator()
		if err != nil {
			q := reqParser{s: start}
			if ch, ok := q.wildcard(); ok {
				if rest := strings.TrimLeft(q.s, " "); rest == "" || rest[0] == ',' {
					return fmt.Errorf("wildcard req (%c) must be the only comparator in the version req", ch)
				}
			}
			return err
		}
		if p.s == "" {
			return nil
		}
		if p.s[0] != ',' {
			return fmt.Errorf("expected comma after %s, found %s", pos, quoteChar(p.s))
		}
		p.s = strings.TrimLeft(p.s[1:], " ")
		if n+1 == 32 {
			return errors.New("excessive number of version comparators")
		}
	}
}

// reqParser reads a version requirement from the front of s.
type reqParser struct{ s string }

// wildcard consumes a `*`, `x` or `X`.
func (p *reqParser) wildcard() (byte, bool) {
	if p.s != "" && (p.s[0] == '*' || p.s[0] == 'x' || p.s[0] == 'X') {
		ch := p.s[0]
		p.s = p.s[1:]
		return ch, true
	}
	return 0, false
}

// comparator reads `[op] major[.minor[.patch[-pre][+build]]]` and the spaces after it, and says
// which part it read last.
func (p *reqParser) comparator() (string, error) {
	for _, o := range []string{">=", "<=", "=", ">", "<", "~", "^"} {
		if rest, ok := strings.CutPrefix(p.s, o); ok {
			p.s = rest
			break
		}
	}
	p.s = strings.TrimLeft(p.s, " ")
	pos := "major version number"
	if err := p.number(pos); err != nil {
		return pos, err
	}
	wild, patch := false, false
	if rest, ok := strings.CutPrefix(p.s, "."); ok {
		p.s, pos = rest, "minor version number"
		if _, ok := p.wildcard(); ok {
			wild = true
		} else if err := p.number(pos); err != nil {
			return pos, err
		}
		if rest, ok := strings.CutPrefix(p.s, "."); ok {
			p.s, pos = rest, "patch version number"
			switch _, ok := p.wildcard(); {
			case ok:
			case wild:
				return pos, errors.New("unexpected character after wildcard in version req")
			default:
				if err := p.number(pos); err != nil {
					return pos, err
				}
				patch = true
			}
		}
	}
	if patch && strings.HasPrefix(p.s, "-") {
		p.s, pos = p.s[1:], "pre-release identifier"
		if err := p.identifier(pos, true); err != nil {
			return pos, err
		}
	}
	if patch && strings.HasPrefix(p.s, "+") {
		p.s, pos = p.s[1:], "build metadata"
		if err := p.identifier(pos, false); err != nil {
			return pos, err
		}
	}
	p.s = strings.TrimLeft(p.s, " ")
	return pos, nil
}

// number reads a version number: digits, no leading zero, at most u64.
func (p *reqParser) number(pos string) error {
	n := 0
	var v uint64
	for n < len(p.s) && p.s[n] >= '0' && p.s[n] <= '9' {
		if v == 0 && n > 0 {
			return fmt.Errorf("invalid leading zero in %s", pos)
		}
		d := uint64(p.s[n] - '0')
		if v > (^uint64(0)-d)/10 {
			return fmt.Errorf("value of %s exceeds u64::MAX", pos)
		}
		v = v*10 + d
		n++
	}
	switch {
	case n > 0:
		p.s = p.s[n:]
		return nil
	case p.s == "":
		return fmt.Errorf("unexpected end of input while parsing %s", pos)
	}
	return fmt.Errorf("unexpected character %s while parsing %s", quoteChar(p.s), pos)
}

// identifier reads dot-separated segments of [0-9A-Za-z-]; a pre-release's numeric segments have
// no leading zero.
func (p *reqParser) identifier(pos string, pre bool) error {
	i, seg, alpha := 0, 0, false
	for {
		var ch byte
		if i+seg < len(p.s) {
			ch = p.s[i+seg]
		}
		switch {
		case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch == '-':
			seg++
			alpha = true
			continue
		case ch >= '0' && ch <= '9':
			seg++
			continue
		}
		if seg == 0 {
			if i == 0 && ch != '.' {
				return fmt.Errorf("empty identifier segment in %s", pos)
			}
			return fmt.Errorf("empty identifier segment in %s", pos)
		}
		if pre && seg > 1 && !alpha && p.s[i] == '0' {
			return fmt.Errorf("invalid leading zero in %s", pos)
		}
		i += seg
		if ch != '.' {
			p.s = p.s[i:]
			return nil
		}
		i++
		seg, alpha = 0, false
	}
}

// quoteChar quotes the first character of s as Rust's Debug of a char does.
func quoteChar(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	switch r {
	case '\'':
		return `'\''`
	case 0:
		return `'\0'`
	}
	return "'" + string(r) + "'"
}
