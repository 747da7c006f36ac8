package langgen

import (
	"fmt"
	"path"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/google/go-cmp/cmp"
)

// TestGenerateIsReproducible: a program depends on its seed and number alone, not on which
// programs were drawn before it.
func TestGenerateIsReproducible(t *testing.T) {
	tests := []struct {
		seed uint64
		n    int
	}{{1, 0}, {1, 7}, {0x67656e, 0}, {0x67656e, 2999}}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%d", tt.seed, tt.n), func(t *testing.T) {
			first := Generate(tt.seed, tt.n)
			for i := range 5 {
				Generate(tt.seed, i)
			}
			if diff := cmp.Diff(first, Generate(tt.seed, tt.n)); diff != "" {
				t.Errorf("program drawn again differs (-first +again):\n%s", diff)
			}
			if other := Generate(tt.seed+1, tt.n); cmp.Equal(first, other) {
				t.Errorf("seeds %d and %d draw the same program", tt.seed, tt.seed+1)
			}
		})
	}
}

// TestProgramsParse: every file generated parses without a syntax error, and the directory
// checked holds a file: a program is a test of the checks, not of the parser.
func TestProgramsParse(t *testing.T) {
	ps := grammar.NewParser()
	for n := range 500 {
		p := Generate(1, n)
		checked := false
		for _, f := range p.Files {
			if errs := ps.ParseDoc(f.Text).Errors(); len(errs) > 0 {
				t.Fatalf("program %d, %s: %v\n%s", n, f.Path, errs, p.Text())
			}
			checked = checked || path.Dir(f.Path) == p.Dir
		}
		if !checked {
			t.Fatalf("program %d: no file in the directory checked, %s\n%s", n, p.Dir, p.Text())
		}
	}
}

// TestEveryKindDrawn: over 1,000 programs every feature and every mistake is drawn, and about
// half the programs have a mistake.
func TestEveryKindDrawn(t *testing.T) {
	featureNames, mistakeNames := Kinds()
	seen := map[string]int{}
	withMistake := 0
	for n := range 1000 {
		p := Generate(2, n)
		for _, f := range p.Features {
			seen[f]++
		}
		if p.Mistake != "" {
			seen[p.Mistake]++
			withMistake++
		}
	}
	var missing []string
	for _, k := range append(featureNames, mistakeNames...) {
		if seen[k] == 0 {
			missing = append(missing, k)
		}
	}
	if diff := cmp.Diff([]string(nil), missing); diff != "" {
		t.Errorf("kinds never drawn (-want +got):\n%s", diff)
	}
	if withMistake < 400 || withMistake > 600 {
		t.Errorf("%d of 1000 programs have a mistake, want about half", withMistake)
	}
}
