package diagnostics

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// A module is checked from the configuration that uses it as Carina does when it validates that
// configuration, and what Carina rejects is reported at the `use` (or, for what only a call
// expands, at the call):
//
//   - Loading. Every `use` of the configuration is loaded, called or not: its source must be a
//     directory (module-not-found), whose files Carina accepts on their own (invalid-module:
//     syntax, a function call evaluated while parsing, ...), declaring arguments or attributes
//     (module-not-found). A module that has both a `use` and a module call loads its own
//     imports in turn (relative to its directory; a directory already being loaded is a
//     circular-import) and expands its calls (an unknown module, a missing or unknown
//     argument). A module with no call never loads its imports.
//   - The module walk. Every module reachable through `use`, called or not, nested ones
//     included (skipping those that do not load), may not hold root-only blocks
//     (not-allowed-in-module), declare a name twice (duplicate-declaration) or read an
//     attribute a nested module does not declare (unknown-module-attribute).
//   - Expansion. A module's content is checked further only where a call expands it: its
//     waits' targets (invalid-module, at the call).

// moduleLoadCodes are the codes of the errors Carina meets while it loads a directory's files:
// its grammar, the keys of the blocks its parser reads (use, upstream_state, provider, state
// blocks), and what it evaluates while parsing (function calls on constants, type annotations).
// A module's duplicate names are the module walk's.
var moduleLoadCodes = []finding.Code{finding.CodeSyntax, finding.CodeMissingKey, finding.CodeUnknownKey, finding.CodeDuplicateKey, finding.CodeKeyValue,
	finding.CodeVersionConstraint, finding.CodeVersionRevision, finding.CodeMovedTypeChange, finding.CodeUnknownFunction, finding.CodeBuiltinArgument, finding.CodeFunctionArity,
	finding.CodeRecursive, finding.CodeParameterType, finding.CodeReturnType, finding.CodeClosureAsData, finding.CodeClosureArity,
	finding.CodeComposeOperand, finding.CodePipeClosure, finding.CodeShadowsBuiltin, finding.CodeParameterOrder, finding.CodeResourceInValue,
	finding.CodeNotAResource, finding.CodeIndexKey, finding.CodeFieldAfterIndex, finding.CodeIfWithoutElse, finding.CodeIfCondition,
	finding.CodeForIterable, finding.CodeUnknownTypeName, finding.CodeDuplicateField}

// moduleCallCodes are the codes of the errors of expanding a module call.
var moduleCallCodes = []finding.Code{finding.CodeUnknownModule, finding.CodeMissingArgument, finding.CodeUnknownArgument,
	finding.CodeModuleArgType, finding.CodeArgValidation, finding.CodeRequire}

// moduleExpandCodes are the codes of the errors Carina finds in a module's content once a call
// expands it.
var moduleExpandCodes = []finding.Code{finding.CodeWaitUnknownTarget, finding.CodeWaitInvalidTarget, finding.CodeWaitSelfTarget}

// modProblem is what loading a module meets first: its code, its message (about the module,
// without the site's words) and where it stands in the module's files.
type modProblem struct {
	code finding.Code
	msg  string
	rel  []finding.Related
}

// moduleLoader checks the modules of one configuration.
type moduleLoader struct {
	c      *checker
	byDir  map[string]*workspace.Config // every configuration the imports reach, by directory
	loaded map[string]*modProblem       // what loading a directory gave, once it is known
}

// checkModules checks the modules the configuration uses (see above), each at its `use`.
func (c *checker) checkModules() {
	if c.opts.nested {
		return // a module's own imports are checked from the configuration that loads it
	}
	m := &moduleLoader{c: c, byDir: map[string]*workspace.Config{}, loaded: map[string]*modProblem{}}
	m.collect(c.cfg)
	for _, d := range c.cfg.Decls {
		imp := c.cfg.Modules[d.Name]
		if d.Kind != workspace.Module || !d.TopLevel || imp == nil || imp.Decl != d || imp.Source == "" {
			continue
		}
		f, sp := sourceSite(d)
		if p := m.load(imp, nil); p != nil {
			diag := c.add(f, sp, finding.Error, p.code, "%s", p.msg)
			diag.Related = p.rel
		}
		m.walk(imp, f, sp)
	}
	m.checkCalls()
}

