package diagnostics

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"

	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// resourceSite is one resource or data source expression with where it stands.
type resourceSite struct {
	file *workspace.File
	stmt *grammar.Stmt
	expr *grammar.ResourceExpr
}

// resources lists every resource expression of the configuration, in file order.
func (c *checker) resources() []resourceSite {
	var out []resourceSite
	for f, st := range c.statements() {
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			if r, ok := n.(*grammar.ResourceExpr); ok {
				out = append(out, resourceSite{f, st, r})
			}
			return true
		})
	}
	return out
}

// schemaOf returns the schema of a resource expression, or nil when there is none. A type
// written in an older spelling of a known one (aws.sts.caller_identity for
// aws.sts.CallerIdentity, see resource-type-spelling) has that type's schema: it is checked
// as what it names, so correcting the spelling brings no new errors.
func (c *checker) schemaOf(r *grammar.ResourceExpr) *schema.Resource {
	head := r.Type.String()
	if folded, ok := c.schemas.FoldHead(head); ok {
		head = folded
	}
	// With a missing or extra read (read-keyword), it is checked as what the type is, for the
	// same reason.
	if r.Read != nil {
		return cmp.Or(c.schemas.DataSource(head), c.schemas.Resource(head))
	}
	return cmp.Or(c.schemas.Resource(head), c.schemas.DataSource(head))
}

// checkResources checks every resource and data source against its schema. A type whose
// provider has no schema loaded gets one information diagnostic per directory.
func (c *checker) checkResources() {
	for _, s := range c.resources() {
		if c.ctx.Err() != nil {
			return
		}
		head := s.expr.Type.String()
		tsp := at(s.stmt, s.expr.Type.Span)
		provider := s.expr.Type.Parts[0].Text
		// Spelled in another case (an older lower-case head): checked as the type it names.
		if folded, ok := c.schemas.FoldHead(head); ok {
			d := c.add(s.file, tsp, finding.Warning, finding.CodeTypeCase, "resource type %s is spelled %s in the current %s provider", head, folded, provider)
			d.Fixes = []finding.Fix{{Title: "Change to " + folded, Edits: []finding.Edit{{Span: tsp, NewText: folded}}, Safe: true}}
			head = folded
		}
		rs := c.schemaOf(s.expr)
		if rs == nil {
			c.unknownType(s, head, provider, tsp)
			continue
		}
		c.checkRead(s, head, tsp)
		c.checkBody(s.file, s.stmt, rs, head, rs.Attributes, s.expr.Body, tsp, "")
	}
}

// unknownType reports a resource type the schemas do not have: an error with a did-you-mean when
// a type of the same service is close; an error too when the provider's type list is complete
// (schema.Index.Complete: the type does not exist), then with a did-you-mean to a close type of
// any service; otherwise the type may exist without a schema here (an information note).
func (c *checker) unknownType(s resourceSite, head, provider string, tsp grammar.Span) {
	read := s.expr.Read != nil
	if !c.schemas.HasProvider(provider) || len(s.expr.Type.Parts) < 3 {
		c.noSchemaAt(s.file, tsp, head)
		return
	}
	types := c.schemas.ResourceTypes(provider)
	if read {
		types = c.schemas.DataSourceTypes(provider)
	}
	complete := c.schemas.Complete(provider)
	sug := suggestType(head, types)
	if sug == "" && complete {
		sug = suggestAnyService(head, types)
	}
	if sug != "" {
		d := c.add(s.file, tsp, finding.Error, finding.CodeUnknownType, "Unknown resource type: %s; did you mean %s?", head, sug)
		d.Fixes = []finding.Fix{{Title: "Change to " + sug, Edits: []finding.Edit{{Span: tsp, NewText: sug}}}}
		return
	}
	if complete {
		kind := "resource type"
		if read {
			kind = "data source"
		}
		c.add(s.file, tsp, finding.Error, finding.CodeUnknownType, "Unknown resource type: %s (the %s provider has no such %s)", head, provider, kind)
		return
	}
	c.noSchemaAt(s.file, tsp, head)
}

// suggestAnyService proposes the type of the provider whose service and name together are within
// two edits of head's (awscc.ec3.Vpc → awscc.ec2.Vpc), for a provider whose every type is known.
func suggestAnyService(head string, types []string) string {
	provider, rest, _ := strings.Cut(head, ".")
	best, bestD := "", 3
	for _, t := range types {
		_, trest, _ := strings.Cut(t, ".")
		if d := spell.Distance(strings.ToLower(rest), strings.ToLower(trest)); d < bestD && t != head {
			best, bestD = provider+"."+trest, d
		}
	}
	return best
}

