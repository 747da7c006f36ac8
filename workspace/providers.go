package workspace

import (
	"context"
	"path/filepath"
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

// callerDepth bounds how many directories above a module CallerPins looks in.
const callerDepth = 8

// CallerPins returns the pins of the configuration that uses a module, looked for in the
// directories above it up to the nearest one holding a configuration (the usual layout:
// modules/net under the root that uses it), so that the
// module is checked with its caller's provider versions whatever the order configurations are
// checked in. It reports false for a configuration that is no module or that pins versions
// itself, and when no directory above uses it. With forget, the directories above are forgotten
// once read (see Forget: `check` keeps no configuration it is not checking).
func (w *Workspace) CallerPins(ctx context.Context, c *Config, forget bool) (schema.Pins, bool) {
	if !c.IsModule {
		return schema.Pins{}, false
	}
	for _, v := range c.Pins().Versions {
		if v != "" {
			return schema.Pins{}, false
		}
	}
	dir := c.Dir
	for range callerDepth {
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
		caller, err := w.Config(ctx, dir)
		if forget {
			w.Forget(dir)
		}
		if err != nil || ctx.Err() != nil {
			break
		}
		for _, m := range caller.Modules {
			if m.Dir == c.Dir {
				return caller.Pins(), true
			}
		}
		if len(caller.Files) > 0 {
			break // the nearest configuration above does not use it: look no further
		}
	}
	return schema.Pins{}, false
}
