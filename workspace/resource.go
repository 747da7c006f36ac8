package workspace

import "github.com/carina-rs/carina-lsp/grammar"

// maxWaitChain bounds how many declarations ResourceOf looks at: waits on waits end there, and so
// does a cycle of waits.
const maxWaitChain = 16

// ResourceOf returns the resource expression a declaration stands for: the value of a resource or
// data source binding, the body result of a for binding and the then-branch result of an if
// binding (when that is a resource expression), and for a wait, the resource of its target,
// followed through waits on waits. A wait target is looked up with Lookup: the first top-level
// binding of that name. It returns nil for a nil declaration, any other kind of value, a wait
// without a target or on itself, a target that is not declared, and a chain of waits longer than
// it follows (a cycle of waits ends there).
func (c *Config) ResourceOf(d *Decl) *grammar.ResourceExpr {
	return c.ResourceOfIn(d, nil)
}

// ResourceOfIn is ResourceOf with the wait targets looked up from file f (see LookupIn): where
// several files declare a target's name, f's own declaration is the one followed, as references in
// f resolve. With a nil f it is ResourceOf.
func (c *Config) ResourceOfIn(d *Decl, f *File) *grammar.ResourceExpr {
	for range maxWaitChain {
		if d == nil {
			return nil
		}
		switch v := d.Value.(type) {
		case *grammar.ResourceExpr:
			return v
		case *grammar.ForExpr:
			if v.Body != nil {
				r, _ := v.Body.Result.(*grammar.ResourceExpr)
				return r
			}
			return nil
		case *grammar.IfExpr:
			if v.Then != nil {
				r, _ := v.Then.Result.(*grammar.ResourceExpr)
				return r
			}
			return nil
		case *grammar.WaitExpr:
			if v.Target == nil || v.Target.Text == d.Name {
				return nil
			}
			d = c.LookupIn(v.Target.Text, f)
		default:
			return nil
		}
	}
	return nil
}
