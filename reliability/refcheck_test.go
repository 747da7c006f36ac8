package reliability

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/mutate"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Differential checking against Carina itself: every configuration of the corpus, as it is and
// with one file changed by a semantic mutation (internal/mutate: a call's arguments, a value's or
// an annotation's type, a name, a folder), is judged by Carina's own checker (refcheck: the
// static part of `carina validate`, with no provider schema) and by `check`; the verdicts must
// agree on nearly every input.

const (
	// refcheckMutations is the number of mutations of the suite's long mode, and
	// refcheckShortMutations of its short mode (each costs both checkers a run: 1,000 were 9 s of
	// CPU, most of the reliability package's short run); CARINA_REFCHECK_MUTATIONS sets another.
	refcheckMutations      = 5000
	refcheckShortMutations = 200
	// refcheckSeed fixes the sample: mutation i is drawn from PCG(seed, i) alone, so a long run
	// holds the short one and any mutation is reproduced from its number.
	refcheckSeed = 0x726366
	// placesCap bounds the weight of a kind of mutation: each is drawn in proportion to its
	// places in the corpus, up to this many, so that a kind with thousands of places (a literal
	// retyped) does not drown the rare language features (a default before a required
	// parameter has one place) and a rare one is not drawn many times at the same place.
	placesCap = 50
	// refcheckExamples names the environment variable that sets how many examples of each kind
	// of disagreement the test lists.
	refcheckExamples = "CARINA_REFCHECK_EXAMPLES"
	// mutationsPerLayout is how many mutations of a configuration are judged in one layout of
	// it, one a round (checkRounds): more rounds cost a refparse and a refcheck process each,
	// more layouts their directories.
	mutationsPerLayout = 20
	// minRawAgreement is the share of the inputs on which the verdicts must agree as they are,
	// the deliberate differences counted as disagreements.
	minRawAgreement = 0.975
)

// environmental reports whether Carina rejected an input for what the environment of its process
// holds (an env() variable not set there): no verdict on the configuration.
func environmental(msg string) bool {
	return strings.Contains(msg, "env(): environment variable '")
}

// checkInput is one configuration both checkers judge: a corpus configuration directory, as it
// is (no mutation text) or with one of its files mutated.
type checkInput struct {
	mutation
	dir   string // the configuration's directory, relative to the corpus
	alone bool   // the configuration holds only mutation.file of its directory's files
	tree  int    // the layout it is judged in: its configuration's
}

// kind is the input's kind of mutation, "unmutated" for a configuration as the corpus holds it.
func (in checkInput) kind() string {
	switch {
	case in.Text == "" && in.alone:
		return "unmutated, a file alone"
	case in.Text == "":
		return "unmutated"
	}
	return in.Kind.String()
}

// name names an input that is no mutation.
func (in checkInput) name() string {
	if in.alone {
		return in.file + " (alone in its directory, unmutated)"
	}
	return in.dir + " (unmutated)"
}

// judged is an input with both verdicts.
type judged struct {
	checkInput
	theirs  checkVerdict
	ours    *finding.Diagnostic  // our first error of the language, nil for none
	all     []finding.Diagnostic // every error of the language check reports
	oursMsg string               // ours with its place, as report shows it
	reason  string               // the deliberate differences that explain a disagreement, "" for none
}

// judge is an input with both verdicts, taken while its layout is as check read it: the
// deliberate differences read the configuration as it was judged.
func judge(in checkInput, theirs checkVerdict, ours []finding.Diagnostic, l layout) judged {
	j := judged{checkInput: in, theirs: theirs, all: ours}
	if len(ours) > 0 {
		j.ours = &ours[0]
		j.oursMsg = ourMessage(ours[0], l)
	}
	if environmental(theirs.msg) {
		j.theirs = checkVerdict{none: "Carina read the environment of the process (env())"}
	}
	if j.theirs.none == "" && j.theirs.ok != (j.ours == nil) {
		j.reason = explained(j, l.path(in.dir))
	}
	return j
}

