package completion

import (
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// statement completes at the level of a top-level statement: a new statement, the right-hand
// side of a let, the head of a for, if or require.
func (c *completer) statement() {
	sl := c.sl
	item := sl.Item
	if len(item) == 0 {
		c.topLevel()
		return
	}
	last := item[len(item)-1]
	switch {
	case item[0].IsKeyword(grammar.LetConstruct):
		if len(item) >= 3 && item[2].Tok.Kind == grammar.Assign {
			c.letValue(item[3:])
		}
	case construct(item[0]) == grammar.ProviderConstruct && len(item) == 1:
		c.provide("provider kinds", c.providerKinds)
	case construct(item[0]) == grammar.ForConstruct:
		c.forHead(item[1:])
	case construct(item[0]) == grammar.IfConstruct || construct(item[0]) == grammar.RequireConstruct:
		if len(item) == 1 || last.ExpectsMore() {
			c.value(want{}, nil)
		}
	case sl.Pos == cursor.PosType:
		c.provide("types", c.types)
	case last.ExpectsMore():
		if !item[0].ExpectsMore() {
			c.value(want{}, item)
		}
	default:
		if sl.Newline || sl.Text != "" {
			c.topLevel()
		}
	}
}

// construct returns the construct an entry is the keyword of (NoConstruct for others).
func construct(e cursor.Entry) grammar.ConstructID {
	if e.Tok.Kind != grammar.Ident {
		return grammar.NoConstruct
	}
	if k := grammar.KeywordConstruct(e.Text); k != nil {
		return k.ID
	}
	return grammar.NoConstruct
}

// letValue completes the right-hand side of a top-level let.
func (c *completer) letValue(rhs []cursor.Entry) {
	sl := c.sl
	if len(rhs) == 0 {
		c.rhsStart()
		return
	}
	last := rhs[len(rhs)-1]
	switch construct(rhs[0]) {
	case grammar.WaitConstruct:
		if len(rhs) == 1 {
			c.provide("wait targets", func() { c.waitTargets(sl.Owner) })
		}
	case grammar.ReadConstruct:
		if len(rhs) == 1 {
			c.provide("data sources", func() { c.resourceTypes(true, "") })
		}
	case grammar.ProviderConstruct:
		if len(rhs) == 1 {
			c.provide("provider kinds", c.providerKinds)
		}
	case grammar.ForConstruct:
		c.forHead(rhs[1:])
	case grammar.IfConstruct:
		if len(rhs) == 1 || last.ExpectsMore() {
			c.value(want{}, nil)
		}
	default:
		switch {
		case last.ExpectsMore():
			c.value(want{}, rhs)
		case sl.Newline || sl.Text != "":
			c.topLevel()
		}
	}
}

// forHead completes in `for x in <|>`: the iterable.
func (c *completer) forHead(rest []cursor.Entry) {
	in := slices.IndexFunc(rest, func(e cursor.Entry) bool {
		return e.Tok.Kind == grammar.Ident && grammar.ExpectsMore(e.Text) && grammar.KeywordConstruct(e.Text) == nil
	})
	if in >= 0 && (in == len(rest)-1 || rest[len(rest)-1].ExpectsMore()) {
		c.value(want{}, rest[in+1:])
	}
}

// topLevel offers what can start a statement: the constructs that stand as statements or as
// the value of a let (those as `let name = ...` skeletons), module calls and resource types.
func (c *completer) topLevel() {
	if qual, _, ok := c.sl.Qualified(); ok {
		c.provide("resource types", func() { c.typesUnder(qual, false) })
		return
	}
	c.provide("keywords", func() {
		for _, k := range grammar.Constructs() {
			if k.Keyword != "" && k.Snippet != "" && k.Place&(grammar.AtTop|grammar.InLet) != 0 {
				c.add(k.Keyword, Keyword, k.Snippet, k.Detail, "")
			}
		}
	})
	c.provide("module calls", c.moduleAliases)
	c.provide("resource types", func() { c.resourceTypes(false, "") })
}

// rhsStart offers what can follow `let name =`.
func (c *completer) rhsStart() {
	if qual, _, ok := c.sl.Qualified(); ok {
		if c.member(qual) {
			return
		}
		c.provide("resource types", func() { c.typesUnder(qual, false) })
		c.provide("regions", func() { c.regionsUnder(qual) })
		return
	}
	c.provide("keywords", func() {
		for _, k := range grammar.Constructs() {
			if k.LetSnippet != "" {
				c.add(k.Keyword, Keyword, k.LetSnippet, k.Detail, "")
			}
		}
	})
	c.provide("module calls", c.moduleAliases)
	c.provide("resource types", func() { c.resourceTypes(false, "") })
	c.provide("names in scope", c.scope)
	if c.sl.Text != "" {
		c.provide("functions", c.functions) // a call being typed: `let z = jo`
	}
}

// typesUnder offers the resource (or data-source) types below a typed qualifier: `aws.s3.`.
func (c *completer) typesUnder(qual string, read bool) {
	c.resourceTypes(read, qual+".")
}

// resourceTypes offers resource types (data-source types with read), those of the providers the
// configuration configures first, each with its required attributes as tab stops. prefix limits
// them to heads starting with it (case-insensitively).
func (c *completer) resourceTypes(read bool, prefix string) {
	heads := c.x.ResourceTypes("")
	if read {
		heads = c.x.DataSourceTypes("")
	}
	used := c.configuredProviders()
	first := func(h string) bool { p, _, _ := strings.Cut(h, "."); return slices.Contains(used, p) }
	for _, pass := range [2]bool{true, false} {
		for _, h := range heads {
			if first(h) != pass || prefix != "" && !hasPrefixFold(h, prefix) {
				continue
			}
			rs := c.x.Resource(h)
			if read {
				rs = c.x.DataSource(h)
			}
			c.resourceType(rs)
		}
		if c.done() {
			return
		}
	}
}

// resourceType adds one resource type, inserted as a block with its required attributes.
func (c *completer) resourceType(rs *schema.Resource) {
	c.add(rs.Type, Class, blockSnippet(rs.Type, requiredAttrs(rs)), resourceDetail(rs), resourceDoc(rs))
}

// resourceAddress adds one resource type as the start of an address: followed by the name in
// quotes (a placeholder), or alone when the name is written already.
func (c *completer) resourceAddress(rs *schema.Resource, named bool) {
	snip := escape(rs.Type)
	if !named {
		snip += " '${1:name}'"
	}
	c.add(rs.Type, Class, snip, resourceDetail(rs), resourceDoc(rs))
}

// resourceDetail describes a resource type in one line: resource or data source, its cloud type.
func resourceDetail(rs *schema.Resource) string {
	detail := "resource"
	if rs.Kind == schema.KindDataSource {
		detail = "data source"
	}
	if rs.CloudType != "" {
		detail += " (" + rs.CloudType + ")"
	}
	return detail
}

// requiredAttrs returns the names of a resource's required attributes, sorted.
func requiredAttrs(rs *schema.Resource) []string {
	var out []string
	for name, m := range rs.Attributes {
		if m.Required && !m.ReadOnly {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func resourceDoc(rs *schema.Resource) string {
	var b strings.Builder
	b.WriteString(rs.Description)
	if req := requiredAttrs(rs); len(req) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString("Required: `" + strings.Join(req, "`, `") + "`")
	}
	return b.String()
}

// configuredProviders returns the providers the configuration has provider blocks for.
func (c *completer) configuredProviders() []string {
	var out []string
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			if p, ok := st.Node.(*grammar.ProviderStmt); ok && p.Kind != nil && !slices.Contains(out, p.Kind.Text) {
				out = append(out, p.Kind.Text)
			}
		}
	}
	return out
}

// moduleAliases offers a module call for every `use` alias, its required arguments as tab stops.
func (c *completer) moduleAliases() {
	for _, name := range slices.Sorted(maps.Keys(c.cfg.Modules)) {
		imp := c.cfg.Modules[name]
		var req []string
		for _, p := range moduleParams(imp) {
			if p.param.Default == nil {
				req = append(req, p.param.Name.Text)
			}
		}
		c.add(name, Module, blockSnippet(name, req), "module "+imp.Source, "")
	}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
