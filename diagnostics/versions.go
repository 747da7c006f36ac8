package diagnostics

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// versionDependent are the findings whose truth depends on the schemas' version.
var versionDependent = []finding.Code{finding.CodeUnknownType, finding.CodeTypeCase, finding.CodeUnknownAttribute, finding.CodeMissingRequired, finding.CodeInvalidEnum}

// checkVersions runs after a statement's other checks: a provider block whose version has no
// schemas of its own gets a note, and the statement's schema findings (out[mark:]) name the
// schemas they were read against and the other embedded versions that say otherwise, or become
// warnings when the schemas are only the nearest to what was asked.
func (c *checker) checkVersions(mark int) {
	for f, st := range c.statements() {
		c.noteApprox(f, st)
	}
	var sites []resourceSite
	for i := mark; i < len(c.out); i++ {
		d := &c.out[i]
		// Only errors (and the spelling warning) name other versions: a finding's path is walked
		// and other versions decoded for what is already reported, never for a clean statement.
		if !slices.Contains(versionDependent, d.Code) || d.Severity != finding.Error && d.Code != finding.CodeTypeCase {
			continue
		}
		if sites == nil {
			sites = c.resources()
		}
		var site *resourceSite
		for j := range sites {
			s := &sites[j]
			sp := at(s.stmt, s.expr.Pos())
			if s.file.Path == d.Path && sp.Start <= d.Span.Start && d.Span.End <= sp.End {
				site = s
			}
		}
		if site != nil {
			c.versionSentence(site, d)
		}
	}
}

// noteApprox adds the note of a provider block whose schemas are only the nearest.
func (c *checker) noteApprox(f *workspace.File, st *grammar.Stmt) {
	var kind *grammar.Name
	switch n := st.Node.(type) {
	case *grammar.ProviderStmt:
		kind = n.Kind
	case *grammar.LetStmt:
		if e, ok := n.Value.(*grammar.ProviderExpr); ok {
			kind = e.Kind
		}
	}
	if kind == nil {
		return
	}
	ch, ok := c.schemas.Choice(kind.Text)
	if !ok || !ch.Approx {
		return
	}
	c.add(f, at(st, kind.Span), finding.Info, finding.CodeSchemaVersion,
		"no embedded schemas of %s %s (%s): %s are used instead, and the findings that depend on them are warnings",
		ch.Provider, ch.Asked, shortWhy(ch), ch.Set())
}

// shortWhy is the reason of a choice in a few words.
func shortWhy(ch schema.Choice) string {
	switch ch.Reason {
	case schema.ReasonLock:
		if ch.Mode != "" && ch.Mode != "version" {
			return schema.LockFile + ", " + ch.Mode
		}
		return schema.LockFile
	case schema.ReasonConstraint:
		return "version '" + ch.Asked + "'"
	}
	return "no version pinned"
}

