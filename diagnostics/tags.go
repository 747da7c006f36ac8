package diagnostics

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// tagStyle is the casing of a tag key.
type tagStyle uint8

const (
	otherKeys  tagStyle = iota // neither: costCenter, a quoted 'aws:x'
	pascalKeys                 // starts upper-case, letters and digits only: CostCenter, VPC
	snakeKeys                  // lower-case letters, digits and "_", starting with a letter: cost_center, env
)

func (s tagStyle) String() string {
	switch s {
	case pascalKeys:
		return "PascalCase"
	case snakeKeys:
		return "snake_case"
	}
	return "other"
}

// tagKey is one key of a `tags = { ... }` map.
type tagKey struct {
	file  *workspace.File
	span  grammar.Span // of the key, in file
	name  string
	style tagStyle
}

// checkTagKeys reports tag keys whose casing is not the dominant one, as `carina lint` does: the
// unquoted keys of every `tags = { ... }` map of the configuration and of the modules it calls
// are PascalCase or snake_case (others count for neither); when both styles occur, every key of
// the less frequent one is reported (a tie goes to PascalCase). Only keys of this configuration's
// files are reported: a module's own are when the module's directory is checked. No fix: a tag
// key is data, and renaming it changes the tags of the cloud resources.
func (c *checker) checkTagKeys() {
	own := c.tags // collected statement by statement (collectTagKeys), memoised with them
	all := slices.Clip(own)
	for _, imp := range c.calledModules() {
		all = append(all, tagKeys(imp.Config)...)
	}
	var n [3]int
	for _, k := range all {
		n[k.style]++
	}
	if n[pascalKeys] == 0 || n[snakeKeys] == 0 {
		return
	}
	dominant := pascalKeys
	if n[snakeKeys] > n[pascalKeys] {
		dominant = snakeKeys
	}
	for _, k := range own {
		if k.style != otherKeys && k.style != dominant {
			c.add(k.file, k.span, finding.Warning, finding.CodeTagKeyCase,
				"Tag key '%s' doesn't match the dominant style (%s). Use consistent casing for tag keys.", k.name, dominant)
		}
	}
}

// calledModules returns the modules of the configuration that a module call uses, in the order
// of their first call.
func (c *checker) calledModules() []*workspace.Import {
	var out []*workspace.Import
	seen := map[*workspace.Import]bool{}
	for _, r := range c.cfg.Refs {
		if r.Kind != workspace.RefModuleCall || r.Decl == nil {
			continue
		}
		if imp := c.cfg.Modules[r.Decl.Name]; imp != nil && imp.Decl == r.Decl && imp.Config != nil && !seen[imp] {
			seen[imp] = true
			out = append(out, imp)
		}
	}
	return out
}

// collectTagKeys records the tag keys of the statement in scope (see checkTagKeys).
func (c *checker) collectTagKeys() {
	for f, st := range c.statements() {
		c.tags = stmtTagKeys(c.tags, f, st)
	}
}

// tagKeys returns the keys of every `tags = { ... }` map of a configuration, in file order.
func tagKeys(cfg *workspace.Config) []tagKey {
	var out []tagKey
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			out = stmtTagKeys(out, f, st)
		}
	}
	return out
}

// stmtTagKeys appends the keys of the `tags = { ... }` maps of a statement to out. Statements
// without the word are not walked.
func stmtTagKeys(out []tagKey, f *workspace.File, st *grammar.Stmt) []tagKey {
	if !strings.Contains(f.Text()[st.Offset:st.End], "tags") {
		return out
	}
	grammar.Inspect(st.Node, func(n grammar.Node) bool {
		a, ok := n.(*grammar.Attribute)
		if !ok || a.Quoted || a.Key.Text != "tags" {
			return true
		}
		m, ok := a.Value.(*grammar.MapExpr)
		if !ok {
			return true
		}
		for _, it := range m.Body.Items {
			if k, ok := it.(*grammar.Attribute); ok && !k.Quoted {
				out = append(out, tagKey{f, st.Abs(k.Key.Span), k.Key.Text, keyStyle(k.Key.Text)})
			}
		}
		return true
	})
	return out
}

// keyStyle classifies a tag key.
func keyStyle(key string) tagStyle {
	if key == "" {
		return otherKeys
	}
	upper := func(ch byte) bool { return ch >= 'A' && ch <= 'Z' }
	lower := func(ch byte) bool { return ch >= 'a' && ch <= 'z' }
	digit := func(ch byte) bool { return ch >= '0' && ch <= '9' }
	pascal, snake := upper(key[0]), lower(key[0])
	for i := 1; i < len(key); i++ {
		ch := key[i]
		pascal = pascal && (upper(ch) || lower(ch) || digit(ch))
		snake = snake && (lower(ch) || digit(ch) || ch == '_')
	}
	switch {
	case pascal:
		return pascalKeys
	case snake:
		return snakeKeys
	}
	return otherKeys
}
