package reliability

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/mutate"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Differential parsing against Carina itself: the corpus, mutated at the token level, is read by
// Carina's own grammar (refparse) and by `check`; nothing Carina rejects may pass silently, and
// the two syntax verdicts must agree on nearly every input. docs/reliability.md lists each kind
// of remaining disagreement with its reason.

const (
	// refparseMutations is the number of mutations of the suite's long mode (a fifth of it in
	// short mode); CARINA_REFPARSE_MUTATIONS sets another.
	refparseMutations = 10000
	// refparseSeed fixes the sample: mutation i is drawn from PCG(seed, i) alone, so a long run
	// holds the short one and any mutation is reproduced from its number.
	refparseSeed = 0x63726e
	// minAgreement is the share of inputs on which the syntax verdicts must agree.
	minAgreement = 0.99
)

// mutation is one mutated corpus file.
type mutation struct {
	n    int    // its number in the sample
	file string // the corpus file, relative to the corpus
	mutate.Mutation
	at int // the first byte where the text differs from the file
}

// ourVerdict is what check says of one mutated file.
type ourVerdict struct {
	syntax []diagnostics.Diagnostic // the syntax errors
	errors int                      // the error-severity diagnostics, syntax errors included
}

// disagreement is an input on which the verdicts differ.
type disagreement struct {
	m      mutation
	ours   ourVerdict
	theirs refVerdict
}

// TestRefparseAgreement mutates the corpus deterministically and compares check with Carina's
// grammar on each mutated file (as the only file of a configuration, with the embedded schemas):
// (a) every file Carina's grammar rejects gets at least one error from check, and (b) the syntax
// verdicts (ours: check reports a syntax error; Carina's: ERR) agree on at least 99% of them.
func TestRefparseAgreement(t *testing.T) {
	refparse := refparsePath(t)
	n := suite.Scale(refparseMutations/5, refparseMutations)
	if v := os.Getenv("CARINA_REFPARSE_MUTATIONS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("CARINA_REFPARSE_MUTATIONS=%q: want a positive number", v)
		}
	}
	muts := sampleMutations(t, n)
	texts := make([]string, len(muts))
	for i, m := range muts {
		texts[i] = m.Text
	}

	// Carina's grammar reads the files while check runs.
	type answer struct {
		verdicts []refVerdict
		err      error
	}
	theirs := make(chan answer, 1)
	dir := t.TempDir()
	go func() {
		vs, err := refparseAll(refparse, dir, texts)
		theirs <- answer{vs, err}
	}()
	ours := checkAll(t, muts)
	a := <-theirs
	if a.err != nil {
		t.Fatal(a.err)
	}
	refs := a.verdicts

	agree, rejected, rejectedWithError := 0, 0, 0
	var silent, onlySemantic, weReject []disagreement
	byKind := map[mutate.Kind][2]int{} // mutations, agreements
	for i, m := range muts {
		o, r := ours[i], refs[i]
		k := byKind[m.Kind]
		k[0]++
		if r.ok == (len(o.syntax) == 0) {
			k[1]++
		}
		byKind[m.Kind] = k
		if !r.ok {
			rejected++
			if o.errors > 0 {
				rejectedWithError++
			}
		}
		d := disagreement{m, o, r}
		switch {
		case r.ok == (len(o.syntax) == 0):
			agree++
		case o.errors == 0:
			silent = append(silent, d)
		case !r.ok:
			onlySemantic = append(onlySemantic, d)
		default:
			weReject = append(weReject, d)
		}
	}
	share := float64(agree) / float64(len(muts))
	t.Logf("%d mutations: syntax verdicts agree on %d (%.2f%%); Carina's grammar rejects %d, check reports an error on %d; "+
		"%d rejected by Carina pass silently, %d get only other errors from check, %d accepted by Carina get a syntax error",
		len(muts), agree, 100*share, rejected, rejectedWithError, len(silent), len(onlySemantic), len(weReject))
	var kinds strings.Builder
	for _, k := range slices.Sorted(maps.Keys(byKind)) {
		fmt.Fprintf(&kinds, "\n  %-20s %6d mutations, agreement %.2f%%", k, byKind[k][0], 100*float64(byKind[k][1])/float64(byKind[k][0]))
	}
	t.Logf("by kind of mutation:%s", kinds.String())
	report(t, "rejected by Carina's grammar, no error from check", silent, theirKey)
	report(t, "rejected by Carina's grammar, no syntax error from check (other errors)", onlySemantic, theirKey)
	report(t, "accepted by Carina's grammar, a syntax error from check", weReject, ourKey)
	if len(silent) > 0 {
		t.Errorf("%d inputs that Carina's grammar rejects get no error from check (listed above)", len(silent))
	}
	if share < minAgreement {
		t.Errorf("syntax verdicts agree on %.2f%% of the inputs, want at least %.0f%% (disagreements listed above)", 100*share, 100*minAgreement)
	}
}

// sampleMutations draws n mutations of the corpus: mutation i mutates a file chosen by
// PCG(refparseSeed, i) with one mutation of a random kind (drawn again when it leaves the text
// unchanged, e.g. a token swapped with an equal one).
func sampleMutations(t *testing.T, n int) []mutation {
	t.Helper()
	root := corpus.Shared(t, "corpus")
	paths := corpus.Files(t)
	srcs := make([]string, len(paths))
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		srcs[i] = string(b)
	}
	out := make([]mutation, n)
	for i := range out {
		rng := rand.New(rand.NewPCG(refparseSeed, uint64(i)))
		k := rng.IntN(len(paths))
		m := mutate.One(srcs[k], rng)
		for tries := 0; m.Text == srcs[k] && tries < 10; tries++ {
			m = mutate.One(srcs[k], rng)
		}
		rel, _ := filepath.Rel(root, paths[k])
		out[i] = mutation{n: i, file: rel, Mutation: m, at: firstDifference(srcs[k], m.Text)}
	}
	return out
}

