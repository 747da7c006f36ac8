package navigate

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// locate returns what lies at offset off of f: cursor.LocateName's Site, the one hover reads.
// Navigation resolves through the model, so it needs no schemas.
func locate(cfg *workspace.Config, f *workspace.File, off int) *cursor.Site {
	return cursor.LocateName(cfg, f, off, nil)
}

// isName reports whether the Site is a name read as a value: a reference, a called function,
// an attribute segment after a reference, an enum value.
func isName(s *cursor.Site) bool {
	switch s.Role {
	case cursor.Reference, cursor.Function, cursor.Member, cursor.EnumValue:
		return true
	}
	return false
}

// describe says what the Site is, for the messages about places without a declaration in the
// configuration, and, when it helps, why it has none.
func describe(s *cursor.Site) (what, why string) {
	switch s.Role {
	case cursor.Keyword:
		return fmt.Sprintf("the keyword %q", s.Text), ""
	case cursor.Literal:
		return "the literal " + s.Text, ""
	case cursor.Key:
		if b := s.Block; b != nil && b.Construct != nil && len(b.Path) == 0 &&
			(b.Construct.ID == grammar.ResourceConstruct || b.Construct.ID == grammar.ReadConstruct) {
			return fmt.Sprintf("the attribute %q of %s", s.Text, b.Head), "attributes are defined by the provider's schema"
		}
		return fmt.Sprintf("the attribute key %q", s.Text), ""
	case cursor.BlockName:
		return fmt.Sprintf("the block %q", s.Text), "blocks are defined by the provider's schema"
	case cursor.ProviderName:
		return fmt.Sprintf("the provider %q", s.Text), ""
	case cursor.BackendType:
		return fmt.Sprintf("the backend type %q", s.Text), ""
	case cursor.Field:
		return fmt.Sprintf("the struct field %q", s.Text), ""
	case cursor.ResourceType:
		return "the resource type " + s.Text, "resource types are defined by the provider"
	case cursor.TypeName:
		return "the type " + s.Text, ""
	case cursor.String:
		return "a string", ""
	case cursor.Number:
		return "a number", ""
	case cursor.Comment:
		return "a comment", ""
	}
	if s.Tok.Kind == grammar.Ident {
		return fmt.Sprintf("%q", s.Text), ""
	}
	return "", ""
}

// describeRef says what a reference's name is, for messages.
func describeRef(r *workspace.Ref) string {
	var b strings.Builder
	b.WriteString(r.Name)
	for _, s := range r.Path {
		b.WriteString(".")
		b.WriteString(s.Text)
	}
	return b.String()
}
