package cfn

import "fmt"

// Pos is a place in a template: 1-based line and column (in bytes).
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Value is a template value: *Scalar, *List, *Map or *Call.
type Value interface {
	Position() Pos
}

// ScalarKind is what a scalar's text is.
type ScalarKind uint8

const (
	String ScalarKind = iota
	Number
	Bool
	Null
)

// Scalar is a string, number, boolean or null, with its text as written (a number's digits, a
// string unquoted and unescaped).
type Scalar struct {
	At   Pos
	Kind ScalarKind
	Text string
}

// List is a sequence.
type List struct {
	At    Pos
	Items []Value
}

// Map is a mapping, its keys in the template's order.
type Map struct {
	At      Pos
	Entries []Entry
}

// Entry is a key of a mapping and its value.
type Entry struct {
	KeyAt Pos
	Key   string
	Value Value
}

// Call is an intrinsic function: Name is the long form's key ("Ref", "Fn::GetAtt", "Fn::Sub", and
// "Condition" for the short form !Condition), Arg its argument as the long form has it (!GetAtt
// a.b is the list [a, b]).
type Call struct {
	At   Pos
	Name string
	Arg  Value
}

func (s *Scalar) Position() Pos { return s.At }
func (l *List) Position() Pos   { return l.At }
func (m *Map) Position() Pos    { return m.At }
func (c *Call) Position() Pos   { return c.At }

// Get returns the value of key, nil when the map has none.
func (m *Map) Get(key string) Value {
	if m == nil {
		return nil
	}
	for _, e := range m.Entries {
		if e.Key == key {
			return e.Value
		}
	}
	return nil
}

// Str returns v's text when it is a scalar.
func Str(v Value) (string, bool) {
	s, ok := v.(*Scalar)
	if !ok {
		return "", false
	}
	return s.Text, true
}

// Error is a template that cannot be read, at a place.
type Error struct {
	At  Pos
	Msg string
}

func (e *Error) Error() string { return e.At.String() + ": " + e.Msg }

func errorf(at Pos, format string, args ...any) *Error {
	return &Error{At: at, Msg: fmt.Sprintf(format, args...)}
}

// Walk calls f on v and, where f returns true, on what v holds: a list's items, a mapping's
// values, a function's argument, depth first in the template's order.
func Walk(v Value, f func(Value) bool) {
	if v == nil || !f(v) {
		return
	}
	switch x := v.(type) {
	case *List:
		for _, it := range x.Items {
			Walk(it, f)
		}
	case *Map:
		for _, e := range x.Entries {
			Walk(e.Value, f)
		}
	case *Call:
		Walk(x.Arg, f)
	}
}
