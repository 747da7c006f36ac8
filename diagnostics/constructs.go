package diagnostics

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// keyedSite is one keyed construct's block in a statement, with how messages name it.
type keyedSite struct {
	f     *workspace.File
	st    *grammar.Stmt
	node  grammar.Node
	kb    grammar.KeyedBlock
	name  string // the binding the construct is the value of, or the owning resource ("" when none)
	owner string // how the parser's messages name the block: "import", "argument region", "wait cert"
}

// keyCodes are the codes of a construct's key problems.
type keyCodes struct{ missing, unknown, duplicate, value finding.Code }

// codesOf returns the codes of construct c's key problems: a wait's and directives' own codes
// (they predate this check), syntax errors where Carina's grammar fixes the keys (an unknown key,
// a string written as something else), and the generic codes elsewhere.
func codesOf(c *grammar.Construct) keyCodes {
	switch c.ID {
	case grammar.WaitConstruct:
		return keyCodes{finding.CodeWaitMissingUntil, finding.CodeWaitUnknownKey, finding.CodeWaitDuplicateKey, finding.CodeWaitTimeoutType}
	case grammar.DirectivesConstruct:
		return keyCodes{finding.CodeMissingKey, finding.CodeDirectivesUnknownKey, finding.CodeDuplicateKey, finding.CodeDirectivesBoolean}
	}
	if c.Closed {
		return keyCodes{finding.CodeMissingKey, finding.CodeSyntax, finding.CodeDuplicateKey, finding.CodeSyntax}
	}
	return keyCodes{finding.CodeMissingKey, finding.CodeUnknownKey, finding.CodeDuplicateKey, finding.CodeKeyValue}
}

// keyTexts are a construct's message templates for its key problems, where they differ from the
// generic ones: Carina's own texts (use, upstream_state, provider instances, and the state blocks'
// "requires" form, which is the default), and those this project's wait and directives checks
// had before the table drove them. Placeholders: {key}, {name}, {owner}, {keyword}, {keys},
// {value}, {line}, {kind} (what the key's value is), {provider} (a provider's kind). A duplicate key is an error with its own text only where the construct has
// one; elsewhere it is the generic duplicate-attribute warning of every block.
type keyTexts struct{ missing, unknown, misplaced, duplicate, value string }

func textsOf(c *grammar.Construct) keyTexts {
	t := keyTexts{
		missing:   "{keyword} block requires '{key}' attribute",
		unknown:   "unknown key \"{key}\" in {owner}; it takes {keys}",
		misplaced: "{key} is not allowed in {owner} here; it takes {keys}",
		value:     "{key} in {owner} must be {kind}",
	}
	switch c.ID {
	case grammar.WaitConstruct:
		t.unknown = "{prefix}unknown key \"{key}\"; a wait takes {keys}"
		t.duplicate = "{prefix}duplicate {key} (first set on line {line}); a wait takes each key once"
	case grammar.DirectivesConstruct:
		t.unknown = "{prefix}: unknown key \"{key}\"; directives take {keys}"
		t.value = "{prefix}: {key} must be true or false"
	case grammar.UseConstruct:
		t.missing = "`use` block must have a `source` attribute"
		t.unknown = "`use` block only accepts a `source` attribute, got `{key}`"
		t.duplicate = "`use` block has more than one `source` attribute"
		t.value = "`use` block `source` must be a string literal"
	case grammar.UpstreamConstruct:
		t.missing = "upstream_state '{name}' requires a 'source' attribute"
		t.unknown = "unknown attribute '{key}' in upstream_state '{name}' expression"
		t.value = "upstream_state '{name}': 'source' must be a string literal, got: {value}"
	case grammar.ProviderConstruct:
		t.misplaced = "'{key}' is a kind-level attribute and cannot be set on a named provider instance '{name}'. Move it to the top-level `provider {provider}` block."
	}
	return t
}

// kindText says what a value of kind v is, for messages.
func kindText(v grammar.ValueKind) string {
	switch v {
	case grammar.DurationValue:
		return "a duration literal such as 30s, 75min or 2h"
	case grammar.BindingsValue:
		return "a list of binding names, e.g. [a, b]"
	case grammar.BindingValue:
		return "a binding name"
	case grammar.AddressValue:
		return "a resource address: type 'name'"
	case grammar.BoolValue:
		return "true or false"
	case grammar.StringValue, grammar.PathValue:
		return "a string"
	case grammar.MapValue:
		return "a map"
	}
	return "a value"
}

// checkConstructs checks every keyed construct's block in the statements in scope against its
// entry in the construct table (grammar.KeyedBlock.Validate), then runs what is the construct's
// own (a wait's predicate and target are checked by checkWaits, directives' entries by
// checkDirectives, a provider's region by checkProviderRegion).
func (c *checker) checkConstructs() {
	for f, st := range c.statements() {
		if c.ctx.Err() != nil {
			return
		}
		name := ownerName(st.Node)
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			if w, ok := n.(*grammar.WaitExpr); ok && !boundWait(st, w) {
				return true // a bare wait: the parser says to bind it, and its keys wait till then
			}
			if kb, ok := grammar.KeyedBlockOf(n); ok {
				c.checkKeyed(keyedSite{f: f, st: st, node: n, kb: kb, name: name, owner: ownerOf(f, st, n, kb)})
			}
			return true
		})
	}
}

