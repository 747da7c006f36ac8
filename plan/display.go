package plan

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// The plan tree's pieces, as Carina draws them.
const (
	leftMargin   = "  "
	attrBase     = "    "
	vertical     = "│"
	verticalCont = "│  "
	branch       = "├─ "
	corner       = "└─ "
	spaceCont    = "   "
)

// Options are the choices of the display.
type Options struct {
	// DeleteAttributes lists the stored attributes under each delete, as `carina plan` does;
	// Carina's snapshot tests mostly print without them.
	DeleteAttributes bool
	// Exports prints the Exports section, as `carina plan` does; Carina's snapshot tests
	// mostly print without it.
	Exports bool
	// Compact prints no attributes, and an anonymous resource by a hint of what it is, as
	// `carina plan --detail none` does (compact.go).
	Compact bool
	// Explicit prints only the attributes the configuration writes, as `carina plan --detail
	// explicit` does: no count of the unchanged ones hidden.
	Explicit bool
	// Modules groups a module instance's changes under a header `▾ module "<instance>"
	// (<source>)`, as `carina plan` does (modulegroups.go); Carina's snapshot tests print
	// without.
	Modules bool
}

// Write prints the plan as `carina plan` does (its tree view, full detail, no colour): the
// changes, each under the change it waits for, and the summary line.
func Write(w io.Writer, p *Plan, opts Options) error {
	var effects []*Resource
	var residual []*Resource
	for _, r := range p.Resources {
		switch {
		case r.Template != nil && r.Template.Residual:
			residual = append(residual, r)
		case r.Op != NoChange:
			effects = append(effects, r)
		}
	}
	exports := p.Exports
	if !opts.Exports {
		exports = nil
	}
	if p.Destroy {
		return writeDestroy(w, p, effects, opts)
	}
	if len(effects) == 0 && len(residual) == 0 && len(exports) == 0 {
		_, err := io.WriteString(w, "No changes. Infrastructure is up-to-date.\n")
		return err
	}
	pr := &printer{tree: buildTree(effects), printed: map[int]bool{}, opts: opts}
	pr.out.WriteString("Execution Plan:\n\n")
	pr.printTree(effects)
	for _, r := range residual {
		fmt.Fprintf(&pr.out, "%s+ %s.%s %s\n", leftMargin, r.Provider, r.Type, templateName(r))
		for _, row := range templateRows(r) {
			pr.out.WriteString(leftMargin + attrBase + row + "\n")
		}
	}
	if len(exports) > 0 {
		pr.out.WriteString("\nExports:\n\n")
		for _, e := range exports {
			typ := ""
			if e.Type != "" {
				typ = ": " + e.Type
			}
			switch {
			case !e.HasNew:
				fmt.Fprintf(&pr.out, "  - %s = %s\n", e.Name, storedExportText(e.Old))
			case !e.HasOld:
				fmt.Fprintf(&pr.out, "  + %s%s = %s\n", e.Name, typ, exportText(e.New))
			default:
				fmt.Fprintf(&pr.out, "  ~ %s%s = %s → %s\n", e.Name, typ, storedExportText(e.Old), exportText(e.New))
			}
		}
	}
	s := p.Summary()
	var parts []string
	if s.Import > 0 {
		parts = append(parts, fmt.Sprintf("%d to import", s.Import))
	}
	parts = append(parts, fmt.Sprintf("%d to add", s.Create), fmt.Sprintf("%d to change", s.Update))
	if s.Replace > 0 {
		parts = append(parts, fmt.Sprintf("%d to replace", s.Replace))
	}
	parts = append(parts, fmt.Sprintf("%d to destroy", s.Delete))
	if s.Remove > 0 {
		parts = append(parts, fmt.Sprintf("%d to remove from state", s.Remove))
	}
	if s.Move > 0 {
		parts = append(parts, fmt.Sprintf("%d to move", s.Move))
	}
	if s.Wait > 0 {
		parts = append(parts, fmt.Sprintf("%d to wait", s.Wait))
	}
	if len(exports) > 0 {
		parts = append(parts, fmt.Sprintf("%d export change(s)", len(exports)))
	}
	fmt.Fprintf(&pr.out, "\nPlan: %s.\n", strings.Join(parts, ", "))
	for _, r := range append(slices.Clip(effects), residual...) {
		if t := r.Template; t != nil {
			fmt.Fprintf(&pr.out, "       N to %s after %s %s.\n", templateAction(t), t.Upstream, t.Verb)
		}
	}
	pr.out.WriteString("\n")
	_, err := io.WriteString(w, pr.out.String())
	return err
}

