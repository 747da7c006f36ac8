package cursor

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// resolver answers questions about one file of a configuration: the declarations and
// references by place come from the configuration's index (built once per configuration).
type resolver struct {
	cfg     *workspace.Config
	f       *workspace.File
	schemas *schema.Index

	schemaOf  map[*workspace.Decl]*schema.Resource // declSchema's answers
	providers []string                             // the schemas' providers, once asked
	regions   map[*schema.Enum]*schema.Enum        // withRegions' answers

	ownerSt *grammar.Stmt   // the statement owner last answered for
	ownerD  *workspace.Decl // and its answer

	// memo holds the context of each block of the statement already described (a Walk
	// describes the block of every key it meets); used when scratch.
	memo      map[*grammar.Block]*BlockCtx
	lastBlock *grammar.Block // the block memo answered for last
	lastCtx   *BlockCtx
	// scratch says that the Sites made are reused (Walk): their slices and block contexts come
	// from the buffers below, overwritten by the next Site (and, for blocks, statement).
	scratch bool
	slab    [][]BlockCtx   // block contexts of the current statement, in chunks
	used    int            // how many of the slab's are in use
	names   []grammar.Name // the current Site's Segments
	strs    []string       // and its attribute path
	paths   []string       // the attribute paths of the statement's block contexts
}

// reset forgets the block contexts of the statement walked before.
func (r *resolver) reset() {
	clear(r.memo)
	r.lastBlock, r.lastCtx = nil, nil
	r.used = 0
	r.paths = r.paths[:0]
}

// newBlockCtx returns a zero block context: from the slab when scratch.
func (r *resolver) newBlockCtx() *BlockCtx {
	if !r.scratch {
		return &BlockCtx{}
	}
	// Chunks of 8, 16, 32, 64, 64 ...: a range walk describes a few blocks, a file many.
	ci, i := 0, r.used
	for size := 8; i >= size; size = min(2*size, 64) {
		i -= size
		ci++
	}
	if ci == len(r.slab) {
		r.slab = append(r.slab, make([]BlockCtx, min(8<<ci, 64)))
	}
	r.used++
	ctx := &r.slab[ci][i]
	*ctx = BlockCtx{}
	return ctx
}

// absNames converts names relative to st to absolute ones.
func (r *resolver) absNames(st *grammar.Stmt, ns []grammar.Name) []grammar.Name {
	var out []grammar.Name
	if r.scratch {
		out = r.names[:0]
	} else {
		out = make([]grammar.Name, 0, len(ns))
	}
	for _, n := range ns {
		out = append(out, grammar.Name{Text: n.Text, Span: st.Abs(n.Span)})
	}
	if r.scratch {
		r.names = out
	}
	return out
}

// attrPath returns the attribute path prefix followed by the texts of the names ns.
func (r *resolver) attrPath(prefix []string, ns []grammar.Name, last string) []string {
	var out []string
	if r.scratch {
		out = r.strs[:0]
	} else {
		out = make([]string, 0, len(prefix)+len(ns)+1)
	}
	out = append(out, prefix...)
	for _, n := range ns {
		out = append(out, n.Text)
	}
	if last != "" {
		out = append(out, last)
	}
	if r.scratch {
		r.strs = out
	}
	return out
}

func newResolver(cfg *workspace.Config, f *workspace.File, schemas *schema.Index) *resolver {
	return &resolver{cfg: cfg, f: f, schemas: schemas}
}

func samePath(a, b *workspace.File) bool { return a == b || a != nil && b != nil && a.Path == b.Path }

// refAt returns the reference whose name starts at the absolute offset start of the file, or nil
// (from the configuration's index).
func (r *resolver) refAt(start int32) *workspace.Ref {
	if r.cfg == nil {
		return nil
	}
	return r.cfg.RefAt(r.f.Path, start)
}

// declAt returns the declaration whose name is at the absolute span sp of the file, or nil.
func (r *resolver) declAt(sp grammar.Span) *workspace.Decl {
	if r.cfg == nil {
		return nil
	}
	return r.cfg.DeclAt(r.f.Path, sp)
}

// lookup returns the top-level binding called name (this file's own first, as references
// resolve), or nil.
func (r *resolver) lookup(name string) *workspace.Decl {
	if r.cfg == nil {
		return nil
	}
	return r.cfg.LookupIn(name, r.f)
}

