package reliability

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/workspace"
)

// Running Carina's own checker (../shared/reference/refcheck) over many configurations, each
// laid out in a directory of its own.

// checkVerdict is what Carina's checker says of one configuration directory.
type checkVerdict struct {
	ok   bool
	msg  string // its first error for a rejected configuration
	none string // why there is no verdict: the checker did not finish, or failed
}

const (
	// refcheckBatch is how many directories one refcheck process checks: one process a
	// directory would cost more than most checks.
	refcheckBatch = 500
	// refcheckStall is how long a directory may take. refcheck takes 1 to 25 ms on a corpus
	// configuration, but loops forever on some (a dependency cycle between resources); a
	// directory that takes longer only goes without a verdict, it is not compared.
	refcheckStall = 500 * time.Millisecond
	// refcheckStreams is how many refcheck processes run at once.
	refcheckStreams = 4
)

// refcheckDirs returns Carina's verdict on each directory, running the reference checker on
// batches of them, refcheckStreams at a time. It may run on a goroutine of its own: it returns
// its failure rather than ending the test.
func refcheckDirs(refcheck string, dirs []string) ([]checkVerdict, error) {
	out := make([]checkVerdict, len(dirs))
	errs := make([]error, refcheckStreams)
	var wg sync.WaitGroup
	for s := range refcheckStreams {
		lo, hi := s*len(dirs)/refcheckStreams, (s+1)*len(dirs)/refcheckStreams
		wg.Go(func() {
			for start := lo; start < hi && errs[s] == nil; {
				var n int
				n, errs[s] = refcheckRun(refcheck, dirs[start:min(start+refcheckBatch, hi)], out[start:])
				start += n
			}
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// refcheckRun runs the reference checker once on dirs and reads its verdicts into out as they
// come: one `OK<TAB>dir` or `ERR<TAB>dir<TAB>first error` line a directory, in argument order.
// When no verdict comes for refcheckStall, or the process stops before the last, the directory
// it was on gets no verdict, and the run ends after it. It returns how many directories it
// settled. The environment is empty, so that env() reads the same nothing on every machine.
func refcheckRun(refcheck string, dirs []string, out []checkVerdict) (int, error) {
	cmd := exec.Command(refcheck, dirs...)
	cmd.Env = []string{}
	dieWithTest(cmd)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	stop := func() {
		cmd.Process.Kill()
		for range lines {
		}
		cmd.Wait()
	}
	stall := time.NewTimer(refcheckStall)
	defer stall.Stop()
	for n := 0; n < len(dirs); n++ {
		select {
		case line, open := <-lines:
			if !open {
				err := cmd.Wait()
				out[n].none = fmt.Sprintf("refcheck stopped before its verdict: %v %s", err, strings.TrimSpace(stderr.String()))
				return n + 1, nil
			}
			fields := strings.SplitN(line, "\t", 3)
			if len(fields) < 2 || fields[1] != dirs[n] || fields[0] != "OK" && fields[0] != "ERR" {
				stop()
				return n, fmt.Errorf("%s: verdict %q for %s", refcheck, line, dirs[n])
			}
			out[n].ok = fields[0] == "OK"
			if !out[n].ok && len(fields) == 3 {
				out[n].msg = fields[2]
			}
			stall.Reset(refcheckStall)
		case <-stall.C:
			stop()
			out[n].none = fmt.Sprintf("refcheck did not finish in %v", refcheckStall)
			return n + 1, nil
		}
	}
	for range lines {
	}
	if err := cmd.Wait(); err != nil {
		return len(dirs), fmt.Errorf("%s: %v\n%s", refcheck, err, stderr.String())
	}
	return len(dirs), nil
}

// configClosures returns, for each directory of the corpus holding .crn files (a
// configuration, relative to the corpus), the directories its check reads: itself, its
// subdirectories, and the modules and upstream configurations its sources name, recursively
// (only those inside the corpus), sorted.
func configClosures(t *testing.T, root string, files []string) map[string][]string {
	t.Helper()
	var dirs []string
	for _, f := range files {
		if d := filepath.Dir(f); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	ws := workspace.New(workspace.OSFS{})
	imports := func(dir string) []string {
		cfg, err := ws.Config(context.Background(), filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, imps := range []map[string]*workspace.Import{cfg.Modules, cfg.Upstreams} {
			for _, imp := range imps {
				rel, err := filepath.Rel(root, imp.Dir)
				if err != nil || imp.Dir == "" || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
					continue
				}
				if info, err := os.Stat(imp.Dir); err == nil && info.IsDir() {
					out = append(out, rel)
				}
			}
		}
		return out
	}
	out := map[string][]string{}
	for _, dir := range dirs {
		seen := map[string]bool{}
		queue := []string{dir}
		for len(queue) > 0 {
			d := queue[0]
			queue = queue[1:]
			if seen[d] {
				continue
			}
			seen[d] = true
			for _, sub := range dirs {
				if strings.HasPrefix(sub, d+string(filepath.Separator)) && !seen[sub] {
					queue = append(queue, sub)
				}
			}
			queue = append(queue, imports(d)...)
		}
		for d := range seen {
			out[dir] = append(out[dir], d)
		}
		slices.Sort(out[dir])
	}
	return out
}

// layout is a configuration laid out in a directory of its own: the files of the directories
// its check reads (its closure) at their places relative to the closure's innermost common
// directory, so that a source like ../modules/x finds its folder. (The corpus paths in full
// would cost a directory each to make, the dearest part of a layout.)
type layout struct {
	root     string // the directory standing for ancestor
	ancestor string // the innermost corpus directory holding the whole closure
}

// newLayout writes the files of the configuration in under root: those of its closure's
// directories, only in.file of its own when the input is that file alone, and the mutation's
// text in place of its file's.
func newLayout(root string, in checkInput, closure []string, texts map[string]string, files []string) (layout, error) {
	l := layout{root: root, ancestor: closure[0]}
	for _, d := range closure[1:] {
		for l.ancestor != "." && d != l.ancestor && !strings.HasPrefix(d, l.ancestor+string(filepath.Separator)) {
			l.ancestor = filepath.Dir(l.ancestor)
		}
	}
	made := map[string]bool{}
	for _, f := range files {
		dir := filepath.Dir(f)
		if !slices.Contains(closure, dir) || in.alone && dir == in.dir && f != in.file {
			continue
		}
		if !made[dir] {
			if err := os.MkdirAll(l.path(dir), 0o755); err != nil {
				return l, err
			}
			made[dir] = true
		}
		text := texts[f]
		if f == in.file && in.Text != "" {
			text = in.Text
		}
		if err := os.WriteFile(l.path(f), []byte(text), 0o644); err != nil {
			return l, err
		}
	}
	return l, nil
}

// path returns where the corpus path rel is laid out.
func (l layout) path(rel string) string {
	r, _ := filepath.Rel(l.ancestor, rel)
	return filepath.Join(l.root, r)
}

// corpusPaths writes the corpus paths of the laid-out files a message names.
func (l layout) corpusPaths(msg string) string { return strings.ReplaceAll(msg, l.root, l.ancestor) }