// TestRefcheckAgreement compares check with Carina's checker on every corpus configuration and
// on semantic mutations of the configurations Carina accepts, each configuration laid out with
// the directories its check reads in a directory of its own. Carina's verdict is refcheck's OK
// or ERR; ours is whether check reports an error of the language (any code but the schema
// codes). Mutations that Carina's grammar rejects are skipped (counted): the test is of the
// language's rules. The verdicts must agree on at least 99% of the inputs. Without refcheck or
// refparse it skips, except under CI=true.
func TestRefcheckAgreement(t *testing.T) {
	refcheck := referencePath(t, "refcheck")
	refparse := referencePath(t, "refparse")
	texts, files := corpusTexts(t)
	ts := &trees{base: t.TempDir(), closures: configClosures(t, corpus.Shared(t, "corpus"), files), texts: texts, files: files}
	all := judgeConfigs(t, refcheck, ts)

	// The mutations are of the files of the configurations Carina accepts, so that its verdict
	// on each is the mutation's.
	var bases []checkInput
	for _, j := range all {
		for _, f := range files {
			if j.theirs.ok && (j.alone && f == j.file || !j.alone && filepath.Dir(f) == j.dir) {
				bases = append(bases, checkInput{mutation: mutation{file: f}, dir: j.dir, alone: j.alone, tree: j.tree})
			}
		}
	}
	muts := sampleSemantic(t, texts, bases, sampleSize(t, "CARINA_REFCHECK_MUTATIONS", refcheckShortMutations, refcheckMutations))
	judgedMuts, skipped := checkRounds(t, refcheck, refparse, ts, muts)
	t.Logf("%d configurations as they are and %d mutations of the %d files of those Carina accepts (skipped: %d more that "+
		"Carina's grammar rejects)", len(all), len(judgedMuts), len(bases), sum(skipped))
	raw, explainedShare := reportAgreement(t, append(all, judgedMuts...), ts.layouts, skipped)
	if explainedShare < minAgreement {
		t.Errorf("verdicts agree on %.2f%% of the inputs, the deliberate differences counted as agreements, want at least %.0f%% (disagreements listed above)",
			100*explainedShare, 100*minAgreement)
	}
	if raw < minRawAgreement {
		t.Errorf("verdicts agree on %.2f%% of the inputs, want at least %.1f%% (disagreements listed above)", 100*raw, 100*minRawAgreement)
	}
}

// judgeConfigs lays out the corpus configurations as they are, and each file alone of those
// Carina rejects that hold several (the acceptance tests' folders hold one configuration a file,
// whose bindings clash), and has both checkers judge them, in the order of ts.configs.
func judgeConfigs(t *testing.T, refcheck string, ts *trees) []judged {
	t.Helper()
	var dirs []string
	add := func(in checkInput) {
		n := ts.add(t, in)
		dirs = append(dirs, ts.layouts[n].path(in.dir))
	}
	for _, dir := range slices.Sorted(maps.Keys(ts.closures)) {
		add(checkInput{dir: dir})
	}
	verdicts, err := refcheckDirs(refcheck, dirs)
	if err != nil {
		t.Fatal(err)
	}
	for i := range len(ts.configs) {
		dir := ts.configs[i].dir
		own := slices.DeleteFunc(slices.Clone(ts.files), func(f string) bool { return filepath.Dir(f) != dir })
		if verdicts[i].ok || len(own) < 2 {
			continue
		}
		for _, f := range own {
			add(checkInput{mutation: mutation{file: f}, dir: dir, alone: true})
		}
	}
	more, err := refcheckDirs(refcheck, dirs[len(verdicts):])
	if err != nil {
		t.Fatal(err)
	}
	verdicts = append(verdicts, more...)
	all := make([]judged, len(ts.configs))
	for i, d := range checkDirs(t, ts.configs, dirs) {
		all[i] = judge(ts.configs[i], verdicts[i], d, ts.layouts[i])
	}
	return all
}

