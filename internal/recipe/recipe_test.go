package recipe

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRecipe runs the construct recipe's test (sleep_test.go), which needs the build tag
// carina_recipe, in a go test of its own: the default build must not have the construct.
func TestRecipe(t *testing.T) {
	if os.Getenv("CARINA_RECIPE_INNER") != "" {
		return // the inner run: sleep_test.go holds the test
	}
	cmd := exec.Command("go", "test", "-v", "-tags", "carina_recipe", "-run", "^TestSleep$", ".")
	cmd.Env = append(os.Environ(), "CARINA_RECIPE_INNER=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -tags carina_recipe: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestSleep ") {
		t.Fatalf("go test -tags carina_recipe ran no TestSleep:\n%s", out)
	}
	t.Logf("%s", out)
}
