package plan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// ExportChange is an `exports` entry whose value the apply publishes anew, as Carina's plan
// lists it under Exports (compute_export_diffs).
type ExportChange struct {
	Name string
	Type string // the annotation as written, "" when untyped
	// Old is the published value (HasOld); New the configured one (HasNew, Removed without).
	Old            state.Value
	New            Value
	HasOld, HasNew bool
}

// exports compares the configuration's exports with those the state publishes.
func (c *computer) exports() {
	seen := map[string]bool{}
	var stored state.Value
	if c.in.State != nil {
		stored = c.in.State.Exports
	}
	for _, o := range c.in.Config.Outputs {
		if !o.Exports || o.Decl == nil || o.Decl.Value == nil || o.Stmt == nil {
			continue
		}
		seen[o.Name] = true
		ch := ExportChange{Name: o.Name, Type: typeText(o), New: c.exportValue(c.value(o.File, o.Stmt, o.Decl.Value)), HasNew: true}
		ch.Old, ch.HasOld = stored.Get(o.Name)
		if ch.HasOld && same(ch.New, fromState(ch.Old)) {
			continue
		}
		c.plan.Exports = append(c.plan.Exports, ch)
	}
	for i, k := range stored.Keys {
		if !seen[k] {
			c.plan.Exports = append(c.plan.Exports, ExportChange{Name: k, Old: stored.Fields[i], HasOld: true})
		}
	}
	slices.SortStableFunc(c.plan.Exports, func(a, b ExportChange) int { return strings.Compare(a.Name, b.Name) })
}

// exportValue resolves an export's references to resources the apply leaves as they are from
// their stored values; the others stay references, known after apply.
func (c *computer) exportValue(v Value) Value {
	switch v.Kind {
	case Ref:
		if out, ok := c.redirect(v); ok {
			return c.exportValue(out)
		}
		t := c.byBinding[v.ref.binding]
		if t == nil || len(v.ref.path) == 0 || t.State == nil {
			return v
		}
		c.diff(t)
		if t.Op == Create || t.Op == Replace || t.MovedFrom != "" {
			return v
		}
		sv, ok := t.State.Attributes.Get(v.ref.path[0])
		if !ok {
			return v
		}
		out := fromState(sv)
		for _, p := range v.ref.path[1:] {
			if out, ok = out.Get(p); !ok {
				return v
			}
		}
		return out
	case List, Map:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			out.Elems[i] = c.exportValue(e)
		}
		return out
	}
	return v
}

// typeText is an export's type annotation as written.
func typeText(o *workspace.Output) string {
	if o.Decl.Type == nil {
		return ""
	}
	sp := o.Stmt.Abs(o.Decl.Type.Span)
	src := o.File.Text()
	if sp.Start < 0 || int(sp.End) > len(src) || sp.Start > sp.End {
		return ""
	}
	return src[sp.Start:sp.End]
}

// exportText prints a configured export value as Carina's Exports section does.
func exportText(v Value) string {
	switch v.Kind {
	case Str:
		return "'" + v.Text + "'"
	case Int:
		return strconv.FormatInt(v.Int, 10)
	case Float:
		return strconv.FormatFloat(v.Float, 'f', -1, 64)
	case Bool:
		return strconv.FormatBool(v.Bool)
	case Ref:
		return v.Text
	case List:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = exportText(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case Map:
		parts := make([]string, len(v.Keys))
		for i, k := range v.Keys {
			parts[i] = k + " = " + exportText(v.Elems[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case Secret:
		return "(secret)"
	}
	return "(known after apply)"
}

// storedExportText prints a published export value as Carina does (keys in order, strings quoted).
func storedExportText(v state.Value) string {
	switch v.Kind {
	case state.String:
		if v.Secret() {
			return "(secret)"
		}
		return "'" + v.Str + "'"
	case state.Null:
		return "null"
	case state.Bool:
		return strconv.FormatBool(v.Bool)
	case state.Number:
		return v.Num
	case state.Array:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = storedExportText(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	keys := slices.Clone(v.Keys)
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		f, _ := v.Get(k)
		parts[i] = k + " = " + storedExportText(f)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
