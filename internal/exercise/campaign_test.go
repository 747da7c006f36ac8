package exercise

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/mutate"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestCampaign is a bug hunt: CARINA_CAMPAIGN=N (1,000 when unset; 200 in short mode) mutates corpus configurations N
// times (one to three token-level mutations each) and runs the whole analysis on each, going on
// after a failure; it then lists each distinct failure (by its message's shape or the panicking
// function) with its count and the smallest input that shows it. The fuzz target stops at the
// first finding; this shows them all at once.
func TestCampaign(t *testing.T) {
	n := suite.Scale(200, 1000)
	if v := os.Getenv("CARINA_CAMPAIGN"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("CARINA_CAMPAIGN=%q: want a positive number of mutations", v)
		}
	}
	dirs := corpusDirs(t)
	idx := testutil.EmbeddedIndex(t)
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	type finding struct {
		count int
		input string
		msg   string
	}
	found := map[string]*finding{}
	record := func(key, msg, input string) {
		f := found[key]
		if f == nil {
			f = &finding{msg: msg, input: input}
			found[key] = f
		}
		f.count++
		if len(input) < len(f.input) {
			f.input, f.msg = input, msg
		}
	}
	for i := 0; i < n; i++ {
		input := dirs[rng.IntN(len(dirs))]
		for k := rng.IntN(3); k >= 0; k-- {
			input = mutate.One(input, rng).Text
		}
		func() {
			defer func() {
				if v := recover(); v != nil {
					stack := string(debug.Stack())
					record(panicKey(stack), fmt.Sprintf("panic: %v\n%s", v, trimStack(stack)), input)
				}
			}()
			ctx := context.Background()
			ws := workspace.New(testutil.NewMemFS(Files(input)))
			var contained []contain.Panic
			opts := Options{Schemas: idx, Memo: diagnostics.NewMemo(), OnPanic: func(p contain.Panic) { contained = append(contained, p) }}
			_, err := Everything(ctx, ws, testutil.Abs(Dir), opts)
			for _, p := range contained {
				record(panicKey(p.Stack), fmt.Sprintf("contained %s\n%s", p, trimStack(p.Stack)), input)
			}
			if err != nil {
				record(errKey(err), err.Error(), input)
			}
		}()
	}
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := found[k]
		t.Errorf("%d× %s\n%s\n--- smallest input (%d bytes) ---\n%s\n", f.count, k, f.msg, len(f.input), f.input)
	}
}

// panicKey is the first function of the project in a stack below the panic.
func panicKey(stack string) string {
	lines := strings.Split(stack, "\n")
	after := false
	for _, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			after = true
			continue
		}
		if after && strings.Contains(l, "carina-lsp/") && !strings.HasPrefix(l, "\t") {
			if i := strings.LastIndex(l, "("); i > 0 {
				l = l[:i]
			}
			return l
		}
	}
	return "panic"
}

// trimStack keeps the project's frames of a stack.
func trimStack(stack string) string {
	var out []string
	for _, l := range strings.Split(stack, "\n") {
		if strings.Contains(l, "carina-lsp/") {
			out = append(out, l)
		}
		if len(out) >= 16 {
			break
		}
	}
	return strings.Join(out, "\n")
}

var numbers = regexp.MustCompile(`[0-9]+|"[^"]*"|'[^']*'`)

// errKey is an error message with its numbers and quoted parts blanked.
func errKey(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "): "); i >= 0 {
		msg = msg[i+3:]
	}
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return numbers.ReplaceAllString(msg, "#")
}