// versionSentence names the schemas behind one finding of a resource and, for an unknown type,
// attribute or enum value and a missing required attribute, the other embedded versions where
// it is not one: whose type has that attribute or value at the same path, or does not require
// that attribute there.
func (c *checker) versionSentence(s *resourceSite, d *finding.Diagnostic) {
	written := s.expr.Type.String()
	provider := s.expr.Type.Parts[0].Text
	ch, ok := c.schemas.Choice(provider)
	if !ok {
		return
	}
	if ch.Approx {
		d.Severity = finding.Warning
		d.Message += fmt.Sprintf(" (read with %s, the nearest to %s %s)", ch.Set(), provider, ch.Asked)
		return
	}
	head := written
	if folded, ok := c.schemas.FoldHead(written); ok {
		head = folded
	}
	kind := schema.KindResource
	if s.expr.Read != nil {
		kind = schema.KindDataSource
	}
	f := c.cfg.File(d.Path)
	raw := text(f, d.Span)
	word := strings.Trim(raw, `'"`)
	var has func(*schema.Resource) bool
	var path []string
	key := word // with the code and path, what has tests (Elsewhere remembers the answer by it)
	verb := "has it"
	switch d.Code {
	case finding.CodeUnknownAttribute:
		// The key of an item: the path ends with it. Another version has it when the same path
		// leads to a member there.
		var isKey bool
		if path, isKey = schemaPath(s, d.Span); !isKey {
			return
		}
		has = func(r *schema.Resource) bool {
			_, ok := r.Lookup(path)
			return ok
		}
	case finding.CodeMissingRequired:
		name, ok := missingName(d.Message)
		if !ok {
			return
		}
		// Anchored on the type (the resource's own attributes), a nested block's name or a
		// struct value: the path leads to what lacks the attribute.
		path, _ = schemaPath(s, d.Span)
		path = append(path, name)
		word, key = name, name
		verb = "does not require it"
		has = func(r *schema.Resource) bool {
			if len(path) > 1 {
				m, ok := r.Lookup(path[:len(path)-1])
				if !ok || r.Fields(m.Type) == nil {
					return false // no such struct there: that version says nothing about it
				}
			}
			m, ok := r.Lookup(path)
			return !ok || !m.Required
		}
	case finding.CodeUnknownType:
		has = func(*schema.Resource) bool { return true }
	case finding.CodeTypeCase:
		head = written
		verb = "spells it so"
		has = func(r *schema.Resource) bool { return r.Type == written }
	case finding.CodeInvalidEnum:
		var isKey bool
		if path, isKey = schemaPath(s, d.Span); len(path) == 0 || isKey {
			return
		}
		head = written // an enum path in the old spelling names the old type
		quoted := raw != word
		key = raw // a string literal and a name are matched differently
		has = func(r *schema.Resource) bool {
			m, ok := r.Lookup(path)
			return ok && types.EnumAccepts(r, m.Type, word, quoted)
		}
	default:
		return
	}
	others := c.schemas.Elsewhere(kind, head, string(d.Code)+"\x00"+key+"\x00"+strings.Join(path, "\x00"), has)
	if len(others) == 0 {
		return
	}
	in := " in " + ch.Set() + " (" + shortWhy(ch) + ")"
	switch i := strings.Index(d.Message, head); {
	case d.Code == finding.CodeTypeCase:
	case (d.Code == finding.CodeUnknownAttribute || d.Code == finding.CodeMissingRequired) && i >= 0:
		// After the owner: the type and, for a nested attribute, the path below it.
		if j := strings.IndexByte(d.Message[i:], ';'); j >= 0 {
			i += j
		} else {
			i = len(d.Message)
		}
		d.Message = d.Message[:i] + in + d.Message[i:]
	case d.Code == finding.CodeInvalidEnum && strings.Contains(d.Message, `"`+word+`"`):
		q := `"` + word + `"`
		d.Message = strings.Replace(d.Message, q, q+in, 1)
	default:
		d.Message += in
	}
	if len(others) > 1 || strings.HasPrefix(others[0], "the newest") {
		verb = plural(verb)
	}
	d.Message += fmt.Sprintf("; %s %s: pin the provider's version in its block or in %s", strings.Join(others, ", "), verb, schema.LockFile)
}

// plural turns a verb phrase of versionSentence to agree with several versions.
func plural(verb string) string {
	for _, r := range [][2]string{{"has ", "have "}, {"does ", "do "}, {"spells ", "spell "}} {
		if v, ok := strings.CutPrefix(verb, r[0]); ok {
			return r[1] + v
		}
	}
	return verb
}

// missingName returns the attribute a missing-required-attribute message names.
func missingName(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, missingRequiredPrefix)
	if !ok {
		return "", false
	}
	q, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return "", false
	}
	name, err := strconv.Unquote(q)
	return name, err == nil
}

// schemaPath returns the path from a resource's body to the innermost item of it that holds the
// file span sp, in the segments schema.Resource.Lookup takes: attribute and nested block names,
// map keys, and a list element's index. isKey says sp is within that item's key; nil when no
// item of the body holds sp (the type, for one).
func schemaPath(s *resourceSite, sp grammar.Span) (path []string, isKey bool) {
	within := func(n grammar.Span) bool {
		n = at(s.stmt, n)
		return n.Start <= sp.Start && sp.End <= n.End
	}
	var inBlock func(b *grammar.Block)
	inValue := func(e grammar.Expr) {
		for e != nil {
			switch v := e.(type) {
			case *grammar.MapExpr:
				inBlock(v.Body)
				return
			case *grammar.ListExpr:
				e = nil
				for i, el := range v.Elems {
					if within(el.Pos()) {
						path = append(path, strconv.Itoa(i))
						e = el
						break
					}
				}
			default:
				return
			}
		}
	}
	inBlock = func(b *grammar.Block) {
		if b == nil {
			return
		}
		for _, it := range b.Items {
			switch a := it.(type) {
			case *grammar.Attribute:
				if a.Key == nil || !within(a.Span) {
					continue
				}
				path = append(path, a.Key.Text)
				if isKey = within(a.Key.Span); !isKey {
					inValue(a.Value)
				}
				return
			case *grammar.NestedBlock:
				if a.Name == nil || !within(a.Span) {
					continue
				}
				path = append(path, a.Name.Text)
				if isKey = within(a.Name.Span); !isKey {
					inBlock(a.Body)
				}
				return
			}
		}
	}
	inBlock(s.expr.Body)
	return path, isKey
}
