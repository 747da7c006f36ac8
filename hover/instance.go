package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/plan"
)

// Instance is the card of a module call's statement with a local state file: the instance it
// makes, what the apply does to it in all, and each of its resources with what the apply does
// to that one. The statement declares none of them itself, so the card is the one place the
// editor shows them beside the call.
func Instance(in plan.Instance) string {
	var m md
	head := "**Module instance** " + code(in.Name) + " of " + code(in.Module)
	if in.Source != "" {
		head += " (" + code(in.Source) + ")"
	}
	m.para(head + ": " + in.Summary().Brief() + ".")
	rows := make([]string, 0, len(in.Resources))
	for _, r := range in.Resources {
		h := r.Headline()
		if !strings.HasPrefix(h, r.Identity+": ") {
			h = r.Identity + ": " + h // a wait's headline names no one
		}
		if r.Op == plan.Wait {
			rows = append(rows, code(h))
			continue
		}
		rows = append(rows, code(h)+" ("+r.Provider+"."+r.Type+")")
	}
	m.list(rows)
	return m.String()
}
