package navigate

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Edit replaces a span of a file with new text.
type Edit struct {
	Span    grammar.Span
	NewText string
}

// PrepareRename says whether the name at offset of f can be renamed: it returns the span of the
// name under the cursor and its text, or an error with a message for the user that says what the
// cursor is on and why it cannot be renamed (a keyword, an enum value, a resource type, an
// attribute of a schema, a built-in function, ...).
func PrepareRename(cfg *workspace.Config, f *workspace.File, offset int) (grammar.Span, string, error) {
	s := locate(cfg, f, offset)
	d, err := renameDecl(cfg, s)
	if err != nil {
		return grammar.Span{}, "", err
	}
	if isName(s) {
		return s.Ref.Span, s.Ref.Name, nil
	}
	return d.NameSpan, d.Name, nil
}

// renameDecl returns the declaration a rename at the Site s would rename, or why there is none.
func renameDecl(cfg *workspace.Config, s *cursor.Site) (*workspace.Decl, error) {
	switch {
	case isName(s):
		r := s.Ref
		switch {
		case s.Decl == nil && r != nil && r.Kind == workspace.RefCall:
			return nil, fmt.Errorf("%q is a built-in function (or an unknown one) and cannot be renamed", r.Name)
		case s.Decl == nil && r != nil && r.Kind == workspace.RefValue && len(r.Path) > 0:
			return nil, fmt.Errorf("%s is an enum value (it names no binding) and cannot be renamed", describeRef(r))
		case s.Decl == nil && r != nil && r.Kind == workspace.RefValue:
			return nil, fmt.Errorf("%q names no binding of this configuration (it is an enum value or an undefined name) and cannot be renamed", r.Name)
		case s.Decl == nil && r != nil:
			return nil, fmt.Errorf("%q names no binding of this configuration and cannot be renamed", r.Name)
		case s.Decl == nil && s.Role == cursor.Function:
			return nil, fmt.Errorf("%q is a built-in function (or an unknown one) and cannot be renamed", s.Text)
		case s.Decl == nil:
			return nil, fmt.Errorf("%q names no binding of this configuration and cannot be renamed", s.Text)
		case s.Role == cursor.Member:
			return nil, segmentError(cfg, s.Decl, s.Text)
		case r == nil:
			return nil, fmt.Errorf("%q is in text that does not parse: correct it to rename %q", s.Text, s.Decl.Name)
		}
		return checkRenamable(s.Decl)
	case s.Role == cursor.Declaration && s.Decl != nil:
		return checkRenamable(s.Decl)
	case s.Role == cursor.Declaration && s.Text == "_":
		return nil, errors.New("\"_\" discards a value and cannot be renamed")
	case s.Role == cursor.ArgumentKey:
		where, alias := "the module's directory", "(unknown)"
		if s.Module != nil && s.Module.Source != "" {
			where = s.Module.Source
		}
		if s.Module != nil && s.Module.Decl != nil {
			alias = s.Module.Decl.Name
		}
		return nil, fmt.Errorf("%q is an argument of module %s: rename it where it is declared, in %s", s.Text, alias, where)
	case s.Role == cursor.Output && s.Output != nil:
		kind := "module attribute"
		if s.Output.Exports {
			kind = "export"
		}
		return nil, fmt.Errorf("%q is an %s, read by other configurations: renaming it is not supported", s.Output.Name, kind)
	}
	switch what, why := describe(s); {
	case what != "" && why != "":
		return nil, fmt.Errorf("%s cannot be renamed: %s", what, why)
	case what != "":
		return nil, fmt.Errorf("%s cannot be renamed", what)
	}
	return nil, errors.New("there is no name to rename here")
}

// segmentError explains why attr, an attribute segment of a reference to d, cannot be renamed.
func segmentError(cfg *workspace.Config, d *workspace.Decl, attr string) error {
	switch d.Kind {
	case workspace.Wait:
		target := "its target"
		if w := d.WaitExpr(); w != nil && w.Target != nil {
			target = w.Target.Text
			if td := cfg.Lookup(target); td != nil && td.ResourceType() != "" {
				target += " (" + td.ResourceType() + ")"
			}
		}
		return fmt.Errorf("%q is an attribute of %s, read through the wait %s; attributes are defined by the provider's schema and cannot be renamed", attr, target, d.Name)
	case workspace.Resource, workspace.DataSource:
		return fmt.Errorf("%q is an attribute of %s (%s), defined by the provider's schema; it cannot be renamed", attr, d.Name, d.ResourceType())
	case workspace.Upstream:
		return fmt.Errorf("%q is an export of another configuration (upstream_state %s): renaming it is not supported", attr, d.Name)
	case workspace.ModuleCall:
		return fmt.Errorf("%q is an attribute of the module called by %s: renaming it is not supported", attr, d.Name)
	}
	return fmt.Errorf("%q is a field of %s's value and cannot be renamed", attr, d.Name)
}

