package grammar

// Span is a byte range [Start, End). Inside a parsed statement, spans are relative to the
// statement's first byte (see Stmt.Offset), so that an unchanged statement can be reused at a new
// place in the file without touching its nodes.
type Span struct{ Start, End int32 }

// Shift returns s moved by off bytes.
func (s Span) Shift(off int32) Span { return Span{s.Start + off, s.End + off} }

// Contains reports whether offset p lies within s (End included, so a cursor just after a word
// is on it).
func (s Span) Contains(p int32) bool { return s.Start <= p && p <= s.End }

func join(a, b Span) Span { return Span{a.Start, b.End} }

// Node is any node of the syntax tree.
type Node interface{ Pos() Span }

// Name is an identifier with its span.
type Name struct {
	Text string
	Span Span
}

// Pos returns the name's span.
func (n *Name) Pos() Span { return n.Span }

// ---- Statements ----

// LetStmt is `let name = value`, at top level or inside a block body.
type LetStmt struct {
	Span  Span
	Let   Span  // the `let` keyword
	Name  *Name // "_" for the discard pattern
	Value Expr  // nil when missing
}

// ResourceStmt is an anonymous resource at top level: `aws.s3.Bucket { ... }`.
type ResourceStmt struct {
	Span     Span
	Resource *ResourceExpr
}

// ModuleCallStmt is an anonymous module call at top level: `net { cidr = '10.0.0.0/16' }`.
type ModuleCallStmt struct {
	Span Span
	Call *ModuleCallExpr
}

// ProviderStmt is `provider <kind> { ... }`.
type ProviderStmt struct {
	Span Span
	Kw   Span
	Kind *Name
	Body *Block
}

// BackendStmt is `backend <type> { ... }`.
type BackendStmt struct {
	Span Span
	Kw   Span
	Kind *Name
	Body *Block
}

// ArgumentsStmt is `arguments { name: Type [= default] ... }`.
type ArgumentsStmt struct {
	Span   Span
	Kw     Span
	Params []*ParamDecl
	Bad    []Span // items that failed to parse
}

// ParamDecl is one argument: `name: Type = default` or `name: Type { description = ... }`.
type ParamDecl struct {
	Span    Span
	Name    *Name
	Type    *TypeExpr
	Default Expr   // from `= expr`, or the block's `default` attribute
	Body    *Block // the `{ description = ... default = ... validation { ... } }` form
}

// OutputsStmt is an `attributes { ... }` (module outputs) or `exports { ... }` block.
type OutputsStmt struct {
	Span    Span
	Kw      Span
	Exports bool // true for `exports`, false for `attributes`
	Items   []*OutputDecl
	Bad     []Span
}

// OutputDecl is `name[: Type] = expr`.
type OutputDecl struct {
	Span  Span
	Name  *Name
	Type  *TypeExpr // nil when untyped
	Value Expr
}

// StateBlockStmt is a keyed block standing as a statement of its own: `import`, `removed`,
// `moved`, and any construct of the table that stands at top level as `keyword { keys }`.
type StateBlockStmt struct {
	Span      Span
	Kw        Span
	Construct ConstructID
	Body      *Block
}

// RequireStmt is `require <validate expr>, message`.
type RequireStmt struct {
	Span    Span
	Kw      Span
	Cond    Expr
	Message Expr
}

// FnStmt is a user function: `fn name(params): Ret { lets... result }`.
type FnStmt struct {
	Span   Span
	Kw     Span
	Name   *Name
	Params []*FnParam
	Return *TypeExpr
	Lets   []*LetStmt
	Result Expr
	Open   Span // "{" of the body
	Close  Span // "}" of the body
}

// FnParam is one function parameter.
type FnParam struct {
	Span    Span
	Name    *Name
	Type    *TypeExpr
	Default Expr
}

// ExprStmt is a top-level `for` or `if` expression, or a construct that stands only as a let's
// value (`wait`, `read`, ...) written without its let: the parser reports the missing let and
// keeps the construct's tree, for the editor features and the quick fix that binds it.
type ExprStmt struct {
	Span Span
	X    Expr
}

// BadStmt is a statement that could not be parsed at all.
type BadStmt struct{ Span Span }

func (s *LetStmt) Pos() Span        { return s.Span }
func (s *ResourceStmt) Pos() Span   { return s.Span }
func (s *ModuleCallStmt) Pos() Span { return s.Span }
func (s *ProviderStmt) Pos() Span   { return s.Span }
func (s *BackendStmt) Pos() Span    { return s.Span }
func (s *ArgumentsStmt) Pos() Span  { return s.Span }
func (s *ParamDecl) Pos() Span      { return s.Span }
func (s *OutputsStmt) Pos() Span    { return s.Span }
func (s *OutputDecl) Pos() Span     { return s.Span }
func (s *StateBlockStmt) Pos() Span { return s.Span }
func (s *RequireStmt) Pos() Span    { return s.Span }
func (s *FnStmt) Pos() Span         { return s.Span }
func (s *FnParam) Pos() Span        { return s.Span }
func (s *ExprStmt) Pos() Span       { return s.Span }
func (s *BadStmt) Pos() Span        { return s.Span }