// trees lays out configurations, each in a directory of its own.
type trees struct {
	base     string
	closures map[string][]string // each corpus configuration's closure (configClosures)
	texts    map[string]string   // the corpus files' texts, by path
	files    []string            // the corpus files
	configs  []checkInput        // what each layout holds: a configuration as the corpus holds it
	layouts  []layout
}

// add lays out the configuration of in (its mutation, if any, is not written) and returns the
// number of its layout.
func (ts *trees) add(t *testing.T, in checkInput) int {
	t.Helper()
	in.mutation = mutation{file: in.file}
	in.tree = len(ts.layouts)
	l, err := newLayout(filepath.Join(ts.base, strconv.Itoa(in.tree)), in, ts.closures[in.dir], ts.texts, ts.files)
	if err != nil {
		t.Fatal(err)
	}
	ts.configs = append(ts.configs, in)
	ts.layouts = append(ts.layouts, l)
	return in.tree
}

// reportAgreement logs the agreement overall and by kind of input, and the disagreements by
// kind with their smallest examples, in the style of TestRefparseAgreement, and returns the
// share of the inputs with a verdict from Carina on which the verdicts agree, and that share
// with the disagreements a deliberate difference explains (explained) counted as agreements.
func reportAgreement(t *testing.T, all []judged, layouts []layout, skipped map[string]int) (raw, withDeliberate float64) {
	t.Helper()
	type tally struct{ inputs, agree, carina, check, unanswered int }
	byKind := map[string]*tally{}
	agree := 0
	byReason := map[string]int{} // disagreements a deliberate difference explains
	var missed, extra, unanswered []shown
	for _, j := range all {
		k := byKind[j.kind()]
		if k == nil {
			k = &tally{}
			byKind[j.kind()] = k
		}
		s := shown{m: j.mutation, input: j.name(), ours: j.oursMsg}
		if j.theirs.none != "" {
			k.unanswered++
			s.key, s.theirs = j.kind()+": "+j.theirs.none, j.theirs.none
			unanswered = append(unanswered, s)
			continue
		}
		k.inputs++
		if !j.theirs.ok {
			k.carina++
		}
		if j.ours != nil {
			k.check++
		}
		reason := j.reason
		switch {
		case j.theirs.ok == (j.ours == nil):
			agree++
			k.agree++
		case reason != "":
			byReason[reason]++
		case j.ours != nil:
			s.key = j.kind() + ": [" + string(j.ours.Code) + "] " + messageKind(j.ours.Message)
			extra = append(extra, s)
		default:
			s.theirs = layouts[j.tree].corpusPaths(j.theirs.msg)
			s.key = j.kind() + ": " + carinaKind(s.theirs)
			missed = append(missed, s)
		}
	}
	compared := len(all) - len(unanswered)
	share := float64(agree) / float64(max(compared, 1))
	deliberate := 0
	var reasons strings.Builder
	for _, r := range slices.Sorted(maps.Keys(byReason)) {
		deliberate += byReason[r]
		fmt.Fprintf(&reasons, "\n  %5d  %s", byReason[r], r)
	}
	explainedShare := float64(agree+deliberate) / float64(max(compared, 1))
	t.Logf("%d inputs compared (%d more without a verdict from Carina's checker): verdicts agree on %d (%.2f%%); "+
		"%d more differ as docs/language-rules.md says carina-lsp differs on purpose (%.2f%% with them); "+
		"otherwise %d rejected by Carina get no language error from check, %d accepted by Carina get one",
		compared, len(unanswered), agree, 100*share, deliberate, 100*explainedShare, len(missed), len(extra))
	if deliberate > 0 {
		t.Logf("the deliberate differences met:%s", reasons.String())
	}
	var kinds strings.Builder
	for _, name := range slices.Sorted(maps.Keys(byKind)) {
		k := byKind[name]
		fmt.Fprintf(&kinds, "\n  %-28s %5d inputs, agreement %6.2f%%; rejected by Carina %5d, by check %5d",
			name, k.inputs, 100*float64(k.agree)/float64(max(k.inputs, 1)), k.carina, k.check)
		if skipped[name] > 0 || k.unanswered > 0 {
			fmt.Fprintf(&kinds, " (skipped: %d rejected by Carina's grammar, %d without a verdict)", skipped[name], k.unanswered)
		}
	}
	t.Logf("by kind of input:%s", kinds.String())
	report(t, "rejected by Carina's checker, no language error from check", missed, refcheckExamples)
	report(t, "accepted by Carina's checker, a language error from check", extra, refcheckExamples)
	report(t, "without a verdict from Carina's checker, not compared", unanswered, refcheckExamples)
	return share, explainedShare
}

