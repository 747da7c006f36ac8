package plan

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/schema"
)

// A changed attribute is shown as Carina's detail rows show it (carina-core detail_rows.rs):
// a list of maps element by element, a map entry by entry, a list of strings string by string,
// anything else old → new. The types below are that structure, one computation for the display
// and the JSON form alike. Values are compared as Carina's display compares them: with the
// attribute's schema type where the differ has one (differ.same: a list in order only where its
// type says so), else as the untyped differ does (every list a multiset), so that the display
// shows no change the differ did not find.

// listDiff is a changed list of maps: the new elements equal to an old one, the pairs of an old
// and a new element that differ, and the elements only one side has.
type listDiff struct {
	Unchanged []Value // in the new list's order
	Modified  []elementChange
	Added     []Value // in the new list's order
	Removed   []Value // in the old list's order
}

// elementChange is a new element paired with an old one: the fields of the new one that differ
// (a field only the old one has is not shown: a provider's addition) and how many are the same.
type elementChange struct {
	Old, New Value
	Fields   []entry
	Same     int
}

// stringsDiff is a changed list of strings compared as sets, as Carina's compute_string_list_diff
// does: duplicates conflated, order ignored.
type stringsDiff struct {
	Unchanged, Added, Removed []string
}

// entryKind is what an entry of a map's or an element's diff is.
type entryKind uint8

const (
	entryChanged entryKind = iota // Old → New (Old absent in an element's field: "(none)")
	entryAdded                    // New
	entryRemoved                  // Old
	entryMap                      // a map in both: its Entries
	entryList                     // a list of maps in both: its List
	entryStrings                  // a list of strings in both: its Strings
)

// entry is one key of a map's diff or one field of a changed element.
type entry struct {
	Kind     entryKind
	Key      string
	Old, New Value
	HasOld   bool
	Entries  []entry
	List     *listDiff
	Strings  *stringsDiff
}

// empty reports whether a list diff has nothing to show: every pair's fields the same.
func (d *listDiff) empty() bool {
	return len(d.Unchanged) == 0 && len(d.Modified) == 0 && len(d.Added) == 0 && len(d.Removed) == 0
}

// diffListOfMaps pairs a changed list's elements as Carina's compute_list_of_maps_diff_parts
// does: first each new element with the first equal old one still free, then the rest by
// similarity, best first (pairElements); a pair whose new fields all equal the old ones is
// dropped (what differs is only fields the old one has alone). t is the list's type (nil:
// untyped). hidden counts the fields of a pair that are the same (Carina's Full detail); without
// it they are not counted.
func diffListOfMaps(d differ, old, new Value, t *schema.Type, hidden bool) *listDiff {
	item := d.elem(t)
	var olds []Value
	if old.Kind == List {
		olds = old.Elems
	}
	news := new.Elems
	oldMatched := make([]bool, len(olds))
	newMatched := make([]bool, len(news))
	for ni, n := range news {
		for oi, o := range olds {
			if !oldMatched[oi] && d.same(n, o, item) {
				oldMatched[oi], newMatched[ni] = true, true
				break
			}
		}
	}
	var freeOld, freeNew []int
	for i, m := range oldMatched {
		if !m {
			freeOld = append(freeOld, i)
		}
	}
	for i, m := range newMatched {
		if !m {
			freeNew = append(freeNew, i)
		}
	}
	pick := func(idx []int, from []Value) []Value {
		out := make([]Value, len(idx))
		for i, j := range idx {
			out[i] = from[j]
		}
		return out
	}
	pairs := pairElements(d, pick(freeNew, news), pick(freeOld, olds), item)
	pairedOld := make([]bool, len(freeOld))
	out := &listDiff{}
	for i, n := range news {
		if newMatched[i] && n.Kind == Map {
			out.Unchanged = append(out.Unchanged, n)
		}
	}
	// Carina lists the pairs in the order found: by the new element.
	for ui, uo := range pairs {
		if uo < 0 {
			continue
		}
		pairedOld[uo] = true
		o, n := olds[freeOld[uo]], news[freeNew[ui]]
		if o.Kind != Map || n.Kind != Map {
			continue
		}
		if ch, ok := diffElement(d, o, n, item, hidden); ok {
			if !hidden {
				ch.Same = 0
			}
			out.Modified = append(out.Modified, ch)
		}
	}
	for ui, uo := range pairs {
		if uo < 0 && news[freeNew[ui]].Kind == Map {
			out.Added = append(out.Added, news[freeNew[ui]])
		}
	}
	for i, p := range pairedOld {
		if !p && olds[freeOld[i]].Kind == Map {
			out.Removed = append(out.Removed, olds[freeOld[i]])
		}
	}
	return out
}

