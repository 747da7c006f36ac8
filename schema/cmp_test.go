package schema

import (
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// typeCmp is what cmp compares of a Type: its exported fields and what Fields returns (the
// fields of a set file's type may still be in binary form, decoded on first use).
type typeCmp struct {
	Type   Type
	Fields map[string]*Member
}

// byFields has cmp compare Types as typeCmp.
var byFields = cmp.Options{
	cmpopts.IgnoreUnexported(Type{}),
	cmp.Transformer("Fields", func(t *Type) *typeCmp {
		if t == nil {
			return nil
		}
		return &typeCmp{Type: *t, Fields: t.Fields()}
	}),
}
