package grammar

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// FuzzParse parses arbitrary text and checks that the parser never panics, terminates, and keeps
// its invariants: tokens cover the input contiguously, statements and error spans lie within the
// input, node spans within their statement, a statement lexed alone gives the file's tokens, and
// re-parsing edited versions with the same Parser gives what a fresh parse gives.
//
// The seed corpus is testdata/fuzz/FuzzParse (snippets and the minimised inputs of past
// findings) plus a few files of the shared corpus when it is present.
func FuzzParse(f *testing.F) {
	corpusDir, _ := corpus.Find(corpus.Root(f), "corpus")
	for _, p := range []string{
		"carina/carina-cli/tests/fixtures/plan_display/upstream_state/network/main.crn",
		"carina-provider-awscc/examples/s3_bucket/main.crn",
		"carina-provider-awscc/examples/vpc/main.crn",
	} {
		if data, err := os.ReadFile(filepath.Join(corpusDir, p)); corpusDir != "" && err == nil {
			f.Add(string(data))
		}
	}
	if files, err := corpusSample(corpusDir, 6); err == nil {
		for _, data := range files {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		// A hang crashes the process, which makes the fuzzer keep the input.
		// Long, for a busy machine: a parse takes milliseconds, a hang forever.
		watchdog := time.AfterFunc(time.Minute, func() {
			panic(fmt.Sprintf("parsing %d bytes did not terminate within a minute: %q", len(src), src))
		})
		defer watchdog.Stop()
		fuzzOne(t, src)
	})
}

// fuzzOne runs every check on one input.
func fuzzOne(t *testing.T, src string) {
	ps := fresh()
	f := ps.Parse(src)
	checkFile(t, src, f)
	checkStmtTokens(t, f)
	if t.Failed() {
		return
	}
	// Edits derived from the input, parsed in turn by the same Parser: each must equal a fresh
	// parse. They exercise statement reuse, re-splitting and incremental re-lexing.
	n := len(src)
	a, b := n/3, n/2
	versions := []string{
		src[:a] + src[b:],             // delete the middle
		src,                           // undo
		src[:a] + "\"" + src[a:],      // open a string
		src[:a] + "{\n" + src[a:],     // unbalance the braces
		src[:b] + "}" + src[b:],       // an extra closer
		src[:a] + "/*" + src[a:],      // open a block comment
		src[:b] + "<<EOT\n" + src[b:], // open a heredoc
		src[:a] + "${" + src[a:],      // open an interpolation
		src + "\nlet z = 1\n",         // append a statement
		src,
	}
	for _, v := range versions {
		g := ps.Parse(v)
		checkFile(t, v, g)
		sameAsFresh(t, g)
		if t.Failed() {
			return
		}
	}
}

// corpusSample returns up to n files of the corpus in corpusDir (the first ones in walk order), or
// an error when the corpus is missing.
func corpusSample(corpusDir string, n int) ([]string, error) {
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		return nil, err
	}
	var out []string
	var walk func(dir string)
	walk = func(dir string) {
		es, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range es {
			if len(out) >= n {
				return
			}
			p := dir + "/" + e.Name()
			switch {
			case e.IsDir():
				walk(p)
			case len(p) > 4 && p[len(p)-4:] == ".crn":
				if data, err := os.ReadFile(p); err == nil {
					out = append(out, string(data))
				}
			}
		}
	}
	for _, e := range entries {
		if e.IsDir() {
			walk(corpusDir + "/" + e.Name())
		}
	}
	return out, nil
}
