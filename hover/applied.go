package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/plan"
)

// Applied writes the card of a resource's state beside its configuration: the identifier the
// provider gave it, what the apply does, and each attribute the configuration writes with its
// last-applied value, those that differ marked. Values are printed as Carina's plan prints them,
// so a secret, a stored secret's hash and a write-only attribute show as (secret), never as text.
func Applied(r *plan.Resource) string {
	var m md
	head := "**State**"
	if r.State != nil && r.State.HasIdentifier {
		head += ": identifier " + code(r.State.Identifier)
	}
	m.para(head + ". " + code(r.Headline()))
	if r.State == nil {
		m.para("Not in the state file: the apply creates it.")
		return m.String()
	}
	changes := map[string]plan.Change{}
	for _, ch := range r.Changes {
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
	for _, ch := range r.Changes {
		if _, left := changes[ch.Name]; left {
			rows = append(rows, changeRow(ch))
		}
	}
	m.list(rows)
	return m.String()
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
