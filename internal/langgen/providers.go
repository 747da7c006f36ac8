package langgen

import "fmt"

// Provider blocks: the default instance of a provider, named instances resources are routed to
// with directives, default_tags read from a let.

// providerBlocks declares the default awscc instance (once) and now and then a named one, and
// routes a resource to it.
func (g *gen) providerBlocks() {
	if !g.provider {
		g.provider = true
		tags := ""
		switch g.rng.IntN(3) {
		case 0:
			tags = "\n  default_tags = { team = 'ops' }"
		case 1:
			if len(g.maps) > 0 {
				tags = "\n  default_tags = " + pick(g, g.maps)
			}
		}
		g.emit("provider awscc {\n  region = awscc.Region.%s%s\n}", pick(g, []string{"ap_northeast_1", "us_west_2"}), tags)
	}
	if g.chance(2) {
		inst := g.fresh("east")
		g.emit("let %s = provider awscc {\n  region = awscc.Region.us_east_1\n}", inst)
		g.instances = append(g.instances, inst)
	}
	if len(g.instances) > 0 {
		n := g.fresh("routed")
		g.emit("let %s = awscc.s3.Bucket {\n  bucket_name = %s\n  directives {\n    provider = %s\n  }\n}", n, g.str(), pick(g, g.instances))
		g.resources = append(g.resources, n)
	}
}

// providerMistake routes a resource to an instance nobody declares, declares a provider in a
// module, or gives default_tags a value that is no map.
func (g *gen) providerMistake() {
	switch g.rng.IntN(3) {
	case 0:
		g.emit("let %s = awscc.s3.Bucket {\n  bucket_name = 'x'\n  directives {\n    provider = %s\n  }\n}", g.fresh("routed"), g.fresh("nowhere"))
	case 1:
		m := g.module()
		fmt.Fprintf(g.file(modulesDir+"/"+m.dir+"/provider.crn"), "provider awscc {\n  region = awscc.Region.us_east_1\n}\n")
		if g.chance(2) {
			g.target = modulesDir + "/" + m.dir
		} else {
			g.callModule(m)
		}
	default:
		v := "'ops'"
		if len(g.lists) > 0 {
			v = pick(g, g.lists)
		}
		g.emit("provider awscc {\n  region = awscc.Region.us_west_2\n  default_tags = %s\n}", v)
		g.provider = true
	}
}
