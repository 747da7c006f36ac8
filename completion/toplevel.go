package completion

import (
	"maps"
	"slices"
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// keywordSnippet is a keyword item: its label, snippet and what it does.
type keywordSnippet struct {
	label, snippet, detail string
}

// waitSnippet is the top-level wait skeleton: the target placeholder is mirrored into until.
const waitSnippet = "let ${1:name} = wait ${2:target} {\n  until = ${2:target}.${3:attr} == ${4:value}\n}"

// topKeywords returns the statements a file can hold, as skeletons.
func topKeywords() []keywordSnippet {
	return []keywordSnippet{
		{"let", "let ${1:name} = $0", "Bind a name to a value"},
		{"provider", "provider ${1:aws} {\n  region = $0\n}", "Configure a provider"},
		{"read", "let ${1:name} = read ${2:type} {\n  $0\n}", "Read a data source"},
		{"wait", waitSnippet, "Block downstream resources until target reaches a condition"},
		{"use", "let ${1:name} = use {\n  source = '$2'\n}", "Import a module"},
		{"upstream_state", "let ${1:name} = upstream_state {\n  source = '$2'\n}", "Read another configuration's exports"},
		{"arguments", "arguments {\n  ${1:name}: ${2:String}\n}", "Module inputs"},
		{"attributes", "attributes {\n  ${1:name} = $0\n}", "Module outputs"},
		{"exports", "exports {\n  ${1:name} = $0\n}", "Values published to upstream_state readers"},
		{"fn", "fn ${1:name}(${2:x}) {\n  $0\n}", "Define a function"},
		{"for", "for ${1:x} in ${2:items} {\n  $0\n}", "One resource per element"},
		{"if", "if ${1:condition} {\n  $0\n}", "A conditional resource"},
		{"import", "import {\n  to = ${1:type} '${2:name}'\n  id = '$3'\n}", "Import an existing resource into state"},
		{"removed", "removed {\n  from = ${1:type} '${2:name}'\n}", "Forget a resource without destroying it"},
		{"moved", "moved {\n  from = ${1:type} '${2:old}'\n  to   = ${1:type} '${3:new}'\n}", "Rename a resource in state"},
		{"backend", "backend ${1:s3} {\n  $0\n}", "Where state is stored"},
		{"require", "require ${1:condition}, '${2:message}'", "A constraint checked when the module is called"},
	}
}

// rhsKeywords returns the constructs that stand only on the right of `let name =`.
func rhsKeywords() []keywordSnippet {
	return []keywordSnippet{
		{"wait", "wait ${1:target} {\n  until = ${1:target}.${2:attr} == ${3:value}\n}", "Block downstream resources until target reaches a condition"},
		{"read", "read ${1:type} {\n  $0\n}", "Read a data source"},
		{"use", "use {\n  source = '$1'\n}", "Import a module"},
		{"upstream_state", "upstream_state {\n  source = '$1'\n}", "Read another configuration's exports"},
		{"provider", "provider ${1:aws} {\n  region = $0\n}", "A named provider instance"},
		{"for", "for ${1:x} in ${2:items} {\n  $0\n}", "One resource per element"},
		{"if", "if ${1:condition} {\n  $0\n}", "A conditional resource or value"},
	}
}

// statement completes at depth 0 of a statement: a new statement, the right-hand side of a let,
// the head of a for, if or require.
func (c *completer) statement(fr *frame) {
	item := fr.item
	if len(item) == 0 {
		c.topLevel()
		return
	}
	last := item[len(item)-1]
	switch {
	case item[0].is("let"):
		if len(item) >= 3 && item[2].kind == g.Assign {
			c.letValue(fr, item[3:])
		}
	case item[0].is("provider") && len(item) == 1:
		c.providerKinds()
	case item[0].is("for"):
		c.forHead(fr, item[1:])
	case item[0].is("if") || item[0].is("require"):
		if len(item) == 1 || last.expectsMore() {
			c.value(fr, want{}, nil)
		}
	case typePos(fr, item):
		c.types()
	case last.expectsMore():
		if !item[0].expectsMore() {
			c.value(fr, want{}, item)
		}
	default:
		if c.cur.newline || c.cur.text != "" {
			c.topLevel()
		}
	}
}

// letValue completes the right-hand side of a top-level let.
func (c *completer) letValue(fr *frame, rhs []entry) {
	if len(rhs) == 0 {
		c.rhsStart(fr)
		return
	}
	last := rhs[len(rhs)-1]
	switch {
	case rhs[0].is("wait"):
		if len(rhs) == 1 {
			c.waitTargets(c.cur.owner)
		}
	case rhs[0].is("read"):
		if len(rhs) == 1 {
			c.resourceTypes(true, "")
		}
	case rhs[0].is("provider"):
		if len(rhs) == 1 {
			c.providerKinds()
		}
	case rhs[0].is("for"):
		c.forHead(fr, rhs[1:])
	case rhs[0].is("if"):
		if len(rhs) == 1 || last.expectsMore() {
			c.value(fr, want{}, nil)
		}
	case last.expectsMore():
		c.value(fr, want{}, rhs)
	case c.cur.newline || c.cur.text != "":
		c.topLevel()
	}
}

// forHead completes in `for x in <|>`: the iterable.
func (c *completer) forHead(fr *frame, rest []entry) {
	in := slices.IndexFunc(rest, func(e entry) bool { return e.is("in") })
	if in >= 0 && (in == len(rest)-1 || rest[len(rest)-1].expectsMore()) {
		c.value(fr, want{}, rest[in+1:])
	}
}

// topLevel offers what can start a statement.
func (c *completer) topLevel() {
	if qual, _, ok := c.cur.qualified(); ok {
		c.typesUnder(qual, false)
		return
	}
	for _, k := range topKeywords() {
		c.add(k.label, Keyword, k.snippet, k.detail, "")
	}
	c.moduleAliases()
	c.resourceTypes(false, "")
}

// rhsStart offers what can follow `let name =`.
func (c *completer) rhsStart(fr *frame) {
	if qual, _, ok := c.cur.qualified(); ok {
		if c.member(qual, nil) {
			return
		}
		c.typesUnder(qual, false)
		c.regionsUnder(qual)
		return
	}
	for _, k := range rhsKeywords() {
		c.add(k.label, Keyword, k.snippet, k.detail, "")
	}
	c.moduleAliases()
	c.resourceTypes(false, "")
	c.scope(fr)
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
			c.resourceType(rs, "")
		}
		if c.done() {
			return
		}
	}
}

// resourceType adds one resource type; suffix follows the head in the insert (an address name).
func (c *completer) resourceType(rs *schema.Resource, suffix string) {
	detail := "resource"
	if rs.Kind == schema.KindDataSource {
		detail = "data source"
	}
	if rs.CloudType != "" {
		detail += " (" + rs.CloudType + ")"
	}
	var snip string
	if suffix != "" {
		snip = escape(rs.Type) + suffix
	} else {
		snip = blockSnippet(rs.Type, requiredAttrs(rs))
	}
	c.add(rs.Type, Class, snip, detail, resourceDoc(rs))
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
			if p, ok := st.Node.(*g.ProviderStmt); ok && p.Kind != nil && !slices.Contains(out, p.Kind.Text) {
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