// writeDestroy prints a destroy's plan as `carina destroy` does (format_destroy_plan, then what
// run_destroy prints below it): the tree of deletes, the resources prevent_destroy keeps, the
// summary line.
func writeDestroy(w io.Writer, p *Plan, effects []*Resource, opts Options) error {
	if len(effects) == 0 && len(p.Guarded) == 0 {
		_, err := io.WriteString(w, "No resources to destroy.\n")
		return err
	}
	pr := &printer{tree: buildTree(effects), printed: map[int]bool{}, opts: opts}
	if len(effects) > 0 {
		pr.out.WriteString("Destroy Plan:\n\n")
		pr.printTree(effects)
	}
	if len(p.Guarded) > 0 {
		pr.out.WriteString("\nError: the following resources have prevent_destroy set and cannot be destroyed:\n")
		for _, r := range p.Guarded {
			fmt.Fprintf(&pr.out, "  ✗ %s.%s.%s\n", r.Provider, r.Type, r.Identity)
		}
		pr.out.WriteString("\nUse --force to override prevent_destroy and destroy these resources.\n")
	}
	if len(p.Guarded) > 0 {
		fmt.Fprintf(&pr.out, "\nPlan: %d to destroy, %d protected.\n\n", len(effects), len(p.Guarded))
	} else {
		fmt.Fprintf(&pr.out, "\nPlan: %d to destroy.\n\n", len(effects))
	}
	_, err := io.WriteString(w, pr.out.String())
	return err
}

// printTree prints the effects as a tree from its roots, then those no root reaches.
func (pr *printer) printTree(effects []*Resource) {
	pr.roots()
	var rest []int
	for i := range effects {
		if !pr.printed[i] {
			rest = append(rest, i)
		}
	}
	for i, r := range rest {
		pr.effect(r, 0, i == len(rest)-1, "", "")
	}
}

type printer struct {
	opts    Options
	out     strings.Builder
	tree    tree
	printed map[int]bool
}

// effect prints one change and, below it, the changes that wait for it; parent is the binding
// of the change it is printed under. It reports whether anything was printed below its header
// line.
func (pr *printer) effect(i, indent int, last bool, prefix, parent string) bool {
	if pr.printed[i] {
		return false
	}
	pr.printed[i] = true
	r := pr.tree.effects[i]
	sigil := map[Op]string{Create: "+", Update: "~", Replace: "-/+", Delete: "-", Import: "<-", Remove: "~", Move: "->", DeferredCreate: "+", Wait: ">"}[r.Op]
	if r.Op == Replace && r.Directives.CreateBeforeDestroy || r.Template != nil && len(r.Template.Replaces) > 0 {
		sigil = "+/-"
	}
	line := leftMargin + sigil + " "
	if indent > 0 {
		c := branch
		if last {
			c = corner
		}
		line = leftMargin + prefix + c + sigil + " "
	}
	name := r.Identity
	if r.Unresolved {
		name = anonymousName(r)
	}
	if r.Template != nil {
		name = templateName(r)
	}
	if pr.opts.Compact && r.Binding == "" && (r.Op == Create || r.Op == Update || r.Op == Replace) {
		if hint, ok := compactHint(r, parent); ok {
			name = "(" + hint + ")"
		}
	}
	note := ""
	switch {
	case r.Op == Delete && r.Binding != "":
		name = r.Binding
	case r.Op == Replace && r.Directives.CreateBeforeDestroy:
		note = " (must be replaced, create before destroy)"
	case r.Op == Replace:
		note = " (must be replaced)"
	}
	if r.Deposed != nil {
		note = " (deposed " + r.Deposed.Identifier + ")"
	}
	switch {
	case r.Op == Import:
		note = " (import: " + r.ImportID + ")"
	case r.Op == Remove:
		note = " (remove from state)"
	case r.MovedFrom != "":
		note += " (moved from: " + r.MovedFrom + ")"
	}
	if r.Op == Wait {
		fmt.Fprintf(&pr.out, "%s%s (until %s)\n", line, r.Binding, r.Until)
	} else {
		fmt.Fprintf(&pr.out, "%s%s.%s %s%s\n", line, r.Provider, r.Type, name, note)
	}

	attrPrefix := leftMargin + attrBase
	if indent > 0 {
		cont := verticalCont
		if last {
			cont = spaceCont
		}
		attrPrefix = leftMargin + prefix + cont + spaceCont
	}
	var rows []string
	switch {
	case r.Op == Wait:
	case r.Template != nil:
		rows = templateRows(r)
	case !pr.opts.Compact && (r.Op != Delete || pr.opts.DeleteAttributes):
		rows = detailRows(r, utf8.RuneCountInString(attrPrefix), !pr.opts.Explicit)
	}
	for _, row := range rows {
		pr.out.WriteString(indentRows(row, attrPrefix))
	}
	shown := len(rows) > 0

	var children []int
	for _, c := range pr.tree.dependents[i] {
		if !pr.printed[c] {
			children = append(children, c)
		}
	}
	if len(children) == 0 {
		return shown
	}
	childPrefix := attrBase + "  "
	if indent > 0 {
		cont := verticalCont
		if last {
			cont = spaceCont
		}
		childPrefix = prefix + cont + spaceCont
	}
	if shown {
		pr.out.WriteString(leftMargin + childPrefix + vertical + "\n")
	}
	any := false
	for k, c := range children {
		lastChild := k == len(children)-1
		had := pr.effect(c, indent+1, lastChild, childPrefix, r.Binding)
		any = any || had
		if had && !lastChild {
			pr.out.WriteString(leftMargin + childPrefix + vertical + "\n")
		}
	}
	return shown || any
}

