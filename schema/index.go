package schema

import (
	"slices"
	"strings"
	"sync"
)

// Index combines providers into one set of lookups. It is immutable to its users; a nil *Index
// is valid and knows nothing (schema-less mode). The types of embedded sets are decoded on their
// first lookup (set.go), and the combined answer per head is remembered.
type Index struct {
	sets      []*set
	heads     *headTables // built on first use; shared by the copies For makes
	providers map[string]*providerInfo
	// choices say which schemas of each provider apply and why (see Choice); nil for an index
	// made by NewIndex.
	choices map[string]Choice
	// defaults are the embedded sets the index was made from, asked for the other versions of a
	// type when this one lacks something (Elsewhere); nil for an index made by NewIndex.
	defaults *Defaults

	mu        sync.Mutex
	resolved  [2]map[string]*Resource // by kindIndex, head → the combined entry (nil: none)
	elsewhere map[string][]string     // see Elsewhere
}

// headTables list every head of an index: for completion, did-you-mean and the listing of
// types, not for looking a type up (each set finds its own), so that a process that only checks
// a configuration never builds them.
type headTables struct {
	once        sync.Once
	resources   map[string][]*set // head → the sets that have it, in source order
	dataSources map[string][]*set
	folded      map[string][]string // foldHead(head) → heads, both kinds
}

// tables returns the index's head tables, built once.
func (x *Index) tables() *headTables {
	t := x.heads
	t.once.Do(func() {
		t.resources, t.dataSources, t.folded = map[string][]*set{}, map[string][]*set{}, map[string][]string{}
		for _, s := range x.sets {
			for _, head := range s.heads[KindResource] {
				t.resources[head] = append(t.resources[head], s)
			}
			for _, head := range s.heads[KindDataSource] {
				t.dataSources[head] = append(t.dataSources[head], s)
			}
		}
		for _, m := range []map[string][]*set{t.resources, t.dataSources} {
			for head := range m {
				k := foldHead(head)
				if !slices.Contains(t.folded[k], head) {
					t.folded[k] = append(t.folded[k], head)
				}
			}
		}
		for _, heads := range t.folded {
			slices.Sort(heads)
		}
	})
	return t
}

type providerInfo struct {
	wait     WaitDefaults
	regions  []EnumValue
	complete bool // some source lists every type of the provider
}

// NewIndex combines sources in order. A later source overrides an earlier one
// per resource type (and per data-source type, enum identity and provider
// setting), with two exceptions:
//
//   - A PascalCase alias generated from an older file's lower-case head
//     (Resource.AliasOf) never replaces a real entry of an earlier source.
//   - Wait defaults are merged per field: when the overriding entry declares
//     no wait timeout (or interval) and the entry it replaces does, the
//     earlier value is kept. Index files carry no wait defaults of their own
//     (the provider protocol has no field for them, schemas.md §2), so a
//     missing value means "not known here", not "none"; this is how the
//     overlay's ACM wait default survives aws.json's fuller entry.
//
// Nil sources are skipped.
func NewIndex(sources ...*Provider) *Index {
	sets := make([]*set, 0, len(sources))
	for _, p := range sources {
		if p != nil {
			sets = append(sets, eagerSet(p))
		}
	}
	x, _ := newIndex(sets)
	return x
}

// newIndex combines sets in order (see NewIndex), decoding the headers of the lazy ones.
func newIndex(sets []*set) (*Index, error) {
	x := &Index{sets: sets, heads: &headTables{}, providers: map[string]*providerInfo{}}
	for _, s := range sets {
		p, err := s.info()
		if err != nil {
			return nil, err
		}
		info := x.providers[p.Name]
		if info == nil {
			info = &providerInfo{}
			x.providers[p.Name] = info
		}
		if p.WaitDefaults.TimeoutSecs > 0 {
			info.wait.TimeoutSecs = p.WaitDefaults.TimeoutSecs
		}
		if p.WaitDefaults.IntervalSecs > 0 {
			info.wait.IntervalSecs = p.WaitDefaults.IntervalSecs
		}
		if len(p.Regions) > 0 {
			info.regions = p.Regions
		}
		info.complete = info.complete || p.Complete
	}
	return x, nil
}

// has reports whether some set has a type of the kind at head.
func (x *Index) has(kind ResourceKind, head string) bool {
	return slices.ContainsFunc(x.sets, func(s *set) bool { return s.has(kind, head) })
}