func checkRenamable(d *workspace.Decl) (*workspace.Decl, error) {
	if d.Name == "_" {
		return nil, errors.New("\"_\" discards a value and cannot be renamed")
	}
	return d, nil
}

// Rename renames the declaration of the name at offset of f, and every reference to it across
// the files of the directory, to newName. It returns the edits by file path. It refuses a name
// that is no Carina identifier (a letter, then letters, digits and "_"), a keyword or literal,
// and a name that would clash: another binding (or function) of the configuration, a local name
// that would capture or shadow it, an enum value written bare that would start to name the
// binding, a call that would move between a binding and a function. The error says which and
// where.
func Rename(cfg *workspace.Config, f *workspace.File, offset int, newName string) (map[string][]Edit, error) {
	d, err := renameDecl(cfg, locate(cfg, f, offset))
	if err != nil {
		return nil, err
	}
	if err := validName(newName); err != nil {
		return nil, err
	}
	if newName == d.Name {
		return map[string][]Edit{}, nil
	}
	err = clash(cfg, d, newName)
	if err == nil {
		err = callClash(cfg, d, newName)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot rename %q to %q: %w", d.Name, newName, err)
	}
	edits := map[string][]Edit{}
	add := func(path string, s grammar.Span) {
		edits[path] = append(edits[path], Edit{Span: s, NewText: newName})
	}
	add(d.File.Path, d.NameSpan)
	for _, r := range cfg.RefsTo(d) {
		add(r.File.Path, r.Span)
	}
	for p, es := range edits {
		slices.SortFunc(es, func(a, b Edit) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
		edits[p] = slices.Compact(es)
	}
	return edits, nil
}

// validName checks that s is a Carina identifier and no keyword or literal.
func validName(s string) error {
	ok := s != ""
	for i := 0; ok && i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		ok = letter || i > 0 && (c >= '0' && c <= '9' || c == '_')
	}
	switch {
	case !ok:
		return fmt.Errorf("%q is not a valid name: a Carina identifier starts with a letter and continues with letters, digits and \"_\"", s)
	case grammar.IsKeyword(s):
		return fmt.Errorf("%q is a keyword of Carina and cannot name a binding", s)
	case slices.Contains(grammar.Constants(), s):
		return fmt.Errorf("%q is a literal of Carina and cannot name a binding", s)
	}
	return nil
}

// clash reports why d cannot be called newName: the name is taken where d is visible.
func clash(cfg *workspace.Config, d *workspace.Decl, newName string) error {
	if d.Kind == workspace.Function {
		if len(cfg.Functions[newName]) > 0 {
			o := cfg.Functions[newName][0]
			return fmt.Errorf("function %q is already declared at %s", newName, where(o.File, o.NameSpan.Start))
		}
		if grammar.IsBuiltinFunction(newName) {
			return fmt.Errorf("%q is a built-in function, which a user function may not shadow", newName)
		}
		return nil
	}
	if d.TopLevel {
		if others := cfg.Bindings[newName]; len(others) > 0 {
			return fmt.Errorf("%s %q is already declared at %s", others[0].Kind, newName, where(others[0].File, others[0].NameSpan.Start))
		}
		// A bare name that resolves to nothing today (an enum value such as `dns`) would start
		// to name the binding.
		if r := cfg.FreeRef(newName); r != nil {
			return fmt.Errorf("%q is written at %s, where it names no binding (an enum value); it would start to name the renamed binding", newName, where(r.File, r.Span.Start))
		}
		// A local name in a statement using d would shadow it.
		for _, r := range cfg.RefsTo(d) {
			if ls := cfg.LocalsNamed(r.Stmt, newName); len(ls) > 0 {
				o := ls[0]
				return fmt.Errorf("the %s %q at %s would hide the renamed binding from its uses there", o.Kind, newName, where(o.File, o.NameSpan.Start))
			}
		}
		return nil
	}
	// A local name: another local of the statement, or a name its statement uses, would be
	// shadowed or would capture the renamed uses.
	for _, o := range cfg.LocalsNamed(d.Stmt, newName) {
		if o != d {
			return fmt.Errorf("the %s %q is already declared at %s", o.Kind, newName, where(o.File, o.NameSpan.Start))
		}
	}
	if r := cfg.RefNamedIn(d.Stmt, newName); r != nil {
		return fmt.Errorf("%q is used at %s; a local of that name would change what it refers to", newName, where(r.File, r.Span.Start))
	}
	return nil
}
