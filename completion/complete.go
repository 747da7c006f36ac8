package completion

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
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
	sl := cursor.SlotAt(cfg, f, offset, schemas)
	if sl.In == cursor.InNothing {
		return nil
	}
	c := &completer{ctx: ctx, cfg: cfg, f: f, src: f.AST.Src, x: schemas, opts: opts, sl: &sl,
		edit: sl.Word, seen: map[itemKey]bool{}}
	c.line = f.Lines.Line(offset) + 1
	c.next = c.nextAt()
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
	sl   *cursor.Slot
	line int // the cursor's line, 1-based, for reports of contained panics
	next int // the offset of what follows the word under the cursor (see nextAt)

	edit   grammar.Span       // what the items replace: the typed word, or the typed part of a string
	prefer cursor.Expectation // the type a value position expects: members of that type are offered first
	want   want               // what the value position being completed expects (see value)
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

// provide runs one provider of items, contained: a provider that panics loses the items it added
// (reported to Options.OnPanic), the others are still offered.
func (c *completer) provide(name string, fn func()) {
	mark := len(c.items)
	ok := contain.Run(c.opts.OnPanic, "completion "+name, c.f.Path, c.line, func() {
		if c.opts.beforeProvider != nil {
			c.opts.beforeProvider(name)
		}
		fn()
	})
	if !ok {
		// Drop the provider's items and what it marked as seen (a rare path: rebuilt).
		c.items = c.items[:mark]
		c.seen = make(map[itemKey]bool, len(c.items))
		for _, it := range c.items {
			c.seen[itemKey{it.Label, it.Insert}] = true
		}
	}
}

// add appends an item replacing c.edit. snip is the text to insert in snippet syntax; clients
// without snippets get its plain form. What the text after the cursor already holds is left out
// (see shorten).
func (c *completer) add(label string, kind Kind, snip, detail, doc string) *Item {
	snip = c.shorten(label, snip)
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

// shorten drops from an insert that starts with name what already follows the word under the
// cursor: `name = ` before an "=", a block's braces before a "{", a call's parentheses before a
// "(" — so that retyping a key, a block name, a resource type or a function keeps the rest of the
// line as it is.
func (c *completer) shorten(name, snip string) string {
	src, i := c.src, c.next
	if i >= len(src) || len(snip) == len(name) || !strings.HasPrefix(snip, name) {
		return snip // names need no escaping: a snippet starting with one starts with it as written
	}
	rest := snip[len(name):]
	switch {
	case src[i] == '=' && !strings.HasPrefix(src[i:], "==") && strings.HasPrefix(strings.TrimLeft(rest, " "), "="),
		src[i] == '{' && strings.HasPrefix(strings.TrimLeft(rest, " "), "{"),
		src[i] == '(' && strings.HasPrefix(rest, "("):
		return name
	}
	return snip
}

// nextAt returns the offset of the first character after the word the cursor is in (its rest
// after the cursor included) and the blanks after it on its line.
func (c *completer) nextAt() int {
	src := c.src
	i := int(c.sl.Word.End)
	for i < len(src) && (isWordByte(src[i]) || src[i] == '.') {
		i++
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// nextChar returns the character at nextAt, or 0 at the end of the text.
func (c *completer) nextChar() byte {
	if c.next < len(c.src) {
		return c.src[c.next]
	}
	return 0
}

// isWordByte reports whether c can be part of a name.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// text adds an item whose insert is literal text (escaped when snippets are on).
func (c *completer) text(label string, kind Kind, insert, detail, doc string) *Item {
	return c.add(label, kind, escape(insert), detail, doc)
}

// run dispatches on what the cursor is in.
func (c *completer) run() {
	sl := c.sl
	if sl.StringTok.Kind == grammar.String {
		c.provide("string", c.inString)
		return
	}
	switch sl.In {
	case cursor.InStatement:
		c.statement()
	case cursor.InBlock:
		c.inBlock()
	case cursor.InList:
		c.list()
	case cursor.InBody:
		c.body()
	case cursor.InArgs:
		c.expression()
	case cursor.InParams, cursor.InStruct, cursor.InDecls:
		c.declarations()
	case cursor.InTypeArgs:
		c.provide("types", c.types)
	}
}

// inBlock dispatches on what the block the cursor is in holds: a module call's arguments, a
// keyed construct's keys (the construct table says which), a resource's attributes; a backend's
// keys depend on its type and are not completed.
func (c *completer) inBlock() {
	b := c.sl.Block
	switch {
	case b.Construct != nil && b.Construct.ID == grammar.ModuleCallConstruct:
		c.moduleCall()
	case b.Construct != nil && b.Construct.Keys != nil:
		c.keyed()
	case b.Construct != nil && b.Construct.ID == grammar.BackendConstruct:
	default:
		c.block()
	}
}
