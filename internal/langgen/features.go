package langgen

import (
	"fmt"
	"strings"
)

// feature is one construct of the language a program may draw, added to the root (and the
// directories it reads) with names the program bound before.
type feature struct {
	name string
	add  func(*gen)
}

var features = []feature{
	{"let literals", (*gen).letLiterals},
	{"user function", (*gen).userFunction},
	{"partial application", (*gen).partial},
	{"pipe", (*gen).pipe},
	{"composition", (*gen).composition},
	{"if value", (*gen).ifValue},
	{"if statement", (*gen).ifStatement},
	{"for over a list", (*gen).forList},
	{"for over a map", (*gen).forMap},
	{"for over structs", (*gen).forStructs},
	{"resource", (*gen).resourceLet},
	{"module call", func(g *gen) { g.callModule(g.module()) }},
	{"module in if or for", (*gen).moduleInControl},
	{"upstream state reads", (*gen).upstreamRead},
	{"exports block", (*gen).exportSome},
	{"built-in calls", (*gen).builtinCalls},
	{"module checked by itself", (*gen).moduleAlone},
	{"field and index access", (*gen).access},
	{"coalesce", (*gen).coalesce},
	{"module call with values", (*gen).callWithValues},
	{"typed exports", (*gen).typedExports},
	{"custom-typed function", (*gen).customFunction},
	{"nested module", (*gen).nestedModule},
	{"for over module calls", (*gen).forModules},
	{"upstream values passed on", (*gen).upstreamOn},
	{"functions calling functions", (*gen).fnChain},
	{"module with control flow", (*gen).controlModule},
	{"interpolation", (*gen).interpolation},
	{"typed function parameters", (*gen).typedParams},
	{"anonymous statements", (*gen).anonymous},
	{"pipe into a user function", (*gen).pipeUser},
	{"shadowing", (*gen).shadowing},
	{"quoted map keys", (*gen).quotedKeys},
	{"data source", (*gen).dataSource},
	{"depends_on lists", (*gen).dependsOn},
	{"wait reads", (*gen).waitRead},
	{"provider blocks", (*gen).providerBlocks},
	{"upstream shapes", (*gen).upstreamShapes},
	{"typed module attributes", (*gen).typedAttributes},
	{"composition across files", (*gen).compositionAcross},
}

func (g *gen) dataSource() {
	n := g.fresh("found")
	g.emit("let %s = read awscc.s3.Bucket {\n  bucket_name = %s\n}", n, g.str())
	g.resources = append(g.resources, n)
}

// dependsOn orders a resource after something the root bound: a resource, a for, a module
// call, or now and then a value let or a data source, which Carina refuses.
func (g *gen) dependsOn() {
	var targets []string
	targets = append(targets, g.resources...)
	for _, f := range g.fors {
		targets = append(targets, f.name)
	}
	for _, c := range g.calls {
		targets = append(targets, c.name)
	}
	if len(targets) == 0 || g.chance(5) {
		targets = append(targets, g.strs...)
	}
	if len(targets) == 0 {
		return
	}
	g.emit("let %s = awscc.s3.Bucket {\n  bucket_name = %s\n  directives { depends_on = [%s] }\n}", g.fresh("after"), g.str(), pick(g, targets))
}

func (g *gen) pipeUser() {
	f := g.fnDecl()
	g.fns = append(g.fns, f)
	n := g.fresh("piped")
	args := make([]string, f.required-1)
	for i := range args {
		args[i] = pick(g, words)
	}
	g.emit("let %s = %s |> %s(%s)", n, g.str(), f.name, strings.Join(args, ", "))
	g.strs = append(g.strs, n)
}

// shadowing reuses a name the root bound as a loop variable, a parameter or a local.
func (g *gen) shadowing() {
	if len(g.strs) == 0 {
		g.letLiterals()
		if len(g.strs) == 0 {
			return
		}
	}
	x := pick(g, g.strs)
	switch g.rng.IntN(3) {
	case 0:
		g.emit("let %s = for %s in ['a', 'b'] {\n%s\n}", g.fresh("each"), x, resource(x))
	case 1:
		f := g.fresh("f")
		g.emit("fn %s(%s: String): String {\n  upper(%s)\n}", f, x, x)
		g.emit("let %s = %s('q')", g.fresh("r"), f)
	default:
		g.emit("let %s = if true {\n  let %s = 'inner'\n  %s\n} else {\n  'b'\n}", g.fresh("v"), x, x)
	}
}

