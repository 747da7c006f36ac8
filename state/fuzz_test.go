package state

import (
	"errors"
	"strings"
	"testing"
)

// FuzzRead: any bytes are a File or an *Error with a position inside the file, never a panic;
// nothing read displays a secret's hash.
func FuzzRead(f *testing.F) {
	f.Add([]byte(doc(10, `{`+base+`, "identity": "a", "identifier": "1", "explicit": {"kind": "struct", "children": {"x": {"kind": "leaf"}}}}`)))
	f.Add([]byte(doc(5, `{`+base+`, "name": "a", "identifier": "1", "desired_keys": ["x"], "attributes": {"p": "_secret:argon2:00"}}`)))
	f.Add([]byte(doc(9, `{`+base+`, "identity": "a[\"k\"]", "deposed": [{"key": "k", "identifier": "i", "attributes": {}, "dependency_bindings": []}]}`)))
	f.Add([]byte(`{"version": 11}`))
	f.Add([]byte(`[[[[[[`))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Read("f.json", src)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %v is no *Error", err)
			}
			if se.Line < 1 || se.Col < 1 || se.Line > strings.Count(string(src), "\n")+1 {
				t.Fatalf("error position %d:%d outside the file", se.Line, se.Col)
			}
			return
		}
		for _, r := range file.Resources {
			for _, k := range r.Attributes.Keys {
				v, ok := r.Shown(k)
				if ok && !plainHasPrefix(v) && strings.Contains(v.Display(), SecretPrefix) {
					t.Fatalf("%s displays a secret's hash", k)
				}
			}
		}
	})
}

// plainHasPrefix reports whether a string in v that is no secret holds the prefix (and so
// displays it, rightly).
func plainHasPrefix(v Value) bool {
	switch v.Kind {
	case String:
		return !v.Secret() && strings.Contains(v.Str, SecretPrefix)
	case Array:
		for _, e := range v.Elems {
			if plainHasPrefix(e) {
				return true
			}
		}
	case Object:
		for i, f := range v.Fields {
			if strings.Contains(v.Keys[i], SecretPrefix) || plainHasPrefix(f) {
				return true
			}
		}
	}
	return false
}
