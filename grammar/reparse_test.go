package grammar

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// stmtView is the comparable content of a statement: where it is, its tree and its errors.
type stmtView struct {
	Offset, End int32
	Node        Node
	Errors      []SyntaxError
}

// fileView is the comparable content of a parse.
type fileView struct {
	Src    string
	Tokens []Token
	Stmts  []stmtView
	Errors []SyntaxError
}

func view(f *File) fileView {
	v := fileView{Src: f.Src, Tokens: f.Tokens, Errors: f.Errors}
	for _, st := range f.Stmts {
		v.Stmts = append(v.Stmts, stmtView{Offset: st.Offset, End: st.End, Node: st.Node, Errors: st.Errors})
	}
	return v
}

// sameAsFresh checks that f, parsed by a Parser that had seen earlier versions, equals a parse of
// the same text from scratch: same tokens, statements, trees and errors.
func sameAsFresh(t testing.TB, f *File) {
	t.Helper()
	want, got := view(fresh().Parse(f.Src)), view(f)
	if reflect.DeepEqual(want, got) {
		return // the fast path; cmp explains a difference
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("re-parse differs from a fresh parse of %q (-fresh +re-parse):\n%s", f.Src, diff)
	}
}

const reparseBase = `provider aws {
  region = aws.Region.ap_northeast_1
}

let cert = aws.acm.Certificate {
  domain_name       = 'registry.carina-rs.dev'
  validation_method = dns
}

let issued = wait cert {
  until   = cert.status == aws.acm.Certificate.Status.Issued
  timeout = 75min
}

let policy = <<EOT
{"Version": "2012-10-17"}
EOT

let names = ['a', 'b']
`

// TestReparseOneStatement edits one statement and parses again with the same Parser: only that
// statement is parsed again (the others keep their Parsed, pointer for pointer, even when they
// moved), and the result equals a fresh parse.
func TestReparseOneStatement(t *testing.T) {
	tests := []struct {
		name     string
		old, new string // the edit, applied once to reparseBase
		changed  int    // index of the statement whose parse must be new
	}{
		{"value in the middle", "validation_method = dns", "validation_method = email", 1},
		{"longer value shifts the statements after it", "'registry.carina-rs.dev'", "'registry.example.com.longer'", 1},
		{"timeout", "75min", "2h", 2},
		{"first statement", "ap_northeast_1", "us_east_1", 0},
		{"last statement", "['a', 'b']", "['a', 'b', 'c']", 4},
		{"inside a heredoc", "2012-10-17", "2008-10-17", 3},
		{"an error appears", "timeout = 75min", "timeout = 75 mins", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := fresh()
			before := ps.Parse(reparseBase)
			if len(before.Errors) != 0 || len(before.Stmts) != 5 {
				t.Fatalf("base: %d statements, errors %v", len(before.Stmts), before.Errors)
			}
			if strings.Count(reparseBase, tc.old) != 1 {
				t.Fatalf("%q is not unique in the base", tc.old)
			}
			src := strings.Replace(reparseBase, tc.old, tc.new, 1)
			after := ps.Parse(src)
			checkFile(t, src, after)
			if len(after.Stmts) != len(before.Stmts) {
				t.Fatalf("%d statements after the edit, want %d", len(after.Stmts), len(before.Stmts))
			}
			for i := range after.Stmts {
				same := after.Stmts[i].Parsed == before.Stmts[i].Parsed
				if i == tc.changed && same {
					t.Errorf("statement %d (edited) kept its old parse", i)
				}
				if i != tc.changed && !same {
					t.Errorf("statement %d (untouched) was parsed again", i)
				}
			}
			sameAsFresh(t, after)

			// Undoing the edit brings back the same parse.
			undone := ps.Parse(reparseBase)
			sameAsFresh(t, undone)
		})
	}
}

// TestReparseStructuralEdits applies edits that add, remove, merge and split statements, and
// checks after each that the statements whose text did not change kept their parse and that the
// result equals a fresh parse.
func TestReparseStructuralEdits(t *testing.T) {
	versions := []string{
		reparseBase,
		// a new statement at the top
		"let first = 1\n" + reparseBase,
		// a statement removed
		strings.Replace(reparseBase, "let names = ['a', 'b']\n", "", 1),
		// an unclosed "{" (the file no longer balances: the splitter resynchronises)
		strings.Replace(reparseBase, "  timeout = 75min\n}", "  timeout = 75min\n", 1),
		reparseBase,
		// an unterminated block comment swallows everything after it
		strings.Replace(reparseBase, "let issued", "/* let issued", 1),
		reparseBase,
		// an unterminated string
		strings.Replace(reparseBase, "'registry.carina-rs.dev'", "'registry.carina-rs.dev", 1),
		reparseBase,
		// an unterminated heredoc
		strings.Replace(reparseBase, "\nEOT\n", "\nEOX\n", 1),
		reparseBase,
		// two statements joined on one line
		strings.Replace(reparseBase, "}\n\nlet issued", "} let issued", 1),
		"",
		reparseBase,
	}
	ps := fresh()
	var prev *File
	for i, src := range versions {
		f := ps.Parse(src)
		checkFile(t, src, f)
		sameAsFresh(t, f)
		if prev != nil {
			old := map[string]*Parsed{}
			for _, st := range prev.Stmts {
				old[prev.Src[st.Offset:st.End]] = st.Parsed
			}
			for j, st := range f.Stmts {
				if pd, ok := old[src[st.Offset:st.End]]; ok && pd != st.Parsed {
					t.Errorf("version %d: statement %d has the text of an old statement but was parsed again", i, j)
				}
			}
		}
		prev = f
	}
}

// TestReparseTyping types a file character by character, at the end and then in the middle of
// a statement, and checks every intermediate version against a fresh parse.
func TestReparseTyping(t *testing.T) {
	typed := "let w = wait cert {\n  until = cert.status == \"${x}\"\n  timeout = 30min\n}\n/* c */ let s = <<EOT\na\nEOT\n"
	ps := fresh()
	for i := 0; i <= len(typed); i++ {
		f := ps.Parse(reparseBase + typed[:i])
		checkFile(t, f.Src, f)
		sameAsFresh(t, f)
	}
	mid := strings.Index(reparseBase, "let issued")
	for i := 0; i <= len(typed); i++ {
		src := reparseBase[:mid] + typed[:i] + reparseBase[mid:]
		f := ps.Parse(src)
		checkFile(t, src, f)
		sameAsFresh(t, f)
	}
	// And deleting it again, from the end.
	for i := len(typed); i >= 0; i-- {
		src := reparseBase[:mid] + typed[:i] + reparseBase[mid:]
		sameAsFresh(t, ps.Parse(src))
	}
}

// TestParseStatementCache checks that statements with the same text share one parse within a
// file and across Parse calls, and that Fork starts with an empty cache.
func TestParseStatementCache(t *testing.T) {
	src := "let a = 1\nlet a = 1\n"
	ps := fresh()
	f := ps.Parse(src)
	if len(f.Stmts) != 2 || f.Stmts[0].Parsed != f.Stmts[1].Parsed {
		t.Fatalf("identical statements do not share their parse")
	}
	g := ps.Parse("let b = 2\n" + src)
	if g.Stmts[1].Parsed != f.Stmts[0].Parsed {
		t.Errorf("an unchanged statement was parsed again")
	}
	h := ps.Fork().Parse(src)
	if h.Stmts[0].Parsed == f.Stmts[0].Parsed {
		t.Errorf("a forked Parser shares the cache of its parent")
	}
	sameAsFresh(t, h)
}
