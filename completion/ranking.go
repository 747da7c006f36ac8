package completion

import (
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Completion in a value position offers what fits the expected type first: the names whose
// inferred value has that type, the functions whose result has it.

// expected returns the type the value position expects, as inference's type, or nil.
func (c *completer) expected() *types.Type {
	w := c.want
	switch {
	case w.arg != nil:
		return w.arg
	case w.Type != nil:
		return types.FromSchemaIn(w.Schema, w.Type)
	case w.Param != nil && w.Param.Type != nil:
		t, _ := types.Annotation(w.Param.Type, c.x)
		return t
	case w.Key != nil && w.Key.Value == grammar.BoolValue:
		return types.BoolType
	case w.Key != nil && w.Key.Value == grammar.DurationValue:
		return types.DurationType
	}
	return nil
}

// argument returns the type of the parameter the call around the cursor takes the argument being
// typed for, as signature help shows it (the same call, the same types.Signature), or nil.
func (c *completer) argument() *types.Type {
	if _, ok := c.sl.Node.(*grammar.CallExpr); !ok {
		return nil // grouping parentheses, an index, an interpolation
	}
	call, ok := cursor.CallAt(c.f.AST, c.sl.Word.Start)
	if !ok {
		return nil
	}
	sig, ok := c.cfg.Types(c.x).CallSignature(c.f.Path, c.sl.Stmt, call.Name)
	if !ok {
		return nil
	}
	if i := sig.Argument(call.Arg, call.Piped); i >= 0 && sig.Params[i].Type.Known() {
		return sig.Params[i].Type
	}
	return nil
}

// inferred returns the type inference gives a binding's value, or nil.
func (c *completer) inferred(d *workspace.Decl) *types.Type {
	v, ok := c.cfg.Types(c.x).DeclValue(d)
	if !ok {
		return nil
	}
	return types.Evaluated(v).TypeOf()
}

// ranked is an item to add with how well it fits.
type ranked struct {
	label, detail string
	kind          Kind
	fit           types.Fit
}

// addRanked adds items, those that fit best first (in their order otherwise).
func (c *completer) addRanked(items []ranked) {
	slices.SortStableFunc(items, func(a, b ranked) int { return int(b.fit) - int(a.fit) })
	for _, it := range items {
		c.text(it.label, it.kind, it.label, it.detail, "")
	}
}

// ExpectedAt returns the type completion expects of a value typed at byte offset offset of f, the
// type it ranks the candidates by, or nil: in a call's arguments the parameter's type, elsewhere
// what the cursor package works out. The property test of the server's features holds it to
// signature help's active parameter.
func ExpectedAt(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *types.Type {
	if cfg == nil || f == nil || f.AST == nil || offset < 0 || offset > len(f.AST.Src) {
		return nil
	}
	sl := cursor.SlotAt(cfg, f, offset, schemas)
	c := &completer{cfg: cfg, f: f, src: f.AST.Src, x: schemas, sl: &sl, edit: sl.Word}
	c.want = expect(sl.Expect)
	if sl.In == cursor.InArgs {
		c.want = want{arg: c.argument()}
	}
	return c.expected()
}
