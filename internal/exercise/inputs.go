package exercise

import (
	"hash/fnv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Marker separates the files of one fuzz input.
const Marker = "\n--- next file ---\n"

// Dir is the configuration directory Files puts the files of an input in.
const Dir = "cfg"

// fileNames are the files of an input, in order: two files of the configuration and a module it
// can use as './mod'.
func fileNames() [3]string { return [3]string{"cfg/main.crn", "cfg/other.crn", "cfg/mod/main.crn"} }

// Files splits an input on Marker into one to three files (paths relative to the workspace
// root): text past a third marker stays in the third file.
func Files(input string) map[string]string {
	names := fileNames()
	parts := strings.SplitN(input, Marker, len(names))
	out := make(map[string]string, len(parts))
	for i, p := range parts {
		out[names[i]] = p
	}
	return out
}

// Join is the inverse of Files for the files of a directory, in order (at most three are kept).
func Join(texts ...string) string {
	if len(texts) > len(fileNames()) {
		texts = texts[:len(fileNames())]
	}
	return strings.Join(texts, Marker)
}

// Sample chooses about n offsets of f, derived from its text: both ends, and the starts and ends
// of tokens picked by a hash of the text, so that the same input always gives the same offsets
// and a mutated one probes other places.
func Sample(f *workspace.File, n int) []int {
	src := f.Text()
	out := []int{0, len(src)}
	toks := f.AST.Tokens
	if len(toks) == 0 || n <= 2 {
		return out
	}
	h := fnv.New64a()
	h.Write([]byte(src))
	seed := h.Sum64()
	for i := 0; i < n-2; i++ {
		seed = seed*6364136223846793005 + 1442695040888963407
		t := toks[int(seed>>33)%len(toks)]
		if t.Kind == grammar.EOF {
			continue
		}
		if seed&1 == 0 {
			out = append(out, int(t.Start))
		} else {
			out = append(out, int(t.End))
		}
	}
	return out
}
