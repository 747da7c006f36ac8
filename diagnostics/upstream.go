package diagnostics

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkUpstreams checks each upstream_state's source as Carina's validate does: it must be an
// existing directory, whose files Carina parses to learn its exports. What only the upstream's
// own validation would report (an undefined name, a name declared in two files) is no error of
// the configuration reading it.
func (c *checker) checkUpstreams() {
	if c.opts.nested {
		return
	}
	for _, d := range c.cfg.Decls {
		imp := c.cfg.Upstreams[d.Name]
		if d.Kind != workspace.Upstream || !d.TopLevel || imp == nil || imp.Decl != d || imp.Source == "" {
			continue
		}
		f, sp := sourceSite(d)
		switch {
		case imp.Config == nil && errors.Is(imp.Err, workspace.ErrNotDirectory):
			c.add(f, sp, finding.Error, finding.CodeUpstreamNotFound, "upstream_state '%s': source '%s' is a file, not a directory: name the directory of the configuration whose exports it reads",
				d.Name, imp.Source)
		case imp.Config == nil && errors.Is(imp.Err, fs.ErrNotExist):
			c.add(f, sp, finding.Error, finding.CodeUpstreamNotFound, "upstream_state '%s': source '%s' does not exist: there is no directory %s",
				d.Name, imp.Source, c.relPath(imp.Dir))
		case imp.Config != nil:
			ds := c.moduleCheck(imp.Config)
			var why string
			var rel []finding.Related
			if first := firstOf(ds, moduleLoadCodes); first != nil {
				why = c.placeIn(imp.Config, first) + ": " + first.Message
				if n := countOf(ds, moduleLoadCodes); n > 1 {
					why += fmt.Sprintf(" (and %d more)", n-1)
				}
				rel = []finding.Related{{Path: first.Path, Span: first.Span, Message: first.Message}}
			} else if a, b := sameFileDuplicate(imp.Config); a != nil {
				kind := "binding"
				if b.Kind == workspace.Function {
					kind = "function"
				}
				why = fmt.Sprintf("%s:%d: duplicate %s %q (first declared on line %d)", c.relPath(b.File.Path), c.line(b.File, b.NameSpan.Start),
					kind, b.Name, c.line(a.File, a.NameSpan.Start))
				rel = []finding.Related{{Path: a.File.Path, Span: a.NameSpan, Message: "declared here"}, {Path: b.File.Path, Span: b.NameSpan, Message: "and again here"}}
			} else {
				continue
			}
			diag := c.add(f, sp, finding.Error, finding.CodeInvalidUpstream, "upstream_state `%s`: failed to parse source `%s`: %s", d.Name, imp.Source, why)
			diag.Related = rel
		}
	}
}

// sameFileDuplicate returns a binding or function a configuration declares twice in one file (a
// parse error for Carina; in two files, a duplicate its validation reports), or nils.
func sameFileDuplicate(cfg *workspace.Config) (first, again *workspace.Decl) {
	for _, m := range []map[string][]*workspace.Decl{cfg.Bindings, cfg.Functions} {
		for _, name := range sortedKeys(m) {
			ds := m[name]
			for i, d := range ds {
				for _, e := range ds[i+1:] {
					if e.File == d.File && d.Kind != workspace.Argument && e.Kind != workspace.Argument {
						return d, e
					}
				}
			}
		}
	}
	return nil, nil
}
