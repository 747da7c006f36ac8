package reliability

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/langgen"
	"github.com/carina-rs/carina-lsp/internal/mutate"
)

// Differential checking against Carina itself on generated configurations (internal/langgen):
// whole directories mixing the language's features, about half with one mistake injected, each
// judged by Carina's checker (refcheck) and by check. The mutation test (refcheck_test.go)
// starts from the corpus; this one reaches the combinations the corpus does not hold.

const (
	// generatedPrograms is the number of programs of the suite's long mode, and
	// generatedShortPrograms of its short mode; CARINA_GENERATED_PROGRAMS sets another.
	generatedPrograms      = 3000
	generatedShortPrograms = 150
	// generatedSeed fixes the sample: program i is drawn from PCG(seed, i) alone.
	generatedSeed = 0x67656e
	// minGeneratedAgreement is the share of the programs on which the verdicts must agree, the
	// deliberate differences counted as agreements: issue #35's bar. The checker met 100% of the
	// short sample and of the long one (99.73% as they are) on 2026-12-02, the generator
	// widened to waits, provider blocks, nested upstream shapes, typed module attributes and
	// compositions across files.
	minGeneratedAgreement = 0.995
	// generatedReport names the environment variable naming a Markdown file the test writes
	// every kind of disagreement to, each with its smallest program reduced.
	generatedReport = "CARINA_GENERATED_REPORT"
)

// genJudged is a generated program with both verdicts, and what kind of disagreement it is.
type genJudged struct {
	judged
	prog    langgen.Program
	key     string // its kind of disagreement, "" when the verdicts agree
	oursAll string // every language error of check, with its place, one a line
}

// TestGeneratedAgreeWithCarina generates programs, has Carina's checker and check judge each, and
// requires the verdicts to agree on minGeneratedAgreement of them, the deliberate differences
// (deliberateDifferences) counted as agreements. Programs Carina's grammar rejects are skipped
// (counted): a fault of the generator, not of either checker. Without refcheck or refparse it
// skips, except under CI=true.
func TestGeneratedAgreeWithCarina(t *testing.T) {
	refcheck := referencePath(t, "refcheck")
	refparse := referencePath(t, "refparse")
	n := sampleSize(t, "CARINA_GENERATED_PROGRAMS", generatedShortPrograms, generatedPrograms)
	progs := make([]langgen.Program, n)
	for i := range progs {
		progs[i] = langgen.Generate(generatedSeed, i)
	}
	all, unparsed := judgePrograms(t, refcheck, refparse, t.TempDir(), progs)
	if unparsed > 0 {
		t.Logf("%d programs skipped: Carina's grammar rejects them (a fault of internal/langgen)", unparsed)
	}
	share := reportGenerated(t, all)
	if path := os.Getenv(generatedReport); path != "" {
		writeGeneratedReport(t, refcheck, refparse, path, all)
	}
	if share < minGeneratedAgreement {
		t.Errorf("verdicts agree on %.2f%% of the generated programs, the deliberate differences counted as agreements, want at least %.1f%% (disagreements listed above)",
			100*share, 100*minGeneratedAgreement)
	}
}

// judgePrograms writes each program in a directory of its own under base and has both checkers
// judge it; it returns the judged programs Carina's grammar accepts, in order, and how many it
// rejects.
func judgePrograms(t *testing.T, refcheck, refparse, base string, progs []langgen.Program) ([]genJudged, int) {
	t.Helper()
	var paths []string
	owner := []int{} // the program of each path
	for i, p := range progs {
		root := filepath.Join(base, strconv.Itoa(i))
		for _, f := range p.Files {
			path := filepath.Join(root, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(f.Text), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, path)
			owner = append(owner, i)
		}
	}
	parsed, err := refparsePaths(refparse, paths)
	if err != nil {
		t.Fatal(err)
	}
	rejected := map[int]bool{}
	for i, v := range parsed {
		if !v.ok {
			rejected[owner[i]] = true
		}
	}
	var kept []checkInput
	var dirs []string
	var kprogs []langgen.Program
	for i, p := range progs {
		if rejected[i] {
			continue
		}
		text := p.Text()
		kept = append(kept, checkInput{mutation: mutation{n: i, file: p.Dir, Mutation: mutate.Mutation{Text: text, Desc: "generated"}}, dir: p.Dir})
		dirs = append(dirs, filepath.Join(base, strconv.Itoa(i), filepath.FromSlash(p.Dir)))
		kprogs = append(kprogs, p)
	}
	verdicts, ours := bothCheckers(t, refcheck, kept, dirs)
	out := make([]genJudged, len(kept))
	for i, in := range kept {
		l := layout{root: filepath.Join(base, strconv.Itoa(in.n)), ancestor: "."}
		j := genJudged{judged: judge(in, verdicts[i], ours[i], l), prog: kprogs[i]}
		j.theirs.msg = l.corpusPaths(j.theirs.msg)
		j.oursAll = ourMessages(j, l)
		j.key = genDisagreement(j.judged)
		out[i] = j
	}
	return out, len(rejected)
}

