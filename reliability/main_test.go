package reliability

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// bin is the carina-lsp binary, built by TestMain.
var bin string

func TestMain(m *testing.M) {
	testutil.MainInTempDir(m, "carina-reliability-", func(dir string) error {
		// Readable by everyone: the unreadable-file tests run it as another user when they are root.
		if err := os.Chmod(dir, 0o755); err != nil {
			return err
		}
		bin = filepath.Join(dir, "carina-lsp")
		build := exec.Command("go", "build", "-o", bin, "./cmd/carina-lsp")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			return fmt.Errorf("go build: %v\n%s", err, out)
		}
		return nil
	})
}

// TestSourcesAreInputs opens the whole repository, so that go test's cache counts it as the
// input of this package's tests: they run the binary TestMain builds from ./cmd/carina-lsp (and
// Carina's reference grammar from testdata), which the test binary does not hold, so a change
// there must run them again rather than replay a cached pass.
func TestSourcesAreInputs(t *testing.T) {
	if err := suite.Tree(".."); err != nil {
		t.Fatal(err)
	}
}

// result is one run of the binary.
type result struct {
	code           int
	stdout, stderr string
	took           time.Duration
	cpu            time.Duration // user and system
	peakHeap       int64         // bytes: the largest heap a garbage collection found (0: none ran)
	peakLive       int64         // bytes: the largest heap a collection marked live (0: none ran)
}

// gcLine is a line of the runtime's GC trace: "gc 3 @0.012s 4%: ..., 12->14->6 MB, 15 MB goal, ...".
var gcLine = regexp.MustCompile(`^gc \d+ @.* (\d+)->(\d+)->(\d+) MB`)

// gcTrace separates the GC trace from a program's standard error and returns the largest heap
// size it reports and the largest live heap. The live heap (what a collection marked) is the one
// bounded: the heap a collection starts from also holds the garbage made while the collector
// waited for a core, which grows when the machine is busy.
func gcTrace(stderr string) (rest string, peak, live int64) {
	var others []string
	for _, line := range strings.SplitAfter(stderr, "\n") {
		m := gcLine.FindStringSubmatch(line)
		if m == nil {
			others = append(others, line)
			continue
		}
		for i, v := range m[1:4] {
			n, _ := strconv.ParseInt(v, 10, 64)
			if i == 2 {
				live = max(live, n<<20)
			} else {
				peak = max(peak, n<<20)
			}
		}
	}
	return strings.Join(others, ""), peak, live
}

// run runs the binary with args (and stdin), killing it after limit.
func run(t *testing.T, limit time.Duration, stdin string, args ...string) result {
	t.Helper()
	return runCmd(t, limit, stdin, exec.Command(bin, args...))
}

func runCmd(t *testing.T, limit time.Duration, stdin string, cmd *exec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	// The runtime's GC trace gives the peak heap (the rusage of a child counts the parent's pages
	// from before the exec, which tells nothing here).
	cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1")
	cmd.Stdin = strings.NewReader(stdin)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not finish within %v (a hang)", cmd.Args[1:], limit)
	}
	stderr, heap, live := gcTrace(errb.String())
	r := result{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: stderr, took: time.Since(start), peakHeap: heap, peakLive: live}
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("%v panicked:\n%s", cmd.Args[1:], r.stderr)
	}
	return r
}

// writeFile writes a file, creating its directory.
func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
