// Package measure is what the benchmark commands (internal/sidebyside, internal/scale) share:
// running a program once and taking its wall time, CPU time and peak memory, the corpus's files,
// and the machine's load.
package measure

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Sample is one run: wall time, CPU time (user and system, children included) and peak memory.
type Sample struct {
	Wall, CPU time.Duration
	RSS       int64 // bytes: the largest resident set of the processes
}

// Process runs a program with stdin (nil: none) and its output discarded; exit status 1
// (findings) is no failure.
func Process(name string, stdin []byte, args ...string) (Sample, error) {
	cmd := exec.Command(name, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	cmd.Stdout = io.Discard
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if err != nil {
		return Sample{}, fmt.Errorf("%s %v: %v: %s", name, args, err, stderr.String())
	}
	ps := cmd.ProcessState
	s := Sample{Wall: wall, CPU: ps.UserTime() + ps.SystemTime()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		s.RSS = ru.Maxrss * 1024
	}
	return s, nil
}

// CorpusFiles returns the .crn files under dir, sorted; an error when there is none.
func CorpusFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".crn") {
			out = append(out, p)
		}
		return err
	})
	slices.Sort(out)
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no .crn files in %s", dir)
	}
	return out, err
}

// LoadAverage is the 1, 5 and 15 minute load averages, or "unknown".
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