// genDisagreement returns the kind of disagreement of j, "" when the verdicts agree or it has no
// verdict from Carina.
func genDisagreement(j judged) string {
	if j.theirs.none != "" || j.theirs.ok == (j.ours == nil) {
		return ""
	}
	if j.ours != nil {
		return "accepted by Carina: [" + string(j.ours.Code) + "] " + generatedKind(messageKind(j.ours.Message))
	}
	return "rejected by Carina: " + generatedKind(carinaKind(carinaNested.ReplaceAllString(j.theirs.msg, "`$1$2`")))
}

// generatedKind is a message's kind with the generator's names (a prefix and a number) made
// one, and of Carina's messages of several files the first only.
func generatedKind(msg string) string {
	msg, _, _ = strings.Cut(msg, ` \n `)
	msg = generatedAside.ReplaceAllString(msg, " (…)")
	return generatedName.ReplaceAllString(msg, "${1}${2}N")
}

// What a kind of disagreement leaves out besides carinaKind's: an aside in parentheses (the
// names a message lists, its advice), and in Carina's, a quote within a quote (`for x in
// `y“), which carinaKind would cut in two.
var (
	generatedAside = regexp.MustCompile(` \((?:[^()]|\([^()]*\))*\)`)
	carinaNested   = regexp.MustCompile("`([^`]*)`([^`]*)``")
)

// generatedName is a name the generator made: not a segment of a dotted type name (s3, ec2),
// but a binding after one (Bucket.bad4).
var generatedName = regexp.MustCompile(`(^|[^.\w]|[A-Z]\w*\.)([a-z_]+)[0-9]+\b`)

// reportGenerated logs the agreement overall and by mistake kind, and the disagreements by kind
// with their smallest programs, and returns the share of the programs with a verdict from Carina
// on which the verdicts agree, the deliberate differences counted as agreements.
func reportGenerated(t *testing.T, all []genJudged) float64 {
	t.Helper()
	type tally struct{ programs, agree, carina, check int }
	byMistake := map[string]*tally{}
	byReason := map[string]int{}
	var shownAll []shown
	agree, deliberate, compared := 0, 0, 0
	for _, j := range all {
		if j.theirs.none != "" {
			continue
		}
		compared++
		k := byMistake[cmp.Or(j.prog.Mistake, "(no mistake injected)")]
		if k == nil {
			k = &tally{}
			byMistake[cmp.Or(j.prog.Mistake, "(no mistake injected)")] = k
		}
		k.programs++
		if !j.theirs.ok {
			k.carina++
		}
		if j.ours != nil {
			k.check++
		}
		switch {
		case j.key == "":
			agree++
			k.agree++
		case j.reason != "":
			deliberate++
			byReason[j.reason]++
			k.agree++
		default:
			shownAll = append(shownAll, shown{key: j.key, input: j.prog.Text(), ours: j.oursMsg, theirs: j.theirs.msg})
		}
	}
	share := float64(agree+deliberate) / float64(max(compared, 1))
	t.Logf("%d generated programs compared (%d more without a verdict from Carina's checker): verdicts agree on %d (%.2f%%), "+
		"%d more differ as docs/language-rules.md says (%.2f%% with them), %d disagree",
		compared, len(all)-compared, agree, 100*float64(agree)/float64(max(compared, 1)), deliberate, 100*share, len(shownAll))
	var b strings.Builder
	for _, r := range slices.Sorted(maps.Keys(byReason)) {
		fmt.Fprintf(&b, "\n  %5d  %s", byReason[r], r)
	}
	if b.Len() > 0 {
		t.Logf("the deliberate differences met:%s", b.String())
	}
	b.Reset()
	for _, name := range slices.Sorted(maps.Keys(byMistake)) {
		k := byMistake[name]
		fmt.Fprintf(&b, "\n  %-45s %5d programs, agreement %6.2f%%; rejected by Carina %5d, by check %5d",
			name, k.programs, 100*float64(k.agree)/float64(max(k.programs, 1)), k.carina, k.check)
	}
	t.Logf("by mistake injected:%s", b.String())
	slices.SortStableFunc(shownAll, func(a, b shown) int { return len(a.input) - len(b.input) })
	report(t, "generated programs on which the verdicts disagree", shownAll, refcheckExamples)
	return share
}

// ourMessages is every language error check reports, with its place, one a line.
func ourMessages(j genJudged, l layout) string {
	var lines []string
	for _, d := range j.all {
		lines = append(lines, ourMessage(d, l))
	}
	return strings.Join(lines, "\n")
}
