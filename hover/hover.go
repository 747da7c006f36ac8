// Package hover owns what the editor shows about code in place: hover cards (resource types,
// attributes and references to them, enum values, bindings, waits and their keys, durations,
// built-in functions, keywords, modules and module arguments), signature help for built-in and
// user functions, and inlay hints (the effective timeout of a wait that does not set one). It
// reads the semantic model (workspace) and the schema index, answers in byte offsets and Markdown,
// and knows nothing of LSP: the lsp package converts positions.
package hover

import (
	"context"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Hover is the card shown for the thing under the cursor.
type Hover struct {
	Span     grammar.Span // absolute byte range of the thing hovered in the file
	Markdown string
}

// At returns the hover card for byte offset offset of f, a file of cfg, or nil when there is
// nothing to say. schemas may be nil (no schema-based content then). It works on statements that
// did not parse, from what the parser recovered.
func At(ctx context.Context, cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *Hover {
	if cfg == nil || f == nil || f.AST == nil || ctx.Err() != nil {
		return nil
	}
	c := newCursor(env{cfg: cfg, schemas: schemas}, f, int32(offset))
	if c == nil {
		return nil
	}
	return c.hover()
}

// hover dispatches on the kind of token under the cursor.
func (c *cursor) hover() *Hover {
	switch c.tok.Kind {
	case grammar.Duration, grammar.Int:
		return c.durationHover()
	case grammar.Pipe, grammar.Compose, grammar.Coalesce:
		return c.operatorHover()
	case grammar.String, grammar.TemplateStart, grammar.Heredoc:
		return c.stringHover()
	case grammar.Ident:
		if h := c.wordHover(); h != nil {
			return h
		}
		return c.fallbackHover()
	}
	return nil
}
