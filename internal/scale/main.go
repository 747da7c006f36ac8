// Command scale measures how carina-lsp scales with the size of a tree and the cores of a
// machine, side by side with Carina's own parser in the same run: it generates trees of the
// corpus copied N times (-copies, ten files a directory, each directory one configuration), and
// prints for each the wall time, CPU time and peak memory of `carina-lsp check` at 1, 2, 4, ...
// workers up to the core count, of `refparse` on the same files serially and in as many processes
// as cores, the ratio of their CPU and check's CPU per file, the language server's memory before
// and after a client pulls the whole workspace's diagnostics (as VS Code does), and what start-up
// costs against a Go program that prints one line, alone and with the chosen libraries linked.
// The numbers docs/benchmarks.md's scale table quotes (`./scripts/bench scale`).
//
//	go run ./internal/scale -bin carina-lsp -ref testdata/reference -corpus testdata/corpus
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/carina-rs/carina-lsp/internal/measure"
)

func main() {
	bin := flag.String("bin", "", "the carina-lsp binary to measure")
	ref := flag.String("ref", "testdata/reference", "the directory of refparse")
	corpusDir := flag.String("corpus", "testdata/corpus", "the corpus of .crn files")
	copiesFlag := flag.String("copies", "20,200", "the trees: the corpus copied this many times each")
	runs := flag.Int("runs", 3, "runs of each measurement (the median is printed)")
	cores := flag.Int("cores", runtime.NumCPU(), "the most workers and processes")
	keep := flag.String("keep", "", "generate the trees here and keep them (default: a temporary directory, removed)")
	only := flag.String("only", "", "measure only: check, refparse, server or startup")
	small := flag.String("small", "examples/wait-cert", "the configuration whose check start-up is measured")
	base := flag.String("base", "", "startup: another carina-lsp binary (an earlier commit's), its version and check measured in the same runs")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "scale: -bin is required")
		os.Exit(2)
	}
	if *only != "startup" {
		if err := run(*bin, filepath.Join(*ref, "refparse"), *corpusDir, *copiesFlag, *keep, *only, *runs, *cores); err != nil {
			fmt.Fprintln(os.Stderr, "scale:", err)
			os.Exit(1)
		}
	}
	if *only == "" || *only == "startup" {
		if err := startup(*bin, *base, *small, 10*(*runs)+1); err != nil {
			fmt.Fprintln(os.Stderr, "scale:", err)
			os.Exit(1)
		}
	}
}

