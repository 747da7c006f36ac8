package schema

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/pierrec/lz4/v4"
)

// lz4Inputs are texts to compress: the schema JSON the set files hold, and shapes that make the
// decoder's paths (long literals, overlapping matches of every period, long match lengths).
func lz4Inputs(t testing.TB) [][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 70_000)
	for i := range random {
		random[i] = byte(rng.IntN(256))
	}
	ins := [][]byte{nil, []byte("a"), []byte("abcd"), bytes.Repeat([]byte("a"), 1000),
		bytes.Repeat([]byte("ab"), 40_000), bytes.Repeat([]byte("abcdefg"), 300), random,
		append(bytes.Repeat([]byte("x"), 300), random[:300]...)}
	for period := 1; period <= 20; period++ {
		ins = append(ins, bytes.Repeat(random[:period], 5000/period))
	}
	if data, err := os.ReadFile(filepath.Join("data", "aws-overlay.json")); err == nil {
		ins = append(ins, data)
	} else {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join("..", "testdata", "schemas", "versions", "aws", "0.3.0.json")); err == nil {
		ins = append(ins, data[:min(len(data), 300_000)])
	}
	return ins
}

// lz4Compressed is src as an LZ4 block by pierrec/lz4, at the highest compression (as
// internal/gen writes the set files) and at the fast one.
func lz4Compressed(t testing.TB, src []byte, hc bool) []byte {
	z := make([]byte, lz4.CompressBlockBound(len(src)))
	var n int
	var err error
	if hc {
		c := lz4.CompressorHC{Level: lz4.Level9}
		n, err = c.CompressBlock(src, z)
	} else {
		var c lz4.Compressor
		n, err = c.CompressBlock(src, z)
	}
	if err != nil {
		t.Fatal(err)
	}
	return z[:n]
}

// TestLZ4Block: what pierrec/lz4 compresses, lz4Block decodes to the same bytes as that
// package's decoder, and a destination a byte short is an error, not a panic.
func TestLZ4Block(t *testing.T) {
	for i, src := range lz4Inputs(t) {
		for _, hc := range []bool{true, false} {
			z := lz4Compressed(t, src, hc)
			if len(z) == 0 {
				continue // incompressible: the set files store it raw
			}
			got := make([]byte, len(src))
			n, err := lz4Block(z, got)
			if err != nil || n != len(src) || !bytes.Equal(got, src) {
				t.Errorf("input %d (%d bytes, hc %v): %d bytes, %v; equal %v", i, len(src), hc, n, err, bytes.Equal(got[:n], src))
			}
			if len(src) > 0 {
				if _, err := lz4Block(z, make([]byte, len(src)-1)); err == nil {
					t.Errorf("input %d (hc %v): no error with a destination a byte short", i, hc)
				}
			}
		}
	}
}

// FuzzLZ4Block: any block, lz4Block never panics, and what both it and pierrec/lz4's
// decoder decode, they decode alike (the two may differ on which malformed blocks they refuse).
func FuzzLZ4Block(f *testing.F) {
	for _, src := range lz4Inputs(f) {
		if len(src) <= 5000 {
			f.Add(lz4Compressed(f, src, true), len(src))
		}
	}
	f.Fuzz(func(t *testing.T, z []byte, size int) {
		if size < 0 || size > 1<<20 {
			return
		}
		got, want := make([]byte, size), make([]byte, size)
		n, err := lz4Block(z, got)
		m, werr := lz4.UncompressBlock(z, want)
		if err == nil && werr == nil && (n != m || !bytes.Equal(got[:n], want[:m])) {
			t.Fatalf("lz4Block: %d bytes %q; lz4: %d bytes %q", n, got[:n], m, want[:m])
		}
	})
}
