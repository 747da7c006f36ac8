package schema

import "errors"

// errLZ4 is what pierrec/lz4's UncompressBlock says of a block it cannot decode.
var errLZ4 = errors.New("lz4: invalid source or destination buffer too short")

// lz4Block decodes one LZ4 block (the block format, no frame, no dictionary) into dst and returns
// the bytes written, as pierrec/lz4's UncompressBlock does. internal/gen compresses the set files
// with that package, but a process decodes them with this loop rather than link it: its package
// initialiser runs CPUID to choose an assembly decoder, in every process, whatever the command,
// and on a virtual machine CPUID traps to the hypervisor. The entries are a few kilobytes, so the
// portable loop (about half the assembly's speed) costs a check next to nothing.
func lz4Block(src, dst []byte) (int, error) {
	if len(src) == 0 {
		return 0, nil
	}
	si, di := 0, 0
	for si < len(src) {
		token := src[si]
		si++
		// Literals: the token's high nibble, 15 meaning more length bytes follow.
		if lit := int(token >> 4); lit > 0 {
			if lit == 15 {
				var ok bool
				if lit, si, ok = lz4Length(src, si, lit, len(dst)-di); !ok {
					return 0, errLZ4
				}
			}
			if lit > len(src)-si || lit > len(dst)-di {
				return 0, errLZ4
			}
			copy(dst[di:], src[si:si+lit])
			si += lit
			di += lit
		}
		// The last sequence is literals only.
		if si == len(src) && token&0xF == 0 {
			break
		}
		if len(src)-si < 2 {
			return 0, errLZ4
		}
		offset := int(src[si]) | int(src[si+1])<<8
		si += 2
		if offset == 0 || offset > di {
			return 0, errLZ4
		}
		n := int(token & 0xF)
		if n == 15 {
			var ok bool
			if n, si, ok = lz4Length(src, si, n, len(dst)-di); !ok {
				return 0, errLZ4
			}
		}
		n += 4 // the least match
		if n > len(dst)-di {
			return 0, errLZ4
		}
		// The match may overlap what it writes (offset < n: a repeated pattern). Each copy takes
		// all of the match written so far, which is a whole number of periods, so it doubles.
		from := di - offset
		for end := di + n; di < end; {
			di += copy(dst[di:end], dst[from:di])
		}
	}
	return di, nil
}

// lz4Length adds the length bytes at src[si:] to n (each 255 means another follows); ok is false
// when src ends first or n passes limit, the room left in the output.
func lz4Length(src []byte, si, n, limit int) (int, int, bool) {
	for {
		if si >= len(src) {
			return 0, 0, false
		}
		b := src[si]
		si++
		n += int(b)
		if n > limit {
			return 0, 0, false
		}
		if b != 0xFF {
			return n, si, true
		}
	}
}
