package diagnostics

import (
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
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

// checkPlacement applies the rules that tell modules from root configurations, as Carina does on
// a directory checked by itself: `arguments` beside a provider block (default or named) or a
// backend is an error, those making the directory a root configuration. Which of the two is
// reported follows what the directory looks like: with a backend, exports, upstream_state or
// state blocks it is a root, and its arguments are the mistake; with only a provider it is a
// module, and the provider is. A directory that declares arguments or attributes without that
// conflict is taken for a module: its root-only blocks are warnings (Carina rejects them where
// the directory is used as a module, an error at that `use`; see checkModules).
func (c *checker) checkPlacement() {
	type site struct {
		f    *workspace.File
		st   *grammar.Stmt
		what grammar.ConstructID
		msg  string
	}
	var roots, arguments, moduleBlocks []site
	strongRoot, conflict := false, false
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			if what, msg := rootOnly(st.Node); what != grammar.NoConstruct {
				roots = append(roots, site{f, st, what, msg})
				strongRoot = strongRoot || what != grammar.ProviderConstruct
				conflict = conflict || what == grammar.ProviderConstruct || what == grammar.BackendConstruct
			}
			if l, ok := st.Node.(*grammar.LetStmt); ok && grammar.NodeConstruct(l.Value) == grammar.ProviderConstruct {
				conflict = true // a named provider instance is a provider block too
			}
			switch id := grammar.NodeConstruct(st.Node); id {
			case grammar.ArgumentsConstruct:
				arguments = append(arguments, site{f: f, st: st, what: id})
				moduleBlocks = append(moduleBlocks, site{f: f, st: st, what: id})
			case grammar.AttributesConstruct:
				moduleBlocks = append(moduleBlocks, site{f: f, st: st, what: id})
			}
		}
	}
	switch {
	case len(arguments) > 0 && conflict && (strongRoot || !slices.ContainsFunc(roots, func(s site) bool { return s.what == grammar.ProviderConstruct })):
		for _, s := range arguments {
			c.add(s.f, at(s.st, keywordSpan(s.st.Node)), finding.Error, finding.CodeArgumentsInRoot,
				"arguments blocks are only valid inside module definitions, not in root configurations. This directory has a provider or a backend, which makes it a root configuration: pass these values where they are used, or move the provider or backend to the configuration that uses this directory.")
		}
	case len(arguments) > 0 && conflict:
		for _, s := range roots {
			if s.what == grammar.ProviderConstruct {
				c.add(s.f, at(s.st, keywordSpan(s.st.Node)), finding.Error, finding.CodeNotInModule, "%s", s.msg)
			}
		}
	case len(moduleBlocks) > 0:
		for _, s := range roots {
			c.add(s.f, at(s.st, keywordSpan(s.st.Node)), finding.Warning, finding.CodeNotInModule,
				"%s (This directory declares %s, so it is a module: Carina rejects the block where the directory is used.)", s.msg, moduleBlocks[0].what.Keyword())
		}
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
