package types

import (
	"encoding/binary"
	"hash/fnv"
	"math"
)

// Digest returns a hash of a top-level declaration's value in both of Carina's passes, for
// callers that keep results computed from it (the checks' and the plan's memos): equal digests,
// equal values. Computed once per declaration.
func (in *Info) Digest(d Decl) uint64 {
	in.mu.Lock()
	defer in.mu.Unlock()
	if v, ok := in.declDigests[d]; ok {
		return v
	}
	h := fnv.New64a()
	var buf []byte
	for _, seeded := range []bool{true, false} {
		v := in.letValue(d, seeded, nil)
		buf = in.appendDigest(buf[:0], v)
		h.Write(buf)
	}
	if in.declDigests == nil {
		in.declDigests = map[Decl]uint64{}
	}
	in.declDigests[d] = h.Sum64()
	return in.declDigests[d]
}

// appendDigest appends an encoding of v that differs for different values: its elements as a
// hash of theirs (elemsDigest).
func (in *Info) appendDigest(b []byte, v Value) []byte {
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
	return binary.LittleEndian.AppendUint64(b, in.elemsDigest(v.Elems))
}

// elemsDigest returns a hash of the encodings of elems, kept by the elements: a let's value is
// read whole by every let after it that reads it, and a chain of such lets holds values as deep
// as it is long, each encoded once, not once a digest.
func (in *Info) elemsDigest(elems []Value) uint64 {
	if len(elems) == 0 {
		return 0
	}
	k := elemsKey{first: &elems[0], n: len(elems)}
	if d, ok := in.digests[k]; ok {
		return d
	}
	h := fnv.New64a()
	var buf []byte
	for _, el := range elems {
		buf = in.appendDigest(buf[:0], el)
		h.Write(buf)
	}
	if in.digests == nil {
		in.digests = map[elemsKey]uint64{}
	}
	d := h.Sum64()
	in.digests[k] = d
	return d
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
	h.Write(in.appendDigest(nil, v))
	return h.Sum64() | 1
}