// boundWait reports whether wait w is the value of the top-level let st.
func boundWait(st *grammar.Stmt, w *grammar.WaitExpr) bool {
	l, ok := st.Node.(*grammar.LetStmt)
	return ok && l.Value == w
}

// ownerOf names a keyed block as the parser's messages do: its keyword, with the provider's kind,
// the wait's target or the argument's name.
func ownerOf(f *workspace.File, st *grammar.Stmt, n grammar.Node, kb grammar.KeyedBlock) string {
	switch n := n.(type) {
	case *grammar.ParamDecl:
		return kb.Construct.Name + " " + n.Name.Text
	case *grammar.NestedBlock:
		return n.Name.Text
	case *grammar.WaitExpr:
		if n.Target != nil {
			return kb.Construct.Keyword + " " + n.Target.Text
		}
	case *grammar.ProviderStmt:
		return kb.Construct.Keyword + " " + n.Kind.Text
	case *grammar.ProviderExpr:
		return kb.Construct.Keyword + " " + n.Kind.Text
	}
	return kb.Construct.Keyword
}

// prefix is how a wait's and directives' messages begin: `wait "w": `, `directives on "x"`.
func (s keyedSite) prefix() string {
	switch s.kb.Construct.ID {
	case grammar.WaitConstruct:
		if s.name != "" {
			return fmt.Sprintf("wait %q: ", s.name)
		}
		return "wait: "
	case grammar.DirectivesConstruct:
		if s.name != "" {
			return fmt.Sprintf("%s on %q", s.kb.Construct.Keyword, s.name)
		}
		return s.kb.Construct.Keyword
	}
	return ""
}

// message fills a template of keyTexts.
func (s keyedSite) message(tmpl string, k *grammar.Key, key string, extra ...string) string {
	provider, kind := "", ""
	switch n := s.node.(type) {
	case *grammar.ProviderExpr:
		provider = n.Kind.Text
	case *grammar.ProviderStmt:
		provider = n.Kind.Text
	}
	if k != nil {
		key, kind = k.Name, kindText(k.Value)
	}
	pairs := []string{"{key}", key, "{name}", s.name, "{owner}", s.owner, "{keyword}", s.kb.Construct.Keyword,
		"{keys}", grammar.KeysHelp(s.kb.Construct), "{prefix}", s.prefix(), "{kind}", kind, "{provider}", provider}
	return strings.NewReplacer(append(pairs, extra...)...).Replace(tmpl)
}

func (c *checker) checkKeyed(s keyedSite) {
	con := s.kb.Construct
	codes, texts := codesOf(con), textsOf(con)
	f, st := s.f, s.st
	for _, p := range s.kb.Validate() {
		switch p.Kind {
		case grammar.UnknownKey:
			k := p.Attr.Key.Text
			if con.ID == grammar.WaitConstruct && notYetWaitKey(k) {
				c.add(f, at(st, p.Attr.Key.Span), finding.Error, codes.unknown,
					"%s%q is not part of the wait construct yet; a wait takes %s", s.prefix(), k, con.KeyList())
				continue
			}
			msg := s.message(texts.unknown, nil, k)
			keys := con.KeyNames()
			if codes.unknown != finding.CodeSyntax {
				msg += didYouMean(k, keys)
			}
			d := c.add(f, at(st, p.Attr.Key.Span), finding.Error, codes.unknown, "%s", msg)
			if codes.unknown != finding.CodeSyntax {
				c.renameFix(d, k, keys)
			}
		case grammar.MisplacedKey:
			c.add(f, at(st, p.Attr.Key.Span), finding.Error, codes.unknown, "%s", s.message(texts.misplaced, p.Key, ""))
		case grammar.DuplicateKey:
			first := at(st, p.First.Key.Span)
			if texts.duplicate == "" {
				c.duplicateAttr(f, st, p.Attr, p.First)
				continue
			}
			d := c.add(f, at(st, p.Attr.Key.Span), finding.Error, codes.duplicate, "%s",
				s.message(texts.duplicate, p.Key, "", "{line}", fmt.Sprint(c.line(f, first.Start))))
			d.Related = []finding.Related{{Path: f.Path, Span: first, Message: "first " + p.Key.Name + " here"}}
		case grammar.MissingKey:
			if len(st.Errors) > 0 {
				continue // the key may stand in the text that did not parse
			}
			if w, ok := s.node.(*grammar.WaitExpr); ok {
				c.waitMissingUntil(s, w)
				continue
			}
			c.add(f, at(st, s.kb.Kw), finding.Error, codes.missing, "%s", s.message(texts.missing, p.Key, ""))
		case grammar.UnknownBlock:
			if hasSyntaxErrorAt(st, p.Block.Name.Span) {
				continue // the parser reports a nested block where none may stand
			}
			c.add(f, at(st, p.Block.Name.Span), finding.Error, codes.unknown,
				"%snested block %q is not allowed; %s takes %s", s.prefix(), p.Block.Name.Text, withArticle(con.Name), con.KeyList())
		case grammar.WrongValue:
			c.wrongValue(s, codes, texts, p)
		}
	}
}