// diffElement compares a paired element's fields, those of the new one in key order, each with
// its type in the element's type t; ok is false when none differs as shown.
func diffElement(d differ, o, n Value, t *schema.Type, hidden bool) (elementChange, bool) {
	ch := elementChange{Old: o, New: n}
	for _, k := range sortedKeys(n) {
		nv, _ := n.Get(k)
		ov, has := o.Get(k)
		ft := d.entry(t, k)
		switch {
		case has && d.same(nv, ov, ft):
			ch.Same++
		case has && ov.Kind == Map && nv.Kind == Map:
			nested := diffMap(d, ov, nv, ft, hidden)
			if len(nested) == 0 {
				ch.Same++
				continue
			}
			ch.Fields = append(ch.Fields, entry{Kind: entryMap, Key: k, Old: ov, New: nv, HasOld: true, Entries: nested})
		default:
			if sd, ok := diffStrings(ov, has, nv); ok {
				ch.Fields = append(ch.Fields, entry{Kind: entryStrings, Key: k, Old: ov, New: nv, HasOld: has, Strings: sd})
				continue
			}
			if has && displaySame(ov, nv) {
				ch.Same++
				continue
			}
			ch.Fields = append(ch.Fields, entry{Kind: entryChanged, Key: k, Old: ov, New: nv, HasOld: has})
		}
	}
	return ch, len(ch.Fields) > 0
}

