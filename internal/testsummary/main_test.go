package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/suite"
)

func TestSummarize(t *testing.T) {
	in := strings.Join([]string{
		`{"Action":"start","Package":"p/a"}`,
		`{"Action":"run","Package":"p/a","Test":"TestOK"}`,
		`{"Action":"output","Package":"p/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestOK","Output":"    a_test.go:3: chatter\n"}`,
		`{"Action":"pass","Package":"p/a","Test":"TestOK"}`,
		`{"Action":"run","Package":"p/a","Test":"TestBad"}`,
		`{"Action":"output","Package":"p/a","Test":"TestBad","Output":"=== RUN   TestBad\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestBad","Output":"    a_test.go:9: got 1, want 2\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}`,
		`{"Action":"fail","Package":"p/a","Test":"TestBad"}`,
		`{"Action":"run","Package":"p/a","Test":"TestNode"}`,
		`{"Action":"output","Package":"p/a","Test":"TestNode","Output":"=== RUN   TestNode\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestNode","Output":"    a_test.go:20: skipping: node is not installed\n"}`,
		`{"Action":"output","Package":"p/a","Test":"TestNode","Output":"--- SKIP: TestNode (0.00s)\n"}`,
		`{"Action":"skip","Package":"p/a","Test":"TestNode"}`,
		`{"Action":"output","Package":"p/a","Output":"FAIL\n"}`,
		`{"Action":"output","Package":"p/a","Output":"FAIL\tp/a\t0.01s\n"}`,
		`{"Action":"fail","Package":"p/a"}`,
		`{"Action":"output","Package":"p/b","Output":"PASS\n"}`,
		`{"Action":"output","Package":"p/b","Output":"ok  \tp/b\t0.02s\n"}`,
		`{"Action":"pass","Package":"p/b"}`,
		`{"Action":"output","Package":"p/c","Output":"?   \tp/c\t[no test files]\n"}`,
		`{"Action":"skip","Package":"p/c"}`,
		`{"ImportPath":"p/d","Action":"build-output","Output":"p/d/x.go:1:1: syntax error\n"}`,
		`FAIL	p/d [setup failed]`,
	}, "\n")
	var out strings.Builder
	skips, err := summarize(strings.NewReader(in), &out)
	if err != nil {
		t.Fatal(err)
	}
	want := "    a_test.go:9: got 1, want 2\n--- FAIL: TestBad (0.00s)\nFAIL\nFAIL\tp/a\t0.01s\nok  \tp/b\t0.02s\n?   \tp/c\t[no test files]\np/d/x.go:1:1: syntax error\nFAIL\tp/d [setup failed]\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]skip{{"p/a", "TestNode", "a_test.go:20: skipping: node is not installed"}}, skips); diff != "" {
		t.Errorf("skips (-want +got):\n%s", diff)
	}
}

// A test skipped by -short because only the long mode runs it is told from one skipped for want of
// a program, by the message suite.Long gives it.
func TestSplitLong(t *testing.T) {
	long := skip{"p/a", "TestSweep", "a_test.go:5: " + suite.LongReason + ": every corpus file"}
	missing := skip{"p/a", "TestNode", "a_test.go:20: skipping: node is not installed"}
	gotLong, gotOther := splitLong([]skip{long, missing})
	if diff := cmp.Diff([]skip{long}, gotLong); diff != "" {
		t.Errorf("long (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]skip{missing}, gotOther); diff != "" {
		t.Errorf("other (-want +got):\n%s", diff)
	}
}
