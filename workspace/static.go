package workspace

import (
	"strconv"

	"github.com/carina-rs/carina-lsp/grammar"
)

// maxStaticDepth bounds how many lets StaticString follows (a cycle of lets has no value).
const maxStaticDepth = 32

// StaticString returns the string an expression of file f evaluates to while Carina parses the
// configuration, before anything is applied: a string literal, an interpolation of such values,
// or a name bound by a top-level `let` to one (as a `use` source may be written). ok is false for
// anything else: a value of another kind, or one known only later (an argument, a resource's
// attribute, a function call).
func (c *Config) StaticString(f *File, e grammar.Expr) (string, bool) {
	v, ok := c.static(f, e, 0)
	if !ok {
		return "", false
	}
	s, isStr := v.(string)
	return s, isStr
}

// static evaluates a value Carina knows while parsing: a string or an integer.
func (c *Config) static(f *File, e grammar.Expr, depth int) (any, bool) {
	if depth > maxStaticDepth {
		return nil, false
	}
	switch x := e.(type) {
	case *grammar.StringLit:
		if x == nil {
			return nil, false
		}
		if !x.Interpolated() {
			return x.Value, true
		}
		var out []byte
		for _, p := range x.Parts {
			if p.Expr == nil {
				out = append(out, p.Text...)
				continue
			}
			v, ok := c.static(f, p.Expr, depth+1)
			if !ok {
				return nil, false
			}
			switch v := v.(type) {
			case string:
				out = append(out, v...)
			case int64:
				out = strconv.AppendInt(out, v, 10)
			}
		}
		return string(out), true
	case *grammar.IntLit:
		return x.Value, true
	case *grammar.ParenExpr:
		return c.static(f, x.X, depth+1)
	case *grammar.PathExpr:
		if len(x.Parts) != 1 {
			return nil, false
		}
		d := c.LookupIn(x.Parts[0].Text, f)
		if d == nil || d.Kind != Value || d.Value == nil {
			return nil, false
		}
		return c.static(d.File, d.Value, depth+1)
	}
	return nil, false
}