// diffMap lists a changed map's entries that differ, in key order, as Carina's
// compute_map_diff_entries does: maps in both recursed, lists of maps diffed element by
// element, lists of strings string by string; an entry whose change would not show is left out.
// Which entries changed is decided untyped, as Carina's compute_map_diff does; a changed one that
// holds no map or list of maps is then compared with its type in t and left out when the same.
// hidden is diffListOfMaps'.
func diffMap(d differ, old, new Value, t *schema.Type, hidden bool) []entry {
	keys := slices.Clone(new.Keys)
	for _, k := range old.Keys {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out []entry
	for _, k := range keys {
		ov, hasOld := old.Get(k)
		nv, hasNew := new.Get(k)
		switch {
		case !hasOld:
			out = append(out, entry{Kind: entryAdded, Key: k, New: nv})
		case !hasNew:
			out = append(out, entry{Kind: entryRemoved, Key: k, Old: ov, HasOld: true})
		case d.same(nv, ov, nil):
		case nv.Kind != Map && !isListOfMaps(nv) && d.same(nv, ov, d.entry(t, k)):
		case ov.Kind == Map && nv.Kind == Map:
			if nested := diffMap(d, ov, nv, d.entry(t, k), hidden); len(nested) > 0 {
				out = append(out, entry{Kind: entryMap, Key: k, Old: ov, New: nv, HasOld: true, Entries: nested})
			}
		case isListOfMaps(nv):
			// Inside a map Carina shows no unchanged element.
			ld := diffListOfMaps(d, ov, nv, d.entry(t, k), hidden)
			ld.Unchanged = nil
			if !ld.empty() {
				out = append(out, entry{Kind: entryList, Key: k, Old: ov, New: nv, HasOld: true, List: ld})
			}
		default:
			if sd, ok := diffStrings(ov, true, nv); ok {
				out = append(out, entry{Kind: entryStrings, Key: k, Old: ov, New: nv, HasOld: true, Strings: sd})
				continue
			}
			if displaySame(ov, nv) {
				continue
			}
			out = append(out, entry{Kind: entryChanged, Key: k, Old: ov, New: nv, HasOld: true})
		}
	}
	return out
}

// displaySame reports whether a change would print as X → X: Carina shows no such change,
// unless a secret is on either side (every secret prints alike).
func displaySame(a, b Value) bool {
	return a.Display() == b.Display() && !hasSecret(a) && !hasSecret(b)
}

// hasSecret reports whether a value holds a secret anywhere.
func hasSecret(v Value) bool {
	if v.Kind == Secret || v.masked {
		return true
	}
	return slices.ContainsFunc(v.Elems, hasSecret)
}

// stringList is a list's elements as strings when every one is a string (an enum its text).
func stringList(v Value) ([]string, bool) {
	if v.Kind != List {
		return nil, false
	}
	out := make([]string, 0, len(v.Elems))
	for _, e := range v.Elems {
		switch e.Kind {
		case Str, Enum:
			out = append(out, e.Text)
		default:
			return nil, false
		}
	}
	return out, true
}

// diffStrings compares two lists of strings (old absent: empty) as sets; ok is false when either
// is not a list of strings or nothing was added or removed.
func diffStrings(old Value, hasOld bool, new Value) (*stringsDiff, bool) {
	ns, ok := stringList(new)
	if !ok {
		return nil, false
	}
	var os []string
	if hasOld {
		if os, ok = stringList(old); !ok {
			return nil, false
		}
	}
	d := &stringsDiff{}
	for _, s := range ns {
		if slices.Contains(os, s) {
			d.Unchanged = append(d.Unchanged, s)
		} else {
			d.Added = append(d.Added, s)
		}
	}
	for _, s := range os {
		if !slices.Contains(ns, s) {
			d.Removed = append(d.Removed, s)
		}
	}
	return d, len(d.Added) > 0 || len(d.Removed) > 0
}

// similarity is how alike a new and an old element of type t are, as Carina's similarity_score
// counts: for two maps the fields equal in both (each compared with its type), else 1 for equal
// values, 0 for different ones.
func similarity(d differ, n, o Value, t *schema.Type) int {
	if n.Kind == Map && o.Kind == Map {
		score := 0
		for i, k := range n.Keys {
			if ov, ok := o.Get(k); ok && d.same(n.Elems[i], ov, d.entry(t, k)) {
				score++
			}
		}
		return score
	}
	if d.same(n, o, t) {
		return 1
	}
	return 0
}

// pairElements pairs each new element with at most one old one (its index, -1 for none), as
// Carina's pair_list_elements does: every pair of positive similarity is scored first, then
// pairs are taken from the highest score down, so that a weaker pair never takes an element a
// stronger one wants. At one score, each new element's preferred old one goes first (the first
// old one of its best score that no earlier new element preferred), then the others by new and
// old index. Elements are of type t (nil: untyped).
func pairElements(d differ, news, olds []Value, t *schema.Type) []int {
	score := make([][]int, len(news))
	preferred := make([]int, len(news))
	best := make([]int, len(news))
	reserved := make([]bool, len(olds))
	var levels []int
	for ni, n := range news {
		score[ni] = make([]int, len(olds))
		preferred[ni] = -1
		for oi, o := range olds {
			s := similarity(d, n, o, t)
			score[ni][oi] = s
			if s > 0 && !slices.Contains(levels, s) {
				levels = append(levels, s)
			}
			best[ni] = max(best[ni], s)
		}
		if best[ni] == 0 {
			continue
		}
		first := -1
		for oi := range olds {
			if score[ni][oi] != best[ni] {
				continue
			}
			if first < 0 {
				first = oi
			}
			if !reserved[oi] {
				preferred[ni] = oi
				break
			}
		}
		if preferred[ni] < 0 {
			preferred[ni] = first
		}
		reserved[preferred[ni]] = true
	}
	slices.Sort(levels)
	slices.Reverse(levels)
	pairs := make([]int, len(news))
	for i := range pairs {
		pairs[i] = -1
	}
	taken := make([]bool, len(olds))
	for _, s := range levels {
		for ni := range news {
			if p := preferred[ni]; pairs[ni] < 0 && best[ni] == s && p >= 0 && !taken[p] {
				pairs[ni], taken[p] = p, true
			}
		}
		for ni := range news {
			if pairs[ni] >= 0 {
				continue
			}
			for oi := range olds {
				if score[ni][oi] == s && !taken[oi] {
					pairs[ni], taken[oi] = oi, true
					break
				}
			}
		}
	}
	return pairs
}

// The printing of the structure above, each line relative to the attribute column (indentRows
// puts the tree's gutter before it), at a prefix p of spaces within it; col is the attribute
// column's own, for the values laid out by Carina's pretty printer.

// writeListDiff prints a list of maps' diff: unchanged elements inline, a changed one inline
// when each changed field fits on its line (else as a block), added and removed ones as blocks.
func writeListDiff(b *strings.Builder, d *listDiff, p string, col int) {
	for _, u := range d.Unchanged {
		line(b, p+"    "+u.Display())
	}
	for _, m := range d.Modified {
		block := slices.ContainsFunc(m.Fields, func(f entry) bool { return f.Kind == entryMap || f.Kind == entryStrings })
		if !block {
			parts := make([]string, 0, len(m.Fields)+1)
			for _, f := range m.Fields {
				parts = append(parts, f.Key+": "+oldText(f)+" → "+f.New.Display())
			}
			if m.Same > 0 {
				parts = append(parts, hiddenSummary(m.Same, "field"))
			}
			line(b, p+"  ~ {"+strings.Join(parts, ", ")+"}")
			continue
		}
		line(b, p+"  ~ {")
		for _, f := range m.Fields {
			switch f.Kind {
			case entryMap:
				line(b, p+"      "+f.Key+":")
				writeMapDiff(b, f.Entries, p+"      ", col)
			case entryStrings:
				line(b, p+"      "+f.Key+":")
				writeStringsDiff(b, f.Strings, p+"      ")
			default:
				line(b, p+"    ~ "+f.Key+": "+oldText(f)+" → "+f.New.Display())
			}
		}
		if m.Same > 0 {
			line(b, p+"      "+hiddenSummary(m.Same, "field"))
		}
		line(b, p+"    }")
	}
	for _, e := range d.Added {
		writeElement(b, "+", e, p, col)
	}
	for _, e := range d.Removed {
		writeElement(b, "-", e, p, col)
	}
}

// writeElement prints a wholly added or removed element as a block, each field laid out by the
// pretty printer, a blank line after a list of two or more maps before the next field.
func writeElement(b *strings.Builder, marker string, e Value, p string, col int) {
	line(b, p+"  "+marker+" {")
	fieldCol := col + len(p) + 6
	sep := false
	for _, k := range sortedKeys(e) {
		v, _ := e.Get(k)
		if sep {
			line(b, "")
		}
		sep = separated(v)
		line(b, p+"      "+k+": "+under(pretty(v, fieldCol, k), col+len(p), p))
	}
	line(b, p+"    }")
}

// writeMapDiff prints a map's diff entries at prefix p.
func writeMapDiff(b *strings.Builder, entries []entry, p string, col int) {
	for _, e := range entries {
		switch e.Kind {
		case entryChanged:
			line(b, p+"  ~ "+e.Key+": "+e.Old.Display()+" → "+e.New.Display())
		case entryAdded:
			line(b, p+"  + "+e.Key+": "+e.New.Display())
		case entryRemoved:
			line(b, p+"  - "+e.Key+": "+e.Old.Display())
		case entryMap:
			line(b, p+"    "+e.Key+":")
			writeMapDiff(b, e.Entries, p+"    ", col)
		case entryList:
			line(b, p+"    "+e.Key+":")
			writeListDiff(b, e.List, p+"    ", col)
		case entryStrings:
			line(b, p+"    "+e.Key+":")
			writeStringsDiff(b, e.Strings, p+"    ")
		}
	}
}

// writeStringsDiff prints a list of strings' diff: the removed, the added, the count of the rest.
func writeStringsDiff(b *strings.Builder, d *stringsDiff, p string) {
	for _, s := range d.Removed {
		line(b, p+"  - "+quote(s))
	}
	for _, s := range d.Added {
		line(b, p+"  + "+quote(s))
	}
	if len(d.Unchanged) > 0 {
		line(b, p+"  "+hiddenSummary(len(d.Unchanged), "element"))
	}
}

// oldText is a changed field's old side, "(none)" where the old element lacks it.
func oldText(f entry) string {
	if !f.HasOld {
		return "(none)"
	}
	return f.Old.Display()
}

// hiddenSummary is Carina's `# (n unchanged <noun>s hidden)`.
func hiddenSummary(n int, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return "# (" + itoa(n) + " unchanged " + noun + " hidden)"
}

// line appends a line of a row (rows' lines are joined by "\n").
func line(b *strings.Builder, s string) {
	if b.Len() > 0 {
		b.WriteByte('\n')
	}
	b.WriteString(s)
}

// under moves a pretty text's further lines from absolute columns to the prefix p, as Carina's
// reindent_with_gutter does: the first col spaces give way to p; a blank line stays blank.
func under(s string, col int, p string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		n := len(l) - len(strings.TrimLeft(l, " "))
		rest := l[min(n, col):]
		if rest == "" {
			lines[i] = ""
			continue
		}
		lines[i] = p + rest
	}
	return strings.Join(lines, "\n")
}
