package contain

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRun(t *testing.T) {
	var got []Panic
	report := func(p Panic) { got = append(got, p) }
	if !Run(report, "check ok", "a.crn", 3, func() {}) {
		t.Fatal("a unit that returns is reported as panicking")
	}
	if Run(report, "check wait", "a.crn", 7, func() { panic("boom") }) {
		t.Fatal("a panicking unit is reported as ok")
	}
	if len(got) != 1 {
		t.Fatalf("got %d reports, want 1", len(got))
	}
	p := got[0]
	if !strings.Contains(p.Stack, "contain.TestRun") {
		t.Errorf("stack does not name the panicking function:\n%s", p.Stack)
	}
	p.Stack = ""
	if diff := cmp.Diff(Panic{Unit: "check wait", Path: "a.crn", Line: 7, Value: "boom"}, p); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	if s := got[0].String(); s != "panic in check wait at a.crn:7: boom" {
		t.Errorf("String() = %q", s)
	}
	// A nil reporter still contains the panic.
	if Run(nil, "x", "", 0, func() { panic(1) }) {
		t.Error("nil reporter: reported ok")
	}
}