// checkRead reports a resource type used with the other kind than its schema's: a missing or
// extra `read` (the body is checked against the schema found all the same).
func (c *checker) checkRead(s resourceSite, head string, tsp grammar.Span) {
	read := s.expr.Read != nil
	if read && c.schemas.DataSource(head) == nil {
		d := c.add(s.file, at(s.stmt, *s.expr.Read), finding.Error, finding.CodeReadKeyword,
			"%s is a managed resource, not a data source: remove the read keyword", head)
		d.Fixes = []finding.Fix{{Title: "Remove read", Edits: []finding.Edit{{Span: grammar.Span{Start: d.Span.Start, End: tsp.Start}, NewText: ""}}, Safe: true}}
	}
	if !read && c.schemas.Resource(head) == nil {
		d := c.add(s.file, tsp, finding.Error, finding.CodeReadKeyword,
			"%s is a data source and must be used with the read keyword: let <name> = read %s { }", head, head)
		// read is only the value of a let: elsewhere (a statement of its own) it needs a name too.
		if l, ok := s.stmt.Node.(*grammar.LetStmt); ok && l.Value == grammar.Expr(s.expr) {
			d.Fixes = []finding.Fix{{Title: "Add read", Edits: []finding.Edit{{Span: grammar.Span{Start: tsp.Start, End: tsp.Start}, NewText: "read "}}, Safe: true}}
		}
	}
}

// suggestType proposes a resource type of the same provider and service within two edits of
// the type name (aws.s3.Buckt → aws.s3.Bucket). A type of another service is never proposed:
// fixtures use made-up types (awscc.ec2.Instance) that are no typo of anything.
func suggestType(head string, types []string) string {
	svc, name := head[:strings.LastIndexByte(head, '.')+1], lastSegment(head)
	var same []string
	for _, t := range types {
		if strings.HasPrefix(t, svc) && !strings.Contains(t[len(svc):], ".") {
			same = append(same, lastSegment(t))
		}
	}
	best, bestD := "", 3
	for _, n := range same {
		if d := spell.Distance(strings.ToLower(name), strings.ToLower(n)); d < bestD && n != name {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return svc + best
}

func lastSegment(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// checkBody checks the items of a resource body or of a nested block against the members they
// may set. where names the block in messages ("" for the resource itself).
func (c *checker) checkBody(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, head string,
	members map[string]*schema.Member, b *grammar.Block, anchor grammar.Span, where string) {
	if b == nil {
		return
	}
	owner := head
	if where != "" {
		owner = head + " " + where
	}
	set := map[string]bool{}
	byBlock := map[string]*schema.Member{}
	for _, m := range members {
		if m.BlockName != "" {
			byBlock[m.BlockName] = m
		}
	}
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			m := members[it.Key.Text]
			if m == nil {
				if base := namePrefixOf(it.Key.Text, members); base != nil {
					// `bucket_name_prefix = 'app-'`: Carina generates the name from the prefix.
					set[base.Name] = true
					if it.Value != nil {
						c.checkValue(f, st, rs, base.Type, it.Value, attrLabel(where, it.Key.Text))
					}
					continue
				}
				// A suggestion must take the value: `actionaction = 'sts:AssumeRole'` is no typo of
				// the map `condition`.
				fit := func(cand string) bool {
					m := members[cand]
					return m != nil && !m.ReadOnly && (it.Value == nil || c.clean(func() { c.checkValue(f, st, rs, m.Type, it.Value, cand) }))
				}
				if sug := c.unknownMember(f, st, at(st, it.Key.Span), it.Key.Text, owner, members, fit); sug != "" {
					set[sug] = true // the typo is the missing attribute: one diagnostic, not two
				}
				continue
			}
			set[m.Name] = true
			if m.ReadOnly {
				c.add(f, at(st, it.Key.Span), finding.Error, finding.CodeReadOnly,
					"attribute %q of %s is set by the provider and cannot be assigned; read it as <binding>.%s instead", it.Key.Text, owner, it.Key.Text)
				continue
			}
			c.checkListBlock(f, st, rs, m, it)
			if it.Value != nil {
				c.checkValue(f, st, rs, m.Type, it.Value, attrLabel(where, it.Key.Text))
			}
		case *grammar.NestedBlock:
			name := it.Name.Text
			if c := grammar.KeywordConstruct(name); where == "" && c != nil && grammar.ConstructOf(grammar.ResourceConstruct).Takes(c.ID) {
				continue // directives: checked by checkDirectives
			}
			if m := c.checkNestedBlock(f, st, rs, head, members, byBlock, it, name, where); m != nil {
				set[m.Name] = true
				continue
			}
			// A suggestion must take the block: no block syntax error, no error in its body.
			fit := func(cand string) bool {
				return c.clean(func() { c.checkNestedBlock(f, st, rs, head, members, byBlock, it, cand, where) })
			}
			if sug := c.unknownMember(f, st, at(st, it.Name.Span), name, owner, members, fit); sug != "" {
				set[sug] = true
			}
		case *grammar.BadItem:
			// An item that did not parse, being typed (`domain_name 'x'`, its `=` missing): the
			// attribute it names is there for the user, and is not reported missing.
			if m := members[leadingWord(f.Text(), at(st, it.Span))]; m != nil {
				set[m.Name] = true
			}
		}
	}
	c.checkRequired(f, st, rs, owner, members, set, b, anchor)
}

// leadingWord returns the identifier that starts the text of sp, or "".
func leadingWord(text string, sp grammar.Span) string {
	word := text[sp.Start:sp.End]
	end := strings.IndexFunc(word, func(r rune) bool { return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) })
	if end >= 0 {
		word = word[:end]
	}
	return word
}