// sampleSemantic draws n semantic mutations of the files of bases (unmutated inputs, one a file):
// mutation i, from PCG(refcheckSeed, i), draws a kind in proportion to its places in those files
// (up to placesCap), then one of those places, every place of the kind alike.
func sampleSemantic(t *testing.T, texts map[string]string, bases []checkInput, n int) []checkInput {
	t.Helper()
	sites := make([]*mutate.Sites, len(bases))
	for i, b := range bases {
		sites[i] = mutate.FindSites(texts[b.file])
	}
	kinds := mutate.SemanticKinds()
	places := make([]int, len(kinds))
	weights := make([]int, len(kinds))
	total := 0
	for j, k := range kinds {
		for _, s := range sites {
			places[j] += s.Count(k)
		}
		weights[j] = min(places[j], placesCap)
		total += weights[j]
	}
	if total == 0 {
		t.Fatal("no semantic mutation applies anywhere in the corpus")
	}
	out := make([]checkInput, n)
	for i := range out {
		rng := rand.New(rand.NewPCG(refcheckSeed, uint64(i)))
		j, r := 0, rng.IntN(total)
		for r >= weights[j] {
			r -= weights[j]
			j++
		}
		k := kinds[j]
		f, p := 0, rng.IntN(places[j])
		for p >= sites[f].Count(k) {
			p -= sites[f].Count(k)
			f++
		}
		m := sites[f].Apply(k, rng)
		if bases[f].alone {
			m.Desc += " (the file alone in its directory)"
		}
		in := bases[f]
		in.mutation = mutation{n: i, file: in.file, Mutation: m, at: firstDifference(texts[in.file], m.Text)}
		out[i] = in
	}
	return out
}