// lookup returns the combined entry of the kind at head: each set's own, in order, a later one
// replacing an earlier one as NewIndex says.
func (x *Index) lookup(kind ResourceKind, head string) *Resource {
	k := kindIndex(kind)
	x.mu.Lock()
	r, ok := x.resolved[k][head]
	x.mu.Unlock()
	if ok {
		return r
	}
	if !x.has(kind, head) {
		return nil
	}
	for _, s := range x.sets {
		if !s.has(kind, head) {
			continue
		}
		n := s.get(kind, head)
		switch {
		case n == nil:
		case r == nil:
			r = n
		case n.AliasOf != "" && r.AliasOf == "":
		default:
			r = inheritWait(n, r)
		}
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.resolved[k] == nil {
		x.resolved[k] = map[string]*Resource{}
	}
	if have, ok := x.resolved[k][head]; ok {
		return have // another goroutine was first: keep one answer
	}
	x.resolved[k][head] = r
	return r
}

// kindIndex numbers the two kinds for arrays indexed by kind.
func kindIndex(k ResourceKind) int {
	if k == KindDataSource {
		return 1
	}
	return 0
}

// inheritWait returns r, or a shallow copy of r that takes the wait settings
// r lacks from old.
func inheritWait(r, old *Resource) *Resource {
	needT := r.Wait.Timeout.Secs == 0 && old.Wait.Timeout.Secs != 0
	needI := r.Wait.Interval.Secs == 0 && old.Wait.Interval.Secs != 0
	if !needT && !needI {
		return r
	}
	c := *r
	if needT {
		c.Wait.Timeout = old.Wait.Timeout
	}
	if needI {
		c.Wait.Interval = old.Wait.Interval
	}
	return &c
}

// Resource returns the managed resource with the DSL head, or nil.
func (x *Index) Resource(head string) *Resource {
	if x == nil {
		return nil
	}
	return x.lookup(KindResource, head)
}

// DataSource returns the data source (used with read) with the DSL head, or
// nil. The same head may be both a resource and a data source (aws.s3.Bucket).
func (x *Index) DataSource(head string) *Resource {
	if x == nil {
		return nil
	}
	return x.lookup(KindDataSource, head)
}

// HasProvider reports whether any source describes the provider ("aws").
func (x *Index) HasProvider(name string) bool {
	if x == nil {
		return false
	}
	_, ok := x.providers[name]
	return ok
}

// Complete reports whether the index knows every resource and data-source type of the provider:
// some source of it says it lists them all (Provider.Complete), so a head of the provider that
// the index does not have names no type. Sources that add types to a complete provider keep it
// complete: the index has the union of their types.
func (x *Index) Complete(provider string) bool {
	if x == nil {
		return false
	}
	info := x.providers[provider]
	return info != nil && info.complete
}

// Providers returns the provider names, sorted.
func (x *Index) Providers() []string {
	if x == nil {
		return nil
	}
	out := make([]string, 0, len(x.providers))
	for name := range x.providers {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// ResourceTypes returns the managed-resource heads of a provider, sorted (for
// completion and did-you-mean). An empty provider means every provider.
func (x *Index) ResourceTypes(provider string) []string {
	if x == nil {
		return nil
	}
	return heads(x.tables().resources, provider)
}

// DataSourceTypes returns the data-source heads of a provider, sorted. An
// empty provider means every provider.
func (x *Index) DataSourceTypes(provider string) []string {
	if x == nil {
		return nil
	}
	return heads(x.tables().dataSources, provider)
}

func heads(m map[string][]*set, provider string) []string {
	var out []string
	for head, sets := range m {
		if provider == "" || sets[0].name == provider {
			out = append(out, head)
		}
	}
	slices.Sort(out)
	return out
}

// FoldHead returns the resource or data-source head that equals head when
// case and '_' are ignored ("aws.sts.caller_identity" →
// "aws.sts.CallerIdentity"), for "did you mean" on old lower-case heads. It
// reports false when head itself is known or nothing matches.
func (x *Index) FoldHead(head string) (string, bool) {
	if x == nil || x.has(KindResource, head) || x.has(KindDataSource, head) {
		return "", false
	}
	for _, h := range x.tables().folded[foldHead(head)] {
		if h != head {
			return h, true
		}
	}
	return "", false
}

func foldHead(head string) string {
	return strings.ToLower(strings.ReplaceAll(head, "_", ""))
}

// Enum returns the enum with the identity, or nil.
func (x *Index) Enum(identity string) *Enum {
	if x == nil {
		return nil
	}
	for i := len(x.sets) - 1; i >= 0; i-- {
		if e := x.sets[i].enum(identity); e != nil {
			return e
		}
	}
	return nil
}

// Regions returns the region list of a provider; each value's Qualified uses
// the provider prefix (awscc.Region.us_east_1).
func (x *Index) Regions(provider string) []EnumValue {
	if x == nil {
		return nil
	}
	if info := x.providers[provider]; info != nil {
		return info.regions
	}
	return nil
}