func (g *gen) quotedKeys() {
	n := g.fresh("m")
	g.emit("let %s = { 'a.b' = 'x', 'c-d' = %s }", n, g.str())
	switch g.rng.IntN(3) {
	case 0:
		g.emit("let %s = %s", g.fresh("bucket"), resource(n+"['a.b']"))
	case 1:
		g.emit("let %s = for k, v in %s {\n%s\n}", g.fresh("bykey"), n, resource("v"))
	default:
		g.emit("let %s = for k, v in ({ 'x.y' = 'a', z = 'b' }) {\n%s\n}", g.fresh("bykey"), resource("k"))
	}
}

// controlModule makes a module whose body branches and loops on its arguments, and calls it
// (or has it checked by itself).
func (g *gen) controlModule() {
	dir := g.fresh("mod")
	valid := pick(g, []string{"length(names) > 0", "length(names) >= 1 && flag == true", "prefix != ''", "length(prefix) < 10 || flag"})
	body := fmt.Sprintf(`arguments {
  flag: Bool = true
  names: list(String) = ['a']
  prefix: String {
    default = 'p'
    validation {
      condition = %s
      error_message = 'bad'
    }
  }
}
let rs = for n in %s {
%s
}
let one = if flag {
%s
} else {
%s
}
attributes {
  arn = one.arn
  first = rs[0].arn
}
`, valid, pick(g, []string{"names", "['a', 'b']", "['a']"}), resource(`"${prefix}-${n}"`), resource("prefix"), resource("'other'"))
	g.file(modulesDir + "/" + dir + "/main.crn").WriteString(body)
	m := &moduleVal{dir: dir, alias: dir, attrs: []string{"arn", "first"}, args: []argVal{
		{name: "flag", typ: "Bool", value: g.cond(), optional: true},
		{name: "names", typ: "list(String)", value: pick(g, []string{"[]", "['x', 'y']", g.list()}), optional: true},
		{name: "prefix", typ: "String", value: g.str(), optional: true},
	}}
	g.emit("let %s = use { source = './modules/%s' }", m.alias, m.dir)
	g.modules = append(g.modules, m)
	if g.chance(4) {
		g.target = modulesDir + "/" + dir
	}
	g.callModule(m)
}

func (g *gen) interpolation() {
	var parts []string
	for _, names := range [][]string{g.strs, g.lists, g.maps, g.bools, g.resources} {
		if len(names) > 0 {
			parts = append(parts, pick(g, names))
		}
	}
	if len(parts) == 0 {
		parts = []string{pick(g, []string{"1", "true", "upper('a')"})}
	}
	n := g.fresh("text")
	g.emit("let %s = \"${%s}/${%s}\"", n, pick(g, parts), pick(g, parts))
	if g.chance(2) {
		g.emit("let %s = %s", g.fresh("bucket"), resource(n))
	}
}

func (g *gen) typedParams() {
	f := g.fresh("f")
	g.emit("fn %s(xs: list(String), n: Int = 1, on: Bool = true, m: map(String) = { a = 'x' }): String {\n  join('-', xs)\n}", f)
	args := []string{g.list()}
	switch g.rng.IntN(3) {
	case 1:
		args = append(args, pick(g, []string{"2", "0"}))
	case 2:
		args = append(args, "3", g.cond())
		if len(g.maps) > 0 {
			args = append(args, pick(g, g.maps))
		}
	}
	n := g.fresh("r")
	g.emit("let %s = %s(%s)", n, f, strings.Join(args, ", "))
	g.strs = append(g.strs, n)
}

func (g *gen) anonymous() {
	switch g.rng.IntN(5) {
	case 3:
		g.emit("for x in [%s] {\n%s\n}", g.str(), resource("x"))
	case 4:
		g.emit("if %s {\n%s\n}", g.cond(), resource(g.str()))
	case 0:
		g.emit("%s", resource(g.str()))
	case 1:
		g.emit("let _ = %s", pick(g, []string{g.str(), g.list(), resource(g.str())}))
	default:
		m := g.module()
		g.emit("%s {\n%s\n}", m.alias, strings.Join(g.args(m), "\n"))
	}
}

