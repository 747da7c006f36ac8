package format

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
)

// FuzzFormat checks that the formatter never fails on a source that parses, and that its
// output is idempotent, keeps every token and comment, and parses (checkProperties). Sources
// with syntax errors must be refused with a *SyntaxError; nothing may panic. The seed corpus is
// in testdata/fuzz/FuzzFormat (the golden inputs and a sample of the shared corpus) and
// propertySources.
func FuzzFormat(f *testing.F) {
	for _, src := range propertySources {
		f.Add(src)
	}
	fm := New(Options{})
	f.Fuzz(func(t *testing.T, src string) {
		out, err := fm.Source(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("formatting a source that parses failed: %v", err)
			}
			return
		}
		checkProperties(t, fm, src, out)
		e, err := fm.Range(src, len(src)/3, len(src)/2)
		if err != nil {
			t.Fatalf("Range: %v", err)
		}
		if e.Start < 0 || e.Start > e.End || e.End > len(src) {
			t.Fatalf("Range returned a bad edit %+v for a %d-byte source", e, len(src))
		}
	})
}

// layoutNoise are the pieces FuzzLayout puts between tokens.
var layoutNoise = [...]string{"", " ", "\n", "\n\n", " # c\n", " /* c */ ", "\n// d\n", "\t", "\n\n# e\n\n", "/*f*/"}

// FuzzLayout explores comments and line breaks in every position of valid sources: it
// re-spaces a source that parses, putting between each pair of tokens a piece of white space or
// a comment chosen by the noise bytes, and, when the result still parses, checks the same
// properties as FuzzFormat.
func FuzzLayout(f *testing.F) {
	for _, src := range propertySources {
		f.Add(src, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	}
	fm := New(Options{})
	f.Fuzz(func(t *testing.T, src string, noise []byte) {
		if len(noise) == 0 {
			return
		}
		spaced, ok := respace(fm, src, noise)
		if !ok {
			return
		}
		out, err := fm.Source(spaced)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("formatting a source that parses failed: %v\nsource:\n%s", err, spaced)
			}
			return
		}
		checkProperties(t, fm, spaced, out)
	})
}

// respace re-spaces a source that parses (see FuzzLayout); ok is false when src does not parse.
func respace(fm *Formatter, src string, noise []byte) (string, bool) {
	file := parse(fm.parser, src)
	if len(file.Errors) > 0 || len(noise) == 0 {
		return "", false
	}
	var b strings.Builder
	n := 0
	for i, tok := range file.Tokens {
		if tok.Kind == grammar.EOF || tok.Kind == grammar.Space {
			continue
		}
		if i > 0 && !tok.Kind.Trivia() && !file.Tokens[i-1].Kind.Trivia() && file.Tokens[i-1].End == tok.Start {
			// Tokens written together (a.b, f(x), "${x}") stay together.
			b.WriteString(tok.Text(src))
			continue
		}
		b.WriteString(layoutNoise[int(noise[n%len(noise)])%len(layoutNoise)])
		n++
		b.WriteString(tok.Text(src))
	}
	return b.String(), true
}

// eachRespaced re-spaces src up to n times with random noise (comments and line breaks between
// its tokens, see respace) and calls each with every re-spaced source that formats, and its
// output. A re-spaced source that no longer parses is skipped; any other formatting error fails
// the test. It returns how many sources reached each.
func eachRespaced(t *testing.T, fm *Formatter, src string, rng *rand.Rand, n int, each func(spaced, out string)) int {
	t.Helper()
	checked := 0
	for range n {
		noise := make([]byte, 1+rng.IntN(64))
		for i := range noise {
			noise[i] = byte(rng.IntN(256))
		}
		spaced, ok := respace(fm, src, noise)
		if !ok {
			break
		}
		out, err := fm.Source(spaced)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("formatting a source that parses failed: %v\nsource:\n%s", err, spaced)
			}
			continue
		}
		checked++
		each(spaced, out)
	}
	return checked
}

// TestLayoutNoise runs FuzzLayout's check deterministically over the corpus and the property
// sources, with random comments and line breaks between their tokens.
func TestLayoutNoise(t *testing.T) {
	fm := New(Options{})
	srcs := append([]string(nil), propertySources...)
	if paths, err := filepath.Glob("testdata/fuzz/FuzzFormat/corpus-*"); err == nil {
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			s := strings.TrimSuffix(strings.TrimPrefix(string(data), "go test fuzz v1\nstring("), ")\n")
			src, err := strconv.Unquote(s)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			srcs = append(srcs, src)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for _, src := range srcs {
		checked += eachRespaced(t, fm, src, rng, 20, func(spaced, out string) {
			checkProperties(t, fm, spaced, out)
		})
	}
	t.Logf("%d re-spaced sources checked", checked)
}
