package state

import (
	"strconv"
	"strings"
)

// Kind is the JSON kind of a Value.
type Kind uint8

// The kinds of a state value.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// SecretPrefix starts every string Carina stores for a `secret(...)` value: an Argon2 hash, not
// the secret, but still never shown (Carina prints "(secret)").
const SecretPrefix = "_secret:argon2:"

// Value is one JSON value of the state file, objects with their keys in file order.
type Value struct {
	Kind   Kind
	Bool   bool
	Num    string // a Number's text as written, so that 64-bit integers keep every digit
	Str    string
	Elems  []Value  // an Array's
	Keys   []string // an Object's keys in file order (a repeated key keeps its first place)
	Fields []Value  // an Object's values, by Keys' index
	Off    int64    // where the value starts in the file
	dups   []string // an Object's keys written more than once (the last value kept)
}

// Get returns an Object's member.
func (v Value) Get(key string) (Value, bool) {
	if v.Kind != Object {
		return Value{}, false
	}
	for i, k := range v.Keys {
		if k == key {
			return v.Fields[i], true
		}
	}
	return Value{}, false
}

// Secret reports whether v is a stored secret (its hash).
func (v Value) Secret() bool { return v.Kind == String && strings.HasPrefix(v.Str, SecretPrefix) }

// HasSecret reports whether v or any value inside it is a stored secret.
func (v Value) HasSecret() bool {
	switch v.Kind {
	case String:
		return v.Secret()
	case Array:
		for _, e := range v.Elems {
			if e.HasSecret() {
				return true
			}
		}
	case Object:
		for _, f := range v.Fields {
			if f.HasSecret() {
				return true
			}
		}
	}
	return false
}

// Int returns a Number that is a 64-bit integer, as Carina reads it (json_to_dsl_value: an i64,
// else a float).
func (v Value) Int() (int64, bool) {
	if v.Kind != Number {
		return 0, false
	}
	n, err := strconv.ParseInt(v.Num, 10, 64)
	return n, err == nil
}

// Float returns a Number as a float.
func (v Value) Float() float64 {
	f, _ := strconv.ParseFloat(v.Num, 64)
	return f
}

// Display returns v as a short text for people, a stored secret as "(secret)" and nothing of
// it: what a hover or a log may print.
func (v Value) Display() string {
	var b strings.Builder
	v.display(&b)
	return b.String()
}

func (v Value) display(b *strings.Builder) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Number:
		b.WriteString(v.Num)
	case String:
		if v.Secret() {
			b.WriteString("(secret)")
			return
		}
		b.WriteString(strconv.Quote(v.Str))
	case Array:
		b.WriteByte('[')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			e.display(b)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, k := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k)
			b.WriteString(": ")
			v.Fields[i].display(b)
		}
		b.WriteByte('}')
	}
}