func run(bin, refparse, corpusDir, copiesFlag, keep, only string, runs, cores int) error {
	files, err := measure.CorpusFiles(corpusDir)
	if err != nil {
		return err
	}
	tmp := keep
	if tmp == "" {
		if tmp, err = os.MkdirTemp("", "carina-scale-"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
	}
	fmt.Printf("# %s, %d cores (%s), load %s, %d runs each, medians\n", time.Now().UTC().Format("2006-01-02 15:04Z"), runtime.NumCPU(), cpuModel(), measure.LoadAverage(), runs)
	fmt.Println("| tree | what | wall | CPU | peak memory | speed-up |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, c := range strings.Split(copiesFlag, ",") {
		copies, err := strconv.Atoi(strings.TrimSpace(c))
		if err != nil || copies < 1 {
			return fmt.Errorf("-copies: %q", c)
		}
		root := filepath.Join(tmp, fmt.Sprintf("copies%d", copies))
		all, err := tree(files, root, copies)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%d files", len(all))
		var last sample // check at the most workers
		if only == "" || only == "check" {
			var one sample
			for j := 1; j <= cores; j *= 2 {
				s, err := median(runs, func() (sample, error) {
					return measure.Process(bin, nil, "check", "-format", "json", "-j", strconv.Itoa(j), root)
				})
				if err != nil {
					return err
				}
				if j == 1 {
					one = s
				}
				last = s
				fmt.Printf("| %s | check -j %d | %s | %s | %s | %.1f× |\n", name, j, secs(s.Wall), secs(s.CPU), mb(s.RSS), one.Wall.Seconds()/s.Wall.Seconds())
				if j < cores && j*2 > cores {
					j = cores / 2 // the core count itself last, when it is no power of two
				}
			}
		}
		if only == "" || only == "refparse" {
			serial, err := median(runs, func() (sample, error) { return parallel(refparse, all, 1) })
			if err != nil {
				return err
			}
			many, err := median(runs, func() (sample, error) { return parallel(refparse, all, cores) })
			if err != nil {
				return err
			}
			fmt.Printf("| %s | refparse, 1 process | %s | %s | %s | 1.0× |\n", name, secs(serial.Wall), secs(serial.CPU), mb(serial.RSS))
			fmt.Printf("| %s | refparse, %d processes | %s | %s | %s | %.1f× |\n", name, cores, secs(many.Wall), secs(many.CPU), mb(many.RSS), serial.Wall.Seconds()/many.Wall.Seconds())
			if last.CPU > 0 {
				fmt.Printf("| %s | check CPU / refparse CPU, %d workers | %.2f× | %.1f µs a file | | |\n", name, cores, last.CPU.Seconds()/serial.CPU.Seconds(), float64(last.CPU.Microseconds())/float64(len(all)))
			}
		}
		if only == "" || only == "server" {
			p, err := serverPull(bin, root)
			if err != nil {
				return err
			}
			if p.files != len(all) {
				return fmt.Errorf("server: %d files reported of %d", p.files, len(all))
			}
			fmt.Printf("| %s | server: workspace pull, then again (unchanged) | %s, %s | | before %s, after %s, 2 s later %s (peak %s) | |\n", name, secs(p.took), secs(p.again), mb(p.before), mb(p.after), mb(p.idle), mb(p.peak))
		}
	}
	return nil
}

// helloSource is the floor every Go process pays here: a program that prints one line.
const helloSource = `package main

import "fmt"

func main() { fmt.Println("hello") }
`

// startup measures the CPU (user and system) of a Go program that prints one line, built as the
// binary is (static), of the same program linking the libraries carina-lsp was given (its floor:
// their initialisers run in every process), of `carina-lsp version` and of `check` of a small
// configuration, their runs interleaved so that the machine's load weighs on all alike, and
// prints the medians and ratios; with base, that binary's version and check too, beside.
func startup(bin, base, small string, runs int) error {
	dir, err := os.MkdirTemp("", "carina-scale-hello-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(helloSource), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n"), 0o644); err != nil {
		return err
	}
	hello := filepath.Join(dir, "hello")
	build := exec.Command("go", "build", "-o", hello, ".")
	build.Dir, build.Env = dir, append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the one-line program: %v: %s", err, out)
	}
	// The same line with the chosen libraries linked (./internal/scale/floor, from the module's
	// root, where scripts/bench runs this).
	floor := filepath.Join(dir, "floor")
	build = exec.Command("go", "build", "-o", floor, "./internal/scale/floor")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the one-line program with the chosen libraries: %v: %s", err, out)
	}
	// Each program is timed as three copies of it, written front to back as a download or an
	// install writes a file, their runs pooled: the same binary started up to 15% slower as the
	// file the linker wrote than as a copy, and two copies differed by up to 5%, by where the
	// page cache holds them (2-core virtual machines, 2026-12-02).
	const copies = 3
	kinds := [][]string{{hello}, {floor}, {bin, "version"}, {bin, "check", small}}
	if base != "" {
		kinds = append(kinds, []string{base, "version"}, []string{base, "check", small})
	}
	var cmds [][]string
	for k, c := range kinds {
		for i := range copies {
			cp := filepath.Join(dir, fmt.Sprintf("%d-%d-%s", k, i, filepath.Base(c[0])))
			if err := copyFile(c[0], cp); err != nil {
				return err
			}
			cmds = append(cmds, append([]string{cp}, c[1:]...))
		}
	}
	cpu := make([][]time.Duration, len(kinds))
	for range runs {
		for i, c := range cmds {
			s, err := measure.Process(c[0], nil, c[1:]...)
			if err != nil {
				return err
			}
			cpu[i/copies] = append(cpu[i/copies], s.CPU)
		}
	}
	med := make([]time.Duration, len(kinds))
	for i, ds := range cpu {
		slices.Sort(ds)
		med[i] = ds[len(ds)/2]
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
	ratio := func(a, b time.Duration) string { return fmt.Sprintf("%.2f×", float64(a)/float64(b)) }
	fmt.Printf("# start-up, CPU medians of %d interleaved runs of each of %d copies (load average %s): a Go program printing one line %s; the same with the chosen libraries linked %s (%s); carina-lsp version %s (%s; %s the libraries' floor); check %s %s (%s; %s the floor)\n",
		runs, copies, measure.LoadAverage(), ms(med[0]), ms(med[1]), ratio(med[1], med[0]),
		ms(med[2]), ratio(med[2], med[0]), ratio(med[2], med[1]),
		small, ms(med[3]), ratio(med[3], med[0]), ratio(med[3], med[1]))
	if base != "" {
		fmt.Printf("# beside the base binary, the same runs: version %s vs %s (%s); check %s %s vs %s (%s)\n",
			ms(med[2]), ms(med[4]), ratio(med[2], med[4]), small, ms(med[3]), ms(med[5]), ratio(med[3], med[5]))
	}
	return nil
}

// copyFile writes a copy of src at dst, executable.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o755)
}

// tree writes the corpus copies times under root, ten files a directory (each directory one
// configuration), and returns the files written.
func tree(files []string, root string, copies int) ([]string, error) {
	var out []string
	for c := range copies {
		for i, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			n := c*len(files) + i
			dst := filepath.Join(root, fmt.Sprintf("d%03d", n/1000), fmt.Sprintf("c%05d", n/10), fmt.Sprintf("f%d_%s", n%10, filepath.Base(f)))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				return nil, err
			}
			out = append(out, dst)
		}
	}
	return out, nil
}

// sample is one run (measure.Sample).
type sample = measure.Sample