// checkRounds judges the mutations in their configurations' layouts, in rounds: round r writes
// the r-th mutation of each layout over its file, has Carina's grammar read the files (those it
// rejects are skipped, and counted by kind), Carina's checker and check judge the
// configurations, and the files are written back. So a configuration is laid out once for up to
// mutationsPerLayout of its mutations, not once a mutation: making directories is the dearest
// part of a layout; and a round is large enough to keep both checkers busy.
func checkRounds(t *testing.T, refcheck, refparse string, ts *trees, muts []checkInput) ([]judged, map[string]int) {
	t.Helper()
	byTree := map[int][]checkInput{} // the mutations judged in each layout
	for _, m := range muts {
		if len(byTree[m.tree]) == mutationsPerLayout { // the layout is full: on to another of the configuration
			byTree[ts.add(t, ts.configs[m.tree])] = byTree[m.tree]
			byTree[m.tree] = nil
		}
		byTree[m.tree] = append(byTree[m.tree], m)
	}
	trees := slices.Sorted(maps.Keys(byTree))
	var out []judged
	skipped := map[string]int{}
	write := func(in checkInput, text string) {
		if err := os.WriteFile(ts.layouts[in.tree].path(in.file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for r := 0; ; r++ {
		var round []checkInput
		for _, tree := range trees {
			if r < len(byTree[tree]) {
				in := byTree[tree][r]
				in.tree = tree
				round = append(round, in)
			}
		}
		if len(round) == 0 {
			break
		}
		paths := make([]string, len(round))
		for i, in := range round {
			write(in, in.Text)
			paths[i] = ts.layouts[in.tree].path(in.file)
		}
		parsed, err := refparsePaths(refparse, paths)
		if err != nil {
			t.Fatal(err)
		}
		var kept []checkInput
		var dirs []string
		for i, in := range round {
			if parsed[i].ok {
				kept = append(kept, in)
				dirs = append(dirs, ts.layouts[in.tree].path(in.dir))
			} else {
				skipped[in.kind()]++
			}
		}
		verdicts, ours := bothCheckers(t, refcheck, kept, dirs)
		for i, in := range kept {
			out = append(out, judge(in, verdicts[i], ours[i], ts.layouts[in.tree]))
		}
		for _, in := range round {
			write(in, ts.texts[in.file])
		}
	}
	slices.SortFunc(out, func(a, b judged) int { return cmp.Compare(a.n, b.n) })
	return out, skipped
}

// checkDirs runs check on each input's configuration (at dirs[i]), on every core, and returns
// its errors of the language for each.
// bothCheckers judges the inputs laid out in dirs with Carina's checker, which reads them while
// check runs in process, and returns both verdicts.
func bothCheckers(t *testing.T, refcheck string, inputs []checkInput, dirs []string) ([]checkVerdict, [][]finding.Diagnostic) {
	t.Helper()
	type answer struct {
		verdicts []checkVerdict
		err      error
	}
	theirs := make(chan answer, 1)
	go func() {
		vs, err := refcheckDirs(refcheck, dirs)
		theirs <- answer{vs, err}
	}()
	ours := checkDirs(t, inputs, dirs)
	a := <-theirs
	if a.err != nil {
		t.Fatal(a.err)
	}
	return a.verdicts, ours
}

func checkDirs(t *testing.T, inputs []checkInput, dirs []string) [][]finding.Diagnostic {
	t.Helper()
	idx := testutil.EmbeddedIndex(t)
	out := make([][]finding.Diagnostic, len(inputs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				in := inputs[i]
				what := func() string {
					if in.Text == "" {
						return in.name()
					}
					return fmt.Sprintf("mutation #%d of %s (%s)\n--- the mutated file:\n%s", in.n, in.file, in.Desc, in.Text)
				}
				for _, d := range checkErrors(t, workspace.New(workspace.OSFS{}), dirs[i], idx, what) {
					if !diagnostics.ReadsSchema(d.Code) {
						out[i] = append(out[i], d)
					}
				}
			}
		})
	}
	for i := range inputs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// ourMessage is our diagnostic with its place (the file's corpus path, line and column) and
// code, read while the layout is as check read it.
func ourMessage(d finding.Diagnostic, l layout) string {
	path := l.corpusPaths(d.Path)
	src, err := os.ReadFile(d.Path)
	if err != nil {
		return fmt.Sprintf("%s %s [%s]", path, d.Message, d.Code)
	}
	line, col := lineCol(string(src), int(d.Span.Start))
	return fmt.Sprintf("%s:%d:%d %s [%s]", path, line, col, d.Message, d.Code)
}

// What a message's kind leaves out: quoted names, paths, numbers, and what Carina appends after
// the rule (suggestions, the names in scope); a syntax error is its grammar's last line.
var (
	carinaQuoted = regexp.MustCompile("'[^']*'|`[^`]*`|\"[^\"]*\"")
	carinaPath   = regexp.MustCompile(`[^\s:]*/[^\s:]*`)
	carinaTail   = regexp.MustCompile(`(?: Did you mean| In-scope names|; suggestion).*$`)
	carinaSyntax = regexp.MustCompile(`Syntax error:.*\\n\s*= (.*)$`)
)

// carinaKind is the kind of Carina's message.
func carinaKind(msg string) string {
	if m := carinaSyntax.FindStringSubmatch(msg); m != nil {
		msg = "Syntax error: " + m[1]
	}
	msg = carinaTail.ReplaceAllString(msg, "")
	msg = carinaQuoted.ReplaceAllString(msg, "'…'")
	msg = carinaPath.ReplaceAllString(msg, "…")
	return number.ReplaceAllString(msg, "N")
}

// messageKind is the kind of our message: without its names and numbers.
func messageKind(msg string) string {
	return number.ReplaceAllString(quoted.ReplaceAllString(msg, `"…"`), "N")
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