// wrongValue reports a value not of its key's kind. A list of bindings and a binding are checked
// entry by entry by their constructs' own checks (a wait's and directives' depends_on, directives'
// provider), which know what a name there may be; a duration is written as Carina's parser reads
// durations, with fixes for a number or a quoted duration.
func (c *checker) wrongValue(s keyedSite, codes keyCodes, texts keyTexts, p grammar.KeyProblem) {
	f, st, a := s.f, s.st, p.Attr
	switch {
	case p.Key.Value == grammar.DurationValue:
		c.durationValue(s, codes.value, a)
		return
	case s.kb.Construct.ID == grammar.WaitConstruct || s.kb.Construct.ID == grammar.DirectivesConstruct:
		if p.Key.Value != grammar.BoolValue {
			return // checkWaitDependsOn, checkDirectives
		}
	}
	switch {
	case s.kb.Construct.ID == grammar.UseConstruct && p.Key.Value == grammar.PathValue:
		// Carina evaluates a module's source while parsing: a let holding the path, or an
		// interpolation of lets, is a source too.
		if _, isStr := a.Value.(*grammar.StringLit); !isStr {
			c.volatile = true // reads the lets' values
		}
		if _, ok := c.cfg.StaticString(f, a.Value); ok {
			return
		}
	case s.kb.Construct.ID == grammar.ProviderConstruct && p.Key.Value == grammar.StringValue:
		// Only a string is read as the provider's source, version requirement or revision;
		// another value is an ordinary attribute of the provider's configuration.
		what := map[string]string{"source": "source", "version": "version requirement", "revision": "pinned revision"}[p.Key.Name]
		if what == "" {
			break
		}
		c.volatile = true // reads the lets' values
		if _, ok := c.cfg.StaticString(f, a.Value); ok {
			return // a let holding a string is the string (checkProviderKeys)
		}
		d := c.add(f, at(st, a.Value.Pos()), finding.Warning, finding.CodeKeyValue,
			"%s in %s is not a string, so Carina does not read it as the provider's %s (the provider gets it as an attribute): write it as a string, e.g. %s = '%s'",
			p.Key.Name, s.owner, what, p.Key.Name, text(f, at(st, a.Value.Pos())))
		switch a.Value.(type) {
		case *grammar.IntLit, *grammar.FloatLit:
			d.Fixes = []finding.Fix{{Title: "Quote the " + p.Key.Name, Edits: []finding.Edit{{Span: d.Span, NewText: "'" + text(f, d.Span) + "'"}}}}
		}
		return
	}
	if hasSyntaxErrorAt(st, a.Value.Pos()) {
		return // the parser said what it expected there (removed's from = 'x': an address)
	}
	code := codes.value
	if code == finding.CodeSyntax && p.Key.Value != grammar.StringValue {
		code = finding.CodeKeyValue // Carina's grammar fixes strings only
	}
	c.add(f, at(st, a.Value.Pos()), finding.Error, code, "%s",
		s.message(texts.value, p.Key, "", "{value}", text(f, at(st, a.Value.Pos()))))
}

// durationValue reports a value written where a duration belongs: a number gets the units to
// choose from, a quoted duration the literal.
func (c *checker) durationValue(s keyedSite, code finding.Code, a *grammar.Attribute) {
	f, st, key, prefix := s.f, s.st, a.Key.Text, s.prefix()
	sp := at(st, a.Value.Pos())
	switch x := a.Value.(type) {
	case *grammar.IntLit:
		n := x.Value
		diag := c.add(f, sp, finding.Error, code, "%s%s needs a unit: write %ds, %dmin or %dh", prefix, key, n, n, n)
		diag.Fixes = []finding.Fix{
			{Title: fmt.Sprintf("Change to %dmin", n), Edits: []finding.Edit{{Span: sp, NewText: fmt.Sprintf("%dmin", n)}}},
			{Title: fmt.Sprintf("Change to %ds", n), Edits: []finding.Edit{{Span: sp, NewText: fmt.Sprintf("%ds", n)}}},
		}
	case *grammar.StringLit:
		diag := c.add(f, sp, finding.Error, code,
			"%s%s is a duration, not a string: write a duration literal such as 75min, 30s or 2h", prefix, key)
		if v := strings.TrimSpace(x.Value); !x.Interpolated() && v != "" {
			if secs, ok := grammar.ParseDuration(v); ok && secs > 0 {
				diag.Message = fmt.Sprintf("%s%s is a duration, not a string: write %s", prefix, key, v)
				diag.Fixes = []finding.Fix{{Title: "Change to " + v, Edits: []finding.Edit{{Span: sp, NewText: v}}, Safe: true}}
			}
		}
	default:
		c.add(f, sp, finding.Error, code, "%s%s must be a duration literal such as 75min, 30s or 2h", prefix, key)
	}
}