// sourceSite is where a `use` or upstream_state declaration's source stands (its name when it
// has none).
func sourceSite(d *workspace.Decl) (*workspace.File, grammar.Span) {
	if kb, ok := d.Value.(*grammar.KeywordBlockExpr); ok && kb.Body != nil {
		if a := kb.Body.Attr(grammar.ConstructOf(kb.Construct).KeyOf(grammar.PathValue).Name); a != nil && a.Value != nil {
			return d.File, d.Stmt.Abs(a.Value.Pos())
		}
	}
	return d.File, d.NameSpan
}

// collect records every configuration reachable through the imports of cfg by directory: an
// import the workspace found circular has none of its own, but its directory was loaded above.
func (m *moduleLoader) collect(cfg *workspace.Config) {
	if _, ok := m.byDir[cfg.Dir]; ok {
		return
	}
	m.byDir[cfg.Dir] = cfg
	for _, imp := range cfg.Modules {
		if imp.Config != nil {
			m.collect(imp.Config)
		}
	}
}

// configOf returns the configuration of a module, or nil when its directory did not load.
func (m *moduleLoader) configOf(imp *workspace.Import) *workspace.Config {
	if imp.Config != nil {
		return imp.Config
	}
	if errors.Is(imp.Err, workspace.ErrCircularImport) {
		return m.byDir[imp.Dir]
	}
	return nil
}

// rel names a directory or a file relative to the configuration checked.
func (m *moduleLoader) rel(p string) string { return m.c.relPath(p) }

