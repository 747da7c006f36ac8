package graph

import (
	"fmt"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Lines returns what a node's box says, line by line: its name (or "anonymous"), then its type,
// and for a wait its target, condition and timeout.
func (n *Node) Lines() []string {
	name := n.Name
	if name == "" {
		name = "(anonymous)"
	}
	switch n.Kind {
	case Wait:
		out := []string{name, "wait on " + n.Wait.Target}
		if n.Wait.Until != "" {
			out = append(out, "until "+n.Wait.Until)
		}
		return append(out, "timeout "+grammar.NormalDuration(n.Wait.Timeout)+" ("+n.Wait.TimeoutFrom+")")
	case DataSource:
		return []string{name, "read " + n.Type}
	case Module:
		return []string{name, "module " + n.Alias + " (" + n.Type + ")"}
	case Upstream:
		return []string{name, "upstream_state " + n.Type}
	case Provider:
		return []string{name, "provider " + n.Type}
	}
	return []string{name, n.Type}
}

// rel writes path relative to the graph's directory, with slashes.
func (g *Graph) rel(path string) string {
	if r, err := filepath.Rel(g.Dir, path); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(path)
}

// position writes where an offset of a file is for people: file:line.
func (g *Graph) position(path string, off int32) string {
	line := 0
	if f := g.files[path]; f != nil {
		line = f.Lines.Line(int(off)) + 1
	}
	return fmt.Sprintf("%s:%d", g.rel(path), line)
}
