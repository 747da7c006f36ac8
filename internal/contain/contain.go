// Package contain owns fault containment: running one unit of work — a check on one statement, a
// completion or hover provider — so that a panic in it costs only that unit's own results, and
// describing the panic once, with where it happened and its stack, for the log.
package contain

import (
	"fmt"
	"runtime/debug"
)

// Panic describes a panic that was contained.
type Panic struct {
	Unit  string // what was running: "check wait", "completion keys"
	Path  string // the file (or configuration directory) it was working on; "" when none
	Line  int    // 1-based line of the statement it was working on; 0 when none
	Value any    // what was passed to panic
	Stack string // the goroutine's stack at the panic
}

// String is the log line: the unit, the place and the value (the stack is separate).
func (p Panic) String() string {
	where := p.Path
	if p.Line > 0 {
		where = fmt.Sprintf("%s:%d", p.Path, p.Line)
	}
	if where == "" {
		return fmt.Sprintf("panic in %s: %v", p.Unit, p.Value)
	}
	return fmt.Sprintf("panic in %s at %s: %v", p.Unit, where, p.Value)
}

// Reporter hears of each contained panic. A nil Reporter drops the reports.
type Reporter func(Panic)

// Report calls r with p unless r is nil.
func (r Reporter) Report(p Panic) {
	if r != nil {
		r(p)
	}
}

// Run calls fn and reports whether it returned normally. A panic in fn is recovered and, with its
// stack, handed to r as a Panic of the given unit and place (line 1-based, 0 when none).
func Run(r Reporter, unit, path string, line int, fn func()) (ok bool) {
	defer func() {
		if v := recover(); v != nil {
			ok = false
			r.Report(Panic{Unit: unit, Path: path, Line: line, Value: v, Stack: string(debug.Stack())})
		}
	}()
	fn()
	return true
}