// nestedModule makes a module that calls another, passing its argument on, and calls it.
func (g *gen) nestedModule() {
	outer, inner := g.fresh("mod"), g.fresh("mod")
	typ := pick(g, []string{"String", "list(String)", "Int"})
	value := map[string]string{"String": "'v'", "list(String)": "['a']", "Int": "2"}[typ]
	g.file(modulesDir + "/" + inner + "/main.crn").WriteString("arguments {\n  s: " + typ + "\n}\nattributes {\n  got = s\n}\n")
	g.file(modulesDir + "/" + outer + "/main.crn").WriteString(fmt.Sprintf(
		"arguments {\n  a0: %s\n}\nlet child = use { source = '../%s' }\nlet c = child {\n  s = a0\n}\nattributes {\n  arn = c.got\n}\n", typ, inner))
	m := &moduleVal{dir: outer, alias: outer, args: []argVal{{name: "a0", typ: typ, value: value}}, attrs: []string{"arn"}}
	g.emit("let %s = use { source = './modules/%s' }", m.alias, m.dir)
	g.modules = append(g.modules, m)
	g.callModule(m)
}

func (g *gen) forModules() {
	m := g.module()
	n := g.fresh("each")
	var args []string
	for _, a := range m.args {
		v := a.value
		if a.typ == "String" {
			v = "x"
		}
		args = append(args, fmt.Sprintf("  %s = %s", a.name, v))
	}
	g.emit("let %s = for (i, x) in ['a', 'b'] {\n%s {\n%s\n}\n}", n, m.alias, strings.Join(args, "\n"))
	if len(m.attrs) > 0 {
		read := fmt.Sprintf("%s[%d].%s", n, g.rng.IntN(2), pick(g, m.attrs))
		if g.chance(2) {
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", g.fresh("e"), read))
		} else {
			g.emit("let %s = %s", g.fresh("bucket"), resource(read))
		}
	}
}

func (g *gen) upstreamOn() {
	u := g.ensureUpstream()
	e := pick(g, u.order)
	switch g.rng.IntN(3) {
	case 0:
		g.exports = append(g.exports, fmt.Sprintf("  %s: %s = %s.%s\n", g.fresh("e"), u.exports[e], u.name, e))
	case 1:
		g.exports = append(g.exports, fmt.Sprintf("  %s = %s.%s\n", g.fresh("e"), u.name, e))
	default:
		if u.exports[e] == "list(String)" {
			g.emit("let %s = for (i, z) in %s.%s {\n%s\n}", g.fresh("each"), u.name, e, resource("\"${z}-${i}\""))
			return
		}
		g.emit("let %s = %s", g.fresh("copy"), u.name+"."+e)
	}
}

func (g *gen) fnChain() {
	f := g.fnDecl()
	h := g.fresh("f")
	// The caller in another file now and then: Carina calls a function of another file only
	// where it resolves values.
	args := []string{"x"}
	for len(args) < f.required {
		args = append(args, pick(g, words))
	}
	text := fmt.Sprintf("fn %s(x: String): String {\n  %s(%s)\n}\n", h, f.name, strings.Join(args, ", "))
	path := RootDir + "/main.crn"
	if g.chance(3) {
		path = RootDir + "/funcs.crn"
	}
	g.file(path).WriteString(text)
	n := g.fresh("r")
	g.emit("let %s = %s(%s)", n, h, g.str())
	g.strs = append(g.strs, n)
}

func (g *gen) access() {
	var reads []string
	for _, l := range g.lists {
		reads = append(reads, l+"[0]")
	}
	for _, m := range g.maps {
		reads = append(reads, m+"['a']", m+".a")
	}
	for _, st := range g.structs {
		reads = append(reads, st+".n", st+"['m']")
	}
	if len(reads) == 0 {
		g.letLiterals()
		return
	}
	n := g.fresh("fetched")
	r := pick(g, reads)
	if g.chance(2) {
		g.emit("let %s = %s", n, resource(r))
		g.resources = append(g.resources, n)
		return
	}
	g.emit("let %s = %s", n, r)
}

func (g *gen) coalesce() {
	n := g.fresh("either")
	g.emit("let %s = %s ?? %s", n, g.ref(), g.str())
	g.emit("let %s = %s", g.fresh("bucket"), resource(n))
}

