package navigate

import (
	"cmp"
	"context"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/workspace"
)

// WorkspaceSymbol is a top-level name of a configuration, found by WorkspaceSymbols.
type WorkspaceSymbol struct {
	Name      string
	Kind      SymbolKind
	Container string // the configuration's directory name
	Location
}

// WorkspaceSymbols returns the top-level names of the configurations (bindings, arguments,
// functions, and the entries of attributes and exports blocks) that match query, best matches
// first: the name equal to the query, then names starting with it, containing it, and holding
// its characters in order (a fuzzy match: `cis` finds `cert_issued`); case is ignored. An empty
// query matches everything. Each configuration is searched once however often it is given. It
// returns nil when ctx is cancelled.
func WorkspaceSymbols(ctx context.Context, cfgs []*workspace.Config, query string) []WorkspaceSymbol {
	q := strings.ToLower(query)
	type scored struct {
		WorkspaceSymbol
		score int
	}
	var found []scored
	seen := map[string]bool{}
	for _, cfg := range cfgs {
		if ctx.Err() != nil {
			return nil
		}
		if cfg == nil || seen[cfg.Dir] {
			continue
		}
		seen[cfg.Dir] = true
		container := filepath.Base(cfg.Dir)
		add := func(name string, kind SymbolKind, loc Location) {
			if s, ok := match(q, strings.ToLower(name)); ok {
				found = append(found, scored{WorkspaceSymbol{Name: name, Kind: kind, Container: container, Location: loc}, s})
			}
		}
		for _, d := range cfg.Decls {
			if d.TopLevel && d.Name != "_" {
				add(d.Name, DeclSymbolKind(d.Kind), declLocation(d))
			}
		}
		for _, o := range cfg.Outputs {
			add(o.Name, SymbolProperty, outputLocation(o))
		}
	}
	slices.SortFunc(found, func(a, b scored) int {
		return cmp.Or(cmp.Compare(a.score, b.score), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Path, b.Path),
			cmp.Compare(a.Span.Start, b.Span.Start))
	})
	out := make([]WorkspaceSymbol, len(found))
	for i, s := range found {
		out[i] = s.WorkspaceSymbol
	}
	return out
}

// MatchSymbol scores how well a name matches a workspace-symbol query as WorkspaceSymbols does
// (0 equal, 1 prefix, 2 substring, 3 characters in order; case ignored): for a caller that keeps
// symbols of its own (an index of a large workspace).
func MatchSymbol(query, name string) (score int, ok bool) {
	return match(strings.ToLower(query), strings.ToLower(name))
}

// match scores how well name matches query (both lower case): 0 equal, 1 prefix, 2 substring,
// 3 subsequence; ok is false when it does not match.
func match(query, name string) (score int, ok bool) {
	switch {
	case query == "" || name == query:
		return 0, true
	case strings.HasPrefix(name, query):
		return 1, true
	case strings.Contains(name, query):
		return 2, true
	}
	i := 0
	for j := 0; j < len(name) && i < len(query); j++ {
		if name[j] == query[i] {
			i++
		}
	}
	return 3, i == len(query)
}

// DeclSymbolKind is the symbol kind of a declaration of kind k, wherever the client lists one
// (workspace symbols, the call hierarchy).
func DeclSymbolKind(k workspace.DeclKind) SymbolKind {
	switch k {
	case workspace.Resource, workspace.DataSource, workspace.ModuleCall, workspace.Conditional:
		return SymbolObject
	case workspace.Wait:
		return SymbolEvent
	case workspace.Module:
		return SymbolModule
	case workspace.Upstream:
		return SymbolPackage
	case workspace.Provider:
		return SymbolNamespace
	case workspace.ForEach:
		return SymbolArray
	case workspace.Function:
		return SymbolFunction
	}
	return SymbolVariable
}
