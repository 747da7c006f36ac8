package types

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// customType is one of the refined string types built into Carina itself (not a provider's):
// accepted in any type annotation, with a check of a constant value.
type customType struct {
	name     string // as written in a type annotation, PascalCase
	validate func(string) error
	doc      string
}

// customTypes are Carina's provider-agnostic custom types, in the order hover and completion list
// them. validate is Carina's own check of a constant; Email has none at the language level (a
// provider's validator runs it on resources only).
var customTypes = []customType{
	{"Ipv4Cidr", validateIPv4CIDR, "an IPv4 network in CIDR notation, `10.0.0.0/16`"},
	{"Ipv4Address", validateIPv4Address, "an IPv4 address, `10.0.1.5`"},
	{"Ipv6Cidr", validateIPv6CIDR, "an IPv6 network in CIDR notation, `2001:db8::/32`"},
	{"Ipv6Address", validateIPv6Address, "an IPv6 address, `2001:db8::1`"},
	{"HttpResponseStatusCode", validateHTTPStatus, "an HTTP status code of the 2XX, 4XX or 5XX classes, as a string"},
	{"RedirectHost", validateRedirectHost, "the host of a load balancer redirect (1 to 128 characters, `#{host}` allowed)"},
	{"RedirectPath", validateRedirectPath, "the path of a load balancer redirect, starting with `/`"},
	{"RedirectPort", validateRedirectPort, "the port of a load balancer redirect, 1 to 65535 or `#{port}`"},
	{"RedirectProtocol", validateRedirectProtocol, "`HTTP`, `HTTPS` or `#{protocol}`"},
	{"RedirectQuery", validateRedirectQuery, "the query of a load balancer redirect (up to 128 characters)"},
	{"Email", nil, "an e-mail address"},
}

// builtinCustom returns Carina's custom type of that PascalCase name.
func builtinCustom(name string) (customType, bool) {
	for _, c := range customTypes {
		if c.name == name {
			return c, true
		}
	}
	return customType{}, false
}

// CustomTypeNames returns the names of Carina's own custom types.
func CustomTypeNames() []string {
	out := make([]string, len(customTypes))
	for i, c := range customTypes {
		out[i] = c.name
	}
	return out
}

// CustomTypeDoc returns one line on a custom type of Carina's, or "".
func CustomTypeDoc(name string) string {
	c, _ := builtinCustom(name)
	return c.doc
}

// ValidateCustom checks a constant string against one of Carina's custom types, with Carina's
// message; nil when it passes or the type has no check of its own.
func ValidateCustom(name, s string) error {
	c, ok := builtinCustom(name)
	if !ok || c.validate == nil {
		return nil
	}
	return c.validate(s)
}

// rustUint parses an unsigned decimal as Rust's str::parse does: an optional '+', then at least
// one ASCII digit, within max.
func rustUint(s string, max uint64) (uint64, bool) {
	s = strings.TrimPrefix(s, "+")
	if s == "" {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
		if n > max {
			return 0, false
		}
	}
	return n, true
}

func validateIPv4Address(ip string) error {
	octets := strings.Split(ip, ".")
	if len(octets) != 4 {
		return fmt.Errorf("Invalid IPv4 address '%s': expected 4 octets", ip)
	}
	for _, o := range octets {
		if _, ok := rustUint(o, 255); !ok {
			return fmt.Errorf("Invalid octet '%s' in IPv4 address: must be 0-255", o)
		}
	}
	return nil
}

func validateIPv4CIDR(cidr string) error {
	parts := strings.Split(cidr, "/")
	if len(parts) != 2 {
		return fmt.Errorf("Invalid CIDR format '%s': expected IP/prefix", cidr)
	}
	if err := validateIPv4Address(parts[0]); err != nil {
		return err
	}
	p, ok := rustUint(parts[1], 255)
	switch {
	case !ok:
		return fmt.Errorf("Invalid prefix length '%s': must be a number", parts[1])
	case p > 32:
		return fmt.Errorf("Invalid prefix length '%d': must be 0-32", p)
	}
	return nil
}

func validateIPv6CIDR(cidr string) error {
	parts := strings.Split(cidr, "/")
	if len(parts) != 2 {
		return fmt.Errorf("Invalid IPv6 CIDR format '%s': expected address/prefix", cidr)
	}
	if err := validateIPv6Address(parts[0]); err != nil {
		return err
	}
	p, ok := rustUint(parts[1], 255)
	switch {
	case !ok:
		return fmt.Errorf("Invalid IPv6 prefix length '%s': must be a number", parts[1])
	case p > 128:
		return fmt.Errorf("Invalid IPv6 prefix length '%d': must be 0-128", p)
	}
	return nil
}

