package schema

import (
	"slices"
	"strings"
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
// for the path of a finding, not for every lookup.
func (x *Index) Elsewhere(kind ResourceKind, head string, has func(*Resource) bool) []string {
	if x == nil || x.defaults == nil {
		return nil
	}
	provider, _, _ := strings.Cut(head, ".")
	used, _ := x.Choice(provider)
	d := x.defaults
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
	all, _ := d.loadVersions()
	for _, s := range all[provider] {
		if s.version != used.Version {
			try(provider+" "+s.version, s)
		}
	}
	if used.Version != "" {
		try("the newest "+provider+" schemas", d.sets...)
	}
	return out
}

// find returns the set's type at head or at the head spelt with other case and underscores.
func (s *set) find(kind ResourceKind, head string) *Resource {
	if _, err := s.info(); err != nil {
		return nil
	}
	if r := s.get(kind, head); r != nil {
		return r
	}
	k := foldHead(head)
	for _, h := range s.heads[kind] {
		if foldHead(h) == k {
			return s.get(kind, h)
		}
	}
	return nil
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
