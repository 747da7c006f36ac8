// Command testsummary reads `go test -json` on stdin and prints what plain `go test` prints (each
// package's result line, and the output of failing tests and of build errors), then every skipped
// test with its reason, so that scripts/test says loudly what did not run. A test that runs only in
// long mode (internal/suite.Long) and was skipped by -short is only counted: the short mode leaves
// it out by design. With -fail-on-skip (set by scripts/test under CI=true, which runs the long
// mode) every skipped test makes it exit 1, those included.
//
//	go test -json ./... | go run ./internal/testsummary [-fail-on-skip]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/suite"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string
}

// skip is a test that did not run, and why.
type skip struct {
	Package, Test, Reason string
}

// summarize copies the essential part of a `go test -json` stream to w and returns the skipped
// tests.
func summarize(r io.Reader, w io.Writer) ([]skip, error) {
	output := map[string][]string{} // by package and test
	var skips []skip
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			fmt.Fprintln(w, string(line)) // not an event: go test's own message
			continue
		}
		key := e.Package + "\x00" + e.Test
		switch e.Action {
		case "build-output":
			fmt.Fprint(w, e.Output)
		case "output":
			if e.Test == "" {
				if plainLine(e.Output) {
					fmt.Fprint(w, e.Output)
				}
				continue
			}
			output[key] = append(output[key], e.Output)
		case "fail":
			if e.Test != "" {
				for _, o := range output[key] {
					if !strings.HasPrefix(o, "=== ") {
						fmt.Fprint(w, o)
					}
				}
			}
			delete(output, key)
		case "skip":
			if e.Test != "" {
				skips = append(skips, skip{e.Package, e.Test, reason(output[key])})
			}
			delete(output, key)
		case "pass":
			delete(output, key)
		}
	}
	return skips, sc.Err()
}

// plainLine reports whether a package-level output line is one plain `go test` prints.
func plainLine(s string) bool {
	for _, p := range []string{"ok ", "ok\t", "FAIL", "?   ", "panic:", "--- FAIL", "# "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return !strings.HasPrefix(s, "=== ") && !strings.HasPrefix(s, "PASS") && !strings.HasPrefix(s, "--- ") && strings.TrimSpace(s) != "" && !strings.HasPrefix(s, "    ")
}

// reason is a skipped test's message: its output without the === and --- lines.
func reason(lines []string) string {
	var parts []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

// splitLong separates the tests skipped because they run only in long mode from the others.
func splitLong(skips []skip) (long, other []skip) {
	for _, s := range skips {
		if strings.Contains(s.Reason, suite.LongReason) {
			long = append(long, s)
		} else {
			other = append(other, s)
		}
	}
	return long, other
}

func main() {
	failOnSkip := flag.Bool("fail-on-skip", false, "exit 1 when a test was skipped")
	flag.Parse()
	skips, err := summarize(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
	long, other := splitLong(skips)
	if *failOnSkip {
		long, other = nil, skips // CI runs the long mode: nothing may be left out there
	}
	if len(long) > 0 {
		fmt.Printf("testsummary: %d test(s) or part(s) left to the long mode (scripts/test -long runs them)\n", len(long))
	}
	if len(other) == 0 {
		if len(long) > 0 {
			fmt.Println("testsummary: no other Go test was skipped")
		} else {
			fmt.Println("testsummary: no Go test was skipped")
		}
		return
	}
	fmt.Fprintf(os.Stderr, "\n*** %d Go test(s) SKIPPED ***\n", len(other))
	for _, s := range other {
		fmt.Fprintf(os.Stderr, "  SKIP %s %s: %s\n", s.Package, s.Test, s.Reason)
	}
	if *failOnSkip {
		fmt.Fprintln(os.Stderr, "testsummary: no test may be skipped here (CI=true)")
		os.Exit(1)
	}
}