// ---- Block bodies ----

// Block is `{ items }`: the body of a resource, provider, backend, nested block, map, module call,
// wait, use, upstream_state, import/removed/moved, or an argument's detail block.
type Block struct {
	Open, Close Span // Close is zero-width at the end when the "}" is missing
	Items       []Item
}

// Pos returns the span from "{" to "}".
func (b *Block) Pos() Span { return join(b.Open, b.Close) }

// Item is one entry of a block: *Attribute, *NestedBlock, *LetStmt or *BadItem.
type Item interface{ Node }

// Attribute is `key = value`; the key may be quoted (`'aws:SourceArn' = ...`).
type Attribute struct {
	Span   Span
	Key    *Name // for a quoted key, Text is the unquoted key
	Quoted bool
	Value  Expr // nil when missing
	Comma  bool // followed by a comma (maps allow one)
}

// NestedBlock is `name { items }`. Construct is the construct it introduces when its name is
// the keyword of a block its enclosing construct takes (directives in a resource, validation in
// an argument's detail block), else NoConstruct.
type NestedBlock struct {
	Span      Span
	Name      *Name
	Body      *Block
	Construct ConstructID
}

// BadItem is a block item that failed to parse; the parser skipped to the next item.
type BadItem struct{ Span Span }

func (a *Attribute) Pos() Span   { return a.Span }
func (n *NestedBlock) Pos() Span { return n.Span }
func (b *BadItem) Pos() Span     { return b.Span }

// Attr returns the first attribute with the given key, or nil.
func (b *Block) Attr(key string) *Attribute {
	if b == nil {
		return nil
	}
	for _, it := range b.Items {
		if a, ok := it.(*Attribute); ok && a.Key.Text == key {
			return a
		}
	}
	return nil
}

// ---- Expressions ----

// Expr is an expression node.
type Expr interface{ Node }

// PathExpr is a name or dotted name: `cert`, `cert.status`, `aws.acm.Certificate.Status.Issued`.
type PathExpr struct {
	Span  Span
	Parts []Name
}

// String returns the dotted text.
func (p *PathExpr) String() string {
	if len(p.Parts) == 1 {
		return p.Parts[0].Text
	}
	n := 0
	for _, s := range p.Parts {
		n += len(s.Text) + 1
	}
	b := make([]byte, 0, n)
	for i, s := range p.Parts {
		if i > 0 {
			b = append(b, '.')
		}
		b = append(b, s.Text...)
	}
	return string(b)
}

// IndexExpr is `x[index]`.
type IndexExpr struct {
	Span  Span
	X     Expr
	Index Expr
}

// FieldExpr is `x.a.b` after an index: `opts[0].resource_record.name`.
type FieldExpr struct {
	Span   Span
	X      Expr
	Fields []Name
}

// StringLit is a quoted string or heredoc. Parts alternate literal text and interpolations.
type StringLit struct {
	Span   Span
	Single bool   // '...'
	Doc    bool   // heredoc
	Value  string // the decoded value when there is no interpolation
	Parts  []StringPart
}

// StringPart is literal text (Expr nil) or an interpolation `${Expr}`.
type StringPart struct {
	Span Span
	Text string
	Expr Expr // nil for literal text; *EmptyExpr for `${}`
}

// Interpolated reports whether the string has `${...}` parts.
func (s *StringLit) Interpolated() bool {
	for _, p := range s.Parts {
		if p.Expr != nil {
			return true
		}
	}
	return false
}

// EmptyExpr is the empty interpolation `${}`.
type EmptyExpr struct{ Span Span }

// IntLit is an integer literal.
type IntLit struct {
	Span  Span
	Value int64
}

// FloatLit is a float literal.
type FloatLit struct {
	Span  Span
	Value float64
}

// DurationLit is `<digits><unit>`: Seconds is the value, Text the source.
type DurationLit struct {
	Span    Span
	Seconds uint64
	Text    string
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	Span  Span
	Value bool
}

// NullLit is `null` in a validate expression. Elsewhere Carina reads `null` as a plain name, so
// the parser makes it a PathExpr there.
type NullLit struct{ Span Span }

// ListExpr is `[a, b]`.
type ListExpr struct {
	Span  Span
	Elems []Expr
}

// MapExpr is `{ key = value ... }`; it may hold nested blocks like a resource body.
type MapExpr struct {
	Body *Block
}

// CallExpr is `name(args)`.
type CallExpr struct {
	Span   Span
	Fn     *Name
	Args   []Expr
	LParen Span
	RParen Span
}

// BinaryExpr is `x op y` for `|>`, `>>`, `??` and, in validate expressions, `==` `!=` `<` `<=`
// `>` `>=` `&&` `||`.
type BinaryExpr struct {
	Span  Span
	Op    Kind
	OpPos Span
	X, Y  Expr
}

// UnaryExpr is `!x` in a validate expression.
type UnaryExpr struct {
	Span  Span
	OpPos Span
	X     Expr
}

// ParenExpr is `(x)`.
type ParenExpr struct {
	Span Span
	X    Expr
}

