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

// rootOnly names the construct of a statement only a root configuration may hold, with Carina's
// message for a module that holds one (NoConstruct for any other statement).
func rootOnly(n grammar.Node) (grammar.ConstructID, string) {
	if l, ok := n.(*grammar.LetStmt); ok {
		if grammar.NodeConstruct(l.Value) == grammar.UpstreamConstruct {
			return grammar.UpstreamConstruct, "upstream_state declarations are not allowed inside modules. Read the upstream in the root configuration and pass the value as an argument."
		}
		return grammar.NoConstruct, ""
	}
	switch id := grammar.NodeConstruct(n); id {
	case grammar.ProviderConstruct:
		return id, "provider blocks are not allowed inside modules. Define providers at the root configuration level."
	case grammar.BackendConstruct:
		return id, "backend blocks are not allowed inside modules. Define the backend at the root configuration level."
	case grammar.ImportConstruct, grammar.RemovedConstruct, grammar.MovedConstruct:
		return id, "state blocks (moved, removed, and import) are not allowed inside modules. Put them in the root configuration."
	case grammar.ExportsConstruct:
		return id, "exports blocks are not allowed inside modules. Publish values with attributes { ... } in a module, and with exports in the root configuration."
	}
	return grammar.NoConstruct, ""
}

// checkPlacement applies the rules that tell modules from root configurations. A configuration
// with a backend, exports, upstream_state or import/removed/moved is a root configuration: an
// `arguments` or `attributes` block in it is an error. Otherwise one that declares `arguments` or
// `attributes` is a module: provider blocks in it are errors.
func (c *checker) checkPlacement() {
	type site struct {
		f    *workspace.File
		st   *grammar.Stmt
		what grammar.ConstructID
		msg  string
	}
	var roots, moduleBlocks []site
	strongRoot := false
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			if what, msg := rootOnly(st.Node); what != grammar.NoConstruct {
				roots = append(roots, site{f, st, what, msg})
				strongRoot = strongRoot || what != grammar.ProviderConstruct
			}
			switch id := grammar.NodeConstruct(st.Node); id {
			case grammar.ArgumentsConstruct, grammar.AttributesConstruct:
				moduleBlocks = append(moduleBlocks, site{f: f, st: st, what: id})
			}
		}
	}
	if len(moduleBlocks) == 0 {
		return
	}
	if strongRoot {
		for _, s := range moduleBlocks {
			c.add(s.f, at(s.st, keywordSpan(s.st.Node)), Error, CodeArgumentsInRoot,
				"%s blocks are only valid inside module definitions, not in root configurations (this directory declares a backend, exports, upstream_state or state blocks)", s.what.Keyword())
		}
		return
	}
	for _, s := range roots {
		c.add(s.f, at(s.st, keywordSpan(s.st.Node)), Error, CodeNotInModule, "%s", s.msg)
	}
}

// keywordSpan is the span of the keyword that opens a statement, or of the keyed construct a
// let binds (the upstream_state of `let x = upstream_state { ... }`).
func keywordSpan(n grammar.Node) grammar.Span {
	if l, ok := n.(*grammar.LetStmt); ok {
		if kb, ok := l.Value.(*grammar.KeywordBlockExpr); ok {
			return kb.Kw
		}
	}
	if kw, ok := grammar.KeywordSpan(n); ok {
		return kw
	}
	return n.Pos()
}
