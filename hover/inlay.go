package hover

import (
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// InlayHint is a label shown in the text without being part of it.
type InlayHint struct {
	Offset      int    // absolute byte offset the label is shown at
	Label       string // `timeout: 75min (default)`
	PaddingLeft bool
	Tooltip     string // Markdown
}

// InlayOptions says which hints to give beside the waits' timeouts.
type InlayOptions struct {
	// Types adds the inferred type after every let's name, local and loop variable, and after
	// each parameter of a user function that declares none, when every call passes it values
	// of one type (off by default, as in gopls and rust-analyzer).
	Types bool
}

// InlayHints returns the hints for the part span of f: after every wait without a timeout key,
// its effective default (`timeout: 5min (default)`), with where it comes from in the tooltip. The
// hint follows the wait's last item, or its closing brace when it has none.
func InlayHints(cfg *workspace.Config, f *workspace.File, span grammar.Span, schemas *schema.Index) []InlayHint {
	return InlayHintsWith(cfg, f, span, schemas, InlayOptions{})
}

// InlayHintsWith is InlayHints with options.
func InlayHintsWith(cfg *workspace.Config, f *workspace.File, span grammar.Span, schemas *schema.Index, opts InlayOptions) []InlayHint {
	if cfg == nil || f == nil {
		return nil
	}
	out := waitHints(cfg, f, span, schemas)
	if opts.Types {
		out = append(out, env{cfg: cfg, schemas: schemas}.typeHints(f, span)...)
	}
	slices.SortStableFunc(out, func(a, b InlayHint) int { return a.Offset - b.Offset })
	return out
}

// waitHints are the hints of the waits' effective timeouts.
func waitHints(cfg *workspace.Config, f *workspace.File, span grammar.Span, schemas *schema.Index) []InlayHint {
	e := env{cfg: cfg, schemas: schemas}
	var out []InlayHint
	for _, wi := range cfg.Waits {
		d, w := wi.Decl, wi.Expr
		if d.File != f || w.Timeout != nil || w.Body == nil {
			continue
		}
		ws := d.Stmt.Abs(w.Span)
		if ws.End < span.Start || ws.Start > span.End {
			continue
		}
		var at int32
		switch {
		case len(w.Body.Items) > 0:
			at = d.Stmt.Abs(w.Body.Items[len(w.Body.Items)-1].Pos()).End
		case w.Body.Close.End > w.Body.Close.Start:
			at = d.Stmt.Abs(w.Body.Close).End
		default:
			continue // neither items nor a closing brace yet
		}
		s := e.waitSettings(d)
		key := waitKey(grammar.DurationValue)
		tip := "Effective timeout of wait " + code(d.Name) + " (it sets no " + code(key) + "): " + code(grammar.NormalDuration(s.timeout)) +
			" from " + s.timeoutFrom + ". Poll interval " + code(grammar.NormalDuration(s.interval)) + " from " + s.intervalFrom +
			"; at most " + readCount(s.reads()) + " of " + code(targetName(d)) + ". Write " + code(key+" = <duration>") + " in the block to change it."
		out = append(out, InlayHint{
			Offset:      int(at),
			Label:       key + ": " + grammar.NormalDuration(s.timeout) + " (default)",
			PaddingLeft: true,
			Tooltip:     tip,
		})
	}
	slices.SortFunc(out, func(a, b InlayHint) int { return a.Offset - b.Offset })
	return out
}
