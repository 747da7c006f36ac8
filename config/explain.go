package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
)

// Explain returns the configuration c puts in effect for path (a file or directory; dir is the
// directory whose chain c is), as `carina-lsp config` prints it: the files that apply, outermost
// first, then each value in effect, aligned, with the file and line it comes from or "default",
// every diagnostic code whose level a file sets among them.
func (c *Chain) Explain(path, dir string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# the configuration in effect for %s\n", path)
	if len(c.Files) == 0 {
		fmt.Fprintf(&b, "# no %s in %s or above it: every value is the default\n", FileName, dir)
	} else {
		fmt.Fprintln(&b, "# files, outermost first:")
		for _, f := range c.Files {
			fmt.Fprintf(&b, "#   %s\n", f.Path)
		}
	}
	var lines [][2]string
	add := func(key, value string, src Source) {
		lines = append(lines, [2]string{key + " = " + value, src.String()})
	}
	failOn, src, ok := c.FailOn()
	if !ok {
		failOn = finding.Error
	}
	add("diagnostics.fail-on", fmt.Sprintf("%q", failOn), src)
	ign, src := c.Ignored(path)
	add("ignored", fmt.Sprint(ign), src)
	for _, code := range finding.Codes() {
		if lv, src := c.Level(path, code); lv != LevelUnset {
			add("diagnostics.levels."+string(code), fmt.Sprintf("%q", lv), src)
		}
	}
	extra, src, ok := c.Schemas()
	if !ok {
		extra = []string{}
	}
	quoted := make([]string, len(extra))
	for i, e := range extra {
		quoted[i] = fmt.Sprintf("%q", e)
	}
	add("schemas.extra", "["+strings.Join(quoted, ", ")+"]", src)
	blocks, src, ok := c.ListToBlocks()
	add("format.list-to-blocks", fmt.Sprint(blocks || !ok), src)
	indent, src, ok := c.Indent()
	if !ok {
		indent = 2
	}
	add("format.indent", fmt.Sprint(indent), src)
	tabs, src, _ := c.Tabs()
	add("format.tabs", fmt.Sprint(tabs), src)
	width := 0
	for _, l := range lines {
		width = max(width, len(l[0]))
	}
	for _, l := range lines {
		fmt.Fprintf(&b, "%-*s  # %s\n", width, l[0], l[1])
	}
	if !slices.ContainsFunc(lines, func(l [2]string) bool { return strings.HasPrefix(l[0], "diagnostics.levels.") }) {
		fmt.Fprintln(&b, "# every code is reported at its own level (no diagnostics.levels set)")
	} else {
		fmt.Fprintln(&b, "# every other code is reported at its own level")
	}
	return b.String()
}
