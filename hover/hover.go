// Package hover owns what the editor shows about code in place: hover cards (At: resource types,
// attributes and references to them, enum values, bindings, waits and their keys, durations,
// built-in functions, keywords, modules and module arguments), signature help for built-in and
// user functions (SignatureAt), and inlay hints (InlayHints: the effective timeout of a wait that
// does not set one). A card is chosen by the role of cursor.LocateName's Site and written from
// what it resolves to in the model, the construct table and the schema index. It answers in
// byte offsets and Markdown and knows nothing of LSP: the lsp package converts positions.
package hover

import (
	"context"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
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
// did not parse, from what the parser recovered. What lies at the offset is cursor.LocateName's
// Site: the card is chosen by its role and written from what it resolves to.
func At(ctx context.Context, cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *Hover {
	return AtWith(ctx, cfg, f, offset, schemas, Options{})
}

// Options configures a hover request.
type Options struct {
	// OnPanic hears of a card that panicked while it was written: the hover then shows the
	// plain card of the thing's role (what it is and its name), and the panic is reported.
	OnPanic contain.Reporter

	beforeCard func() // when set (by this package's tests), runs before the card is written
}

// AtWith is At with options.
func AtWith(ctx context.Context, cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index, opts Options) *Hover {
	if cfg == nil || f == nil || f.AST == nil || ctx.Err() != nil {
		return nil
	}
	p := &place{env: env{cfg: cfg, schemas: schemas}, s: cursor.LocateName(cfg, f, offset, schemas)}
	var h *Hover
	if contain.Run(opts.OnPanic, "hover "+p.s.Role.String(), f.Path, f.Lines.Line(offset)+1, func() {
		if opts.beforeCard != nil {
			opts.beforeCard()
		}
		h = p.hover()
	}) {
		return h
	}
	return p.plainCard()
}

// plainCard says what the thing under the cursor is, from its role alone: what a hover shows
// when writing its card failed.
func (p *place) plainCard() *Hover {
	if p.s.Role == cursor.None || p.s.Text == "" {
		return nil
	}
	return card(p.s.Span, code(p.s.Text)+" — "+p.s.Role.String())
}

// place is what a hover is asked about: the Site under the cursor, with the configuration and
// the schemas.
type place struct {
	env
	s *cursor.Site
}

// card builds a Hover over the absolute span sp.
func card(sp grammar.Span, md string) *Hover {
	if md == "" {
		return nil
	}
	return &Hover{Span: sp, Markdown: md}
}
