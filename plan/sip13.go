package plan

import (
	"encoding/binary"
	"math/bits"
)

// sip13 is SipHash-1-3 with zero keys, Rust's DefaultHasher, fed as Rust's Hash impls feed it:
// a str as its bytes and 0xff, an integer or a length as 8 little-endian bytes, a bool as a byte.
type sip13 struct {
	v0, v1, v2, v3 uint64
	tail           []byte
	n              uint64
}

func newSip13() *sip13 {
	// The key is zero, so the state is the constants alone.
	return &sip13{v0: 0x736f6d6570736575, v1: 0x646f72616e646f6d, v2: 0x6c7967656e657261, v3: 0x7465646279746573}
}

func (s *sip13) round() {
	s.v0 += s.v1
	s.v1 = bits.RotateLeft64(s.v1, 13) ^ s.v0
	s.v0 = bits.RotateLeft64(s.v0, 32)
	s.v2 += s.v3
	s.v3 = bits.RotateLeft64(s.v3, 16) ^ s.v2
	s.v0 += s.v3
	s.v3 = bits.RotateLeft64(s.v3, 21) ^ s.v0
	s.v2 += s.v1
	s.v1 = bits.RotateLeft64(s.v1, 17) ^ s.v2
	s.v2 = bits.RotateLeft64(s.v2, 32)
}

func (s *sip13) write(b []byte) {
	s.n += uint64(len(b))
	s.tail = append(s.tail, b...)
	for len(s.tail) >= 8 {
		m := binary.LittleEndian.Uint64(s.tail)
		s.v3 ^= m
		s.round()
		s.v0 ^= m
		s.tail = s.tail[8:]
	}
}

func (s *sip13) finish() uint64 {
	var last [8]byte
	copy(last[:], s.tail)
	last[7] = byte(s.n)
	m := binary.LittleEndian.Uint64(last[:])
	s.v3 ^= m
	s.round()
	s.v0 ^= m
	s.v2 ^= 0xff
	s.round()
	s.round()
	s.round()
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3
}

func (s *sip13) str(x string) {
	s.write([]byte(x))
	s.write([]byte{0xff})
}

func (s *sip13) u64(x uint64) { s.write(binary.LittleEndian.AppendUint64(nil, x)) }

func (s *sip13) bool(b bool) {
	if b {
		s.write([]byte{1})
	} else {
		s.write([]byte{0})
	}
}
