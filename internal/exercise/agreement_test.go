package exercise

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/completion"
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/workspace"
)

// agreementDirs returns the configuration directories of the corpus and of the bundled examples.
func agreementDirs(tb testing.TB) []string {
	seen := map[string]bool{}
	var dirs []string
	add := func(path string) {
		if d := filepath.Dir(path); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	for _, p := range corpus.Files(tb) {
		add(p)
	}
	examples := filepath.Join(corpus.Root(tb), "examples")
	filepath.WalkDir(examples, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".crn") {
			add(p)
		}
		return nil
	})
	sort.Strings(dirs)
	return dirs
}

// TestAgreement checks that the features agree on every token of the corpus and the examples:
//
//   - whatever the locator (which hover shows) resolves at a token — a binding, an attribute of
//     one, an enum value, a block key, a module argument, a function, a resource type — completion
//     offers at that token's start with its first two characters typed, with an item whose filter
//     text starts with what was typed and whose insert gives back the token's text;
//   - whatever definition resolves from a token, references from it include, and they include the
//     token itself;
//   - the semantic token at a name is of a type that fits the role hover shows it in (a keyword,
//     a property for keys and members, an enum member, a namespace and a type for a resource type).
//
// Failures are grouped by role, with a few examples each. The short mode checks one directory in
// three.
func TestAgreement(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	ctx := context.Background()
	failures := map[string][]string{}
	fail := func(kind, msg string) {
		if len(failures[kind]) < 200 {
			failures[kind] = append(failures[kind], msg)
		} else {
			failures[kind] = append(failures[kind][:200], "...")
		}
	}
	checked := map[string]int{}
	every := suite.Scale(3, 1) // every directory; one in three in short mode
	for i, dir := range agreementDirs(t) {
		if i%every != 0 {
			continue
		}
		ws := workspace.New(workspace.OSFS{})
		cfg, err := ws.Config(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range cfg.Files {
			semantic := map[int32]string{}
			types, _ := semantictokens.Legend()
			for _, st := range semantictokens.Tokens(cfg, f, nil, idx) {
				semantic[st.Span.Start] = types[st.Type]
			}
			for _, tok := range f.AST.Tokens {
				if tok.Kind != grammar.Ident {
					continue
				}
				// Each segment of a dotted name: cert, then status of cert.status.
				for _, off := range segmentStarts(f.Text(), tok) {
					site := cursor.Locate(cfg, f, int(off), idx)
					if what, ok := completable(site); ok && site.Span.Start == off {
						checked[what]++
						if msg := offered(ctx, cfg, f, site, idx); msg != "" {
							fail(what, msg)
						}
					}
					checked["navigation"]++
					if msg := navigationAgrees(cfg, f, int(off)); msg != "" {
						fail("navigation", msg)
					}
					if allowed := semanticTypes(site.Role); allowed != nil && site.Span.Start == off {
						checked["semantic tokens"]++
						if got := semantic[off]; !slices.Contains(allowed, got) {
							fail("semantic tokens", fmt.Sprintf("%s:%d: %q is a %s for hover, a %q semantic token (want %v)",
								filepath.Base(f.Path), f.Lines.Line(int(off))+1, site.Text, site.Role, got, allowed))
						}
					}
				}
			}
		}
	}
	kinds := make([]string, 0, len(failures))
	for k := range failures {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Errorf("%s: %d of %d disagree, e.g.\n  %s", k, len(failures[k]), checked[k], strings.Join(first(failures[k], 8), "\n  "))
	}
	t.Logf("checked: %v", checked)
}

func first(ss []string, n int) []string { return ss[:min(n, len(ss))] }

// semanticTypes are the semantic token types that fit a role, as the LSP legend names them: the
// second description of what a name is, against which the semantic tokens are checked (nil: a
// role the check leaves out).
func semanticTypes(r cursor.Role) []string {
	switch r {
	case cursor.Keyword, cursor.Literal:
		return []string{"keyword"}
	case cursor.Declaration, cursor.Reference:
		return []string{"variable", "parameter", "namespace", "function"}
	case cursor.Member, cursor.Key, cursor.ArgumentKey, cursor.BlockName, cursor.Output, cursor.Field:
		return []string{"property"}
	case cursor.EnumValue:
		return []string{"enumMember"}
	case cursor.ResourceType, cursor.TypeName:
		return []string{"namespace", "type"}
	case cursor.Function:
		return []string{"function"}
	case cursor.ProviderName:
		return []string{"namespace"}
	case cursor.BackendType:
		return []string{"type"}
	}
	return nil
}

// segmentStarts returns where each segment of an identifier token starts.
func segmentStarts(src string, tok grammar.Token) []int32 {
	out := []int32{tok.Start}
	for i := tok.Start; i < tok.End; i++ {
		if src[i] == '.' {
			out = append(out, i+1)
		}
	}
	return out
}

// completable says whether completion must offer the thing at a site, and names its kind.
func completable(s *cursor.Site) (string, bool) {
	switch s.Role {
	case cursor.Reference:
		// A module alias is completed where it is called (net { }), not as a value.
		if s.Decl != nil && (s.Decl.Kind != workspace.Module || s.Ref != nil && s.Ref.Kind == workspace.RefModuleCall) {
			return "reference", true
		}
	case cursor.Member:
		if s.Member != nil {
			return "member", true
		}
	case cursor.EnumValue:
		if s.Value.DSL != "" {
			return "enum value", true
		}
	case cursor.Key:
		// A member of the block's schema (not a free map key) or a key of the construct.
		if s.KeyDef != nil || s.Block != nil && schema.Named(schema.Settable(s.Block.Members()), s.Text) != nil {
			return "key", true
		}
	case cursor.BlockName:
		if s.Member != nil {
			return "block name", true
		}
	case cursor.ArgumentKey:
		if s.Param != nil {
			return "argument key", true
		}
	case cursor.Function:
		return "function", s.Builtin || s.Decl != nil
	case cursor.ResourceType:
		if s.Schema != nil && len(s.Text) > 0 && strings.Count(s.Text, ".") >= 2 {
			return "resource type", true
		}
	}
	return "", false
}

// offered types the first two characters of the thing at the site (the rest of it removed) and
// checks that completion there offers it; it returns what went wrong, or "".
func offered(ctx context.Context, cfg *workspace.Config, f *workspace.File, s *cursor.Site, idx *schema.Index) string {
	src := f.Text()
	start := s.Span.Start // for a member, its segment: the qualifier before it stays typed
	want := src[start:s.Span.End]
	k := min(2, len(want))
	typed := src[:start+int32(k)] + src[s.Span.End:]
	cur := int(start) + k
	tws := workspace.New(workspace.OSFS{})
	tws.SetOverlay(f.Path, typed)
	tcfg, err := tws.Config(ctx, cfg.Dir)
	if err != nil {
		return err.Error()
	}
	tf := tcfg.File(f.Path)
	items := completion.Complete(ctx, tcfg, tf, cur, idx, completion.Options{})
	for _, it := range items {
		filter := it.FilterText
		if filter == "" {
			filter = it.Label
		}
		typedWord := typed[it.Edit.Start:cur]
		if !strings.HasPrefix(strings.ToLower(filter), strings.ToLower(typedWord)) {
			continue // clients filter case-insensitively
		}
		// Applied, the item gives back the text the thing had (from the edit's start); an enum
		// value may come back in another spelling of the same value (Issued for issued).
		if it.Insert == src[it.Edit.Start:s.Span.End] {
			return ""
		}
		if s.Role == cursor.EnumValue && it.Edit.Start == s.Span.Start {
			if m, ok := s.Enum.Resolve(it.Insert); ok && m.Value == s.Value {
				return ""
			}
		}
	}
	line := tf.Lines.Line(cur) + 1
	var labels []string
	for _, it := range items[:min(6, len(items))] {
		labels = append(labels, it.Label)
	}
	return fmt.Sprintf("%s:%d: %q typed as %q: not offered (%d items: %s)", filepath.Base(f.Path), line, want, want[:k], len(items), strings.Join(labels, ", "))
}

// navigationAgrees checks that the references from an offset include what definition resolves
// and the place itself.
func navigationAgrees(cfg *workspace.Config, f *workspace.File, off int) string {
	defs := navigate.Definition(cfg, f, off)
	if len(defs) == 0 {
		return ""
	}
	refs := navigate.References(cfg, f, off, true)
	has := func(l navigate.Location) bool {
		for _, r := range refs {
			if r.Path == l.Path && r.Span == l.Span {
				return true
			}
		}
		return false
	}
	for _, d := range defs {
		if cfg.File(d.Path) != nil && !has(d) {
			return fmt.Sprintf("%s:%d: definition %s:%v is not among the references %v", filepath.Base(f.Path), f.Lines.Line(off)+1, filepath.Base(d.Path), d.Span, refs)
		}
	}
	return ""
}
