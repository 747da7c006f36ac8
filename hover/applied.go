package hover

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/plan"
)

// Applied writes the card of a resource's state beside its configuration: the identifier the
// provider gave it, what the apply does, and each attribute the configuration writes with its
// last-applied value, those that differ marked. Values are printed as Carina's plan prints them,
// so a secret, a stored secret's hash and a write-only attribute show as (secret), never as text.
func Applied(r *plan.Resource) string {
	var m md
	if r.Op == plan.Wait {
		m.para("**Plan**: " + code(r.Headline()) + ". The apply polls the target until this holds, before the changes that read " + code(r.Binding) + ".")
		return m.String()
	}
	head := "**State**"
	if r.State != nil && r.State.HasIdentifier {
		head += ": identifier " + code(r.State.Identifier)
	}
	m.para(head + ". " + code(r.Headline()))
	if r.State == nil {
		m.para("Not in the state file: the apply creates it.")
		return m.String()
	}
	// What the display folds into its unchanged attributes is shown as applied here too.
	shown := r.Shown()
	changes := map[string]plan.Change{}
	for _, ch := range shown {
		changes[ch.Name] = ch
	}
	var rows []string
	for _, a := range r.Desired {
		ch, changed := changes[a.Name]
		if !changed {
			rows = append(rows, code(a.Name)+": "+code(a.Value.Display())+" (as applied)")
			continue
		}
		rows = append(rows, changeRow(ch))
		delete(changes, a.Name)
	}
	for _, ch := range shown {
		if _, left := changes[ch.Name]; left {
			rows = append(rows, changeRow(ch))
		}
	}
	m.list(rows)
	m.para(stateOnly(r))
	return m.String()
}

// maxStateOnly is how many attributes only the state holds (what the provider set) a card lists.
const maxStateOnly = 12

// stateOnly lists the attributes of the state the configuration does not write (what the
// provider computed: ids, ARNs), in the file's order, masked as Carina masks them; a write-only
// one is left out.
func stateOnly(r *plan.Resource) string {
	written := map[string]bool{}
	for _, a := range r.Desired {
		written[a.Name] = true
	}
	for _, ch := range r.Changes {
		written[ch.Name] = true
	}
	var items []string
	more := 0
	for _, k := range r.State.Attributes.Keys {
		if written[k] {
			continue
		}
		v, shown := r.State.Shown(k)
		if !shown {
			continue
		}
		if len(items) == maxStateOnly {
			more++
			continue
		}
		items = append(items, code(k)+" "+code(v.Display()))
	}
	if len(items) == 0 {
		return ""
	}
	out := "Also in the state: " + strings.Join(items, ", ")
	if more > 0 {
		out += fmt.Sprintf(" and %d more", more)
	}
	return out + "."
}

// changeRow writes a differing attribute: applied → configured, and whether it replaces.
func changeRow(ch plan.Change) string {
	old, new := "(not set)", "(not set)"
	if ch.HasOld {
		old = code(ch.Old.Display())
	}
	if ch.HasNew {
		new = code(ch.New.Display())
	}
	row := "**≠** " + code(ch.Name) + ": applied " + old + ", configured " + new
	if ch.Forces {
		row += " (create-only: replaces the resource)"
	}
	return strings.TrimSpace(row)
}
