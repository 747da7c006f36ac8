package langgen

import (
	"fmt"
	"strings"
)

// mistake is a kind of mistake a program may have injected: a statement (or a file) likely to
// be wrong. Whether it is wrong is Carina's to say: some kinds are mistakes Carina ignores (an
// untaken branch, a let nothing reads).
type mistake struct {
	name string
	add  func(*gen)
}

var mistakes = []mistake{
	{"wrong argument type to a user function", func(g *gen) {
		f := g.fnDecl()
		args := make([]string, f.required)
		for i := range args {
			args[i] = g.str()
		}
		args[g.rng.IntN(len(args))] = pick(g, []string{"42", "['a']", "{ a = 'x' }", "true", "upper('a')"})
		g.emit("let %s = %s", g.fresh("bad"), resource(fmt.Sprintf("%s(%s)", f.name, strings.Join(args, ", "))))
	}},
	{"wrong arity of a user function", func(g *gen) {
		f := g.fnDecl()
		n := pick(g, []int{0, f.all + 1, f.all + 2})
		if f.required > 1 {
			n = pick(g, []int{n, f.required - 1})
		}
		g.emit("let %s = %s", g.fresh("bad"), g.callFn(f, n))
	}},
	{"wrong argument type to a built-in", func(g *gen) {
		c := pick(g, []string{"upper(42)", "join('-', 'abc')", "cidr_subnet('x', 8, 1)", "length(3)", "keys(['a'])",
			"cidr_subnet('10.0.0.0/16', 8, 999)", "split(1, 'a')", "concat('a', ['b'])", "lower(['a'])"})
		if g.chance(2) {
			g.emit("let %s = %s", g.fresh("bad"), c)
		} else {
			g.emit("let %s = %s", g.fresh("bad"), resource(c))
		}
	}},
	{"wrong arity of a built-in", func(g *gen) {
		c := pick(g, []string{"upper('a', 'b')", "join('-', ['a'], 'x')", "length()", "lookup({ a = 'x' })", "cidr_subnet('10.0.0.0/16', 8, 1, 2)", "trim()"})
		g.emit("let %s = %s", g.fresh("bad"), resource(c))
	}},
	{"undefined name", func(g *gen) {
		ghost := g.fresh("ghost")
		switch g.rng.IntN(5) {
		case 0:
			g.emit("let %s = %s", g.fresh("bad"), resource(ghost))
		case 1:
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s.id\n", g.fresh("e"), ghost))
		case 2:
			g.emit("let %s = %s", g.fresh("bad"), ghost)
		case 3:
			g.emit("let %s = %s", g.fresh("bad"), resource("\"${"+ghost+"}-x\""))
		default:
			g.emit("let %s = %s", g.fresh("bad"), resource(ghost+".arn"))
		}
	}},
	{"a field a for element lacks", func(g *gen) {
		items := pick(g, []string{"[{ n = 'a' }]", "[{ n = 'a' }, { m = 'b' }]", "[{ m = 'b' }]"})
		g.emit("let %s = for z in %s {\n%s\n}", g.fresh("rows"), items, resource(pick(g, []string{"z.n", "z.q"})))
	}},
	{"unknown module attribute", func(g *gen) {
		m := g.module()
		c := g.callModule(m)
		read := c.name + ".nope"
		switch g.rng.IntN(3) {
		case 0:
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", g.fresh("e"), read))
		case 1:
			g.emit("let %s = %s", g.fresh("unread"), read)
		default:
			g.emit("let %s = %s", g.fresh("bad"), resource(read))
		}
	}},
	{"unknown upstream export", func(g *gen) {
		u := g.ensureUpstream()
		read := u.name + ".nope"
		if g.chance(2) {
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", g.fresh("e"), read))
		} else {
			g.emit("let %s = %s", g.fresh("bad"), resource(read))
		}
	}},
	{"upstream export read in the wrong shape", func(g *gen) {
		u := g.ensureUpstream()
		e := pick(g, u.order)
		switch g.rng.IntN(4) {
		case 0:
			g.emit("let %s = for z in %s.%s {\n%s\n}", g.fresh("bad"), u.name, e, resource("z"))
		case 1:
			g.emit("let %s = %s", g.fresh("bad"), resource(u.name+"."+e+"[0]"))
		case 2:
			g.emit("let %s = %s", g.fresh("bad"), resource(u.name+"."+e+".x"))
		default:
			typ := pick(g, []string{"String", "Int", "list(String)", "Bool"})
			g.exports = append(g.exports, fmt.Sprintf("  %s: %s = %s.%s\n", g.fresh("e"), typ, u.name, e))
		}
	}},
	{"wrong export type", func(g *gen) {
		g.exports = append(g.exports, fmt.Sprintf("  %s: %s\n", g.fresh("e"), pick(g, []string{
			"Int = 'abc'", "Bool = 'x'", "list(String) = [1, 2]", "Ipv4Cidr = 'abc'", "struct { a: String } = { b = 'x' }",
			"String = ['a']", "list(Int) = ['a']", "map(Int) = { a = 'x' }", "'dev' | 'prod' = 'test'", "Float = 1"})))
	}},
	{"missing export annotation", func(g *gen) {
		var values = []string{"[]", "['a', 1]", "{}", "upper(" + g.str() + ")"}
		if len(g.fors) > 0 {
			f := pick(g, g.fors)
			values = append(values, f.name)
			if f.keys != nil {
				values = append(values, f.name+"."+f.keys[0], f.name+"."+f.keys[0]+".arn")
			}
		}
		if len(g.resources) > 0 {
			values = append(values, pick(g, g.resources))
		}
		g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", g.fresh("e"), pick(g, values)))
	}},
	{"mistake in an untaken branch", func(g *gen) {
		bad := pick(g, []string{"upper(1)", g.fresh("ghost"), "join('-')", "length(3)"})
		switch g.rng.IntN(4) {
		case 0:
			g.emit("if false {\n%s\n}", resource(bad))
		case 1:
			g.emit("let %s = if false { %s } else { 'a' }", g.fresh("v"), bad)
		case 2:
			g.emit("let %s = for x in [] {\n%s\n}", g.fresh("none"), resource(bad))
		default:
			m := g.module()
			g.emit("let %s = if false {\n%s {\n  nope = 1\n}\n}", g.fresh("optional"), m.alias)
		}
	}},
	{"wrong module call", func(g *gen) {
		m := g.module()
		args := g.args(m)
		switch g.rng.IntN(4) {
		case 0: // a required argument left out
			var kept []string
			for _, a := range m.args {
				if a.optional {
					kept = append(kept, fmt.Sprintf("  %s = %s", a.name, a.value))
				}
			}
			args = kept
			if args == nil {
				args = []string{}
			}
		case 1:
			args = append(args, "  nope = 'x'")
		case 2:
			a := pick(g, m.args)
			args = append([]string{}, fmt.Sprintf("  %s = %s", a.name, pick(g, []string{"42", "'text'", "['a']", "true", "{ a = 1 }"})))
			for _, b := range m.args {
				if b.name != a.name && !b.optional {
					args = append(args, fmt.Sprintf("  %s = %s", b.name, b.value))
				}
			}
		default:
			for i, a := range args {
				if strings.HasPrefix(a, "  a0 =") && m.args[0].typ == "String" {
					args[i] = "  a0 = ''"
				}
			}
		}
		if g.chance(3) {
			call := m.alias + " {\n" + strings.Join(args, "\n") + "\n}"
			g.emit("let %s = for x in %s {\n%s\n}", g.fresh("calls"), pick(g, []string{"[]", "['a']"}), call)
			return
		}
		g.callModule(m, args...)
	}},
	{"partial application declared later", func(g *gen) {
		c := g.fresh("dash")
		fmt.Fprintf(g.file(RootDir+"/main.crn"), "let %s = %s(%s)\n", g.fresh("joined"), c, g.list())
		path := RootDir + "/main.crn"
		if g.chance(2) {
			path = RootDir + "/zz.crn"
		}
		fmt.Fprintf(g.file(path), "let %s = join('-')\n", c)
	}},
	{"circular module import", func(g *gen) {
		m := g.module()
		fmt.Fprintf(g.file(modulesDir+"/"+m.dir+"/again.crn"), "let again = use { source = '../%s' }\n", m.dir)
		if g.chance(2) {
			g.target = modulesDir + "/" + m.dir
		}
	}},
	{"argument passed on to a nested module", func(g *gen) {
		m := g.module()
		inner := g.fresh("inner")
		g.file(modulesDir + "/" + inner + "/main.crn").WriteString("arguments {\n  s: String\n}\nlet r = " + resource("s") + "\n")
		typ := pick(g, []string{"Bool", "Int", "String", "list(String)"})
		fmt.Fprintf(g.file(modulesDir+"/"+m.dir+"/nested.crn"),
			"arguments {\n  flag: %s\n}\nlet nested = use { source = '../%s' }\nlet n = nested {\n  s = flag\n}\n", typ, inner)
		m.args = append(m.args, argVal{name: "flag", typ: typ, value: map[string]string{"Bool": "true", "Int": "1", "String": "'s'", "list(String)": "['a']"}[typ]})
		if g.chance(2) {
			g.target = modulesDir + "/" + m.dir
		} else {
			g.callModule(m)
		}
	}},
	{"duplicate binding across files", func(g *gen) {
		n := g.fresh("dup")
		fmt.Fprintf(g.file(RootDir+"/main.crn"), "let %s = 'a'\n", n)
		fmt.Fprintf(g.file(RootDir+"/other.crn"), "let %s = 'b'\n", n)
	}},
	{"closure as data", func(g *gen) {
		switch g.rng.IntN(3) {
		case 0:
			g.exports = append(g.exports, fmt.Sprintf("  %s = join('-')\n", g.fresh("e")))
		case 1:
			g.emit("let %s = %s", g.fresh("bad"), resource("join('-')"))
		default:
			g.emit("let %s = [join('-'), 'a']", g.fresh("bad"))
		}
	}},
	{"if condition not a Bool", func(g *gen) {
		c := pick(g, []string{"'yes'", "1", "['a']"})
		if len(g.strs) > 0 && g.chance(2) {
			c = pick(g, g.strs)
		}
		if g.chance(2) {
			g.emit("if %s {\n%s\n}", c, resource("'x'"))
		} else {
			g.emit("let %s = if %s { 'a' } else { 'b' }", g.fresh("v"), c)
		}
	}},
	{"if value without else", func(g *gen) {
		g.emit("let %s = if %s { 'a' }", g.fresh("v"), g.cond())
	}},
	{"unknown type name", func(g *gen) {
		typ := pick(g, []string{"string", "int", "Ipv4cidr", "NoSuchType", "list(string)"})
		if g.chance(2) {
			g.exports = append(g.exports, fmt.Sprintf("  %s: %s = 'x'\n", g.fresh("e"), typ))
		} else {
			g.emit("fn %s(p: %s) {\n  p\n}", g.fresh("f"), typ)
		}
	}},
	{"cyclic lets", func(g *gen) {
		a, b := g.fresh("cyc"), g.fresh("cyc")
		g.emit("let %s = %s", a, b)
		g.emit("let %s = \"${%s}-x\"", b, a)
	}},
	{"required parameter after an optional one", func(g *gen) {
		g.emit("fn %s(a: String = 'x', b: String) {\n  \"${a}${b}\"\n}", g.fresh("f"))
	}},
	{"missing field or index", func(g *gen) {
		g.letLiterals()
		var reads []string
		for _, l := range g.lists {
			reads = append(reads, l+"[9]", l+".x", l+"[-1]", l+"['a']")
		}
		for _, m := range g.maps {
			reads = append(reads, m+"['zz']", m+".zz", m+"[0]")
		}
		for _, st := range g.structs {
			reads = append(reads, st+".q", st+".n.x")
		}
		for _, x := range g.strs {
			reads = append(reads, x+".x", x+"[0]")
		}
		if len(reads) == 0 {
			return
		}
		g.emit("let %s = %s", g.fresh("bad"), resource(pick(g, reads)))
	}},
	{"wrong module attribute type", func(g *gen) {
		dir := g.fresh("mod")
		g.file(modulesDir + "/" + dir + "/main.crn").WriteString("arguments {\n  a0: String\n}\nattributes {\n  out: " +
			pick(g, []string{"Int = a0", "Bool = 'x'", "list(String) = a0", "String = [a0]", "Int = 'x'"}) + "\n}\n")
		m := &moduleVal{dir: dir, alias: dir, args: []argVal{{name: "a0", typ: "String", value: "'v'"}}, attrs: []string{"out"}}
		g.emit("let %s = use { source = './modules/%s' }", m.alias, m.dir)
		g.modules = append(g.modules, m)
		c := g.callModule(m)
		if g.chance(2) {
			g.exports = append(g.exports, fmt.Sprintf("  %s = %s.out\n", g.fresh("e"), c.name))
		}
	}},
	{"custom-typed parameter given a bad value", func(g *gen) {
		f := g.fresh("cidr")
		g.emit("fn %s(p: Ipv4Cidr): String {\n  p\n}", f)
		g.emit("let %s = %s", g.fresh("bad"), resource(f+"("+pick(g, []string{"'abc'", "'10.0.0.0/33'", "1", "'10.0.0.1'"})+")"))
	}},
	{"a built-in's name bound", func(g *gen) {
		name := pick(g, []string{"join", "upper", "length", "keys"})
		if g.chance(2) {
			g.emit("let %s = 'x'", name)
		} else {
			g.emit("fn %s(s: String) {\n  s\n}", name)
		}
	}},
	{"user function partly applied", func(g *gen) {
		f := g.fnDecl()
		if f.required < 2 {
			g.emit("let %s = %s()", g.fresh("bad"), f.name)
			return
		}
		p := g.fresh("part")
		g.emit("let %s = %s('a')", p, f.name)
		g.emit("let %s = %s('b')", g.fresh("bad"), p)
	}},
	{"wait Carina rejects", (*gen).waitMistake},
	{"provider mistake", (*gen).providerMistake},
	{"composition given two arguments", func(g *gen) {
		c := g.fresh("comp")
		fmt.Fprintf(g.file(RootDir+"/other.crn"), "let %s = split(',') >> join('-')\n", c)
		g.emit("let %s = %s('a', 'b')", g.fresh("bad"), c)
	}},
	{"module source that does not exist", func(g *gen) {
		g.emit("let %s = use { source = './modules/nowhere' }", g.fresh("gone"))
	}},
}
