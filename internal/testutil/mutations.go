package testutil

import (
	"hash/fnv"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/mutate"
)

// MutationsEnv names the environment variable that sets how many mutations of each source the
// property tests over mutated corpus files check (Mutations). Unset, each test uses its own small
// number, sized for the suite (internal/suite.Scale).
const MutationsEnv = "CARINA_MUTATIONS"

// Mutations returns deterministic mutations of src (mutate.One), seeded by name (the file's
// corpus path) and the mutation's number, so a failure names a case that reproduces: n of them,
// or the number MutationsEnv sets. A value of MutationsEnv that is not a number fails the test.
func Mutations(tb testing.TB, name, src string, n int) []mutate.Mutation {
	tb.Helper()
	if v := os.Getenv(MutationsEnv); v != "" {
		m, err := strconv.Atoi(v)
		if err != nil || m < 0 {
			tb.Fatalf("%s=%q: want a number of mutations per file", MutationsEnv, v)
		}
		n = m
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	seed := h.Sum64()
	out := make([]mutate.Mutation, n)
	for i := range out {
		out[i] = mutate.One(src, rand.New(rand.NewPCG(seed, uint64(i))))
	}
	return out
}
