// Command sidebyside measures carina-lsp against Carina's own parser and formatter (the
// reference binaries refparse and reffmt) on the same inputs in the same run, interleaving the
// two sides' runs so that the load of a shared machine weighs on both alike, and prints medians
// and their ratios: the numbers docs/benchmarks.md quotes.
//
//	go run ./internal/sidebyside -bin carina-lsp -ref testdata/reference -corpus testdata/corpus
//
// Inputs are generated in a temporary directory: the corpus concatenated to each -sizes line
// count (as the benchmark file is), and a monorepo of -copies copies of the corpus. Times are
// the CPU (user + system) and wall time of whole processes, except "parse", which is carina-lsp's
// parser run in this process (its CPU time from getrusage, garbage collection included) against
// refparse's CPU time less that of refparse on an empty file (its start-up).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/measure"
)

func main() {
	bin := flag.String("bin", "", "the carina-lsp binary to measure")
	ref := flag.String("ref", "testdata/reference", "the directory of refparse and reffmt")
	corpusDir := flag.String("corpus", "testdata/corpus", "the corpus of .crn files")
	runs := flag.Int("runs", 7, "runs of each measurement (the median is printed)")
	sizesFlag := flag.String("sizes", "10000,100000,1000000", "line counts of the concatenated files")
	copies := flag.Int("copies", 20, "copies of the corpus in the monorepo")
	only := flag.String("only", "", "run only the measurements whose name contains this")
	small := flag.String("small", "examples/wait-cert", "a small configuration: check of it against refparse of its files (what start-up costs)")
	base := flag.String("base", "", "another carina-lsp binary (an earlier commit's): its check measured beside -bin's on the same inputs")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "sidebyside: -bin is required")
		os.Exit(2)
	}
	if err := run(*bin, *base, *ref, *corpusDir, *sizesFlag, *small, *runs, *copies, *only); err != nil {
		fmt.Fprintln(os.Stderr, "sidebyside:", err)
		os.Exit(1)
	}
}

// sample is one run (measure.Sample).
type sample = measure.Sample

// side is one side of a comparison: a name and how to run it once.
type side struct {
	name string
	run  func() (sample, error)
}

