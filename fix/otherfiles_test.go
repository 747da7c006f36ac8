package fix

import (
	"context"
	"testing"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestOtherFilesLeftAlone: a fix that edits other files than its diagnostic's (the snake_case
// rename, which edits every file naming the binding) is not applied, even with suggestions
// allowed: files are fixed one by one, and half a rename would break the configuration.
func TestOtherFilesLeftAlone(t *testing.T) {
	files := map[string]string{
		"main.crn":  "let myVpc = 'a'\n",
		"other.crn": "let _ = myVpc\n",
	}
	ws := workspace.New(testutil.NewMemFS(files))
	res, err := Config(context.Background(), ws, testutil.Root, testutil.EmbeddedIndex(t), Options{Unsafe: true, Check: diagnostics.Check})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Texts) != 0 || len(res.Applied) != 0 {
		t.Errorf("Config applied %v, changing %v; want nothing", res.Applied, res.Texts)
	}
}
