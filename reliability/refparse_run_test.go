package reliability

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Running Carina's own grammar (../shared/reference/refparse) over many files.

// refVerdict is what Carina's grammar says of one file.
type refVerdict struct {
	ok  bool
	msg string // the grammar's message for a rejected file: position and what it expected
}

// refparseBatch is how many files one refparse process reads: one process a file would cost
// more than the parse.
const refparseBatch = 1000

// refparseAll writes texts to files in dir and returns Carina's verdict on each, running the
// reference parser on batches of files. It may run on a goroutine of its own: it returns its
// failure rather than ending the test.
func refparseAll(refparse, dir string, texts []string) ([]refVerdict, error) {
	paths := make([]string, len(texts))
	for i, text := range texts {
		paths[i] = filepath.Join(dir, fmt.Sprintf("m%06d.crn", i))
		if err := os.WriteFile(paths[i], []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	return refparsePaths(refparse, paths)
}

// refparsePaths returns Carina's verdict on each file, running the reference parser on batches
// of them.
func refparsePaths(refparse string, paths []string) ([]refVerdict, error) {
	out := make([]refVerdict, 0, len(paths))
	for start := 0; start < len(paths); start += refparseBatch {
		vs, err := refparseFiles(refparse, paths[start:min(start+refparseBatch, len(paths))])
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

// refparseFiles runs the reference parser once on paths and reads its verdicts (stdout, one
// `OK|ERR<TAB>path` line a file in argument order) and its messages (stderr, each after a
// `path:` line).
func refparseFiles(refparse string, paths []string) ([]refVerdict, error) {
	cmd := exec.Command(refparse, paths...)
	cmd.Env = append(os.Environ(), "REFPARSE_VERBOSE=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", refparse, err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(paths) {
		return nil, fmt.Errorf("%s: %d verdicts for %d files", refparse, len(lines), len(paths))
	}
	out := make([]refVerdict, len(paths))
	var rejected []int
	for i, line := range lines {
		verdict, path, _ := strings.Cut(line, "\t")
		if path != paths[i] || verdict != "OK" && verdict != "ERR" {
			return nil, fmt.Errorf("%s: verdict %q for %s", refparse, line, paths[i])
		}
		out[i].ok = verdict == "OK"
		if !out[i].ok {
			rejected = append(rejected, i)
		}
	}
	// The messages come in the order of the rejected files, each after a line naming it.
	rest := stderr.String()
	for k, i := range rejected {
		head := paths[i] + ":\n"
		at := strings.Index(rest, head)
		if at < 0 {
			continue
		}
		rest = rest[at+len(head):]
		end := len(rest)
		if k+1 < len(rejected) {
			if j := strings.Index(rest, paths[rejected[k+1]]+":\n"); j >= 0 {
				end = j
			}
		}
		out[i].msg = refMessage(rest[:end])
	}
	return out, nil
}

var (
	refPos      = regexp.MustCompile(`--> (\d+:\d+)`)
	refExpected = regexp.MustCompile(`(?m)^\s*= (.*)$`)
)

// refMessage shortens a pest error to its position and its last line: `2:12 expected map_entry`.
func refMessage(msg string) string {
	pos, what := "?", strings.TrimSpace(msg)
	if m := refPos.FindStringSubmatch(msg); m != nil {
		pos = m[1]
	}
	if m := refExpected.FindAllStringSubmatch(msg, -1); m != nil {
		what = m[len(m)-1][1]
	}
	return pos + " " + what
}
