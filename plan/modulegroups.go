package plan

// `carina plan` groups the changes a module instance makes under a header naming the instance
// and the module's source, `▾ module "cluster" (./modules/cluster)`, each one of its changes
// below it as a child; Carina's snapshot tests print without (no expansion trace) and so does
// Write without Options.Modules. The changes the root declares come first, then each instance's
// (the outermost, for a module inside a module) in the order they first appear.

// group is the top-level changes of one outermost module instance.
type group struct {
	name, source string
	roots        []int
}

// roots prints the tree's top-level changes: grouped by module instance with opts.Modules.
func (pr *printer) roots() {
	var plain []int
	var groups []*group
	byName := map[string]*group{}
	for _, i := range pr.tree.roots {
		s := pr.tree.effects[i].instance
		if !pr.opts.Modules || s == nil || s.outer == nil {
			plain = append(plain, i)
			continue
		}
		g := byName[s.outer.name]
		if g == nil {
			g = &group{name: s.outer.name, source: s.outer.source}
			byName[g.name] = g
			groups = append(groups, g)
		}
		g.roots = append(g.roots, i)
	}
	for k, i := range plain {
		pr.effect(i, 0, k == len(plain)-1 && len(groups) == 0, "", "")
	}
	for _, g := range groups {
		header := leftMargin + "▾ module \"" + g.name + "\""
		if g.source != "" {
			header += " (" + g.source + ")"
		}
		pr.out.WriteString(header + "\n")
		var todo []int
		for _, i := range g.roots {
			if !pr.printed[i] {
				todo = append(todo, i)
			}
		}
		for k, i := range todo {
			last := k == len(todo)-1
			if pr.effect(i, 1, last, spaceCont, "") && !last {
				pr.out.WriteString(leftMargin + spaceCont + vertical + "\n")
			}
		}
	}
}