func validateIPv6Address(addr string) error {
	if addr == "" {
		return fmt.Errorf("Empty IPv6 address")
	}
	groupsOf := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ":")
	}
	var groups []string
	if left, right, ok := strings.Cut(addr, "::"); ok {
		if strings.Contains(right, "::") {
			return fmt.Errorf("Invalid IPv6 address '%s': only one '::' allowed", addr)
		}
		groups = append(groupsOf(left), groupsOf(right)...)
		if len(groups) > 7 {
			return fmt.Errorf("Invalid IPv6 address '%s': too many groups with '::'", addr)
		}
	} else {
		groups = strings.Split(addr, ":")
		if len(groups) != 8 {
			return fmt.Errorf("Invalid IPv6 address '%s': expected 8 groups, got %d", addr, len(groups))
		}
	}
	for _, g := range groups {
		if g == "" || len(g) > 4 {
			return fmt.Errorf("Invalid IPv6 group '%s' in address '%s': must be 1-4 hex digits", g, addr)
		}
		for _, c := range g {
			if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
				return fmt.Errorf("Invalid IPv6 group '%s' in address '%s': must be hex digits", g, addr)
			}
		}
	}
	return nil
}

func validateHTTPStatus(code string) error {
	if len(code) != 3 {
		return fmt.Errorf("must be exactly 3 digits, got %d characters", len(code))
	}
	for i := 0; i < 3; i++ {
		if code[i] < '0' || code[i] > '9' {
			return fmt.Errorf("must contain only digits")
		}
	}
	if c := code[0]; c != '2' && c != '4' && c != '5' {
		return fmt.Errorf("must start with 2, 4, or 5 (got '%c')", c)
	}
	return nil
}

func validateRedirectProtocol(p string) error {
	switch p {
	case "HTTP", "HTTPS", "#{protocol}":
		return nil
	}
	return fmt.Errorf("Invalid redirect protocol '%s': expected HTTP, HTTPS, or #{protocol}", p)
}

func validateRedirectHost(host string) error {
	if err := charLength(host, 1, 128, "redirect host"); err != nil {
		return err
	}
	return knownPlaceholders(host, []string{"#{host}"}, "redirect host")
}

func validateRedirectPort(port string) error {
	if port == "#{port}" {
		return nil
	}
	bad := fmt.Errorf("Invalid redirect port '%s': expected decimal integer or #{port}", port)
	if strings.HasPrefix(port, "+") || len(port) > 1 && port[0] == '0' {
		return bad
	}
	v, ok := rustUint(port, 1<<32-1)
	switch {
	case !ok:
		return bad
	case v < 1 || v > 65535:
		return fmt.Errorf("Invalid redirect port '%s': expected 1..=65535, got %d", port, v)
	}
	return nil
}

func validateRedirectPath(path string) error {
	if err := charLength(path, 1, 128, "redirect path"); err != nil {
		return err
	}
	if !strings.HasPrefix(path, "/") {
		return fmt.Errorf("Invalid redirect path: must start with '/'")
	}
	return knownPlaceholders(path, []string{"#{host}", "#{port}", "#{path}"}, "redirect path")
}

func validateRedirectQuery(q string) error {
	if err := charLength(q, 0, 128, "redirect query"); err != nil {
		return err
	}
	return knownPlaceholders(q, []string{"#{protocol}", "#{host}", "#{port}", "#{path}", "#{query}"}, "redirect query")
}

func charLength(s string, min, max int, field string) error {
	if n := utf8.RuneCountInString(s); n < min || n > max {
		return fmt.Errorf("Invalid %s: expected %d..=%d characters, got %d", field, min, max, n)
	}
	return nil
}

func knownPlaceholders(s string, allowed []string, field string) error {
	rest := s
	for {
		start := strings.Index(rest, "#{")
		if start < 0 {
			return nil
		}
		cand := rest[start:]
		end := strings.IndexByte(cand, '}')
		if end < 0 {
			return fmt.Errorf("Invalid %s: malformed placeholder", field)
		}
		ph := cand[:end+1]
		ok := false
		for _, a := range allowed {
			ok = ok || a == ph
		}
		if !ok {
			return fmt.Errorf("Invalid %s: placeholder %s is not allowed", field, ph)
		}
		rest = cand[end+1:]
	}
}
