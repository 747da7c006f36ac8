package config

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"
)

// FileName is the name of a project configuration file.
const FileName = "carina-lsp.toml"

// File is one configuration file as read: each value with the line it is written on. Paths in it
// are made absolute against its directory.
type File struct {
	Path string
	Dir  string

	FailOn       *value[finding.Severity]
	Ignore       *value[[]glob]
	Levels       []levelSetting // [diagnostics.levels], in file order
	Overrides    []override     // [[diagnostics.overrides]], in file order
	Schemas      *value[[]string]
	ListToBlocks *value[bool]
	Indent       *value[int]
	Tabs         *value[bool]
}

// Pos is a place in a configuration file: 1-based line and column.
type Pos struct{ Line, Col int }

type value[T any] struct {
	v  T
	at Pos
}

// levelSetting is one code's level, where it is written.
type levelSetting struct {
	code  finding.Code
	level Level
	at    Pos
}

// override is one [[diagnostics.overrides]] table: levels for the files its paths match.
type override struct {
	paths  []glob
	levels []levelSetting
	at     Pos
}

// Error is a mistake in a configuration file, at its place.
type Error struct {
	Path string
	Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg) }

var (
	errEmptyGlob   = errors.New("an empty path pattern")
	errOutsideGlob = errors.New("a path pattern must stay inside the file's directory (no leading / or ..)")
)

// The tables a file may hold.
var tableNames = []string{"diagnostics", "diagnostics.levels", "schemas", "format"}

// keyNames returns the keys a table may hold ("": the top level; "override": a
// [[diagnostics.overrides]] table). A switch rather than a map: a map literal is built by every
// process when the package loads, and only a file with a mistake asks.
func keyNames(table string) []string {
	switch table {
	case "":
		return []string{"diagnostics", "schemas", "format"}
	case "diagnostics":
		return []string{"fail-on", "ignore", "levels", "overrides"}
	case "schemas":
		return []string{"extra"}
	case "format":
		return []string{"list-to-blocks", "indent", "tabs"}
	case "override":
		return []string{"paths", "levels"}
	}
	return nil
}

// Parse reads a configuration file. Every mistake is returned with its place; the values that
// could be read are kept, so one bad entry does not lose the rest.
func Parse(path string, data []byte) (*File, []*Error) {
	r := &reader{f: &File{Path: path, Dir: filepath.Dir(path)}, seen: map[string]bool{}}
	r.p.Reset(data)
	var table []string
	for r.p.NextExpression() {
		e := r.p.Expression()
		switch e.Kind {
		case unstable.Table:
			table = r.keyOf(e)
			r.header(table, r.at(e))
		case unstable.ArrayTable:
			table = r.keyOf(e)
			r.arrayHeader(table, r.at(e))
		case unstable.KeyValue:
			key := append(slices.Clone(table), r.keyOf(e)...)
			if r.duplicate(key, table, r.at(e)) {
				continue
			}
			if e.Value().Kind == unstable.InlineTable {
				r.seen["table:"+strings.Join(key, ".")] = true // a [header] of it later defines it twice
			}
			r.set(key, e.Value(), r.at(e))
		}
	}
	if err := r.p.Error(); err != nil {
		at := Pos{Line: 1, Col: 1}
		var pe *unstable.ParserError
		if errors.As(err, &pe) && pe.Highlight != nil {
			at = r.pos(r.p.Range(pe.Highlight))
		}
		r.errorf(at, "%s", err.Error())
	}
	return r.f, r.errs
}

type reader struct {
	p    unstable.Parser
	f    *File
	errs []*Error
	seen map[string]bool // the full keys set, and the array tables' entries by index
}

func (r *reader) errorf(at Pos, format string, args ...any) {
	r.errs = append(r.errs, &Error{Path: r.f.Path, Pos: at, Msg: fmt.Sprintf(format, args...)})
}

func (r *reader) pos(rg unstable.Range) Pos {
	s := r.p.Shape(rg)
	return Pos{Line: s.Start.Line, Col: s.Start.Column}
}

// at is the place of a node: its first key part for a key-value or header, else its own bytes.
func (r *reader) at(n *unstable.Node) Pos {
	switch n.Kind {
	case unstable.KeyValue, unstable.Table, unstable.ArrayTable:
		it := n.Key()
		if it.Next() && it.Node().Raw.Length > 0 {
			return r.pos(it.Node().Raw)
		}
	}
	if n.Raw.Length > 0 {
		return r.pos(n.Raw)
	}
	return Pos{Line: 1, Col: 1}
}

func (r *reader) keyOf(n *unstable.Node) []string {
	var out []string
	it := n.Key()
	for it.Next() {
		out = append(out, string(it.Node().Data))
	}
	return out
}