func run(bin, base, ref, corpusDir, sizesFlag, small string, runs, copies int, only string) error {
	refparse, reffmt := filepath.Join(ref, "refparse"), filepath.Join(ref, "reffmt")
	files, err := measure.CorpusFiles(corpusDir)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "sidebyside")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	empty := filepath.Join(tmp, "empty.crn")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		return err
	}
	fmt.Printf("# %s, %s, %d cores (GOMAXPROCS %d), load average %s; medians of %d runs\n",
		time.Now().UTC().Format("2006-01-02 15:04Z"), runtime.Version(), runtime.NumCPU(), runtime.GOMAXPROCS(0), measure.LoadAverage(), runs)
	startup, err := median(runs, side{"refparse empty", func() (sample, error) { return measure.Process(refparse, nil, empty) }})
	if err != nil {
		return err
	}
	fmt.Printf("refparse start-up (empty file): cpu %s\n", ms(startup.CPU))
	if only == "" || strings.Contains("check examples/wait-cert vs refparse", only) {
		if err := smallConfig(bin, refparse, small, runs); err != nil {
			return err
		}
	}

	var sizes []int
	for _, s := range strings.Split(sizesFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("-sizes: %v", err)
		}
		sizes = append(sizes, n)
	}
	fmt.Println()
	fmt.Println("| input | measurement | carina-lsp cpu | reference cpu | ratio (cpu) | carina-lsp wall |")
	fmt.Println("|---|---|---|---|---|---|")
	root := grammar.NewParser()
	for _, n := range sizes {
		src, lines, err := corpus.ConcatFiles(files, n)
		if err != nil {
			return err
		}
		dir := filepath.Join(tmp, fmt.Sprintf("big%d", n))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		big := filepath.Join(dir, "big.crn")
		if err := os.WriteFile(big, []byte(src), 0o644); err != nil {
			return err
		}
		input := fmt.Sprintf("%d lines", lines)
		comparisons := []struct {
			name      string
			ours, ref side
			net       bool // the reference's start-up is taken off its CPU time
		}{
			{"parse vs refparse", side{"parse", func() (sample, error) { return inProcess(func() { root.Fork().Parse(src) }) }},
				side{"refparse", func() (sample, error) { return measure.Process(refparse, nil, big) }}, true},
			{"fmt vs reffmt", side{"fmt", func() (sample, error) { return measure.Process(bin, nil, "fmt", big) }},
				side{"reffmt", func() (sample, error) { return measure.Process(reffmt, []byte(src)) }}, false},
			{"check vs refparse", side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", dir) }},
				side{"refparse", func() (sample, error) { return measure.Process(refparse, nil, big) }}, false},
			// Ours against ours: the graph of a configuration against its check (target <= 1.5).
			{"graph -format json vs check", side{"graph json", func() (sample, error) { return measure.Process(bin, nil, "graph", "-format", "json", dir) }},
				side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", dir) }}, false},
		}
		if base != "" {
			// Ours against an earlier build of ours: what a change costs (the reference column is the base).
			comparisons = append(comparisons, struct {
				name      string
				ours, ref side
				net       bool
			}{"check vs base check", side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", dir) }},
				side{"base check", func() (sample, error) { return measure.Process(base, nil, "check", dir) }}, false})
		}
		for _, c := range comparisons {
			if only != "" && !strings.Contains(c.name, only) {
				continue
			}
			ours, theirs, err := interleaved(runs, c.ours, c.ref)
			if err != nil {
				return err
			}
			refCPU := theirs.CPU
			note := ""
			if c.net {
				refCPU -= startup.CPU
				note = " (less start-up)"
			}
			fmt.Printf("| %s | %s | %s | %s%s | %.2f | %s |\n", input, c.name, ms(ours.CPU), ms(refCPU), note, ratio(ours.CPU, refCPU), ms(ours.Wall))
		}
	}

	if only == "" || strings.Contains("graph svg", only) {
		if err := graphSVG(bin, corpusDir, tmp, runs); err != nil {
			return err
		}
	}
	if only != "" && !strings.Contains("monorepo check vs refparse", only) {
		return nil
	}
	mono := filepath.Join(tmp, "monorepo")
	all, lines, err := monorepo(corpusDir, files, mono, copies)
	if err != nil {
		return err
	}
	dirs := map[string]bool{}
	for _, f := range all {
		dirs[filepath.Dir(f)] = true
	}
	ours, theirs, err := interleaved(runs,
		side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", mono) }},
		side{"refparse", func() (sample, error) { return measure.Process(refparse, nil, all...) }})
	if err != nil {
		return err
	}
	input := fmt.Sprintf("monorepo: %d files, %d directories, %d lines", len(all), len(dirs), lines)
	fmt.Printf("| %s | check vs refparse | %s | %s | %.2f | %s |\n", input, ms(ours.CPU), ms(theirs.CPU), ratio(ours.CPU, theirs.CPU), ms(ours.Wall))
	if base != "" {
		now, before, err := interleaved(runs,
			side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", mono) }},
			side{"base check", func() (sample, error) { return measure.Process(base, nil, "check", mono) }})
		if err != nil {
			return err
		}
		fmt.Printf("| %s | check vs base check | %s | %s | %.2f | %s |\n", input, ms(now.CPU), ms(before.CPU), ratio(now.CPU, before.CPU), ms(now.Wall))
	}
	one, two, err := interleaved(runs,
		side{"check -j 1", func() (sample, error) { return measure.Process(bin, nil, "check", "-j", "1", mono) }},
		side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", mono) }})
	if err != nil {
		// A carina-lsp from before -j: only the figures above.
		fmt.Printf("\ncheck of the monorepo: wall / cpu = %.2f (target <= 0.65); no -j: %v\n", ratio(ours.Wall, ours.CPU), err)
		return nil
	}
	fmt.Printf("\ncheck of the monorepo: wall / cpu = %.2f (target <= 0.65); in the same run, -j 1: wall %s, cpu %s; one worker a core: wall %s, cpu %s (wall / cpu %.2f)\n",
		ratio(ours.Wall, ours.CPU), ms(one.Wall), ms(one.CPU), ms(two.Wall), ms(two.CPU), ratio(two.Wall, two.CPU))
	return nil
}

// smallConfig measures check of a small configuration against refparse of its files, both whole
// processes, so that what check costs before its first finding (the schemas' loading) shows
// (target: at most 3x).
func smallConfig(bin, refparse, dir string, runs int) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.crn"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("-small %s: no .crn files (%v)", dir, err)
	}
	ours, theirs, err := interleaved(runs,
		side{"check", func() (sample, error) { return measure.Process(bin, nil, "check", dir) }},
		side{"refparse", func() (sample, error) { return measure.Process(refparse, nil, files...) }})
	if err != nil {
		return err
	}
	fmt.Printf("check %s vs refparse (%d files): cpu %s vs %s, ratio %.2f (target <= 3); check wall %s\n",
		dir, len(files), ms(ours.CPU), ms(theirs.CPU), ratio(ours.CPU, theirs.CPU), ms(ours.Wall))
	return nil
}

