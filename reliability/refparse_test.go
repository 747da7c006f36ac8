package reliability

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/mutate"
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

// ourVerdict is what check says of one mutated file.
type ourVerdict struct {
	syntax []finding.Diagnostic // the syntax errors
	errors int                  // the error-severity diagnostics, syntax errors included
}

// refparseExamples names the environment variable that sets how many examples of each kind of
// disagreement the test lists.
const refparseExamples = "CARINA_REFPARSE_EXAMPLES"

// disagreement is an input on which the verdicts differ.
type disagreement struct {
	m      mutation
	ours   ourVerdict
	theirs refVerdict
}

// shownParse is a disagreement as report lists it, of the kind key gives.
func shownParse(m mutation, o ourVerdict, r refVerdict, key func(disagreement) string) shown {
	d := disagreement{m, o, r}
	s := shown{key: key(d), m: m}
	if len(o.syntax) > 0 {
		l, c := lineCol(m.Text, int(o.syntax[0].Span.Start))
		s.ours = fmt.Sprintf("%d:%d %s", l, c, o.syntax[0].Message)
	}
	if !r.ok {
		s.theirs = r.msg
	}
	return s
}

// TestRefparseAgreement mutates the corpus deterministically and compares check with Carina's
// grammar on each mutated file (as the only file of a configuration, with the embedded schemas):
// (a) every file Carina's grammar rejects gets at least one error from check, and (b) the syntax
// verdicts (ours: check reports a syntax error; Carina's: ERR) agree on at least 99% of them.
func TestRefparseAgreement(t *testing.T) {
	refparse := referencePath(t, "refparse")
	muts := sampleMutations(t, sampleSize(t, "CARINA_REFPARSE_MUTATIONS", refparseMutations/5, refparseMutations))
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
	var silent, onlySemantic, weReject []shown
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
		switch {
		case r.ok == (len(o.syntax) == 0):
			agree++
		case o.errors == 0:
			silent = append(silent, shownParse(m, o, r, theirKey))
		case !r.ok:
			onlySemantic = append(onlySemantic, shownParse(m, o, r, theirKey))
		default:
			weReject = append(weReject, shownParse(m, o, r, ourKey))
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
	report(t, "rejected by Carina's grammar, no error from check", silent, refparseExamples)
	report(t, "rejected by Carina's grammar, no syntax error from check (other errors)", onlySemantic, refparseExamples)
	report(t, "accepted by Carina's grammar, a syntax error from check", weReject, refparseExamples)
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
	texts, files := corpusTexts(t)
	out := make([]mutation, n)
	for i := range out {
		rng := rand.New(rand.NewPCG(refparseSeed, uint64(i)))
		file := files[rng.IntN(len(files))]
		src := texts[file]
		m := mutate.One(src, rng)
		for tries := 0; m.Text == src && tries < 10; tries++ {
			m = mutate.One(src, rng)
		}
		out[i] = mutation{n: i, file: file, Mutation: m, at: firstDifference(src, m.Text)}
	}
	return out
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

// checkOne checks one mutated text as the only file of a configuration, on a goroutine of its
// own (checkErrors).
func checkOne(t *testing.T, idx *schema.Index, m mutation) (v ourVerdict) {
	ws := workspace.New(testutil.NewMemFS(map[string]string{"main.crn": m.Text}))
	what := func() string {
		return fmt.Sprintf("mutation #%d of %s (%s)\n--- the mutated file:\n%s", m.n, m.file, m.Desc, m.Text)
	}
	for _, d := range checkErrors(t, ws, testutil.Root, idx, what) {
		v.errors++
		if d.Code == finding.CodeSyntax {
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