// ResourceExpr is `aws.s3.Bucket { ... }` or `read aws.s3.Bucket { ... }`.
type ResourceExpr struct {
	Span Span
	Read *Span // the `read` keyword, nil for a managed resource
	Type *PathExpr
	Body *Block
}

// ModuleCallExpr is `name { arg = value ... }`.
type ModuleCallExpr struct {
	Span Span
	Name *Name
	Body *Block
}

// KeywordBlockExpr is a keyed block as the value of a let: `use { ... }`, `upstream_state
// { ... }`, and any construct of the table that stands in a let as `keyword { keys }`.
type KeywordBlockExpr struct {
	Span      Span
	Kw        Span
	Construct ConstructID
	Body      *Block
}

// ProviderExpr is `provider <kind> { ... }` as a let right-hand side.
type ProviderExpr struct {
	Span Span
	Kw   Span
	Kind *Name
	Body *Block
}

// WaitExpr is `wait <target> { until = ... depends_on = [...] timeout = ... }`. Body holds every
// item as written (for duplicate and unknown-key checks); Until, DependsOn and Timeout point at the
// first attribute of each key.
type WaitExpr struct {
	Span      Span
	Kw        Span
	Target    *Name // nil when missing
	Body      *Block
	Until     *Attribute // Value is the predicate (validate-expression tree)
	DependsOn *Attribute // Value is a *ListExpr of *PathExpr when well formed
	Timeout   *Attribute // Value is a *DurationLit when well formed
}

// ForExpr is `for x in iter { body }`, `for (i, x) in ...` or `for k, v in ...`.
type ForExpr struct {
	Span     Span
	Kw       Span
	Bindings []*Name
	Paren    bool
	Iter     Expr
	Body     *Body
}

// IfExpr is `if cond { body } [else { body }]`.
type IfExpr struct {
	Span Span
	Kw   Span
	Cond Expr
	Then *Body
	Else *Body
}

// Body is the body of `for`, `if` and `else`: local lets, then one expression.
type Body struct {
	Open, Close Span
	Lets        []*LetStmt
	Result      Expr
}

// AddressExpr is a resource address in import/removed/moved: `aws.s3.Bucket 'name'`.
type AddressExpr struct {
	Span Span
	Type *PathExpr
	Name *StringLit
}

// BadExpr is an expression that failed to parse.
type BadExpr struct{ Span Span }

func (e *PathExpr) Pos() Span         { return e.Span }
func (e *IndexExpr) Pos() Span        { return e.Span }
func (e *FieldExpr) Pos() Span        { return e.Span }
func (e *StringLit) Pos() Span        { return e.Span }
func (e *EmptyExpr) Pos() Span        { return e.Span }
func (e *IntLit) Pos() Span           { return e.Span }
func (e *FloatLit) Pos() Span         { return e.Span }
func (e *DurationLit) Pos() Span      { return e.Span }
func (e *BoolLit) Pos() Span          { return e.Span }
func (e *NullLit) Pos() Span          { return e.Span }
func (e *ListExpr) Pos() Span         { return e.Span }
func (e *MapExpr) Pos() Span          { return e.Body.Pos() }
func (e *CallExpr) Pos() Span         { return e.Span }
func (e *BinaryExpr) Pos() Span       { return e.Span }
func (e *UnaryExpr) Pos() Span        { return e.Span }
func (e *ParenExpr) Pos() Span        { return e.Span }
func (e *ResourceExpr) Pos() Span     { return e.Span }
func (e *ModuleCallExpr) Pos() Span   { return e.Span }
func (e *KeywordBlockExpr) Pos() Span { return e.Span }
func (e *ProviderExpr) Pos() Span     { return e.Span }
func (e *WaitExpr) Pos() Span         { return e.Span }
func (e *ForExpr) Pos() Span          { return e.Span }
func (e *IfExpr) Pos() Span           { return e.Span }
func (e *Body) Pos() Span             { return join(e.Open, e.Close) }
func (e *AddressExpr) Pos() Span      { return e.Span }
func (e *BadExpr) Pos() Span          { return e.Span }

// ---- Types ----

// TypeExpr is a type annotation: a union of one or more atoms.
type TypeExpr struct {
	Span  Span
	Atoms []*TypeAtom
}

// TypeAtom is one alternative of a type: a primitive or custom name, a dotted resource type,
// `list(T)`, `map(T)`, `struct { f: T, ... }` or a string literal.
type TypeAtom struct {
	Span   Span
	Name   string // "String", "Ipv4Cidr", "awscc.ec2.Vpc"; "list", "map", "struct" for constructors
	Elem   *TypeExpr
	Fields []*TypeField
	Lit    *StringLit
	// Bare marks a constructor's name written alone, without its brackets (`vpc: struct = ...`):
	// a plain type name, which Carina does not know.
	Bare bool
}

// TypeField is one `name: Type` of a struct type.
type TypeField struct {
	Span Span
	Name *Name
	Type *TypeExpr
}

func (t *TypeExpr) Pos() Span  { return t.Span }
func (t *TypeAtom) Pos() Span  { return t.Span }
func (t *TypeField) Pos() Span { return t.Span }