// callWithValues calls a module with arguments read from what the root bound, not literals.
func (g *gen) callWithValues() {
	m := g.module()
	var args []string
	for _, a := range m.args {
		v := a.value
		switch a.typ {
		case "String":
			v = pick(g, []string{g.str(), g.ref()})
		case "list(String)":
			v = g.list()
		case "map(String)":
			if len(g.maps) > 0 {
				v = pick(g, g.maps)
			}
		case "Bool":
			v = g.cond()
		case "Ipv4Cidr":
			if u := g.upstream; u != nil && u.exports["cidr"] != "" {
				v = u.name + ".cidr"
			}
		}
		if !a.optional || g.chance(2) {
			args = append(args, fmt.Sprintf("  %s = %s", a.name, v))
		}
	}
	g.callModule(m, args...)
}

func (g *gen) typedExports() {
	var lines []string
	lines = append(lines, pick(g, []string{
		"Ipv4Cidr = '10.0.0.0/16'", "list(Ipv4Cidr) = ['10.0.0.0/16', '10.1.0.0/16']", "Int = 3", "Bool = true",
		"struct { n: String, m: String } = { n = 'a', m = 'b' }", "map(Int) = { a = 1 }", "'dev' | 'prod' = 'dev'",
		"list(map(String)) = [{ a = 'x' }]", "Float = 1.5", "String = " + g.str(),
	}))
	if len(g.structs) > 0 {
		lines = append(lines, "struct { n: String, m: String } = "+pick(g, g.structs))
	}
	if len(g.lists) > 0 {
		lines = append(lines, "list(String) = "+pick(g, g.lists))
	}
	if len(g.fors) > 0 {
		f := pick(g, g.fors)
		lines = append(lines, pick(g, []string{"list(String)", "map(String)", "String"})+" = "+f.name)
	}
	for _, l := range lines {
		g.exports = append(g.exports, fmt.Sprintf("  %s: %s\n", g.fresh("e"), l))
	}
}

func (g *gen) customFunction() {
	f := g.fresh("cidr")
	g.emit("fn %s(p: Ipv4Cidr, n: Int = 1): String {\n  cidr_subnet(p, 8, n)\n}", f)
	n := g.fresh("subnet")
	g.emit("let %s = %s", n, pick(g, []string{f + "('10.0.0.0/16')", f + "('10.0.0.0/16', 2)"}))
	g.strs = append(g.strs, n)
}

func (g *gen) letLiterals() {
	for range 1 + g.rng.IntN(3) {
		switch g.rng.IntN(5) {
		case 0:
			n := g.fresh("s")
			g.emit("let %s = %s", n, g.str())
			g.strs = append(g.strs, n)
		case 1:
			n := g.fresh("l")
			g.emit("let %s = %s", n, g.list())
			g.lists = append(g.lists, n)
		case 2:
			n := g.fresh("m")
			m, _ := g.mapLit()
			g.emit("let %s = %s", n, m)
			g.maps = append(g.maps, n)
		case 3:
			n := g.fresh("b")
			g.emit("let %s = %s", n, pick(g, []string{"true", "false"}))
			g.bools = append(g.bools, n)
		default:
			n := g.fresh("st")
			g.emit("let %s = {\n  n = %s\n  m = %s\n}", n, g.str(), g.str())
			g.structs = append(g.structs, n)
		}
	}
}

// fnDecl declares a user function of strings and returns it.
func (g *gen) fnDecl() fnVal {
	f := fnVal{name: g.fresh("f"), required: 1 + g.rng.IntN(2)}
	f.all = f.required + g.rng.IntN(2)
	params := make([]string, f.all)
	var uses []string
	for i := range params {
		p := fmt.Sprintf("p%d", i)
		params[i] = p
		if g.chance(3) == false {
			params[i] += ": String"
		}
		if i >= f.required {
			params[i] += " = " + pick(g, words)
		}
		uses = append(uses, "${"+p+"}")
	}
	ret := ""
	if g.chance(2) {
		ret = ": String"
	}
	body := fmt.Sprintf("\"%s\"", strings.Join(uses, "-"))
	if g.chance(3) {
		body = fmt.Sprintf("upper(p0)")
	}
	local := ""
	if g.chance(3) {
		local = "  let q = lower(p0)\n"
		body = fmt.Sprintf("\"${q}-%s\"", strings.Join(uses, "-"))
	}
	g.emit("fn %s(%s)%s {\n%s  %s\n}", f.name, strings.Join(params, ", "), ret, local, body)
	return f
}

