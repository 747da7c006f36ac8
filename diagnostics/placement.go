package diagnostics

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Codes of the configuration-placement checks.
const (
	CodeArgumentsInRoot Code = "arguments-in-root"
	CodeNotInModule     Code = "not-allowed-in-module"
)

// rootOnly names the statements only a root configuration may hold, with Carina's message for a
// module that holds one.
func rootOnly(n grammar.Node) (what, msg string) {
	switch n := n.(type) {
	case *grammar.ProviderStmt:
		return grammar.ProviderConstruct.Keyword(), "provider blocks are not allowed inside modules. Define providers at the root configuration level."
	case *grammar.BackendStmt:
		return grammar.BackendConstruct.Keyword(), "backend blocks are not allowed inside modules. Define the backend at the root configuration level."
	case *grammar.StateBlockStmt:
		return n.Kind, "state blocks (moved, removed, and import) are not allowed inside modules. Put them in the root configuration."
	case *grammar.OutputsStmt:
		if n.Exports {
			return grammar.ExportsConstruct.Keyword(), "exports blocks are not allowed inside modules. Publish values with attributes { ... } in a module, and with exports in the root configuration."
		}
	case *grammar.LetStmt:
		if kb, ok := n.Value.(*grammar.KeywordBlockExpr); ok && kb.Keyword == grammar.UpstreamConstruct.Keyword() {
			return kb.Keyword, "upstream_state declarations are not allowed inside modules. Read the upstream in the root configuration and pass the value as an argument."
		}
	}
	return "", ""
}

// checkPlacement applies the rules that tell modules from root configurations. A configuration
// with a backend, exports, upstream_state or import/removed/moved is a root configuration: an
// `arguments` or `attributes` block in it is an error. Otherwise one that declares `arguments` or
// `attributes` is a module: provider blocks in it are errors.
func (c *checker) checkPlacement() {
	type site struct {
		f    *workspace.File
		st   *grammar.Stmt
		what string
		msg  string
	}
	var roots, moduleBlocks []site
	strongRoot := false
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			if what, msg := rootOnly(st.Node); what != "" {
				roots = append(roots, site{f, st, what, msg})
				strongRoot = strongRoot || what != grammar.ProviderConstruct.Keyword()
			}
			switch n := st.Node.(type) {
			case *grammar.ArgumentsStmt:
				moduleBlocks = append(moduleBlocks, site{f: f, st: st, what: grammar.ArgumentsConstruct.Keyword()})
			case *grammar.OutputsStmt:
				if !n.Exports {
					moduleBlocks = append(moduleBlocks, site{f: f, st: st, what: grammar.AttributesConstruct.Keyword()})
				}
			}
		}
	}
	if len(moduleBlocks) == 0 {
		return
	}
	if strongRoot {
		for _, s := range moduleBlocks {
			c.add(s.f, at(s.st, keywordSpan(s.st.Node)), Error, CodeArgumentsInRoot,
				"%s blocks are only valid inside module definitions, not in root configurations (this directory declares a backend, exports, upstream_state or state blocks)", s.what)
		}
		return
	}
	for _, s := range roots {
		c.add(s.f, at(s.st, keywordSpan(s.st.Node)), Error, CodeNotInModule, "%s", s.msg)
	}
}

// keywordSpan is the span of the keyword that opens a statement (its first word).
func keywordSpan(n grammar.Node) grammar.Span {
	switch n := n.(type) {
	case *grammar.ArgumentsStmt:
		return n.Kw
	case *grammar.OutputsStmt:
		return n.Kw
	case *grammar.ProviderStmt:
		return n.Kw
	case *grammar.BackendStmt:
		return n.Kw
	case *grammar.StateBlockStmt:
		return n.Kw
	case *grammar.LetStmt:
		if kb, ok := n.Value.(*grammar.KeywordBlockExpr); ok {
			return kb.Kw
		}
		return n.Let
	}
	return n.Pos()
}