// header checks a [table] header: a known table, defined once.
func (r *reader) header(key []string, at Pos) {
	name := strings.Join(key, ".")
	if r.seen["table:"+name] || r.seen[name] {
		r.errorf(at, "the table [%s] is defined twice", name)
		return
	}
	r.seen["table:"+name] = true
	switch {
	case name == "diagnostics.overrides":
		r.errorf(at, "overrides are an array of tables: write [[diagnostics.overrides]]")
	case !slices.Contains(tableNames, name):
		r.errorf(at, "unknown table [%s]%s", name, didYouMean(name, tableNames))
	}
}

// arrayHeader checks a [[table]] header: only [[diagnostics.overrides]] is one.
func (r *reader) arrayHeader(key []string, at Pos) {
	if name := strings.Join(key, "."); name != "diagnostics.overrides" {
		r.errorf(at, "unknown array of tables [[%s]]%s", name, didYouMean(name, []string{"diagnostics.overrides"}))
		return
	}
	r.f.Overrides = append(r.f.Overrides, override{at: at})
}

// duplicate reports (and says) a key set twice; keys of an override are per override.
func (r *reader) duplicate(key, table []string, at Pos) bool {
	full := strings.Join(key, ".")
	if strings.Join(table, ".") == "diagnostics.overrides" {
		full = fmt.Sprintf("%d:%s", len(r.f.Overrides), full)
	}
	if r.seen[full] {
		r.errorf(at, "%s is set twice", strings.Join(key, "."))
		return true
	}
	r.seen[full] = true
	return false
}

// set reads the value of a full key.
func (r *reader) set(key []string, v *unstable.Node, at Pos) {
	name := strings.Join(key, ".")
	if v.Kind == unstable.InlineTable && name != "diagnostics.levels" && slices.Contains(tableNames, name) {
		// format = { indent = 4 }: the table's keys, each read as written under its header.
		it := v.Children()
		for it.Next() {
			kv := it.Node()
			r.set(append(slices.Clone(key), r.keyOf(kv)...), kv.Value(), r.at(kv))
		}
		return
	}
	switch {
	case name == "diagnostics.fail-on":
		if s, ok := r.str(v, at, name); ok {
			sev, ok := finding.ParseSeverity(s)
			if !ok || sev == finding.Hint {
				r.errorf(r.valueAt(v, at), "%s: unknown level %q (want error, warning or info)", name, s)
				return
			}
			r.f.FailOn = &value[finding.Severity]{sev, at}
		}
	case name == "diagnostics.ignore":
		if gs, ok := r.globs(v, at, name); ok {
			r.f.Ignore = &value[[]glob]{gs, at}
		}
	case name == "diagnostics.levels":
		r.levelTable(v, at, &r.f.Levels)
	case len(key) == 3 && key[0] == "diagnostics" && key[1] == "levels":
		if l, ok := r.level(key[2], v, at); ok {
			r.f.Levels = append(r.f.Levels, l)
		}
	case name == "diagnostics.overrides":
		r.errorf(at, "overrides are an array of tables: write [[diagnostics.overrides]]")
	case len(key) > 2 && key[0] == "diagnostics" && key[1] == "overrides":
		r.overrideKey(key[2:], v, at)
	case name == "schemas.extra":
		if ss, _, ok := r.strs(v, at, name); ok {
			for i, s := range ss {
				ss[i] = r.abs(s)
			}
			r.f.Schemas = &value[[]string]{ss, at}
		}
	case name == "format.list-to-blocks":
		if b, ok := r.boolean(v, at, name); ok {
			r.f.ListToBlocks = &value[bool]{b, at}
		}
	case name == "format.tabs":
		if b, ok := r.boolean(v, at, name); ok {
			r.f.Tabs = &value[bool]{b, at}
		}
	case name == "format.indent":
		if n, ok := r.integer(v, at, name); ok {
			if n < 1 || n > 16 {
				r.errorf(r.valueAt(v, at), "format.indent: %d spaces (want 1 to 16)", n)
				return
			}
			r.f.Indent = &value[int]{int(n), at}
		}
	default:
		r.unknownKey(key, at)
	}
}

// unknownKey says a key is none a file may hold, with the closest that is.
func (r *reader) unknownKey(key []string, at Pos) {
	parent := strings.Join(key[:len(key)-1], ".")
	known := keyNames(parent)
	if parent == "diagnostics.levels" {
		return // a code's level: set handles it
	}
	r.errorf(at, "unknown key %s%s", strings.Join(key, "."), didYouMean(key[len(key)-1], known))
}

// overrideKey reads a key of the current [[diagnostics.overrides]] table.
func (r *reader) overrideKey(key []string, v *unstable.Node, at Pos) {
	if len(r.f.Overrides) == 0 {
		r.errorf(at, "overrides are an array of tables: write [[diagnostics.overrides]]")
		return
	}
	o := &r.f.Overrides[len(r.f.Overrides)-1]
	name := strings.Join(key, ".")
	switch {
	case name == "paths":
		if gs, ok := r.globs(v, at, "diagnostics.overrides.paths"); ok {
			o.paths = gs
		}
	case name == "levels":
		r.levelTable(v, at, &o.levels)
	case len(key) == 2 && key[0] == "levels":
		if l, ok := r.level(key[1], v, at); ok {
			o.levels = append(o.levels, l)
		}
	default:
		r.errorf(at, "unknown key %s in [[diagnostics.overrides]]%s", name, didYouMean(key[0], keyNames("override")))
	}
}