// callFn returns a call of f with as many string arguments as it takes.
func (g *gen) callFn(f fnVal, args int) string {
	as := make([]string, args)
	for i := range as {
		// Mostly literals: Carina takes a call given to a typed parameter for no string.
		as[i] = pick(g, words)
		if g.chance(4) {
			as[i] = g.str()
		}
	}
	return fmt.Sprintf("%s(%s)", f.name, strings.Join(as, ", "))
}

func (g *gen) userFunction() {
	f := g.fnDecl()
	g.fns = append(g.fns, f)
	n := g.fresh("r")
	g.emit("let %s = %s", n, g.callFn(f, f.required+g.rng.IntN(f.all-f.required+1)))
	g.strs = append(g.strs, n)
	if g.chance(2) {
		g.emit("let %s = %s", g.fresh("fb"), resource(g.callFn(f, f.required)))
	}
}

func (g *gen) partial() {
	c := g.fresh("dash")
	use := fmt.Sprintf("let %s = %s(%s)", g.fresh("joined"), c, g.list())
	decl := fmt.Sprintf("let %s = join('-')", c)
	if g.chance(4) { // a use before the declaration
		g.emit("%s", use)
		g.emit("%s", decl)
	} else {
		g.emit("%s", decl)
		g.emit("%s", use)
	}
	g.closures = append(g.closures, c)
}

func (g *gen) pipe() {
	n := g.fresh("piped")
	switch g.rng.IntN(3) {
	case 0:
		g.emit("let %s = %s |> join('-')", n, g.list())
	case 1:
		g.emit("let %s = %s |> upper()", n, g.str())
	default:
		if len(g.closures) > 0 {
			g.emit("let %s = %s |> %s()", n, g.list(), pick(g, g.closures))
		} else {
			g.emit("let %s = %s |> split(',') |> join('+')", n, g.str())
		}
	}
	g.strs = append(g.strs, n)
}

func (g *gen) composition() {
	c := g.fresh("comp")
	g.emit("let %s = %s", c, pick(g, []string{"split(',') >> join('-')", "replace('-', '_') >> split('_')", "split(',') >> join('-') >> replace('-', '+')"}))
	n := g.fresh("composed")
	g.emit("let %s = %s(%s)", n, c, pick(g, words))
	if g.rng.IntN(2) == 0 {
		g.emit("let %s = %s |> %s()", g.fresh("viacomp"), pick(g, words), c)
	}
}

func (g *gen) ifValue() {
	n := g.fresh("v")
	if g.chance(2) {
		g.emit("let %s = if %s { %s } else { %s }", n, g.cond(), g.str(), g.str())
	} else {
		g.emit("let %s = if %s {\n  let t = %s\n  t\n} else {\n  %s\n}", n, g.cond(), g.str(), g.str())
	}
	g.strs = append(g.strs, n)
}

func (g *gen) ifStatement() {
	if g.chance(2) {
		g.emit("if %s {\n%s\n}", g.cond(), resource(g.str()))
		return
	}
	n := g.fresh("maybe")
	g.emit("let %s = if %s {\n%s\n} else {\n%s\n}", n, g.cond(), resource(g.str()), resource(g.str()))
	g.resources = append(g.resources, n)
}

func (g *gen) forList() {
	n := g.fresh("each")
	items := 1 + g.rng.IntN(3)
	lit := make([]string, items)
	for i := range lit {
		lit[i] = g.str()
	}
	iter, length := "["+strings.Join(lit, ", ")+"]", items
	if g.chance(5) {
		iter, length = "[]", 0
	}
	head, val := "x", "x"
	switch g.rng.IntN(3) {
	case 0:
		head, val = "(i, x)", "\"${x}-${i}\""
	case 1:
		head, val = "_", g.str()
	}
	g.emit("let %s = for %s in %s {\n%s\n}", n, head, iter, resource(val))
	g.fors = append(g.fors, forVal{name: n, n: length})
}

