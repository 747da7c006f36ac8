package lsp

import (
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
)

// checkPublished: `diagnostics F: code ...`, the codes last published for F.
func checkPublished(r *markerRun, as assertion) {
	name := r.subject(as)
	r.file(as, name)
	compareCodes(r, as, r.last[name].Diagnostics)
}

// checkSyntax: `syntax F: syntax ...` or `syntax @k[-@e]: ["msg"]`, the syntax errors of F's first
// publish. Only they are looked at: a semantic check of the directory that began before F was
// opened may publish F's diagnostics (syntax errors included) before F's own syntax phase does.
func checkSyntax(r *markerRun, as assertion) {
	sub := r.subject(as)
	if !strings.HasPrefix(sub, "@") {
		r.file(as, sub)
		var errs []protocol.Diagnostic
		for _, d := range r.first[sub].Diagnostics {
			if fmt.Sprint(d.Code) == "syntax" {
				errs = append(errs, d)
			}
		}
		compareCodes(r, as, errs)
		return
	}
	want := diagWant{code: "syntax"}
	if f := r.fields(as); len(f) > 0 {
		want.message = f[0]
	}
	findDiagnostic(r, as, sub, want, r.first)
}

// checkDiag: `diag @k[-@e]: code [severity] ["msg"]`, in the last publish.
func checkDiag(r *markerRun, as assertion) {
	f := r.fields(as)
	if len(f) == 0 {
		r.t.Fatalf("%s: no code", as.line)
	}
	want := diagWant{code: f[0]}
	f = f[1:]
	if len(f) > 0 {
		if sev, ok := severityNamed(f[0]); ok {
			want.severity = sev
			f = f[1:]
		}
	}
	if len(f) > 0 {
		want.message = f[0]
	}
	findDiagnostic(r, as, r.subject(as), want, r.last)
}

// severityNamed returns the severity a word of an assertion names.
func severityNamed(word string) (protocol.DiagnosticSeverity, bool) {
	switch word {
	case "error":
		return protocol.DiagnosticSeverityError, true
	case "warning":
		return protocol.DiagnosticSeverityWarning, true
	case "info":
		return protocol.DiagnosticSeverityInformation, true
	case "hint":
		return protocol.DiagnosticSeverityHint, true
	}
	return 0, false
}

// diagWant is what a diagnostic must be: its code, and its severity and a part of its message
// when they are given.
type diagWant struct {
	code     string
	severity protocol.DiagnosticSeverity
	message  string
}

// findDiagnostic looks for a diagnostic at ref (`@k` its start, `@k-@e` its range) in the
// publish of its file that pubs holds.
func findDiagnostic(r *markerRun, as assertion, ref string, want diagWant, pubs map[string]publishDiagnosticsParams) {
	_, rng, name := r.span(as, ref)
	isRange := strings.Contains(ref, "-")
	var near []string
	for _, d := range pubs[name].Diagnostics {
		if d.Range.Start != rng.Start || isRange && d.Range.End != rng.End {
			near = append(near, fmt.Sprintf("%s %v %q", showRange(d.Range), d.Code, d.Message))
			continue
		}
		if fmt.Sprint(d.Code) == want.code && (want.severity == 0 || d.Severity == want.severity) && strings.Contains(d.Message, want.message) {
			return
		}
		near = append(near, fmt.Sprintf("%s %v severity %v %q", showRange(d.Range), d.Code, d.Severity, d.Message))
	}
	r.t.Errorf("%s: no such diagnostic among\n\t%s", as.line, strings.Join(near, "\n\t"))
}

// compareCodes compares the codes of ds with the assertion's, as multisets ("none": no code).
func compareCodes(r *markerRun, as assertion, ds []protocol.Diagnostic) {
	var got []string
	for _, d := range ds {
		got = append(got, fmt.Sprint(d.Code))
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		all := []string{"(nothing)"}
		if len(ds) > 0 {
			all = nil
		}
		for _, d := range ds {
			all = append(all, fmt.Sprintf("%s %v %q", showRange(d.Range), d.Code, d.Message))
		}
		r.t.Errorf("%s: published %v:\n\t%s", as.line, got, strings.Join(all, "\n\t"))
	}
}

// showPos writes a position 1-based: line:column.
func showPos(p protocol.Position) string { return fmt.Sprintf("%d:%d", p.Line+1, p.Character+1) }

// showRange writes a range 1-based: line:col-line:col.
func showRange(rg protocol.Range) string { return showPos(rg.Start) + "-" + showPos(rg.End) }