func firstDifference(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// checkAll runs check on each mutated text, as the only file of a configuration, on every core.
func checkAll(t *testing.T, muts []mutation) []ourVerdict {
	t.Helper()
	idx := testutil.EmbeddedIndex(t)
	out := make([]ourVerdict, len(muts))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				out[i] = checkOne(t, idx, muts[i])
			}
		})
	}
	for i := range muts {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// checkOne checks one mutated text as the only file of a configuration. It runs on a goroutine
// of its own, so it reports a failure (a panic included) with t.Errorf.
func checkOne(t *testing.T, idx *schema.Index, m mutation) (v ourVerdict) {
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("check panicked on mutation #%d of %s (%s): %v\n%s\n--- the mutated file:\n%s", m.n, m.file, m.Desc, r, debug.Stack(), m.Text)
		}
	}()
	ws := workspace.New(testutil.NewMemFS(map[string]string{"main.crn": m.Text}))
	cfg, err := ws.Config(context.Background(), testutil.Root)
	if err != nil {
		t.Errorf("loading the configuration of mutation #%d: %v", m.n, err)
		return v
	}
	if len(cfg.LoadErrors) > 0 {
		t.Errorf("loading the configuration of mutation #%d: %v", m.n, cfg.LoadErrors)
		return v
	}
	// A check that panics is contained (it loses only its own findings); here it is a failure.
	onPanic := func(p contain.Panic) {
		t.Errorf("check panicked on mutation #%d of %s (%s): %v\n%s\n--- the mutated file:\n%s", m.n, m.file, m.Desc, p, p.Stack, m.Text)
	}
	for _, d := range diagnostics.CheckWith(context.Background(), cfg, idx, diagnostics.Options{OnPanic: onPanic}) {
		if d.Severity != diagnostics.Error {
			continue
		}
		v.errors++
		if d.Code == diagnostics.CodeSyntax {
			v.syntax = append(v.syntax, d)
		}
	}
	return v
}

// quoted, owner and number are what a message's kind leaves out: names, the block it is in, and
// numbers.
var (
	quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	owner  = regexp.MustCompile(`\bin [\w.]+;`)
	number = regexp.MustCompile(`\b\d+\b`)
)

// theirKey groups inputs Carina rejects by what its grammar expected.
func theirKey(d disagreement) string {
	_, what, _ := strings.Cut(d.theirs.msg, " ")
	return what
}

// ourKey groups inputs we reject by our first message, without its names and numbers.
func ourKey(d disagreement) string {
	msg := quoted.ReplaceAllString(d.ours.syntax[0].Message, `"…"`)
	return number.ReplaceAllString(owner.ReplaceAllString(msg, "in …;"), "N")
}

// report logs the disagreements of one direction by kind, most frequent first, with the
// smallest examples of each (three, or CARINA_REFPARSE_EXAMPLES): the mutation, the line it
// changed, and both messages.
func report(t *testing.T, title string, ds []disagreement, key func(disagreement) string) {
	t.Helper()
	if len(ds) == 0 {
		return
	}
	examples := 3
	if n, err := strconv.Atoi(os.Getenv("CARINA_REFPARSE_EXAMPLES")); err == nil && n >= 0 {
		examples = n
	}
	kinds := map[string][]disagreement{}
	for _, d := range ds {
		kinds[key(d)] = append(kinds[key(d)], d)
	}
	keys := make([]string, 0, len(kinds))
	for k := range kinds {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(len(kinds[b])-len(kinds[a]), strings.Compare(a, b)) })
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s, in %d kinds:\n", len(ds), title, len(keys))
	for _, k := range keys {
		group := kinds[k]
		fmt.Fprintf(&b, "\n  %d× %s\n", len(group), k)
		slices.SortStableFunc(group, func(x, y disagreement) int { return len(statementAt(x.m)) - len(statementAt(y.m)) })
		for _, d := range group[:min(examples, len(group))] {
			line, text := lineAt(d.m.Text, d.m.at)
			fmt.Fprintf(&b, "    #%d %s: %s\n      %d | %s\n", d.m.n, d.m.file, d.m.Desc, line, text)
			if len(d.ours.syntax) > 0 {
				s := d.ours.syntax[0]
				l, c := lineCol(d.m.Text, int(s.Span.Start))
				fmt.Fprintf(&b, "      ours:   %d:%d %s\n", l, c, s.Message)
			}
			if !d.theirs.ok {
				fmt.Fprintf(&b, "      carina: %s\n", d.theirs.msg)
			}
		}
	}
	t.Log(b.String())
}

// statementAt returns the top-level statement of the mutated text holding the change (the text
// from the change to the end when no statement holds it).
func statementAt(m mutation) string {
	for _, r := range grammar.Split(m.Text, grammar.Lex(m.Text)) {
		if int(r.End) >= m.at {
			return m.Text[min(int(r.Start), m.at):r.End]
		}
	}
	return m.Text[min(m.at, len(m.Text)):]
}

// lineAt returns the 1-based number and the text of the line holding byte offset at.
func lineAt(src string, at int) (int, string) {
	at = min(at, len(src))
	start := strings.LastIndexByte(src[:at], '\n') + 1
	end := strings.IndexByte(src[at:], '\n')
	if end < 0 {
		end = len(src) - at
	}
	return strings.Count(src[:at], "\n") + 1, src[start : at+end]
}

// lineCol returns the 1-based line and byte column of offset at.
func lineCol(src string, at int) (int, int) {
	at = min(at, len(src))
	return strings.Count(src[:at], "\n") + 1, at - strings.LastIndexByte(src[:at], '\n')
}
