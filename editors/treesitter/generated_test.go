package treesitter

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParserIsGenerated fails when grammar.js changed and the parser was not regenerated: the
// generate script records grammar.js's hash beside the parser it made (README.md, Regenerating).
func TestParserIsGenerated(t *testing.T) {
	js, err := os.ReadFile(filepath.Join(grammarDir, "grammar.js"))
	if err != nil {
		t.Fatal(err)
	}
	recorded, err := os.ReadFile(filepath.Join(grammarDir, "src", "grammar.js.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(js)
	if got, want := strings.TrimSpace(string(recorded)), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("src/ was generated from another grammar.js (recorded hash %s, grammar.js's %s): run editors/tree-sitter-carina/generate.sh (README.md)", got, want)
	}
	// And the generated grammar.json has grammar.js's rules: a hash written by hand is caught.
	data, err := os.ReadFile(filepath.Join(grammarDir, "src", "grammar.json"))
	if err != nil {
		t.Fatal(err)
	}
	var generated struct {
		Rules map[string]json.RawMessage `json:"rules"`
	}
	if err := json.Unmarshal(data, &generated); err != nil {
		t.Fatalf("src/grammar.json: %v", err)
	}
	var got []string
	for name := range generated.Rules {
		got = append(got, name)
	}
	var want []string
	for _, m := range ruleName.FindAllStringSubmatch(string(js), -1) {
		want = append(want, m[1])
	}
	slices.Sort(got)
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rules of grammar.js (-) and src/grammar.json (+):\n%s", diff)
	}
}

// ruleName matches a rule's definition in grammar.js: four spaces, its name, "($) =>".
var ruleName = regexp.MustCompile(`(?m)^    (\w+): \(\$\) =>`)
