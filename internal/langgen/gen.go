package langgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// gen is one program being drawn: its files and what its root configuration declares so far,
// so that a later statement reads names an earlier one bound.
type gen struct {
	rng      *rand.Rand
	files    map[string]*strings.Builder
	features []string
	target   string // the directory to check, "" for the root
	next     int    // numbers fresh names

	exports   []string // the root's exports block, line by line
	upExports []string // the upstream's

	strs, lists, maps, bools []string // lets holding a string, a list of strings, a map of strings, a Bool
	structs                  []string // lets holding a map with the fields n and m
	resources                []string // lets bound to one resource (attribute arn)
	fors                     []forVal
	fns                      []fnVal
	closures                 []string // lets holding join('-'): one list argument to go
	modules                  []*moduleVal
	calls                    []callVal
	upstream                 *upstreamVal
	waits                    []string // lets bound to a wait on a resource
	instances                []string // named provider instances
	provider                 bool     // the default awscc instance is declared
}

// forVal is a let bound to a for over resources: read through an index or a key.
type forVal struct {
	name string
	keys []string // the map's keys; nil for a list
	n    int      // the list's length
}

// fnVal is a user function of strings: required parameters then optional ones.
type fnVal struct {
	name          string
	required, all int
}

// moduleVal is a module directory under the root, imported under alias.
type moduleVal struct {
	dir, alias string
	args       []argVal
	attrs      []string
}

// argVal is a module argument: its type and a value that fits it.
type argVal struct {
	name, typ, value string
	optional         bool
}

// callVal is a let bound to a call of a module.
type callVal struct {
	name string
	mod  *moduleVal
}

// upstreamVal is the upstream configuration read through name, and its exports.
type upstreamVal struct {
	name    string
	exports map[string]string // name to type
	order   []string
	shaped  bool // exports vpc, rows and groups of nested shapes (upstreamShapes), apart from order
}

func newGen(rng *rand.Rand) *gen {
	return &gen{rng: rng, files: map[string]*strings.Builder{}}
}

// file returns the text of path so far.
func (g *gen) file(path string) *strings.Builder {
	b := g.files[path]
	if b == nil {
		b = &strings.Builder{}
		g.files[path] = b
	}
	return b
}

// emit writes a statement to the root configuration: mostly its main file, now and then a
// second file, so that cross-file rules are met.
func (g *gen) emit(format string, args ...any) {
	path := RootDir + "/main.crn"
	if g.rng.IntN(8) == 0 {
		path = RootDir + "/other.crn"
	}
	fmt.Fprintf(g.file(path), format+"\n", args...)
}

// fresh returns a name not used yet.
func (g *gen) fresh(prefix string) string {
	g.next++
	return fmt.Sprintf("%s%d", prefix, g.next)
}

func (g *gen) chance(n int) bool { return g.rng.IntN(n) == 0 }

func pick[T any](g *gen, xs []T) T { return xs[g.rng.IntN(len(xs))] }

var words = []string{"'web'", "'api'", "'prod'", "'dev'", "'a-b'", "'x,y'", "\"db\""}

// str returns an expression of a string.
func (g *gen) str() string {
	switch g.rng.IntN(6) {
	case 0:
		if len(g.strs) > 0 {
			return pick(g, g.strs)
		}
	case 1:
		if len(g.strs) > 0 {
			return fmt.Sprintf("\"${%s}-x\"", pick(g, g.strs))
		}
	case 2:
		return fmt.Sprintf("%s(%s)", pick(g, []string{"upper", "lower", "trim"}), pick(g, words))
	case 3:
		if len(g.lists) > 0 {
			return fmt.Sprintf("join('-', %s)", pick(g, g.lists))
		}
	}
	return pick(g, words)
}

// list returns an expression of a list of strings.
func (g *gen) list() string {
	switch g.rng.IntN(4) {
	case 0:
		if len(g.lists) > 0 {
			return pick(g, g.lists)
		}
	case 1:
		return fmt.Sprintf("split(',', %s)", pick(g, words))
	}
	n := 1 + g.rng.IntN(3)
	items := make([]string, n)
	for i := range items {
		items[i] = g.str()
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// mapLit returns a map literal of strings with its keys.
func (g *gen) mapLit() (string, []string) {
	keys := []string{"a", "b", "c"}[:1+g.rng.IntN(3)]
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s = %s", k, pick(g, words))
	}
	return "{ " + strings.Join(parts, ", ") + " }", keys
}

// cond returns a static condition.
func (g *gen) cond() string {
	if len(g.bools) > 0 && g.chance(2) {
		return pick(g, g.bools)
	}
	return pick(g, []string{"true", "false"})
}

// resource returns a resource expression with the string value.
func resource(value string) string {
	return "awscc.s3.Bucket {\n  bucket_name = " + value + "\n}"
}

// ref returns a read of something the root bound that is known after apply: a resource's, a for
// element's, a module call's attribute, an upstream export.
func (g *gen) ref() string {
	var refs []string
	for _, r := range g.resources {
		refs = append(refs, r+".arn")
	}
	for _, f := range g.fors {
		switch {
		case f.keys != nil:
			k := pick(g, f.keys)
			refs = append(refs, fmt.Sprintf("%s['%s'].arn", f.name, k), fmt.Sprintf("%s.%s.arn", f.name, k))
		case f.n > 0:
			refs = append(refs, fmt.Sprintf("%s[%d].arn", f.name, g.rng.IntN(f.n)))
		}
	}
	for _, c := range g.calls {
		if len(c.mod.attrs) > 0 {
			refs = append(refs, c.name+"."+pick(g, c.mod.attrs))
		}
	}
	for _, w := range g.waits {
		refs = append(refs, w+".arn")
	}
	if u := g.upstream; u != nil {
		for _, e := range u.order {
			if u.exports[e] == "String" {
				refs = append(refs, u.name+"."+e)
			}
		}
	}
	if len(refs) == 0 {
		return g.str()
	}
	return pick(g, refs)
}