// indentRows puts a row's lines (joined by "\n", each relative to the attribute column) under
// the prefix.
func indentRows(row, prefix string) string {
	var b strings.Builder
	for _, l := range strings.Split(row, "\n") {
		if l == "" {
			// A blank separator line keeps the tree's bars, not the padding after them.
			b.WriteString(strings.TrimRight(prefix, " ") + "\n")
			continue
		}
		b.WriteString(prefix + l + "\n")
	}
	return b.String()
}

// anonymousName stands for the identity Carina would derive for an anonymous resource: a hash
// of its internal value representation this package does not reproduce.
func anonymousName(r *Resource) string {
	return snake(r.Provider) + "_" + snake(strings.ReplaceAll(r.Type, ".", "_")) + "_(anonymous)"
}

// snake spells PascalCase in snake_case, as Carina's pascal_to_snake does.
func snake(s string) string {
	var b strings.Builder
	for i, c := range s {
		if c >= 'A' && c <= 'Z' {
			if i > 0 && s[i-1] != '_' {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String()
}

// detailRows are the attribute lines under a change's header, each a text of one or more lines.
func detailRows(r *Resource, cols int, hidden bool) []string {
	switch r.Op {
	case Create:
		attrs := map[string]Value{}
		var keys []string
		for _, a := range r.Desired {
			if _, dup := attrs[a.Name]; !dup {
				keys = append(keys, a.Name)
			}
			attrs[a.Name] = a.Value
		}
		slices.Sort(keys)
		var rows []string
		for _, k := range keys {
			rows = append(rows, attrRow(k, attrs[k], cols))
		}
		return rows
	case Delete:
		attrs := r.State.Attributes
		if r.Deposed != nil {
			attrs = r.Deposed.Attributes
		}
		keys := slices.Clone(attrs.Keys)
		slices.Sort(keys)
		var rows []string
		for _, k := range keys {
			if strings.HasPrefix(k, "_") || slices.Contains(r.State.WriteOnly, k) {
				continue
			}
			v, _ := attrs.Get(k)
			if v.Kind == 0 { // null: Carina drops it
				continue
			}
			rows = append(rows, attrRow(k, fromState(v), cols))
		}
		return rows
	case Import:
		return []string{"id: " + r.ImportID}
	case Update, Replace:
		changes := slices.Clone(r.Changes)
		slices.SortStableFunc(changes, func(a, b Change) int {
			// Carina lists the written attributes first, then those removed.
			if a.HasNew != b.HasNew {
				if a.HasNew {
					return -1
				}
				return 1
			}
			return strings.Compare(a.Name, b.Name)
		})
		var rows []string
		unchanged := r.UnchangedLen
		for _, ch := range changes {
			row, ok := changeRow(r.differ(), ch, cols, hidden)
			if !ok {
				unchanged++
				continue
			}
			rows = append(rows, row)
		}
		if hidden && unchanged > 0 {
			rows = append(rows, hiddenSummary(unchanged, "attribute"))
		}
		return rows
	}
	return nil
}

// Shown returns the changes the display prints, in the differ's order: one it folds into
// `# (n unchanged attributes hidden)` (it would print nothing, or X → X) is left out, so the JSON
// form, the code lens and the hover say what the display says. The operation and the summary
// still count it, as Carina's do: such a resource is an update with no attribute shown.
func (r *Resource) Shown() []Change {
	var out []Change
	for _, ch := range r.Changes {
		if _, ok := changeRow(r.differ(), ch, 0, false); ok {
			out = append(out, ch)
		}
	}
	return out
}

// attrRow prints an attribute of a created or deleted resource whose attribute column is cols:
// a list as Carina's pretty printer lays it out, a map one entry a line (each entry laid out so),
// with a blank line after a list of two or more maps before the next entry.
func attrRow(k string, v Value, cols int) string {
	switch v.Kind {
	case List:
		return k + ": " + relative(pretty(v, cols, k), cols)
	case Map:
		var b strings.Builder
		b.WriteString(k + ":")
		sep := false
		for _, mk := range sortedKeys(v) {
			e, _ := v.Get(mk)
			if sep {
				b.WriteString("\n")
			}
			sep = separated(e)
			b.WriteString("\n  " + mk + ": " + relative(pretty(e, cols+2, mk), cols))
		}
		return b.String()
	}
	return k + ": " + v.Display()
}

// changeRow prints a changed attribute as Carina's detail rows do, at attribute column cols: a
// list of maps element by element, a map entry by entry, a list of strings string by string,
// anything else old → new. ok is false when nothing of the change would show (a pair of elements
// that differ only in fields the old one has alone, a value printed alike on both sides): Carina
// counts it with the unchanged attributes. hidden counts a changed element's unchanged fields.
// d is the differ that found the change: its attribute's type decides what inside compares equal.
func changeRow(d differ, ch Change, cols int, hidden bool) (row string, ok bool) {
	t := d.attr(ch.Name)
	forces := ""
	if ch.Forces {
		forces = " (forces replacement)"
	}
	head := ch.Name + ":" + forces
	var b strings.Builder
	if !ch.HasNew {
		switch {
		case ch.Old.Kind == Map && len(ch.Old.Keys) > 0:
			line(&b, head)
			for _, k := range sortedKeys(ch.Old) {
				e, _ := ch.Old.Get(k)
				line(&b, "  - "+k+": "+e.Display())
			}
			return b.String(), true
		case isListOfMaps(ch.Old):
			line(&b, head)
			writeListDiff(&b, diffListOfMaps(d, ch.Old, Value{Kind: List}, t, hidden), "", cols)
			return b.String(), true
		}
		return ch.Name + ": " + ch.Old.Display() + " → (removed)" + forces, true
	}
	switch {
	case isListOfMaps(ch.New):
		ld := diffListOfMaps(d, ch.Old, ch.New, t, hidden)
		if ld.empty() {
			return head, ch.Forces
		}
		line(&b, head)
		writeListDiff(&b, ld, "", cols)
		return b.String(), true
	case ch.New.Kind == Map && (!ch.HasOld || ch.Old.Kind == Map):
		entries := diffMap(d, ch.Old, ch.New, t, hidden)
		if len(entries) == 0 {
			return head, ch.Forces
		}
		line(&b, head)
		writeMapDiff(&b, entries, "", cols)
		return b.String(), true
	}
	if d, ok := diffStrings(ch.Old, ch.HasOld, ch.New); ok {
		line(&b, head)
		writeStringsDiff(&b, d, "")
		return b.String(), true
	}
	old := "(none)"
	if ch.HasOld {
		old = ch.Old.Display()
		if !ch.Forces && displaySame(ch.Old, ch.New) {
			return "", false
		}
	}
	return ch.Name + ": " + old + " → " + ch.New.Display() + forces, true
}