// checkNestedBlock checks a nested block `name { ... }` (name is the block's own name, or another
// one to try) as the member name or block name it stands for, and returns that member, or nil
// when members has none (nothing is reported then).
func (c *checker) checkNestedBlock(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, head string,
	members, byBlock map[string]*schema.Member, it *grammar.NestedBlock, name, where string) *schema.Member {
	m := members[name]
	if m == nil {
		m = byBlock[name]
	}
	if m == nil {
		return nil
	}
	t := rs.Resolve(m.Type)
	if t != nil && t.Kind == schema.KindMap {
		// `tag { Key = 'v' }` is block syntax for the map `tags` (its block name).
		for _, mi := range it.Body.Items {
			if a, ok := mi.(*grammar.Attribute); ok && a.Value != nil {
				c.checkValue(f, st, rs, t.Value, a.Value, attrLabel(where, m.Name)+"."+a.Key.Text)
			}
		}
		return m
	}
	var elem *schema.Type
	if t != nil && t.Kind == schema.KindList {
		elem = rs.Resolve(t.Element)
	}
	if elem == nil || elem.Kind != schema.KindStruct {
		if t != nil && t.Kind == schema.KindStruct {
			c.add(f, at(st, it.Name.Span), finding.Error, finding.CodeBlockSyntax,
				"%q cannot use block syntax; use map assignment: %s = { ... }", name, m.Name)
			return m
		}
		c.add(f, at(st, it.Name.Span), finding.Error, finding.CodeBlockSyntax,
			"%q is %s, not a list of blocks: write %s = ...", name, display(rs, m), m.Name)
		return m
	}
	c.checkBody(f, st, rs, head, elem.Fields(), it.Body, at(st, it.Name.Span), strings.TrimSpace(where+" "+name))
	return m
}

// checkListBlock reports an attribute whose member is a list of structs with a block name, written
// as a list of map literals: `carina lint` prefers the blocks. The fix is the rewrite `carina fmt`
// does (format.ListBlocksEdits), when no syntax error touches the value.
func (c *checker) checkListBlock(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, m *schema.Member, a *grammar.Attribute) {
	name := rs.ListBlockName(m)
	l, ok := a.Value.(*grammar.ListExpr)
	if name == "" || !ok || a.Quoted || !format.MapsOnly(l) {
		return
	}
	d := c.add(f, at(st, a.Key.Span), finding.Warning, finding.CodeListBlock,
		"Prefer block syntax for '%s'. Use `%s { ... }` instead of `%s = [{ ... }]`.", a.Key.Text, name, a.Key.Text)
	if !fixableValue(f, st, a.Span) {
		return
	}
	edits, ok := format.ListBlocksEdits(f.AST, st, a, name)
	if !ok {
		return
	}
	fix := finding.Fix{Title: "Write as " + name + " blocks", Safe: true} // the same value, in the other syntax
	for _, e := range edits {
		fix.Edits = append(fix.Edits, finding.Edit{Span: grammar.Span{Start: int32(e.Start), End: int32(e.End)}, NewText: e.Text})
	}
	d.Fixes = []finding.Fix{fix}
}

