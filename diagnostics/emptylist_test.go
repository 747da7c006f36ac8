package diagnostics

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// emptyListRE matches a message whose list came out empty: a list's lead-in followed by nothing,
// or by the punctuation that ends the list ("expected one of ; did you mean").
var emptyListRE = regexp.MustCompile(`\b(one of:?|its attributes:|its arguments:|its exports:|expected|[Uu]se|set:)\s*($|[;,.?)\]])`)

func TestEmptyListRE(t *testing.T) {
	for _, msg := range []string{
		`availability_zone: invalid value "x" for availability_zone (ZoneName): expected one of ; did you mean y?`,
		"validation_method (ValidationMethod) expects an enum identifier. Use one of: ",
		"until compares a (b) with c, which is no value of it; use one of ",
		"unknown argument \"a\" for module \"m\" (its arguments: )",
	} {
		if !emptyListRE.MatchString(msg) {
			t.Errorf("not taken for an empty list: %s", msg)
		}
	}
	if msg := "expected one of a, b; did you mean a?"; emptyListRE.MatchString(msg) {
		t.Errorf("taken for an empty list: %s", msg)
	}
}

// TestNoEmptyListSchemas gives every enum attribute of every resource of the embedded schemas
// values that are none of its values (a bare and a qualified identifier, a string, a number), set
// in the resource and compared with in a wait, and requires that no message lists an empty set:
// an open enum has no values to list.
func TestNoEmptyListSchemas(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	n := 0
	for _, p := range idx.Providers() {
		for _, head := range idx.ResourceTypes(p) {
			rs := idx.Resource(head)
			var body, waits strings.Builder
			for _, name := range slices.Sorted(func(yield func(string) bool) {
				for k := range rs.Attributes {
					if !yield(k) {
						return
					}
				}
			}) {
				m := rs.Attributes[name]
				t := rs.Resolve(m.Type)
				if t == nil || t.Kind != schema.KindEnum || t.Enum == nil {
					continue
				}
				n++
				if !m.ReadOnly {
					for i, v := range []string{"zz_none", "aws.Nope.Kind.zz_none", "'zz none'", "7"} {
						fmt.Fprintf(&body, "let r_%s_%d = %s {\n  %s = %s\n}\n\n", name, i, head, name, v)
					}
				}
				for i, v := range []string{"zz_none", "aws.Nope.Kind.zz_none", "'zz none'", "7"} {
					fmt.Fprintf(&waits, "let w_%s_%d = wait r {\n  until = r.%s == %s\n}\n\n", name, i, name, v)
				}
			}
			src := fmt.Sprintf("let r = %s {}\n\n%s%s", head, body.String(), waits.String())
			for _, d := range check(t, map[string]string{"main.crn": src}).diags {
				if emptyListRE.MatchString(d.Message) {
					t.Errorf("%s: %s: a message lists an empty set: %s", head, d.Code, d.Message)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d enum attributes: are the schemas there?", n)
	}
}

// TestNoEmptyListCorpus checks every configuration of the corpus: no message lists an empty set.
func TestNoEmptyListCorpus(t *testing.T) {
	dirs, _ := corpusDirs(t)
	ws := workspace.New(workspace.OSFS{})
	idx := testutil.EmbeddedIndex(t)
	for _, dir := range dirs {
		cfg, err := ws.Config(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range Check(context.Background(), cfg, idx) {
			if emptyListRE.MatchString(d.Message) {
				t.Errorf("%s: %s: a message lists an empty set: %s", d.Path, d.Code, d.Message)
			}
		}
	}
}
