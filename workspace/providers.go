package workspace

import (
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// Pins returns what the configuration says about its providers' versions: each provider block's
// `version` requirement ("" without one) and the directories of the modules it uses, which
// inherit its choice.
func (c *Config) Pins() schema.Pins {
	p := schema.Pins{Dir: c.Dir, Versions: map[string]string{}}
	for _, f := range c.Files {
		for _, st := range f.AST.Stmts {
			var kind *grammar.Name
			var body *grammar.Block
			switch n := st.Node.(type) {
			case *grammar.ProviderStmt:
				kind, body = n.Kind, n.Body
			case *grammar.LetStmt:
				if e, ok := n.Value.(*grammar.ProviderExpr); ok {
					kind, body = e.Kind, e.Body
				}
			}
			if kind == nil {
				continue
			}
			if _, ok := p.Versions[kind.Text]; !ok {
				p.Versions[kind.Text] = ""
			}
			if v := ProviderVersion(body); v != nil {
				p.Versions[kind.Text] = v.Value
			}
		}
	}
	for _, m := range c.Modules {
		if m.Dir != "" && !slices.Contains(p.Modules, m.Dir) {
			p.Modules = append(p.Modules, m.Dir)
		}
	}
	slices.Sort(p.Modules)
	return p
}

// ProviderVersion returns the string of a provider block's `version = '...'`, or nil.
func ProviderVersion(body *grammar.Block) *grammar.StringLit {
	if body == nil {
		return nil
	}
	for _, it := range body.Items {
		if a, ok := it.(*grammar.Attribute); ok && a.Key != nil && a.Key.Text == "version" {
			if s, ok := a.Value.(*grammar.StringLit); ok && plain(s) {
				return s
			}
		}
	}
	return nil
}

func plain(s *grammar.StringLit) bool {
	for _, p := range s.Parts {
		if p.Expr != nil {
			return false
		}
	}
	return true
}