func (g *gen) forMap() {
	n := g.fresh("bykey")
	m, keys := g.mapLit()
	iter := "(" + m + ")"
	if len(g.maps) > 0 && g.chance(3) {
		iter, keys = pick(g, g.maps), nil
	}
	val := pick(g, []string{"v", "k", "\"${k}-${v}\""})
	g.emit("let %s = for k, v in %s {\n%s\n}", n, iter, resource(val))
	if keys != nil {
		g.fors = append(g.fors, forVal{name: n, keys: keys})
	}
}

func (g *gen) forStructs() {
	n := g.fresh("rows")
	items := make([]string, 1+g.rng.IntN(2))
	for i := range items {
		items[i] = fmt.Sprintf("{ n = %s, m = %s }", g.str(), g.str())
	}
	iter := "[" + strings.Join(items, ", ") + "]"
	if len(g.structs) > 0 && g.chance(2) {
		iter = "[" + pick(g, g.structs) + "]"
	}
	g.emit("let %s = for z in %s {\n%s\n}", n, iter, resource(pick(g, []string{"z.n", "z.m", "\"${z.n}-${z.m}\""})))
	g.fors = append(g.fors, forVal{name: n, n: len(items)})
}

func (g *gen) resourceLet() {
	n := g.fresh("bucket")
	g.emit("let %s = %s", n, resource(g.ref()))
	g.resources = append(g.resources, n)
}

// module returns a module of the root, made the first time.
func (g *gen) module() *moduleVal {
	if len(g.modules) > 0 && g.chance(2) {
		return pick(g, g.modules)
	}
	m := &moduleVal{dir: g.fresh("mod")}
	m.alias = m.dir
	kinds := []argVal{
		{typ: "String", value: "'name'"},
		{typ: "Int", value: "3"},
		{typ: "Bool", value: "true"},
		{typ: "Ipv4Cidr", value: "'10.0.0.0/16'"},
		{typ: "list(String)", value: "['a', 'b']"},
		{typ: "map(String)", value: "{ a = 'x' }"},
		{typ: "'dev' | 'prod'", value: "'dev'"},
	}
	var lines []string
	for i := range 1 + g.rng.IntN(3) {
		a := kinds[g.rng.IntN(len(kinds))]
		a.name = fmt.Sprintf("a%d", i)
		line := fmt.Sprintf("  %s: %s", a.name, a.typ)
		switch g.rng.IntN(4) {
		case 0:
			a.optional = true
			line += " = " + a.value
		case 1:
			if a.typ == "String" {
				line += fmt.Sprintf(" {\n    description = 'the %s'\n    validation {\n      condition = length(%s) > 0\n      error_message = 'empty'\n    }\n  }", a.name, a.name)
			}
		}
		m.args = append(m.args, a)
		lines = append(lines, line)
	}
	body := "arguments {\n" + strings.Join(lines, "\n") + "\n}\n"
	first := m.args[0]
	value := first.name
	if first.typ != "String" && first.typ != "Ipv4Cidr" && first.typ != "'dev' | 'prod'" {
		value = "'fixed'"
	}
	body += "let inner = " + resource(value) + "\n"
	if first.typ == "list(String)" && g.chance(2) {
		body += "require length(" + first.name + ") > 0, 'need one'\n"
	}
	var attrs []string
	if !g.chance(4) {
		m.attrs = []string{"arn", "label"}
		attrs = []string{"  arn: String = inner.arn", "  label = " + value}
		body += "attributes {\n" + strings.Join(attrs, "\n") + "\n}\n"
	}
	g.file(modulesDir + "/" + m.dir + "/main.crn").WriteString(body)
	g.emit("let %s = use { source = './modules/%s' }", m.alias, m.dir)
	g.modules = append(g.modules, m)
	return m
}

// args returns the arguments of a call of m that fit it: the required ones and some optional.
func (g *gen) args(m *moduleVal) []string {
	var out []string
	for _, a := range m.args {
		if !a.optional || g.chance(2) {
			out = append(out, fmt.Sprintf("  %s = %s", a.name, a.value))
		}
	}
	return out
}

// callModule binds a call of m with args (those that fit m when none are given) and returns it.
func (g *gen) callModule(m *moduleVal, args ...string) callVal {
	if args == nil {
		args = g.args(m)
	}
	c := callVal{name: g.fresh("call"), mod: m}
	g.emit("let %s = %s {\n%s\n}", c.name, m.alias, strings.Join(args, "\n"))
	g.calls = append(g.calls, c)
	return c
}

