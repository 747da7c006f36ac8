package langgen

import "fmt"

// Waits: `let w = wait r { until = ..., timeout = ... }` on a resource the root bound, and reads
// of the target through the wait.

// waitOn binds a wait on a resource of the root (made when there is none) and returns its name.
func (g *gen) waitOn() string {
	if len(g.resources) == 0 {
		g.resourceLet()
	}
	target := pick(g, g.resources)
	w := g.fresh("ready")
	deps := ""
	if others := len(g.resources); others > 1 && g.chance(3) {
		if d := pick(g, g.resources); d != target {
			deps = fmt.Sprintf("  depends_on = [%s]\n", d)
		}
	}
	until := pick(g, []string{"%s.bucket_name == 'web'", "%s.arn == \"x\"", "%s.bucket_name == true", "%s.bucket_name == 3"})
	g.emit("let %s = wait %s {\n  until = %s\n%s  timeout = %s\n}", w, target, fmt.Sprintf(until, target), deps, pick(g, []string{"5min", "30s", "1h"}))
	g.waits = append(g.waits, w)
	return w
}

// waitRead reads a resource through a wait: in a resource, an export, a let.
func (g *gen) waitRead() {
	w := g.waitOn()
	read := w + ".arn"
	switch g.rng.IntN(3) {
	case 0:
		n := g.fresh("after")
		g.emit("let %s = %s", n, resource(read))
		g.resources = append(g.resources, n)
	case 1:
		g.exports = append(g.exports, fmt.Sprintf("  %s: String = %s\n", g.fresh("e"), read))
	default:
		g.emit("let %s = %s", g.fresh("bucket"), resource("\"${"+read+"}-x\""))
	}
}

// waitMistake is a wait Carina may reject: on a binding that is no resource, with an until it
// does not support, or read where no annotation says its type.
func (g *gen) waitMistake() {
	switch g.rng.IntN(5) {
	case 0:
		if len(g.strs) == 0 {
			g.letLiterals()
		}
		target := "nothing"
		if len(g.strs) > 0 {
			target = pick(g, g.strs)
		}
		g.emit("let %s = wait %s {\n  until = %s.status == 'x'\n  timeout = 5min\n}", g.fresh("ready"), target, target)
	case 1:
		c := g.callModule(g.module())
		g.emit("let %s = wait %s {\n  until = %s.arn == 'x'\n  timeout = 5min\n}", g.fresh("ready"), c.name, c.name)
	case 2:
		if len(g.resources) == 0 {
			g.resourceLet()
		}
		r := pick(g, g.resources)
		g.emit("let %s = wait %s {\n  until = %s\n  timeout = 5min\n}", g.fresh("ready"), r,
			pick(g, []string{r + ".arn != 'x'", r + ".arn == 'x' && " + r + ".bucket_name == 'y'", "'x' == " + r + ".arn", r + ".arn == upper('x')"}))
	case 3:
		w := g.waitOn()
		g.exports = append(g.exports, fmt.Sprintf("  %s = %s\n", g.fresh("e"), w))
	default:
		w := g.waitOn()
		g.emit("let %s = wait %s {\n  until = %s.arn == 'x'\n  timeout = 5min\n}", g.fresh("ready"), w, w)
	}
}
