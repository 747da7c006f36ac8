package langgen

import "fmt"

// Typed shapes read across directories: an upstream's exports of lists of maps, structs and
// maps of lists, and a module's typed attributes, each read by field, subscript and for.

// upstreamShapes adds typed exports of nested shapes to the upstream and reads them.
func (g *gen) upstreamShapes() {
	u := g.ensureUpstream()
	if !u.shaped {
		u.shaped = true
		g.upExports = append(g.upExports,
			"  vpc: struct { id: String, cidrs: list(String) } = { id = 'vpc-1', cidrs = ['10.0.0.0/24'] }\n",
			"  rows: list(map(String)) = [{ a = 'x' }, { a = 'y' }]\n",
			"  groups: map(list(String)) = { web = ['a'], db = ['b', 'c'] }\n")
	}
	reads := []string{u.name + ".vpc.id", u.name + ".vpc.cidrs[0]", u.name + ".rows[1]['a']", u.name + ".groups['db'][0]", u.name + ".groups.web[0]"}
	switch g.rng.IntN(4) {
	case 0:
		g.emit("let %s = for c in %s.vpc.cidrs {\n%s\n}", g.fresh("each"), u.name, resource("c"))
	case 1:
		g.emit("let %s = for k, v in %s.groups {\n%s\n}", g.fresh("each"), u.name, resource("k"))
	case 2:
		g.exports = append(g.exports, fmt.Sprintf("  %s: String = %s\n", g.fresh("e"), pick(g, reads)))
	default:
		n := g.fresh("fromup")
		g.emit("let %s = %s", n, resource(pick(g, reads)))
		g.resources = append(g.resources, n)
	}
}

// typedAttributes makes a module whose attributes are typed lists and maps, calls it, and reads
// them by subscript, by field and with for.
func (g *gen) typedAttributes() {
	dir := g.fresh("mod")
	g.file(modulesDir + "/" + dir + "/main.crn").WriteString(`arguments {
  names: list(String) = ['a', 'b']
}
let rs = for n in names {
` + resource("n") + `
}
attributes {
  ids: list(String) = [rs[0].arn]
  tags: map(String) = { env = 'prod' }
  first: String = rs[0].arn
}
`)
	m := &moduleVal{dir: dir, alias: dir, attrs: []string{"first"}, args: []argVal{{name: "names", typ: "list(String)", value: "['x']", optional: true}}}
	g.emit("let %s = use { source = './modules/%s' }", m.alias, m.dir)
	g.modules = append(g.modules, m)
	c := g.callModule(m)
	switch g.rng.IntN(4) {
	case 0:
		g.emit("let %s = for x in %s.ids {\n%s\n}", g.fresh("each"), c.name, resource("x"))
	case 1:
		g.emit("let %s = %s", g.fresh("bucket"), resource(c.name+pick(g, []string{".ids[0]", ".tags['env']", ".tags.env"})))
	case 2:
		g.exports = append(g.exports, fmt.Sprintf("  %s: %s\n", g.fresh("e"), pick(g, []string{
			"list(String) = " + c.name + ".ids", "map(String) = " + c.name + ".tags", "String = " + c.name + ".tags['env']"})))
	default:
		g.emit("let %s = %s", g.fresh("bucket"), resource(c.name+".first"))
	}
}

// compositionAcross declares a composition in one file and applies it in another, piped or
// called, and now and then composes a closure another file binds.
func (g *gen) compositionAcross() {
	c := g.fresh("comp")
	stages := pick(g, []string{"split(',') >> join('-')", "replace('-', '_') >> upper", "split(',') >> join('-') >> upper"})
	if len(g.closures) > 0 && g.chance(3) {
		stages = "split(',') >> " + pick(g, g.closures)
	}
	fmt.Fprintf(g.file(RootDir+"/other.crn"), "let %s = %s\n", c, stages)
	n := g.fresh("composed")
	switch g.rng.IntN(3) {
	case 0:
		g.emit("let %s = %s(%s)", n, c, pick(g, words))
	case 1:
		g.emit("let %s = %s |> %s()", n, pick(g, words), c)
	default:
		g.emit("let %s = %s", g.fresh("bucket"), resource(c+"("+pick(g, words)+")"))
		return
	}
	g.strs = append(g.strs, n)
}
