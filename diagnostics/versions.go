package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// CodeSchemaVersion is the note on a provider block whose version has no embedded schemas: the
// nearest set is used, and the findings that depend on it are warnings.
const CodeSchemaVersion Code = "schema-version"

// versionDependent are the findings whose truth depends on the schemas' version.
var versionDependent = []Code{CodeUnknownType, CodeTypeCase, CodeUnknownAttribute, CodeMissingRequired, CodeInvalidEnum}

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
		if !slices.Contains(versionDependent, d.Code) {
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
	c.add(f, at(st, kind.Span), Info, CodeSchemaVersion,
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

// versionSentence names the schemas behind one finding of a resource and, for an unknown
// attribute, type or enum value, the other embedded versions that have it.
func (c *checker) versionSentence(s *resourceSite, d *Diagnostic) {
	written := s.expr.Type.String()
	provider := s.expr.Type.Parts[0].Text
	ch, ok := c.schemas.Choice(provider)
	if !ok {
		return
	}
	if ch.Approx {
		d.Severity = Warning
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
	word := strings.Trim(text(f, d.Span), `'"`)
	var has func(*schema.Resource) bool
	// Only a top-level attribute is compared across versions: a nested one's path is not known
	// here, and a same-named attribute elsewhere in the type says nothing about it.
	attr, isKey := topLevelAttr(s, d.Span)
	switch d.Code {
	case CodeUnknownAttribute:
		if !isKey {
			return
		}
		has = func(r *schema.Resource) bool { return r.Attributes[word] != nil }
	case CodeUnknownType:
		has = func(*schema.Resource) bool { return true }
	case CodeTypeCase:
		head = written
		has = func(r *schema.Resource) bool { return r.Type == written }
	case CodeInvalidEnum:
		if attr == "" || isKey {
			return
		}
		head = written // an enum path in the old spelling names the old type
		has = func(r *schema.Resource) bool {
			m := r.Attributes[attr]
			if m == nil {
				return false
			}
			_, ok := r.EnumOf(m).Resolve(word)
			return ok
		}
	default:
		return
	}
	others := c.schemas.Elsewhere(kind, head, string(d.Code)+"\x00"+word+"\x00"+attr, has)
	if len(others) == 0 {
		return
	}
	in := " in " + ch.Set() + " (" + shortWhy(ch) + ")"
	switch i := strings.Index(d.Message, head); {
	case d.Code == CodeTypeCase:
	case d.Code == CodeUnknownAttribute && i >= 0:
		i += len(head)
		d.Message = d.Message[:i] + in + d.Message[i:]
	case d.Code == CodeInvalidEnum && strings.Contains(d.Message, `"`+word+`"`):
		q := `"` + word + `"`
		d.Message = strings.Replace(d.Message, q, q+in, 1)
	default:
		d.Message += in
	}
	verb := "has it"
	if d.Code == CodeTypeCase {
		verb = "spells it so"
	}
	if len(others) > 1 || strings.HasPrefix(others[0], "the newest") {
		verb = strings.Replace(verb, "has", "have", 1)
		verb = strings.Replace(verb, "spells", "spell", 1)
	}
	d.Message += fmt.Sprintf("; %s %s: pin the provider's version in its block or in %s", strings.Join(others, ", "), verb, schema.LockFile)
}

// topLevelAttr returns the top-level attribute of a resource's body whose key (isKey) or value
// holds the file span sp; "" when none does.
func topLevelAttr(s *resourceSite, sp grammar.Span) (name string, isKey bool) {
	if s.expr.Body == nil {
		return "", false
	}
	for _, it := range s.expr.Body.Items {
		var key *grammar.Name
		var whole grammar.Span
		switch a := it.(type) {
		case *grammar.Attribute:
			key, whole = a.Key, a.Span
		case *grammar.NestedBlock:
			key, whole = a.Name, a.Span
		}
		if key == nil {
			continue
		}
		k, w := at(s.stmt, key.Span), at(s.stmt, whole)
		switch {
		case k.Start <= sp.Start && sp.End <= k.End:
			return key.Text, true
		case w.Start <= sp.Start && sp.End <= w.End:
			return key.Text, false
		}
	}
	return "", false
}
