package completion

import (
	"context"
	"fmt"
	"maps"
	"slices"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Complete returns the completion items at byte offset offset of f, one of cfg.Files, in the
// order to show them (SortText keeps it). schemas may be nil: then nothing schema-dependent is
// offered, but every context is still recognised. It returns nil when ctx is cancelled.
func Complete(ctx context.Context, cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index, opts Options) []Item {
	if cfg == nil || f == nil || f.AST == nil || offset < 0 || offset > len(f.AST.Src) {
		return nil
	}
	cur, ok := locate(f.AST, int32(offset))
	if !ok {
		return nil
	}
	c := &completer{ctx: ctx, cfg: cfg, f: f, src: f.AST.Src, x: schemas, opts: opts, cur: cur,
		edit: cur.word, seen: map[itemKey]bool{}}
	c.run()
	if ctx.Err() != nil {
		return nil
	}
	width := len(fmt.Sprint(len(c.items)))
	for i := range c.items {
		c.items[i].SortText = fmt.Sprintf("%0*d", width, i)
	}
	return c.items
}

// completer builds the items of one request.
type completer struct {
	ctx  context.Context
	cfg  *workspace.Config
	f    *workspace.File
	src  string
	x    *schema.Index
	opts Options
	cur  *cursor

	edit   g.Span // what the items replace: the typed word, or the typed part of a string
	prefer want   // the type a value position expects: members of that type are offered first
	items  []Item
	seen   map[itemKey]bool // the items added, to drop duplicates
	names  []string         // the configuration's binding names, sorted (see bindingNames)
}

type itemKey struct{ label, insert string }

// bindingNames returns the names of the configuration's top-level bindings, sorted.
func (c *completer) bindingNames() []string {
	if c.names == nil {
		c.names = slices.Sorted(maps.Keys(c.cfg.Bindings))
	}
	return c.names
}

// done reports whether the request was cancelled.
func (c *completer) done() bool { return c.ctx.Err() != nil }

// add appends an item replacing c.edit. snip is the text to insert in snippet syntax; clients
// without snippets get its plain form.
func (c *completer) add(label string, kind Kind, snip, detail, doc string) *Item {
	it := Item{Label: label, Kind: kind, Detail: detail, Documentation: doc, Edit: c.edit}
	switch {
	case !isSnippet(snip):
		it.Insert = snip
	case c.opts.Snippets:
		it.Insert, it.Snippet = snip, true
	default:
		it.Insert = plain(snip)
	}
	key := itemKey{label, it.Insert}
	if c.seen[key] {
		return nil
	}
	c.seen[key] = true
	c.items = append(c.items, it)
	return &c.items[len(c.items)-1]
}

// text adds an item whose insert is literal text (escaped when snippets are on).
func (c *completer) text(label string, kind Kind, insert, detail, doc string) *Item {
	return c.add(label, kind, escape(insert), detail, doc)
}

// run dispatches on the innermost frame.
func (c *completer) run() {
	fr := c.cur.top()
	if c.cur.inStr >= 0 {
		c.inString(fr)
		return
	}
	switch fr.kind {
	case fStmt:
		c.statement(fr)
	case fResource, fNested, fMap:
		c.block(fr)
	case fList:
		c.list(fr)
	case fWait:
		c.wait(fr)
	case fProvider:
		c.provider(fr)
	case fUse, fUpstream:
		c.sourceBlock(fr)
	case fModuleCall:
		c.moduleCall(fr)
	case fDirectives:
		c.directives(fr)
	case fArguments:
		c.arguments(fr)
	case fParamBody:
		c.paramBody(fr)
	case fValidation:
		c.validation(fr)
	case fOutputs:
		c.outputsBlock(fr)
	case fState:
		c.stateBlock(fr)
	case fForBody, fIfBody, fFnBody:
		c.body(fr)
	case fFnParams, fStructType:
		c.declList(fr)
	case fTypeParen:
		c.types()
	case fParen, fInterp:
		c.expression(fr)
	}
}
