package format

import (
	"fmt"
	"slices"
	"strings"
)

// maxDiffCost bounds the work of the line diff: beyond this many differing lines the middle of
// the texts (what lies between their common first and last lines) is reported as replaced
// whole, which is still a correct diff.
const maxDiffCost = 1000

// opKind is what a line diff does with a line.
type opKind uint8

const (
	opKeep opKind = iota
	opDelete
	opInsert
)

// op is one line of a line diff: a line of a kept or deleted (a[i]), or inserted (b[i]).
type op struct {
	kind opKind
	i    int
}

// splitLines splits s into lines that keep their "\n".
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffLines returns a shortest edit script from a to b (Myers' algorithm on what lies between
// the common first and last lines).
func diffLines(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := make([]op, 0, len(a)+len(b))
	for i := range pre {
		ops = append(ops, op{opKeep, i})
	}
	ops = append(ops, myers(a[pre:len(a)-suf], b[pre:len(b)-suf], pre)...)
	for i := len(a) - suf; i < len(a); i++ {
		ops = append(ops, op{opKeep, i})
	}
	return ops
}

// myers diffs a and b, whose indices are offset by off in the whole texts.
func myers(a, b []string, off int) []op {
	n, m := len(a), len(b)
	if n > 0 && m > 0 {
		maxD := min(n+m, maxDiffCost)
		v := make([]int, 2*maxD+3)
		c := maxD + 1 // v[c+k] is the furthest x on diagonal k
		var trace [][]int
		for d := 0; d <= maxD; d++ {
			trace = append(trace, slices.Clone(v[c-d:c+d+1]))
			for k := -d; k <= d; k += 2 {
				var x int
				if k == -d || k != d && v[c+k-1] < v[c+k+1] {
					x = v[c+k+1]
				} else {
					x = v[c+k-1] + 1
				}
				y := x - k
				for x < n && y < m && a[x] == b[y] {
					x, y = x+1, y+1
				}
				v[c+k] = x
				if x >= n && y >= m {
					return backtrack(trace, d, n, m, off)
				}
			}
		}
	}
	ops := make([]op, 0, n+m)
	for i := range n {
		ops = append(ops, op{opDelete, off + i})
	}
	for j := range m {
		ops = append(ops, op{opInsert, off + j})
	}
	return ops
}

// backtrack walks the saved frontiers of myers back from (n, m) to (0, 0) to build the edit
// script; trace[d] holds the frontier before step d, diagonal k at index k+d.
func backtrack(trace [][]int, d, n, m, off int) []op {
	var rev []op
	x, y := n, m
	for ; d > 0; d-- {
		prev := trace[d]
		k := x - y
		pk := k - 1
		if k == -d || k != d && prev[k-1+d] < prev[k+1+d] {
			pk = k + 1
		}
		px := prev[pk+d]
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, op{opKeep, off + x})
		}
		if x == px {
			y--
			rev = append(rev, op{opInsert, off + y})
		} else {
			x--
			rev = append(rev, op{opDelete, off + x})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, op{opKeep, off + x})
	}
	slices.Reverse(rev)
	return rev
}

// Unified returns a unified diff with three lines of context that turns a into b, under the
// headers `--- name` and `+++ name` (so that `patch -p0` applies it to name from the directory
// it names it from, and `patch` from the file's directory); "" when a == b. A last line without
// a newline is marked `\ No newline at end of file`.
func Unified(name, a, b string) string {
	if a == b {
		return ""
	}
	al, bl := splitLines(a), splitLines(b)
	ops := diffLines(al, bl)
	const ctx = 3
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", name, name)
	// ai[i], bi[i]: lines of a and b before ops[i].
	ai, bi := make([]int, len(ops)+1), make([]int, len(ops)+1)
	for i, o := range ops {
		ai[i+1], bi[i+1] = ai[i], bi[i]
		if o.kind != opInsert {
			ai[i+1]++
		}
		if o.kind != opDelete {
			bi[i+1]++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i].kind == opKeep {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != opKeep {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == opKeep {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, run)
				break
			}
			end = run
		}
		na, nb := ai[end]-ai[start], bi[end]-bi[start]
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(ai[start], na), hunkRange(bi[start], nb))
		for _, o := range ops[start:end] {
			switch o.kind {
			case opKeep:
				writeDiffLine(&sb, ' ', al[o.i])
			case opDelete:
				writeDiffLine(&sb, '-', al[o.i])
			case opInsert:
				writeDiffLine(&sb, '+', bl[o.i])
			}
		}
		i = end
	}
	return sb.String()
}

// hunkRange formats the `start,count` of a hunk side whose first line has 0-based index from.
func hunkRange(from, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", from)
	}
	return fmt.Sprintf("%d,%d", from+1, count)
}

func writeDiffLine(sb *strings.Builder, mark byte, line string) {
	sb.WriteByte(mark)
	sb.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		sb.WriteString("\n\\ No newline at end of file\n")
	}
}

// LineEdits returns the edits that turn a into b, each replacing whole lines of a: what a
// language server sends so that the cursor and the undo history outside the changed lines
// survive. Edits are in order and do not overlap; offsets are bytes of a.
func LineEdits(a, b string) []Edit {
	if a == b {
		return nil
	}
	al, bl := splitLines(a), splitLines(b)
	ops := diffLines(al, bl)
	var edits []Edit
	offA := 0
	for i := 0; i < len(ops); {
		if ops[i].kind == opKeep {
			offA += len(al[ops[i].i])
			i++
			continue
		}
		e := Edit{Start: offA, End: offA}
		var text strings.Builder
		for ; i < len(ops) && ops[i].kind != opKeep; i++ {
			switch o := ops[i]; o.kind {
			case opDelete:
				e.End += len(al[o.i])
			case opInsert:
				text.WriteString(bl[o.i])
			}
		}
		e.Text = text.String()
		offA = e.End
		edits = append(edits, e)
	}
	return edits
}