// notFound says why an import's directory did not load, or nil when it did (or when it cannot be
// told: a source that is not known while parsing, which the construct check reports).
func (m *moduleLoader) notFound(imp *workspace.Import, what string) *modProblem {
	switch {
	case imp.Config != nil || imp.Source == "" || errors.Is(imp.Err, workspace.ErrCircularImport):
		return nil
	case errors.Is(imp.Err, workspace.ErrNotDirectory):
		dir := imp.Source
		if i := strings.LastIndexAny(dir, `/\`); i > 0 {
			dir = dir[:i]
		}
		return &modProblem{code: finding.CodeModuleNotFound, msg: fmt.Sprintf("%s source '%s' is a file, not a directory: a %s is a directory of .crn files; name the directory that holds it ('%s')",
			what, imp.Source, what, dir)}
	case errors.Is(imp.Err, fs.ErrNotExist):
		return &modProblem{code: finding.CodeModuleNotFound, msg: fmt.Sprintf("%s source '%s' does not exist: there is no directory %s", what, imp.Source, m.rel(imp.Dir))}
	case imp.Err != nil:
		return &modProblem{code: finding.CodeModuleNotFound, msg: fmt.Sprintf("%s source '%s' cannot be read: %v", what, imp.Source, imp.Err)}
	}
	return nil
}

// load returns the first problem Carina meets loading the module imp names (nil: none); stack
// holds the modules being loaded, which never include the configuration checked (Carina's root
// is not loaded as a module: a module checked by itself may import its own directory).
func (m *moduleLoader) load(imp *workspace.Import, stack []string) *modProblem {
	if slices.Contains(stack, imp.Dir) {
		chain := make([]string, 0, len(stack))
		for _, d := range stack[slices.Index(stack, imp.Dir):] {
			if d == m.c.cfg.Dir {
				chain = append(chain, ".")
			} else {
				chain = append(chain, m.rel(d))
			}
		}
		return &modProblem{code: finding.CodeCircularImport, msg: fmt.Sprintf("circular import: '%s' leads back to %s, which is being loaded (%s → %s)",
			imp.Source, m.rel(imp.Dir), strings.Join(chain, " → "), chain[0])}
	}
	if p := m.notFound(imp, "module"); p != nil {
		return p
	}
	cfg := m.configOf(imp)
	if cfg == nil {
		return nil
	}
	if p, ok := m.loaded[cfg.Dir]; ok && len(stack) == 0 {
		return p // the same directory, loaded from this configuration already
	}
	p := m.loadConfig(imp, cfg, stack)
	if len(stack) == 0 {
		m.loaded[cfg.Dir] = p
	}
	return p
}

// loadConfig is load for a module whose directory was read.
func (m *moduleLoader) loadConfig(imp *workspace.Import, cfg *workspace.Config, stack []string) *modProblem {
	sub := m.c.moduleCheck(cfg)
	if d := firstOf(sub, moduleLoadCodes); d != nil {
		return m.inner(imp, cfg, finding.CodeInvalidModule, "does not load", d, countOf(sub, moduleLoadCodes))
	}
	if !cfg.IsModule {
		if len(cfg.Files) == 0 {
			return &modProblem{code: finding.CodeModuleNotFound, msg: fmt.Sprintf("module source '%s' holds no .crn files: a module is a directory of .crn files declaring arguments or attributes", imp.Source)}
		}
		return &modProblem{code: finding.CodeModuleNotFound, msg: fmt.Sprintf("'%s' is not a module: its files declare no arguments and no attributes (Carina: Module not found)", imp.Source)}
	}
	if !usesAndCalls(cfg) {
		return nil // Carina loads a module's imports only for its calls
	}
	for _, d := range cfg.Decls {
		nested := cfg.Modules[d.Name]
		if d.Kind != workspace.Module || !d.TopLevel || nested == nil || nested.Decl != d || nested.Source == "" {
			continue
		}
		if p := m.load(nested, append(slices.Clip(stack), cfg.Dir)); p != nil {
			f, sp := sourceSite(d)
			return &modProblem{code: p.code, msg: fmt.Sprintf("module '%s' does not load: %s", imp.Source, p.msg),
				rel: append([]finding.Related{{Path: f.Path, Span: sp, Message: "imported here"}}, p.rel...)}
		}
	}
	if d := firstOf(sub, moduleCallCodes); d != nil {
		return m.inner(imp, cfg, finding.CodeInvalidModule, "does not load", d, countOf(sub, moduleCallCodes))
	}
	return nil
}

// inner is a problem of a module's own files: its first diagnostic of a kind, with how many
// there are.
func (m *moduleLoader) inner(imp *workspace.Import, cfg *workspace.Config, code finding.Code, what string, d *finding.Diagnostic, n int) *modProblem {
	msg := fmt.Sprintf("module '%s' %s: %s: %s", imp.Source, what, m.place(cfg, d), d.Message)
	if n > 1 {
		msg += fmt.Sprintf(" (and %d more)", n-1)
	}
	return &modProblem{code: code, msg: msg, rel: []finding.Related{{Path: d.Path, Span: d.Span, Message: d.Message}}}
}

// place names where a diagnostic of another configuration's check stands: its file relative to
// the configuration checked, and its line.
func (m *moduleLoader) place(cfg *workspace.Config, d *finding.Diagnostic) string {
	return m.c.placeIn(cfg, d)
}

// placeIn is place for a diagnostic of cfg's check.
func (c *checker) placeIn(cfg *workspace.Config, d *finding.Diagnostic) string {
	line := 0
	if f := cfg.File(d.Path); f != nil {
		line = c.line(f, d.Span.Start)
	}
	return fmt.Sprintf("%s:%d", c.relPath(d.Path), line)
}

// relPath names a directory or a file relative to the configuration checked.
func (c *checker) relPath(p string) string {
	r, err := filepath.Rel(c.cfg.Dir, p)
	switch {
	case err != nil:
		return p
	case r == ".":
		return "this configuration"
	}
	return filepath.ToSlash(r)
}

// usesAndCalls reports whether a module imports a module and calls one: only then does Carina
// load its imports.
func usesAndCalls(cfg *workspace.Config) bool {
	return len(cfg.Modules) > 0 && len(moduleCalls(cfg)) > 0
}

// moduleCalls returns the module calls of a configuration's top level.
func moduleCalls(cfg *workspace.Config) []*grammar.ModuleCallExpr {
	var out []*grammar.ModuleCallExpr
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			switch n := st.Node.(type) {
			case *grammar.ModuleCallStmt:
				if n.Call != nil {
					out = append(out, n.Call)
				}
			case *grammar.LetStmt:
				if call, ok := n.Value.(*grammar.ModuleCallExpr); ok {
					out = append(out, call)
				}
			}
		}
	}
	return out
}

// firstOf returns the first error of the given codes, or nil.
func firstOf(ds []finding.Diagnostic, codes []finding.Code) *finding.Diagnostic {
	for i := range ds {
		if ds[i].Severity == finding.Error && slices.Contains(codes, ds[i].Code) {
			return &ds[i]
		}
	}
	return nil
}

// countOf counts the errors of the given codes.
func countOf(ds []finding.Diagnostic, codes []finding.Code) int {
	n := 0
	for _, d := range ds {
		if d.Severity == finding.Error && slices.Contains(codes, d.Code) {
			n++
		}
	}
	return n
}

// walk applies the module walk's rules to the module imp names and every module reachable from
// it, reporting at the site of the configuration's `use`.
func (m *moduleLoader) walk(imp *workspace.Import, f *workspace.File, sp grammar.Span) {
	seen := map[string]bool{m.c.cfg.Dir: true}
	var visit func(imp *workspace.Import, label string)
	visit = func(imp *workspace.Import, label string) {
		cfg := m.configOf(imp)
		if cfg == nil || seen[cfg.Dir] || !cfg.IsModule || firstOf(m.c.moduleCheck(cfg), moduleLoadCodes) != nil {
			return // Carina's walk skips what does not load
		}
		seen[cfg.Dir] = true
		for _, p := range m.walkProblems(cfg, label) {
			diag := m.c.add(f, sp, finding.Error, p.code, "%s", p.msg)
			diag.Related = p.rel
		}
		for _, d := range cfg.Decls {
			nested := cfg.Modules[d.Name]
			if d.Kind == workspace.Module && d.TopLevel && nested != nil && nested.Decl == d && nested.Source != "" {
				visit(nested, label+" → '"+nested.Source+"' ("+m.rel(nested.Dir)+")")
			}
		}
	}
	visit(imp, "'"+imp.Source+"'")
}

// walkProblems are the module walk's findings in one module.
func (m *moduleLoader) walkProblems(cfg *workspace.Config, label string) []modProblem {
	var out []modProblem
	// Root-only blocks, one finding for each kind.
	type kind struct {
		msg string
		rel []finding.Related
	}
	var order []grammar.ConstructID
	byKind := map[grammar.ConstructID]*kind{}
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			what, msg := rootOnly(st.Node)
			kw := keywordSpan(st.Node)
			if l, ok := st.Node.(*grammar.LetStmt); ok {
				if p, ok := l.Value.(*grammar.ProviderExpr); ok {
					what, msg = rootOnly(&grammar.ProviderStmt{}) // a named provider instance
					kw = p.Kw
				}
			}
			switch what {
			case grammar.NoConstruct:
				continue
			case grammar.ImportConstruct, grammar.RemovedConstruct:
				what = grammar.MovedConstruct // one finding for the state blocks
			}
			k := byKind[what]
			if k == nil {
				k = &kind{msg: msg}
				byKind[what] = k
				order = append(order, what)
			}
			k.rel = append(k.rel, finding.Related{Path: f.Path, Span: at(st, kw), Message: text(f, at(st, kw)) + " here"})
		}
	}
	for _, what := range order {
		k := byKind[what]
		out = append(out, modProblem{code: finding.CodeNotInModule, msg: fmt.Sprintf("module %s: %s", label, k.msg), rel: k.rel})
	}
	// Names declared twice.
	for _, dup := range duplicateNames(cfg) {
		out = append(out, modProblem{code: finding.CodeDuplicate, msg: fmt.Sprintf("module %s: %s", label, dup.msg), rel: dup.rel})
	}
	// Attributes read from nested module calls that do not declare them.
	for _, d := range m.c.moduleCheck(cfg) {
		if d.Code != finding.CodeUnknownOutput || d.Severity != finding.Error || !inAttributes(cfg, d) {
			continue
		}
		out = append(out, modProblem{code: finding.CodeUnknownOutput, msg: fmt.Sprintf("module %s: %s: %s", label, m.place(cfg, &d), d.Message),
			rel: []finding.Related{{Path: d.Path, Span: d.Span, Message: d.Message}}})
	}
	return out
}

// inAttributes reports whether a diagnostic of cfg stands in its attributes block.
func inAttributes(cfg *workspace.Config, d finding.Diagnostic) bool {
	f := cfg.File(d.Path)
	if f == nil {
		return false
	}
	for _, st := range f.AST.Stmts {
		if o, ok := st.Node.(*grammar.OutputsStmt); ok && !o.Exports && d.Span.Start >= st.Offset && d.Span.End <= st.End {
			return true
		}
	}
	return false
}

// dupName is a name a configuration declares more than once.
type dupName struct {
	msg string
	rel []finding.Related
}

// duplicateNames lists the names a configuration declares more than once, as Carina's directory
// check sees them: bindings and arguments share a namespace; functions, attributes and exports
// have their own.
func duplicateNames(cfg *workspace.Config) []dupName {
	var out []dupName
	report := func(kind, name string, places []finding.Related) {
		out = append(out, dupName{msg: fmt.Sprintf("duplicate %s '%s': declared %s", kind, name, declaredIn(places)), rel: places})
	}
	for _, name := range sortedKeys(cfg.Bindings) {
		ds := cfg.Bindings[name]
		if len(ds) < 2 {
			continue
		}
		kind := "binding"
		if slices.ContainsFunc(ds, func(d *workspace.Decl) bool { return d.Kind == workspace.Argument }) {
			kind = "name"
			if !slices.ContainsFunc(ds, func(d *workspace.Decl) bool { return d.Kind != workspace.Argument }) {
				kind = "argument"
			}
		}
		var places []finding.Related
		for _, d := range ds {
			places = append(places, finding.Related{Path: d.File.Path, Span: d.NameSpan, Message: "declared as " + d.Kind.String() + " here"})
		}
		report(kind, name, places)
	}
	for _, name := range sortedKeys(cfg.Functions) {
		if ds := cfg.Functions[name]; len(ds) > 1 {
			var places []finding.Related
			for _, d := range ds {
				places = append(places, finding.Related{Path: d.File.Path, Span: d.NameSpan, Message: "declared here"})
			}
			report("function", name, places)
		}
	}
	outputs := map[[2]string][]finding.Related{}
	var keys [][2]string
	for _, o := range cfg.Outputs {
		kind := "module attribute"
		if o.Exports {
			kind = "export"
		}
		k := [2]string{kind, o.Name}
		if outputs[k] == nil {
			keys = append(keys, k)
		}
		outputs[k] = append(outputs[k], finding.Related{Path: o.File.Path, Span: o.Stmt.Abs(o.Decl.Name.Span), Message: "declared here"})
	}
	for _, k := range keys {
		if len(outputs[k]) > 1 {
			report(k[0], k[1], outputs[k])
		}
	}
	return out
}

// declaredIn says in which files the places are, as Carina does: "in a.crn and b.crn", "2 times
// in a.crn".
func declaredIn(places []finding.Related) string {
	var files []string
	n := map[string]int{}
	for _, p := range places {
		f := filepath.Base(p.Path)
		if n[f] == 0 {
			files = append(files, f)
		}
		n[f]++
	}
	if len(files) == 1 {
		return fmt.Sprintf("%d times in %s", n[files[0]], files[0])
	}
	parts := make([]string, len(files))
	for i, f := range files {
		parts[i] = f
		if n[f] > 1 {
			parts[i] = fmt.Sprintf("%s (%d times)", f, n[f])
		}
	}
	switch len(parts) {
	case 2:
		return "in " + parts[0] + " and " + parts[1]
	}
	return "in " + strings.Join(parts[:len(parts)-1], ", ") + ", and " + parts[len(parts)-1]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// checkCalls reports, at each module call of the configuration, what Carina finds in the
// module's content once the call expands it (and the calls it makes in turn).
func (m *moduleLoader) checkCalls() {
	c := m.c
	for _, r := range c.cfg.Refs {
		if r.Kind != workspace.RefModuleCall || r.Decl == nil || r.Decl.Kind != workspace.Module {
			continue
		}
		imp := c.cfg.Modules[r.Decl.Name]
		if imp == nil || imp.Decl != r.Decl {
			continue
		}
		cfg := m.configOf(imp)
		if cfg == nil || m.loaded[cfg.Dir] != nil {
			continue // the `use` says why the module does not load
		}
		if in, d := m.expanded(cfg, map[string]bool{c.cfg.Dir: true}); d != nil {
			diag := c.add(r.File, r.Span, finding.Error, finding.CodeInvalidModule, "module '%s', expanded by this call: %s: %s", imp.Source, m.place(in, d), d.Message)
			diag.Related = []finding.Related{{Path: d.Path, Span: d.Span, Message: d.Message}}
			continue
		}
		if !c.cfg.IsModule {
			m.checkCallRouting(r, imp, cfg)
		}
	}
}

// expanded returns the first error Carina finds in a module's content once a call expands it,
// its nested calls' modules included, with the configuration it stands in.
func (m *moduleLoader) expanded(cfg *workspace.Config, seen map[string]bool) (*workspace.Config, *finding.Diagnostic) {
	if seen[cfg.Dir] {
		return nil, nil
	}
	seen[cfg.Dir] = true
	if d := firstOf(m.c.moduleCheck(cfg), moduleExpandCodes); d != nil {
		return cfg, d
	}
	if !usesAndCalls(cfg) {
		return nil, nil
	}
	for _, call := range moduleCalls(cfg) {
		if imp := cfg.Modules[call.Name.Text]; imp != nil {
			if inner := m.configOf(imp); inner != nil {
				if in, d := m.expanded(inner, seen); d != nil {
					return in, d
				}
			}
		}
	}
	return nil, nil
}

// moduleCheck returns the diagnostics of a module's (or an upstream configuration's) own check,
// run once per check run and kept in the memo while the configuration is unchanged.
func (c *checker) moduleCheck(cfg *workspace.Config) []finding.Diagnostic {
	if ds, ok := c.modChecks[cfg]; ok {
		return ds
	}
	if c.modChecks == nil {
		c.modChecks = map[*workspace.Config][]finding.Diagnostic{}
	}
	ds, ok := c.opts.Memo.moduleResult(cfg, c.schemas)
	if !ok {
		ds = CheckWith(c.ctx, cfg, c.schemas, Options{OnPanic: c.opts.OnPanic, nested: true})
		if c.ctx.Err() == nil {
			c.opts.Memo.storeModule(cfg, c.schemas, ds)
		}
	}
	c.modChecks[cfg] = ds
	return ds
}
