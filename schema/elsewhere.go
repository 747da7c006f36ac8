package schema

import (
	"slices"
	"strings"
	"weak"
)

// Choice returns the schemas chosen for a provider of the configuration and why; false when the
// index was not made for a configuration (NewIndex, or a provider nothing pins and nothing names).
func (x *Index) Choice(provider string) (Choice, bool) {
	if x == nil {
		return Choice{}, false
	}
	c, ok := x.choices[provider]
	if !ok && x.defaults != nil {
		return Choice{Provider: provider}, x.HasProvider(provider)
	}
	return c, ok
}

// Elsewhere returns the other embedded sets of the head's provider (versions and the newest,
// not the one this index uses) whose type of the kind at head, or at the same head spelt another
// way (aws.ec2.vpc, aws.ec2.Vpc), satisfies has: "aws 0.5.0". It decodes those types, so it is
// for the path of a finding, not for every lookup; the answer is remembered by kind, head and
// key, which must name what has tests (a finding's code, word and path).
func (x *Index) Elsewhere(kind ResourceKind, head, key string, has func(*Resource) bool) []string {
	if x == nil || x.defaults == nil {
		return nil
	}
	memoKey := string(kind) + "\x00" + head + "\x00" + key
	x.mu.Lock()
	out, ok := x.elsewhere[memoKey]
	x.mu.Unlock()
	if ok {
		return out
	}
	out = x.elsewhereOf(kind, head, has)
	x.mu.Lock()
	if x.elsewhere == nil {
		x.elsewhere = map[string][]string{}
	}
	x.elsewhere[memoKey] = out
	x.mu.Unlock()
	return out
}

// elsewhereOf answers Elsewhere from sets opened for the question (otherSets): the tables,
// headers and types of versions a configuration does not use are not kept in the heap for a
// finding's message.
func (x *Index) elsewhereOf(kind ResourceKind, head string, has func(*Resource) bool) []string {
	provider, _, _ := strings.Cut(head, ".")
	used, _ := x.Choice(provider)
	o := x.defaults.otherSets(provider)
	var out []string
	try := func(label string, sets ...*set) {
		for _, s := range sets {
			if s.name != provider {
				continue
			}
			if r := s.find(kind, head); r != nil && has(r) {
				out = append(out, label)
				return
			}
		}
	}
	for _, s := range o.versions {
		if s.version != used.Version {
			try(provider+" "+s.version, s)
		}
	}
	if used.Version != "" {
		try("the newest "+provider+" schemas", o.newest...)
	}
	return out
}

// otherSets are a provider's embedded sets opened apart from those indexes use, for Elsewhere:
// its versions, oldest first, and the newest (the default files of the provider).
type otherSets struct {
	versions, newest []*set
}

// otherSets returns a provider's sets for Elsewhere, opened afresh unless an earlier call's are
// still in the heap: Defaults holds them by a weak pointer, so the findings of one check share
// what they decoded and the next collection frees it. Opening them and finding a type in each
// costs 0.2 ms (aws.s3.Bucket in three aws versions) to 0.6 ms (awscc.s3.Bucket in four awscc
// versions): BenchmarkElsewhereFresh.
func (d *Defaults) otherSets(provider string) *otherSets {
	d.othersMu.Lock()
	defer d.othersMu.Unlock()
	if o := d.others[provider].Value(); o != nil {
		return o
	}
	o := &otherSets{}
	versions, _ := openVersionsUnder("data/versions/" + provider)
	o.versions = versions[provider]
	for _, name := range EmbeddedFiles() {
		if s, err := openEmbedded(name); err == nil && s.name == provider {
			o.newest = append(o.newest, s)
		}
	}
	if d.others == nil {
		d.others = map[string]weak.Pointer[otherSets]{}
	}
	d.others[provider] = weak.Make(o)
	return o
}

// find returns the set's type at head or at the head spelt with other case and underscores.
func (s *set) find(kind ResourceKind, head string) *Resource {
	if _, err := s.info(); err != nil {
		return nil
	}
	if r := s.get(kind, head); r != nil {
		return r
	}
	if h, ok := s.foldedHeads()[string(kind)+":"+foldHead(head)]; ok {
		return s.get(kind, h)
	}
	return nil
}

// foldedHeads maps each head of the set, folded (foldHead) behind its kind, to the head, once.
func (s *set) foldedHeads() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.folded == nil {
		s.folded = map[string]string{}
		for _, k := range []ResourceKind{KindResource, KindDataSource} {
			for _, h := range s.heads[k] {
				if _, ok := s.folded[string(k)+":"+foldHead(h)]; !ok {
					s.folded[string(k)+":"+foldHead(h)] = h
				}
			}
		}
	}
	return s.folded
}

// Choices returns the choices the index was made with, by provider name; nil for an index not
// made for a configuration.
func (x *Index) Choices() []Choice {
	if x == nil {
		return nil
	}
	out := make([]Choice, 0, len(x.choices))
	for _, c := range x.choices {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Choice) int { return strings.Compare(a.Provider, b.Provider) })
	return out
}