func median(runs int, f func() (sample, error)) (sample, error) {
	var ss []sample
	for range runs {
		s, err := f()
		if err != nil {
			return sample{}, err
		}
		ss = append(ss, s)
	}
	slices.SortFunc(ss, func(a, b sample) int { return int(a.Wall - b.Wall) })
	return ss[len(ss)/2], nil
}

// parallel runs refparse over files in n processes at once, each on its share (in batches that
// fit a command line): the wall time of the whole, the CPU time summed, the largest process.
func parallel(refparse string, files []string, n int) (sample, error) {
	const batch = 2000
	var chunks [][]string
	for i := 0; i < len(files); i += batch {
		chunks = append(chunks, files[i:min(i+batch, len(files))])
	}
	var mu sync.Mutex
	var total sample
	var firstErr error
	work := make(chan []string)
	var wg sync.WaitGroup
	start := time.Now()
	for range n {
		wg.Go(func() {
			for c := range work {
				s, err := measure.Process(refparse, nil, c...)
				mu.Lock()
				total.CPU += s.CPU
				total.RSS = max(total.RSS, s.RSS)
				if err != nil && firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		})
	}
	for _, c := range chunks {
		work <- c
	}
	close(work)
	wg.Wait()
	total.Wall = time.Since(start)
	return total, firstErr
}

// serverPull starts the language server on root, asks it (as VS Code does: a client that pulls
// diagnostics, with a partial result token) for the whole workspace's, then again with the result
// ids it was given, and returns its resident memory before and after, its peak, and how long each
// pull took.
func serverPull(bin, root string) (p pullSample, err error) {
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return
	}
	if err = cmd.Start(); err != nil {
		return
	}
	defer func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	}()
	r := bufio.NewReaderSize(stdout, 1<<20)
	id := 0
	ids := map[string]string{} // by URI: the result ids of the reports received
	keep := func(items any) {
		list, _ := items.([]any)
		for _, it := range list {
			m, _ := it.(map[string]any)
			uri, _ := m["uri"].(string)
			rid, _ := m["resultId"].(string)
			ids[uri] = rid
		}
	}
	call := func(method string, params any) (map[string]any, error) {
		id++
		if err := send(stdin, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
			return nil, err
		}
		for {
			msg, err := receive(r)
			if err != nil {
				return nil, err
			}
			if v, ok := msg["id"].(float64); ok && int(v) == id && msg["method"] == nil {
				if e := msg["error"]; e != nil {
					return nil, fmt.Errorf("%s: %v", method, e)
				}
				res, _ := msg["result"].(map[string]any)
				return res, nil
			}
			if m, _ := msg["method"].(string); m == "$/progress" {
				params, _ := msg["params"].(map[string]any)
				if v, _ := params["value"].(map[string]any); v != nil {
					keep(v["items"])
				}
			} else if m != "" && msg["id"] != nil { // a request of the server's: answered
				if err := send(stdin, map[string]any{"jsonrpc": "2.0", "id": msg["id"], "result": nil}); err != nil {
					return nil, err
				}
			}
		}
	}
	caps := map[string]any{
		"textDocument": map[string]any{"diagnostic": map[string]any{}},
		"workspace":    map[string]any{"diagnostics": map[string]any{"refreshSupport": true}},
	}
	if _, err = call("initialize", map[string]any{"rootUri": "file://" + root, "capabilities": caps}); err != nil {
		return
	}
	if err = send(stdin, map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}}); err != nil {
		return
	}
	p.before, _ = memory(cmd.Process.Pid)
	start := time.Now()
	res, err := call("workspace/diagnostic", map[string]any{"previousResultIds": []any{}, "partialResultToken": "pull"})
	if err != nil {
		return
	}
	keep(res["items"])
	p.took = time.Since(start)
	p.files = len(ids)
	var prev []any
	for u, v := range ids {
		prev = append(prev, map[string]any{"uri": u, "value": v})
	}
	start = time.Now()
	if _, err = call("workspace/diagnostic", map[string]any{"previousResultIds": prev, "partialResultToken": "again"}); err != nil {
		return
	}
	p.again = time.Since(start)
	p.after, _ = memory(cmd.Process.Pid)
	time.Sleep(2 * time.Second) // an editor's idle moment before its next pull
	p.idle, p.peak = memory(cmd.Process.Pid)
	return
}

// pullSample is what serverPull measured.
type pullSample struct {
	before, after, idle, peak int64
	took, again               time.Duration
	files                     int
}

func send(w io.Writer, msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s", len(b), b)
	return err
}

func receive(r *bufio.Reader) (map[string]any, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, _ = strconv.Atoi(v)
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("no Content-Length")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	var msg map[string]any
	err := json.Unmarshal(body, &msg)
	return msg, err
}

// memory returns a process's resident memory now and at its peak, in bytes (Linux).
func memory(pid int) (rss, hwm int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = n * 1024
		case "VmHWM:":
			hwm = n * 1024
		}
	}
	return rss, hwm
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func mb(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/1e6) }

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}
