// Package graph owns the dependency graph of a configuration as users see it: which resources,
// data sources, waits, module instances, upstream states and provider instances a configuration
// holds, and which of them each one waits for (a reference, a depends_on entry, a wait's target,
// a module argument). It is built from the configuration model (workspace), never by reading the
// text again, and written as SVG, DOT, Mermaid, JSON and the apply order in Carina's plan lines,
// each form by its name (Formats, FormatFor, Write); the `graph` command, the server's call
// hierarchy, code lens and carina/graph request read it.
package graph

import (
	"fmt"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Kind is what a node stands for. In JSON it is written as a word (Kind.String).
type Kind uint8

// Node kinds.
const (
	Resource Kind = iota
	DataSource
	Wait
	Module
	Upstream
	Provider
)

// String names the kind: resource, data_source, module, and the keyword of the others (wait,
// upstream_state, provider).
func (k Kind) String() string {
	switch k {
	case Resource:
		return "resource"
	case DataSource:
		return "data_source"
	case Wait:
		return grammar.WaitConstruct.Keyword()
	case Module:
		return "module"
	case Upstream:
		return grammar.UpstreamConstruct.Keyword()
	case Provider:
		return grammar.ProviderConstruct.Keyword()
	}
	return "unknown"
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for c := Resource; c <= Provider; c++ {
		if c.String() == string(b) {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("unknown node kind %q", b)
}

// EdgeKind is why one node waits for another. In JSON it is written as a word (EdgeKind.String).
type EdgeKind uint8

// Edge kinds.
const (
	Reference      EdgeKind = iota // a value reads the other: cert.arn
	DependsOn                      // directives { depends_on = [...] }
	WaitTarget                     // wait cert { ... }: the wait polls its target
	WaitDependsOn                  // a wait's depends_on: applied before polling starts
	ModuleArgument                 // a module call's argument reads the other
	ProviderUse                    // directives { provider = us }
)

// dependsOn is the name of the depends_on key.
func dependsOn() string {
	return grammar.ConstructOf(grammar.DirectivesConstruct).KeyOf(grammar.BindingsValue).Name
}

// String names the edge kind: reference, depends_on, wait_target, wait_depends_on,
// module_argument, provider.
func (k EdgeKind) String() string {
	switch k {
	case Reference:
		return "reference"
	case DependsOn:
		return dependsOn()
	case WaitTarget:
		return grammar.WaitConstruct.Keyword() + "_target"
	case WaitDependsOn:
		return grammar.WaitConstruct.Keyword() + "_" + dependsOn()
	case ModuleArgument:
		return "module_argument"
	case ProviderUse:
		return grammar.ProviderConstruct.Keyword()
	}
	return "unknown"
}

// MarshalText writes the edge kind's name.
func (k EdgeKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads an edge kind's name.
func (k *EdgeKind) UnmarshalText(b []byte) error {
	for c := Reference; c <= ProviderUse; c++ {
		if c.String() == string(b) {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("unknown edge kind %q", b)
}

// Node is one thing the apply creates, reads or waits for.
type Node struct {
	ID     string // unique in the graph: the binding, or type@file:line for an anonymous one; inside an expanded module, "<instance>.<id>"
	Kind   Kind
	Name   string // the binding; "" for an anonymous resource or module call
	Type   string // the resource type, the module's source, the provider's kind, the upstream's source
	Module string // the module instance it is inside ("" at the top level)
	Alias  string // for a module instance: the `use` alias it calls
	File   string // where it is declared
	Span   grammar.Span
	Wait   *WaitSettings // for a wait
	Cycle  bool          // on a dependency cycle
	Errors int           // error diagnostics in its statement (see Options.Problems)
	Used   bool          // for a wait: something reads it (a wait nothing reads gates nothing)
}

// WaitSettings is what a wait node shows: its target, its condition as written, its effective
// timeout and where the timeout comes from.
type WaitSettings struct {
	Target      string
	Until       string // the predicate as written, whitespace folded
	Timeout     uint64 // seconds
	TimeoutFrom string // "written", "schema" or "default"
}

// Edge is one reason From waits for To (From depends on To).
type Edge struct {
	From, To string
	Kind     EdgeKind
	Attr     string   // the attribute read (certificate_arn), "" when the whole binding is read
	Via      []string // the plain values the reference goes through (let arn = cert.arn)
	File     string   // where the reference is written
	Span     grammar.Span
	Cycle    bool // both ends are on one dependency cycle
}

// Graph is the dependency graph of one configuration.
type Graph struct {
	Dir     string
	Nodes   []*Node // in file order
	Edges   []*Edge // in file order of the references
	Cycles  [][]string
	LeftOut []LeftOut // statements that did not parse, not drawn

	byID  map[string]*Node
	files map[string]*workspace.File
}

// LeftOut is a statement the graph could not draw because it did not parse.
type LeftOut struct {
	File string
	Span grammar.Span
	Text string // its first line
}

// Name is the configuration's name: its directory's.
func (g *Graph) Name() string {
	if abs, err := filepath.Abs(g.Dir); err == nil {
		return filepath.Base(abs)
	}
	return filepath.Base(g.Dir)
}

// Node returns the node called id, or nil.
func (g *Graph) Node(id string) *Node { return g.byID[id] }

// File returns the file at path that the graph was built from (nil when unknown), for ranges.
func (g *Graph) File(path string) *workspace.File { return g.files[path] }

// Deps returns the distinct nodes n depends on, in edge order.
func (g *Graph) Deps(id string) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range g.Edges {
		if e.From == id && !seen[e.To] {
			seen[e.To] = true
			out = append(out, e.To)
		}
	}
	return out
}

// clusters groups the nodes by the module instance they are inside: byModule[""] holds the top
// level's, and modules lists the instances expanded, in graph order.
func (g *Graph) clusters() (modules []string, byModule map[string][]*Node) {
	byModule = map[string][]*Node{}
	for _, n := range g.Nodes {
		if _, ok := byModule[n.Module]; !ok && n.Module != "" {
			modules = append(modules, n.Module)
		}
		byModule[n.Module] = append(byModule[n.Module], n)
	}
	return modules, byModule
}
