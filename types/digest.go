package types

import (
	"encoding/binary"
	"hash/fnv"
	"math"
)

// Digest returns a hash of a top-level declaration's value in both of Carina's passes, for
// callers that keep results computed from it (the diagnostics' statement memo): equal digests,
// equal values.
func (in *Info) Digest(d Decl) uint64 {
	in.mu.Lock()
	defer in.mu.Unlock()
	h := fnv.New64a()
	var buf []byte
	for _, seeded := range []bool{true, false} {
		v := in.letValue(d, seeded, nil)
		buf = v.appendDigest(buf[:0])
		h.Write(buf)
	}
	return h.Sum64()
}

// appendDigest appends an encoding of v that differs for different values.
func (v Value) appendDigest(b []byte) []byte {
	b = append(b, byte(v.Shape))
	b = binary.AppendUvarint(b, uint64(len(v.Text)))
	b = append(b, v.Text...)
	b = binary.AppendVarint(b, v.Int)
	b = binary.AppendUvarint(b, math.Float64bits(v.Float))
	if v.Bool {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(v.Remaining))
	b = binary.AppendUvarint(b, uint64(len(v.Keys)))
	for _, k := range v.Keys {
		b = binary.AppendUvarint(b, uint64(len(k)))
		b = append(b, k...)
	}
	b = binary.AppendUvarint(b, uint64(len(v.Path)))
	for _, p := range v.Path {
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
	}
	if v.Shape == Unknowable && v.Type != nil {
		t := v.Type.String()
		b = append(b, t...)
	}
	b = binary.AppendUvarint(b, uint64(len(v.Elems)))
	for _, el := range v.Elems {
		b = el.appendDigest(b)
	}
	return b
}

// AttributeDigest returns a hash of the value a resource's body gives an attribute, as Carina's
// resolver reads it (0 when the body does not set it).
func (in *Info) AttributeDigest(d Decl, attr string) uint64 {
	in.mu.Lock()
	defer in.mu.Unlock()
	v, ok := in.resourceAttribute(d, d.Info(), attr)
	if !ok {
		return 0
	}
	h := fnv.New64a()
	h.Write(v.appendDigest(nil))
	return h.Sum64() | 1
}
