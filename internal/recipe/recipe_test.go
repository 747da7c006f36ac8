package recipe

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/suite"
)

// TestRecipe runs the construct recipe's test (sleep_test.go), which needs the build tag
// carina_recipe, in a go test of its own: the default build must not have the construct. The
// tag changes grammar, so that run compiles grammar and all above it again (14 s of CPU from a
// fresh build cache, an eighth of the short mode's tests): the long mode runs it.
func TestRecipe(t *testing.T) {
	if os.Getenv("CARINA_RECIPE_INNER") != "" {
		return // the inner run: sleep_test.go holds the test
	}
	suite.Long(t, "compiles grammar and the packages above it again with the build tag carina_recipe")
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
