package mutate

import (
	"math/rand/v2"
	"testing"
)

// TestKinds applies every kind to a small source: each changes the text, and the same seed gives
// the same mutation.
func TestKinds(t *testing.T) {
	src := "let cert_issued = wait cert {\n  until = cert.status == issued\n  timeout = 75min\n}\n"
	for k := Kind(0); k < numKinds; k++ {
		m := Of(k, src, rand.New(rand.NewPCG(1, uint64(k))))
		if m.Text == src {
			t.Errorf("%v: text unchanged (%s)", k, m.Desc)
		}
		again := Of(k, src, rand.New(rand.NewPCG(1, uint64(k))))
		if again != m {
			t.Errorf("%v: not deterministic: %q then %q", k, m.Desc, again.Desc)
		}
	}
}

// TestEmpty mutates text without tokens.
func TestEmpty(t *testing.T) {
	for _, src := range []string{"", "  \n# only a comment\n"} {
		m := One(src, rand.New(rand.NewPCG(2, 3)))
		if m.Text == src {
			t.Errorf("%q: unchanged", src)
		}
	}
}
