package cursor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// said is what a Site says, for comparing two of them.
type said struct {
	Role                          string
	Tok, Span                     grammar.Span
	Text                          string
	Path                          int
	Decl, Ref, Construct, KeyDef  string
	Schema, Member, Enum, Value   string
	Attr                          string
	Seg                           int
	Builtin                       bool
	Module, Output, Param, Owner  string
	ExpectType, ExpectKey, Expect string
}

// ptr names a pointer by its address ("" for nil), so that two Sites compare by identity.
func ptr[T any](p *T) string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf("%p", p)
}

func sayOf(s *Site) said {
	return said{
		Role: s.Role.String(), Tok: grammar.Span{Start: s.Tok.Start, End: s.Tok.End}, Span: s.Span, Text: s.Text, Path: len(s.Path),
		Decl: ptr(s.Decl), Ref: ptr(s.Ref), Construct: ptr(s.Construct), KeyDef: ptr(s.KeyDef),
		Schema: ptr(s.Schema), Member: memberName(s.Member), Enum: enumName(s.Enum), Value: s.Value.Qualified,
		Attr: strings.Join(s.Attr, "."), Seg: s.Seg, Builtin: s.Builtin,
		Module: ptr(s.Module), Output: ptr(s.Output), Param: ptr(s.Param), Owner: ptr(s.Owner),
		ExpectType: ptr(s.Expect.Type), ExpectKey: ptr(s.Expect.Key), Expect: s.Expect.Desc,
	}
}

// TestWalkAgreesWithLocate walks every file of the corpus (whole, and cut in half so that
// statements break), of the cursor package's neighbours' golden archives and of the server's
// marker archives, and checks that
// every Site Walk yields is what Locate says at the same place, that Walk yields every
// identifier and quoted key once, and that a Walk over a span yields the same Sites as the whole walk there.
func TestWalkAgreesWithLocate(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	var sets []map[string]string
	for _, p := range corpus.Files(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, map[string]string{"main.crn": string(data)}, map[string]string{"main.crn": string(data[:len(data)/2])})
	}
	for _, dir := range []string{"../hover/testdata", "../semantictokens/testdata"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			sets = append(sets, txtar.Parse(strings.ReplaceAll(string(data), testutil.Marker, "")).Sources())
		}
	}
	sets = append(sets, testutil.MarkerSources(t)...)
	if testing.Short() {
		sets = sets[:40]
	}
	for _, files := range sets {
		cfg := testutil.Config(t, files, testutil.Root)
		for _, f := range cfg.Files {
			checkWalk(t, cfg, f, idx)
		}
	}
}

func checkWalk(t *testing.T, cfg *workspace.Config, f *workspace.File, idx *schema.Index) {
	t.Helper()
	name := testutil.Rel(f.Path)
	var whole []said
	idents := map[int32]bool{}
	for _, tk := range f.AST.Tokens {
		if tk.Kind == grammar.Ident {
			idents[tk.Start] = false
		}
	}
	for _, st := range f.AST.Stmts {
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			if a, ok := n.(*grammar.Attribute); ok && a.Quoted && a.Key != nil {
				idents[st.Abs(a.Key.Span).Start] = false
			}
			return true
		})
	}
	Walk(cfg, f, nil, idx, func(site Site) bool {
		s := &site
		got := sayOf(s)
		whole = append(whole, got)
		if s.Offset == s.Tok.Start {
			if seen, ok := idents[s.Tok.Start]; !ok || seen {
				t.Errorf("%s:%d: Walk yields token %q twice or is no identifier", name, s.Offset, s.Text)
			}
			idents[s.Tok.Start] = true
		}
		want := sayOf(LocateName(cfg, f, int(s.Offset), idx))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s:%d %q: Walk differs from Locate (-locate +walk):\n%s", name, s.Offset, f.Text()[s.Tok.Start:s.Tok.End], diff)
		}
		return true
	})
	for off, seen := range idents {
		if !seen {
			t.Errorf("%s:%d: Walk skipped the identifier %q", name, off, f.Text()[off:])
		}
	}
	// A span in the middle of the file yields what the whole walk yields there.
	n := int32(len(f.Text()))
	sp := grammar.Span{Start: n / 3, End: 2 * n / 3}
	var part []said
	Walk(cfg, f, &sp, idx, func(s Site) bool {
		part = append(part, sayOf(&s))
		return true
	})
	var want []said
	for _, s := range whole {
		if s.Tok.End > sp.Start && s.Tok.Start < sp.End {
			want = append(want, s)
		}
	}
	if diff := cmp.Diff(want, part); diff != "" {
		t.Errorf("%s: Walk over %v differs from the whole walk there (-whole +part):\n%s", name, sp, diff)
	}
}

// enumName names an enum by its identity (a region enum is a copy made for each question).
func enumName(en *schema.Enum) string {
	if en == nil {
		return ""
	}
	return en.Identity
}

// memberName names a member by its name and type (a map's value is a member made for each question).
func memberName(m *schema.Member) string {
	if m == nil {
		return ""
	}
	return m.Name + ": " + ptr(m.Type)
}
