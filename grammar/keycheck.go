package grammar

// ProblemKind is a way a keyed construct's block departs from its entry in the table.
type ProblemKind uint8

// Problem kinds.
const (
	UnknownKey   ProblemKind = iota // a key the construct does not take
	MisplacedKey                    // a key of the construct that does not apply where it stands
	DuplicateKey                    // a key written again
	MissingKey                      // a required key not written
	UnknownBlock                    // a nested block the construct does not take
	WrongValue                      // a value not of the key's kind
)

// KeyProblem is one problem of a keyed block. Key is the table's key (nil for an unknown key or
// block); Attr the attribute at fault (nil for a missing key or a block); First the first
// attribute of a repeated key; Block the nested block not taken.
type KeyProblem struct {
	Kind  ProblemKind
	Key   *Key
	Attr  *Attribute
	First *Attribute
	Block *NestedBlock
}

// Validate checks a keyed block against its construct's entry in the table: unknown keys (unless
// the construct is Open), keys
// that do not apply at the block's place, repeated keys, missing required keys, nested blocks
// the construct does not take, and values not of their key's kind. A value that failed to parse
// is no problem here (its syntax error says it), and neither is a quoted key of a construct
// whose keys Carina's grammar fixes (the parser reports it). Problems come in the order of the
// items, missing keys last, in table order.
func (kb KeyedBlock) Validate() []KeyProblem {
	c := kb.Construct
	var out []KeyProblem
	seen := map[string]*Attribute{}
	for _, it := range kb.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			if it.Quoted && c.Closed {
				continue
			}
			k := c.Key(it.Key.Text)
			switch {
			case k == nil:
				if !c.Open {
					out = append(out, KeyProblem{Kind: UnknownKey, Attr: it})
				}
				continue
			case k.Place != 0 && kb.Place != 0 && k.Place&kb.Place == 0:
				out = append(out, KeyProblem{Kind: MisplacedKey, Key: k, Attr: it})
				continue
			}
			if first := seen[k.Name]; first != nil {
				out = append(out, KeyProblem{Kind: DuplicateKey, Key: k, Attr: it, First: first})
				continue
			}
			seen[k.Name] = it
			if it.Value != nil && !ValueFits(k.Value, it.Value) {
				out = append(out, KeyProblem{Kind: WrongValue, Key: k, Attr: it})
			}
		case *NestedBlock:
			if it.Construct == NoConstruct || !c.Takes(it.Construct) {
				out = append(out, KeyProblem{Kind: UnknownBlock, Block: it})
			}
		}
	}
	for i := range c.Keys {
		k := &c.Keys[i]
		if k.Required && seen[k.Name] == nil && (k.Place == 0 || kb.Place == 0 || k.Place&kb.Place != 0) {
			out = append(out, KeyProblem{Kind: MissingKey, Key: k})
		}
	}
	return out
}

// ValueFits reports whether expression x is written as a value of kind v can be: a duration
// literal, a list of binding names, a string, and so on. It judges the form only (whether the
// names exist, the region is one of the provider's, the path a directory is for the checks); a
// value that failed to parse fits, as its syntax error says what is wrong.
func ValueFits(v ValueKind, x Expr) bool {
	if _, bad := x.(*BadExpr); bad {
		return true
	}
	switch v {
	case DurationValue:
		_, ok := x.(*DurationLit)
		return ok
	case BindingsValue:
		l, ok := x.(*ListExpr)
		if !ok {
			return false
		}
		for _, e := range l.Elems {
			if !ValueFits(BindingValue, e) {
				return false
			}
		}
		return true
	case BindingValue:
		p, ok := x.(*PathExpr)
		return ok && len(p.Parts) == 1
	case AddressValue:
		_, ok := x.(*AddressExpr)
		return ok
	case BoolValue:
		_, ok := x.(*BoolLit)
		return ok
	case StringValue, PathValue:
		_, ok := x.(*StringLit)
		return ok
	case MapValue:
		// A map literal or what may hold one (a name, a call, a conditional), not a literal of
		// another kind.
		switch x.(type) {
		case *StringLit, *IntLit, *FloatLit, *BoolLit, *DurationLit, *ListExpr, *NullLit:
			return false
		}
		return true
	}
	// Any expression, a predicate (the parser reads it as one), a region (a name or a string,
	// which the region check reads).
	return true
}
