package graph

import (
	"bufio"
	"fmt"
	"io"
	"slices"

	"github.com/segmentio/encoding/json"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/jsonstr"
)

// FormatVersion is the version of the JSON form (docs/graph.md); it changes only when a field
// changes meaning or goes away.
const FormatVersion = 1

// JSON is the graph's JSON form (docs/graph.md): files relative to the configuration's
// directory, 0-based LSP ranges (UTF-16 columns).
type JSON struct {
	FormatVersion int        `json:"format_version"`
	Directory     string     `json:"directory"`
	Nodes         []JSONNode `json:"nodes"`
	Edges         []JSONEdge `json:"edges"`
	Cycles        [][]string `json:"cycles"`
	LeftOut       []JSONLeft `json:"left_out"`
}

// JSONNode is a node in the JSON form.
type JSONNode struct {
	ID     string    `json:"id"`
	Kind   Kind      `json:"kind"`
	Name   string    `json:"name,omitempty"`
	Type   string    `json:"type,omitempty"`
	Alias  string    `json:"alias,omitempty"`
	Module string    `json:"module,omitempty"`
	File   string    `json:"file"`
	Range  Range     `json:"range"`
	Wait   *JSONWait `json:"wait,omitempty"`
	Cycle  bool      `json:"cycle"`
	Errors int       `json:"errors"`
	Used   *bool     `json:"used,omitempty"`
}

// JSONWait is a wait node's settings.
type JSONWait struct {
	Target        string `json:"target"`
	Until         string `json:"until"`
	TimeoutSecs   uint64 `json:"timeout_seconds"`
	TimeoutSource string `json:"timeout_source"`
}

// JSONEdge is an edge in the JSON form: from depends on to.
type JSONEdge struct {
	From      string   `json:"from"`
	To        string   `json:"to"`
	Kind      EdgeKind `json:"kind"`
	Attribute string   `json:"attribute,omitempty"`
	Via       []string `json:"via,omitempty"`
	File      string   `json:"file"`
	Range     Range    `json:"range"`
	Cycle     bool     `json:"cycle"`
}

// JSONLeft is a statement left out of the graph.
type JSONLeft struct {
	File  string `json:"file"`
	Range Range  `json:"range"`
	Text  string `json:"text"`
}

// Range is an LSP range: 0-based lines, UTF-16 columns.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Position is an LSP position.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// ToJSON returns the graph's JSON form. Its strings go through jsonstr.Decoded: what is not UTF-8
// in a name, a string or a file name is U+FFFD here, as a JSON encoder would write it, so the
// form decodes back to itself.
func (g *Graph) ToJSON() JSON {
	out := JSON{FormatVersion: FormatVersion, Directory: jsonstr.Decoded(g.Dir), Nodes: []JSONNode{}, Edges: []JSONEdge{}, Cycles: [][]string{}, LeftOut: []JSONLeft{}}
	for _, c := range g.Cycles {
		out.Cycles = append(out.Cycles, jsonStrings(c))
	}
	for _, n := range g.Nodes {
		jn := JSONNode{ID: jsonstr.Decoded(n.ID), Kind: n.Kind, Name: jsonstr.Decoded(n.Name), Type: jsonstr.Decoded(n.Type), Alias: jsonstr.Decoded(n.Alias),
			Module: jsonstr.Decoded(n.Module), File: jsonstr.Decoded(g.rel(n.File)), Range: g.lspRange(n.File, n.Span), Cycle: n.Cycle, Errors: n.Errors}
		if n.Wait != nil {
			jn.Wait = &JSONWait{Target: jsonstr.Decoded(n.Wait.Target), Until: jsonstr.Decoded(n.Wait.Until), TimeoutSecs: n.Wait.Timeout, TimeoutSource: n.Wait.TimeoutFrom}
			used := n.Used
			jn.Used = &used
		}
		out.Nodes = append(out.Nodes, jn)
	}
	for _, e := range g.Edges {
		out.Edges = append(out.Edges, JSONEdge{From: jsonstr.Decoded(e.From), To: jsonstr.Decoded(e.To), Kind: e.Kind, Attribute: jsonstr.Decoded(e.Attr),
			Via: jsonStrings(e.Via), File: jsonstr.Decoded(g.rel(e.File)), Range: g.lspRange(e.File, e.Span), Cycle: e.Cycle})
	}
	for _, l := range g.LeftOut {
		out.LeftOut = append(out.LeftOut, JSONLeft{File: jsonstr.Decoded(g.rel(l.File)), Range: g.lspRange(l.File, l.Span), Text: jsonstr.Decoded(l.Text)})
	}
	return out
}

// jsonStrings applies jsonstr.Decoded to each of ss, sharing ss when they are all UTF-8.
func jsonStrings(ss []string) []string {
	for i, s := range ss {
		if t := jsonstr.Decoded(s); t != s {
			out := slices.Clone(ss)
			out[i] = t
			for j := i + 1; j < len(out); j++ {
				out[j] = jsonstr.Decoded(out[j])
			}
			return out
		}
	}
	return ss
}

// WriteJSON writes the graph's JSON form: each node, edge, cycle and left-out statement on a
// line of its own, compact. Indenting every field made the file of a large configuration several
// times larger and its writing a quarter of graph -format json; a line an element still reads
// and diffs well.
func (g *Graph) WriteJSON(w io.Writer) error {
	j := g.ToJSON()
	bw := bufio.NewWriter(w)
	head, err := json.Marshal(struct {
		FormatVersion int    `json:"format_version"`
		Directory     string `json:"directory"`
	}{j.FormatVersion, j.Directory})
	if err != nil {
		return err
	}
	bw.Write(head[:len(head)-1]) // the object stays open for the arrays
	list := func(name string, n int, elem func(int) any) error {
		fmt.Fprintf(bw, ",\n  %q: [", name)
		for i := range n {
			b, err := json.Marshal(elem(i))
			if err != nil {
				return err
			}
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n    ")
			bw.Write(b)
		}
		if n > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteByte(']')
		return nil
	}
	for _, l := range []struct {
		name string
		n    int
		elem func(int) any
	}{
		{"nodes", len(j.Nodes), func(i int) any { return j.Nodes[i] }},
		{"edges", len(j.Edges), func(i int) any { return j.Edges[i] }},
		{"cycles", len(j.Cycles), func(i int) any { return j.Cycles[i] }},
		{"left_out", len(j.LeftOut), func(i int) any { return j.LeftOut[i] }},
	} {
		if err := list(l.name, l.n, l.elem); err != nil {
			return err
		}
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

func (g *Graph) lspRange(path string, sp grammar.Span) Range {
	f := g.files[path]
	if f == nil {
		return Range{}
	}
	sl, sc := f.Lines.UTF16(int(sp.Start))
	el, ec := f.Lines.UTF16(int(sp.End))
	return Range{Start: Position{sl, sc}, End: Position{el, ec}}
}