// clean runs checks as a trial and reports whether they found no error; what they report is
// dropped. It tells whether a suggestion would leave the code free of errors.
func (c *checker) clean(checks func()) bool {
	mark, marks := len(c.out), len(c.noSchema)
	checks()
	ok := !slices.ContainsFunc(c.out[mark:], func(d finding.Diagnostic) bool { return d.Severity == finding.Error })
	clear(c.out[mark:])
	c.out, c.noSchema = c.out[:mark], c.noSchema[:marks]
	return ok
}

// namePrefixOf returns the name attribute that key sets a prefix for: `<name>_prefix` where
// <name> is a writable attribute ending in "name" (Carina generates a unique name from it).
func namePrefixOf(key string, members map[string]*schema.Member) *schema.Member {
	base, ok := strings.CutSuffix(key, "_prefix")
	if !ok || !strings.HasSuffix(base, "name") {
		return nil
	}
	if m := members[base]; m != nil && !m.ReadOnly {
		return m
	}
	return nil
}

func attrLabel(where, key string) string {
	if where == "" {
		return key
	}
	return strings.ReplaceAll(where, " ", ".") + "." + key
}

// missingRequiredPrefix starts the message of a missing required attribute, its name quoted next
// (versionSentence reads it).
const missingRequiredPrefix = "missing required attribute "

// checkRequired reports required members that are not set, and exclusive groups.
func (c *checker) checkRequired(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, owner string, members map[string]*schema.Member, set map[string]bool, b *grammar.Block, anchor grammar.Span) {
	var missing []string
	for name, m := range members {
		if m.Required && !set[name] {
			missing = append(missing, name)
		}
	}
	slices.Sort(missing)
	fix, fixable := finding.Fix{}, false
	if len(missing) > 0 {
		fix, fixable = c.requiredFix(f, st, rs, members, b, missing)
	}
	for _, name := range missing {
		d := c.add(f, anchor, finding.Error, finding.CodeMissingRequired, missingRequiredPrefix+"%q for %s", name, owner)
		if fixable {
			d.Fixes = []finding.Fix{fix} // one fix adds them all: each diagnostic offers it
		}
	}
	if owner != rs.Type {
		return
	}
	for _, group := range rs.ExclusiveRequired {
		var have []string
		for _, n := range group {
			if set[n] {
				have = append(have, n)
			}
		}
		switch {
		case len(have) == 0:
			c.add(f, anchor, finding.Error, finding.CodeExclusiveRequired, "%s needs exactly one of %s", owner, strings.Join(group, ", "))
		case len(have) > 1:
			c.add(f, anchor, finding.Error, finding.CodeExclusiveRequired, "%s takes only one of %s (set: %s)", owner, strings.Join(group, ", "), strings.Join(have, ", "))
		}
	}
}

// unknownMember reports an attribute or block name the schema does not have, with the closest
// settable name that fit accepts (returned, "" when none is close) or else the list of them.
func (c *checker) unknownMember(f *workspace.File, st *grammar.Stmt, sp grammar.Span, name, owner string, members map[string]*schema.Member, fit func(string) bool) string {
	var names []string
	for n, m := range members {
		if !m.ReadOnly {
			names = append(names, n)
		}
		if m.BlockName != "" {
			names = append(names, m.BlockName)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	sug := suggestMember(name, names, fit) // before adding: the trials add and drop diagnostics
	d := c.add(f, sp, finding.Error, finding.CodeUnknownAttribute, "unknown attribute %q for %s%s", name, owner, meaning(sug))
	renameTo(d, sug)
	if sug == "" {
		d.Message += "; its attributes: " + shortList(names, 12)
		return ""
	}
	if m := members[sug]; m != nil {
		return m.Name
	}
	for _, m := range members {
		if m.BlockName == sug {
			return m.Name
		}
	}
	return ""
}

// shortList joins at most n names, saying how many more there are.
func shortList(names []string, n int) string {
	if len(names) == 0 {
		return "none"
	}
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, … (%d more)", strings.Join(names[:n], ", "), len(names)-n)
}

// display writes a member's type of resource rs in this tool's own messages as the editor prints
// every type (types.FromSchemaIn: `list(String)`); messages quoting Carina's keep its spelling.
func display(rs *schema.Resource, m *schema.Member) string {
	return types.FromSchemaIn(rs, m.Type).String()
}