// graphSVG measures carina-lsp graph -format svg of the largest corpus configuration (the
// directory with the most lines) as a whole process (target: at most 1 s).
func graphSVG(bin, corpusDir, tmp string, runs int) error {
	files, err := measure.CorpusFiles(corpusDir)
	if err != nil {
		return err
	}
	lines := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		lines[filepath.Dir(f)] += bytes.Count(data, []byte("\n"))
	}
	largest := ""
	for d, n := range lines {
		if largest == "" || n > lines[largest] || n == lines[largest] && d < largest {
			largest = d
		}
	}
	out := filepath.Join(tmp, "graph.svg")
	m, err := median(runs, side{"graph svg", func() (sample, error) {
		return measure.Process(bin, nil, "graph", "-format", "svg", "-o", out, largest)
	}})
	if err != nil {
		return err
	}
	fmt.Printf("\ngraph -format svg of the largest corpus configuration (%s, %d lines): wall %s, cpu %s (target: wall <= 1 s)\n",
		filepath.Base(largest), lines[largest], ms(m.Wall), ms(m.CPU))
	return nil
}

// interleaved runs a and b alternately, runs times each, and returns each one's medians.
func interleaved(runs int, a, b side) (sample, sample, error) {
	var as, bs []sample
	for range runs {
		for _, x := range []struct {
			s   side
			out *[]sample
		}{{a, &as}, {b, &bs}} {
			sm, err := x.s.run()
			if err != nil {
				return sample{}, sample{}, fmt.Errorf("%s: %v", x.s.name, err)
			}
			*x.out = append(*x.out, sm)
		}
	}
	return medianOf(as), medianOf(bs), nil
}

func median(runs int, s side) (sample, error) {
	var out []sample
	for range runs {
		sm, err := s.run()
		if err != nil {
			return sample{}, fmt.Errorf("%s: %v", s.name, err)
		}
		out = append(out, sm)
	}
	return medianOf(out), nil
}

// medianOf returns the median CPU time and the median wall time (each on its own).
func medianOf(ss []sample) sample {
	cpu := make([]time.Duration, len(ss))
	wall := make([]time.Duration, len(ss))
	for i, s := range ss {
		cpu[i], wall[i] = s.CPU, s.Wall
	}
	slices.Sort(cpu)
	slices.Sort(wall)
	return sample{CPU: cpu[len(cpu)/2], Wall: wall[len(wall)/2]}
}

// inProcess runs f after a collection and returns the CPU time this process spent meanwhile.
func inProcess(f func()) (sample, error) {
	runtime.GC()
	before, err := cpuTime()
	if err != nil {
		return sample{}, err
	}
	start := time.Now()
	f()
	wall := time.Since(start)
	after, err := cpuTime()
	return sample{CPU: after - before, Wall: wall}, err
}

func cpuTime() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, err
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// monorepo writes copies of the corpus under root and returns the files written and their lines.
func monorepo(corpusDir string, files []string, root string, copies int) ([]string, int, error) {
	var out []string
	lines := 0
	for i := range copies {
		for _, f := range files {
			rel, err := filepath.Rel(corpusDir, f)
			if err != nil {
				return nil, 0, err
			}
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, 0, err
			}
			dst := filepath.Join(root, fmt.Sprintf("copy%02d", i+1), rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return nil, 0, err
			}
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				return nil, 0, err
			}
			out = append(out, dst)
			lines += bytes.Count(data, []byte("\n"))
		}
	}
	return out, lines, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}