// DeclSchema returns the schema of what a declaration stands for: a resource's or data source's,
// and through a wait, for and if, the resource behind them (workspace.Config.ResourceOfIn, looked
// up from file f), with schema.Index.Declared's one fallback rule. nil when there is none.
func DeclSchema(cfg *workspace.Config, f *workspace.File, schemas *schema.Index, d *workspace.Decl) *schema.Resource {
	if cfg == nil || d == nil {
		return nil
	}
	res := cfg.ResourceOfIn(d, f)
	if res == nil || res.Type == nil {
		return nil
	}
	return schemas.Declared(res.Type.String(), res.Read != nil)
}

func (r *resolver) declSchema(d *workspace.Decl) *schema.Resource {
	if d == nil {
		return nil
	}
	if rs, ok := r.schemaOf[d]; ok {
		return rs
	}
	if r.schemaOf == nil {
		r.schemaOf = map[*workspace.Decl]*schema.Resource{}
	}
	rs := DeclSchema(r.cfg, r.f, r.schemas, d)
	r.schemaOf[d] = rs
	return rs
}

// withRegions returns a provider's region enum (aws.Region: open and without values of its own)
// with the provider's regions as its values; any other enum as it is.
func (r *resolver) withRegions(en *schema.Enum) *schema.Enum {
	if en == nil || !en.Open || len(en.Values) > 0 {
		return en
	}
	if c, ok := r.regions[en]; ok {
		return c
	}
	if r.regions == nil {
		r.regions = map[*schema.Enum]*schema.Enum{}
	}
	c := WithRegions(r.schemas, en)
	r.regions[en] = c
	return c
}

// WithRegions returns a provider's region enum (aws.Region: open and without values of its own)
// with the provider's region list as its values; any other enum as it is.
func WithRegions(schemas *schema.Index, en *schema.Enum) *schema.Enum {
	if en == nil || !en.Open || len(en.Values) > 0 {
		return en
	}
	provider, rest, _ := strings.Cut(en.Identity, ".")
	if rest != "Region" {
		return en
	}
	regions := schemas.Regions(provider)
	if len(regions) == 0 {
		return en
	}
	c := *en
	c.Values = regions
	return &c
}

// EnumOf returns the enum of a type: through refs and list elements (a list of enums takes
// values of the enum), or nil.
func EnumOf(rs *schema.Resource, t *schema.Type) *schema.Enum {
	for range 16 {
		if rs != nil {
			t = rs.Resolve(t)
		}
		if t == nil {
			return nil
		}
		if t.Kind != schema.KindList {
			return t.Enum
		}
		t = t.Element
	}
	return nil
}

// qualifiedEnum resolves a dotted value such as aws.acm.Certificate.Status.Issued or
// aws.Region.us_east_1 against the enum its prefix names (also under another provider's prefix).
func (r *resolver) qualifiedEnum(text string) (*schema.Enum, schema.EnumValue, bool) {
	if r.schemas == nil {
		return nil, schema.EnumValue{}, false
	}
	if r.providers == nil {
		r.providers = r.schemas.Providers()
	}
	first, _, _ := strings.Cut(text, ".")
	// The prefixes of text of at least two names, longest first: aws.acm.Certificate.Status,
	// aws.acm.Certificate, aws.acm.
	for end := strings.LastIndexByte(text, '.'); end > 0; end = strings.LastIndexByte(text[:end], '.') {
		id := text[:end]
		if !strings.Contains(id, ".") {
			break
		}
		if en, v, ok := r.enumValue(id, text); ok {
			return en, v, true
		}
		for _, p := range r.providers {
			if p != first {
				if en, v, ok := r.enumValue(p+id[len(first):], text); ok {
					return en, v, true
				}
			}
		}
	}
	return nil, schema.EnumValue{}, false
}

// enumValue resolves text as a value of the enum id.
func (r *resolver) enumValue(id, text string) (*schema.Enum, schema.EnumValue, bool) {
	if en := r.withRegions(r.schemas.Enum(id)); en != nil {
		if m, ok := en.Resolve(text); ok {
			return en, m.Value, true
		}
	}
	return nil, schema.EnumValue{}, false
}

// segments flattens a reference expression into its names: `a.b[0].c` → a, b, c (spans relative
// to the statement).
func segments(e grammar.Expr) []grammar.Name {
	switch e := e.(type) {
	case *grammar.PathExpr:
		return e.Parts
	case *grammar.FieldExpr:
		return append(slices.Clip(segments(e.X)), e.Fields...)
	case *grammar.IndexExpr:
		return segments(e.X)
	}
	return nil
}

func texts(ns []grammar.Name) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.Text
	}
	return out
}
