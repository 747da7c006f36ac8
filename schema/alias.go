package schema

import (
	"strings"
	"sync"
)

// Older aws index files (provider-aws v0.5.0, schemas.md §6.1) name resources
// in lower snake case (aws.route53.record_set, aws.s3.bucket) while current
// Carina writes PascalCase heads (aws.route53.RecordSet, aws.s3.Bucket). So
// that such a file still serves current configurations, Load adds for every
// lower-case head a PascalCase alias, unless the file already has that head.
// The alias is a deep copy whose identities under the old head are
// re-namespaced to the new one (aws.s3.bucket.VersioningStatus becomes
// aws.s3.Bucket.VersioningStatus, and so do the qualified enum values).
// In an Index an alias never replaces a real entry of an earlier source.

// PascalHead returns the PascalCase form of a head whose last segment is lower
// snake case ("aws.route53.record_set" → "aws.route53.RecordSet"), and false
// for a head that is already PascalCase.
func PascalHead(head string) (string, bool) {
	i := strings.LastIndexByte(head, '.')
	last := head[i+1:]
	if last == "" || last[0] < 'a' || last[0] > 'z' {
		return head, false
	}
	var b strings.Builder
	b.WriteString(head[:i+1])
	up := true
	for j := 0; j < len(last); j++ {
		c := last[j]
		switch {
		case c == '_':
			up = true
		case up && c >= 'a' && c <= 'z':
			b.WriteByte(c - 'a' + 'A')
			up = false
		default:
			b.WriteByte(c)
			up = false
		}
	}
	return b.String(), true
}

func addAliases(resources map[string]*Resource, enums map[string]*Enum) {
	addAliasesLocked(resources, enums, nil)
}

func addAliasesLocked(resources map[string]*Resource, enums map[string]*Enum, enumMu *sync.Mutex) {
	var add []*Resource
	for head, r := range resources {
		alias, ok := PascalHead(head)
		if !ok {
			continue
		}
		if _, exists := resources[alias]; exists {
			continue
		}
		add = append(add, aliasResource(r, alias, enums, enumMu))
	}
	for _, r := range add {
		resources[r.Type] = r
	}
}

func aliasResource(r *Resource, alias string, enums map[string]*Enum, enumMu *sync.Mutex) *Resource {
	c := &renamer{from: r.Type + ".", to: alias + ".", enums: enums, enumMu: enumMu, done: map[*Enum]*Enum{}}
	out := *r
	out.Type = alias
	out.SchemaType = alias[len(r.Provider)+1:]
	out.AliasOf = r.Type
	out.Attributes = make(map[string]*Member, len(r.Attributes))
	for name, m := range r.Attributes {
		out.Attributes[name] = c.member(m)
	}
	out.Defs = make(map[string]*Type, len(r.Defs))
	for name, t := range r.Defs {
		out.Defs[name] = c.typ(t)
	}
	return &out
}

// renamer deep-copies types, moving identities from one head to another.
type renamer struct {
	from, to string
	enums    map[string]*Enum
	enumMu   *sync.Mutex // guards enums and done when lazily copied fields share them; may be nil
	done     map[*Enum]*Enum
}

func (c *renamer) rename(s string) string {
	if rest, ok := strings.CutPrefix(s, c.from); ok {
		return c.to + rest
	}
	return s
}

func (c *renamer) member(m *Member) *Member {
	out := *m
	out.Type = c.typ(m.Type)
	out.Display = c.rename(m.Display)
	return &out
}

func (c *renamer) typ(t *Type) *Type {
	if t == nil {
		return nil
	}
	out := *t
	out.Identity = c.rename(t.Identity)
	out.Enum = c.enum(t.Enum)
	out.Element = c.typ(t.Element)
	out.Key = c.typ(t.Key)
	out.Value = c.typ(t.Value)
	// The copy's fields are copied on their first use, as the original's are decoded: an older
	// file's type read for one finding's message is not copied whole.
	if t.Kind == KindStruct && (t.fields != nil || t.lazy != nil) {
		out.fields = nil
		out.lazy = &lazyFields{decode: func() map[string]*Member {
			fs := t.Fields()
			renamed := make(map[string]*Member, len(fs))
			for name, f := range fs {
				renamed[name] = c.member(f)
			}
			return renamed
		}}
	}
	if t.Members != nil {
		out.Members = make([]*Type, len(t.Members))
		for i, m := range t.Members {
			out.Members[i] = c.typ(m)
		}
	}
	return &out
}

func (c *renamer) enum(e *Enum) *Enum {
	if e == nil || !strings.HasPrefix(e.Identity, c.from) {
		return e
	}
	// Fields copied lazily may run on several goroutines at once: done and enums are shared.
	if c.enumMu != nil {
		c.enumMu.Lock()
		defer c.enumMu.Unlock()
	}
	if n, ok := c.done[e]; ok {
		return n
	}
	id := c.rename(e.Identity)
	if have, ok := c.enums[id]; ok {
		c.done[e] = have
		return have
	}
	n := *e
	n.Identity = id
	n.Namespace = c.rename(e.Namespace + ".")
	n.Namespace = strings.TrimSuffix(n.Namespace, ".")
	n.Values = make([]EnumValue, len(e.Values))
	for i, v := range e.Values {
		v.Qualified = c.rename(v.Qualified)
		n.Values[i] = v
	}
	c.enums[id] = &n
	c.done[e] = &n
	return &n
}