// levelTable reads an inline table of levels: { code = "off", ... }.
func (r *reader) levelTable(v *unstable.Node, at Pos, into *[]levelSetting) {
	if v.Kind != unstable.InlineTable {
		r.errorf(r.valueAt(v, at), "levels: want a table of codes and levels, e.g. { pipe-form = \"off\" }")
		return
	}
	it := v.Children()
	for it.Next() {
		kv := it.Node()
		k := r.keyOf(kv)
		kat := r.at(kv)
		if len(k) != 1 {
			r.errorf(kat, "levels: %s is no diagnostic code", strings.Join(k, "."))
			continue
		}
		if l, ok := r.level(k[0], kv.Value(), kat); ok {
			if slices.ContainsFunc(*into, func(x levelSetting) bool { return x.code == l.code }) {
				r.errorf(kat, "the level of %s is set twice", l.code)
				continue
			}
			*into = append(*into, l)
		}
	}
}

// level reads one code's level.
func (r *reader) level(code string, v *unstable.Node, at Pos) (levelSetting, bool) {
	s, ok := r.str(v, at, code)
	if !ok {
		return levelSetting{}, false
	}
	c := finding.Code(code)
	if c != finding.CodeSyntax {
		if _, err := finding.ParseDisable([]string{code}); err != nil {
			r.errorf(at, "%v", err)
			return levelSetting{}, false
		}
	}
	l, err := parseLevel(s)
	if err != nil {
		r.errorf(r.valueAt(v, at), "%s: %v", code, err)
		return levelSetting{}, false
	}
	if c == finding.CodeSyntax && l != LevelError {
		r.errorf(r.valueAt(v, at), "syntax errors cannot be turned off or lowered")
		return levelSetting{}, false
	}
	return levelSetting{code: c, level: l, at: at}, true
}

// valueAt is the place of a value, else of its key.
func (r *reader) valueAt(v *unstable.Node, at Pos) Pos {
	if v != nil && v.Raw.Length > 0 {
		return r.pos(v.Raw)
	}
	return at
}

func (r *reader) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(r.f.Dir, filepath.FromSlash(p))
}

func (r *reader) str(v *unstable.Node, at Pos, name string) (string, bool) {
	if v.Kind != unstable.String {
		r.errorf(r.valueAt(v, at), "%s: want a string", name)
		return "", false
	}
	return string(v.Data), true
}

func (r *reader) boolean(v *unstable.Node, at Pos, name string) (bool, bool) {
	if v.Kind != unstable.Bool {
		r.errorf(r.valueAt(v, at), "%s: want true or false", name)
		return false, false
	}
	return string(v.Data) == "true", true
}

func (r *reader) integer(v *unstable.Node, at Pos, name string) (int64, bool) {
	if v.Kind == unstable.Integer {
		if n, err := strconv.ParseInt(strings.ReplaceAll(string(v.Data), "_", ""), 0, 64); err == nil {
			return n, true
		}
	}
	r.errorf(r.valueAt(v, at), "%s: want a whole number", name)
	return 0, false
}

// strs reads a list of strings, with the place of each.
func (r *reader) strs(v *unstable.Node, at Pos, name string) ([]string, []Pos, bool) {
	if v.Kind != unstable.Array {
		r.errorf(r.valueAt(v, at), "%s: want a list of strings", name)
		return nil, nil, false
	}
	out, places := []string{}, []Pos{}
	it := v.Children()
	for it.Next() {
		s, ok := r.str(it.Node(), at, name)
		if !ok {
			return nil, nil, false
		}
		out = append(out, s)
		places = append(places, r.valueAt(it.Node(), at))
	}
	return out, places, true
}

func (r *reader) globs(v *unstable.Node, at Pos, name string) ([]glob, bool) {
	ss, places, ok := r.strs(v, at, name)
	if !ok {
		return nil, false
	}
	out := make([]glob, 0, len(ss))
	for i, s := range ss {
		g, err := parseGlob(s)
		if err != nil {
			r.errorf(places[i], "%s: %q: %v", name, s, err)
			return nil, false
		}
		out = append(out, g)
	}
	return out, true
}

// didYouMean suggests the closest of names to s, as "; did you mean x?", or "".
func didYouMean(s string, names []string) string {
	best, bestD := "", len(s)/2+2
	for _, n := range names {
		if d := spell.Distance(s, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		if len(names) > 0 {
			return fmt.Sprintf(" (want %s)", strings.Join(names, ", "))
		}
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", best)
}
