package diagnostics

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkDuplicates reports a name declared more than once in the configuration (bindings and
// arguments share one namespace; functions and outputs have their own), in every file involved,
// each pointing at the others.
func (c *checker) checkDuplicates() {
	report := func(kind string, ds []*workspace.Decl) {
		// Each occurrence names the others, at most maxOthers of them: a name declared a
		// hundred times must not cost a hundred squared.
		const maxOthers = 5
		places := make([]string, len(ds))
		for i, o := range ds {
			places[i] = filepath.Base(o.File.Path) + ":" + strconv.Itoa(c.line(o.File, o.NameSpan.Start))
		}
		relMsg := fmt.Sprintf("%q also declared here", ds[0].Name) // one name, one message
		withArgument := slices.ContainsFunc(ds, func(x *workspace.Decl) bool { return x.Kind == workspace.Argument })
		for i, d := range ds {
			others := make([]string, 0, min(len(ds), maxOthers+1))
			rel := make([]finding.Related, 0, min(len(ds)-1, maxOthers))
			for j, o := range ds {
				if j == i {
					continue
				}
				if len(others) == maxOthers {
					others = append(others, fmt.Sprintf("and %d more", len(ds)-1-maxOthers))
					break
				}
				others = append(others, places[j])
				rel = append(rel, finding.Related{Path: o.File.Path, Span: o.NameSpan, Message: relMsg})
			}
			msg := "duplicate " + kind + " " + strconv.Quote(d.Name) + ": also declared at " + strings.Join(others, ", ") + "; rename or remove one of them"
			if withArgument {
				msg = fmt.Sprintf("duplicate name %q: declared as %s here and also at %s (arguments and bindings share one namespace); rename one of them", d.Name, d.Kind, strings.Join(others, ", "))
			}
			diag := c.add(d.File, d.NameSpan, finding.Error, finding.CodeDuplicate, "%s", msg)
			diag.Related = rel
		}
	}
	for _, name := range slices.Sorted(maps.Keys(c.cfg.Bindings)) {
		if ds := c.cfg.Bindings[name]; len(ds) > 1 {
			report("binding", ds)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(c.cfg.Functions)) {
		if ds := c.cfg.Functions[name]; len(ds) > 1 {
			report("function", ds)
		}
	}
	c.checkDuplicateOutputs()
	c.checkAnonymousDuplicates()
}

func (c *checker) checkDuplicateOutputs() {
	seen := map[[2]string]*workspace.Output{}
	for _, o := range c.cfg.Outputs {
		kind := "attribute"
		if o.Exports {
			kind = "export"
		}
		k := [2]string{kind, o.Name}
		first := seen[k]
		if first == nil {
			seen[k] = o
			continue
		}
		sp := o.Stmt.Abs(o.Decl.Name.Span)
		fsp := first.Stmt.Abs(first.Decl.Name.Span)
		diag := c.add(o.File, sp, finding.Error, finding.CodeDuplicate, "duplicate %s %q: first declared at %s:%d; rename or remove one of them",
			kind, o.Name, filepath.Base(first.File.Path), c.line(first.File, fsp.Start))
		diag.Related = []finding.Related{{Path: first.File.Path, Span: fsp, Message: "first declared here"}}
	}
}

// checkUnused reports top-level lets nothing refers to. Waits have their own check; structural
// bindings (read, for, if, upstream_state, use, provider instances) are never reported, as in
// Carina.
func (c *checker) checkUnused() {
	used := map[*workspace.Decl]bool{}
	for _, r := range c.cfg.Refs {
		if r.Decl != nil && r.Owner != r.Decl {
			used[r.Decl] = true
		}
	}
	for _, d := range c.cfg.Decls {
		if !d.TopLevel || d.Name == "_" || used[d] || len(c.cfg.Bindings[d.Name]) > 1 {
			continue // a duplicate name has its own error, and which one is used is unclear
		}
		// A resource, data source or module call bound to a name nothing reads is not dead code:
		// Carina manages it (a module call: the module's resources) all the same, and the name is
		// its identity in plans and state (a module's resources are named after the call), which
		// making it anonymous would change, so it is not reported, unlike in the reference.
		switch d.Kind {
		case workspace.Value:
			c.add(d.File, d.NameSpan, finding.Warning, finding.CodeUnused,
				"unused let binding %q: nothing refers to it; remove it, or name it _", d.Name)
		}
	}
}