func (g *gen) moduleInControl() {
	m := g.module()
	call := m.alias + " {\n" + strings.Join(g.args(m), "\n") + "\n}"
	switch g.rng.IntN(3) {
	case 0:
		g.emit("let %s = if %s {\n%s\n}", g.fresh("optional"), g.cond(), call)
	case 1:
		g.emit("let %s = for x in %s {\n%s\n}", g.fresh("calls"), pick(g, []string{"[]", "['a']", "['a', 'b']"}), call)
	default:
		g.emit("let %s = for k, v in ({ a = 'x' }) {\n%s\n}", g.fresh("calls"), call)
	}
}

// ensureUpstream makes the upstream configuration and its reader the first time.
func (g *gen) ensureUpstream() *upstreamVal {
	if g.upstream != nil {
		return g.upstream
	}
	u := &upstreamVal{name: g.fresh("up"), exports: map[string]string{}}
	for _, e := range []struct{ name, typ, value string }{
		{"account_id", "String", "'123456789012'"},
		{"cidr", "Ipv4Cidr", "'10.0.0.0/16'"},
		{"zones", "list(String)", "['a', 'b']"},
		{"tags", "map(String)", "{ env = 'prod' }"},
		{"count", "Int", "2"},
	} {
		if g.chance(2) && len(u.order) > 0 {
			continue
		}
		typ := e.typ
		if g.chance(4) {
			g.upExports = append(g.upExports, fmt.Sprintf("  %s = %s\n", e.name, e.value))
		} else {
			g.upExports = append(g.upExports, fmt.Sprintf("  %s: %s = %s\n", e.name, e.typ, e.value))
		}
		u.exports[e.name] = typ
		u.order = append(u.order, e.name)
	}
	g.emit("let %s = upstream_state { source = '../%s' }", u.name, UpstreamDir)
	g.upstream = u
	return u
}

func (g *gen) upstreamRead() {
	u := g.ensureUpstream()
	e := pick(g, u.order)
	n := g.fresh("fromup")
	switch u.exports[e] {
	case "list(String)":
		if g.chance(2) {
			g.emit("let %s = for z in %s.%s {\n%s\n}", n, u.name, e, resource("z"))
			return
		}
		g.emit("let %s = %s", n, resource(u.name+"."+e+"[0]"))
	case "map(String)":
		g.emit("let %s = %s", n, resource(u.name+"."+e+"['env']"))
	default:
		g.emit("let %s = %s", n, resource(u.name+"."+e))
	}
	g.resources = append(g.resources, n)
}

func (g *gen) exportSome() {
	for range 1 + g.rng.IntN(3) {
		n := g.fresh("e")
		switch g.rng.IntN(5) {
		case 0:
			g.exports = append(g.exports, fmt.Sprintf("  %s: String = %s\n", n, g.ref()))
		case 1:
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", n, g.str()))
		case 2:
			g.exports = append(g.exports, fmt.Sprintf("  %s: list(String) = %s\n", n, g.list()))
		case 3:
			m, _ := g.mapLit()
			g.exports = append(g.exports, fmt.Sprintf("  %s: map(String) = %s\n", n, m))
		default:
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", n, g.ref()))
		}
	}
}

func (g *gen) builtinCalls() {
	calls := []string{
		"cidr_subnet('10.0.0.0/16', 8, 1)",
		"concat(['c'], %L)",
		"length(%L)",
		"lookup({ a = 'x' }, 'a', 'none')",
		"keys({ a = 'x', b = 'y' })",
		"replace('-', '_', %S)",
		"max(1, 2)",
		"flatten([%L, ['z']])",
		"join(',', %L)",
		"upper(%S)",
	}
	for range 1 + g.rng.IntN(2) {
		c := strings.ReplaceAll(pick(g, calls), "%L", g.list())
		c = strings.ReplaceAll(c, "%S", g.str())
		g.emit("let %s = %s", g.fresh("call"), c)
	}
}

// moduleAlone has the check run on a module directory by itself rather than the root.
func (g *gen) moduleAlone() {
	m := g.module()
	g.callModule(m)
	g.target = modulesDir + "/" + m.dir
}
