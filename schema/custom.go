package schema

import (
	"fmt"
	"slices"

	fastjson "github.com/segmentio/encoding/json"
)

// CustomType returns the provider's custom type (a refined string such as `aws.AccountId` or
// `Ipv4Cidr`) with the identity, or nil. A set file's custom types are decoded on the first
// lookup.
func (x *Index) CustomType(identity string) *CustomType {
	if x == nil {
		return nil
	}
	for i := len(x.sets) - 1; i >= 0; i-- {
		if ct := x.sets[i].customType(identity); ct != nil {
			return ct
		}
	}
	return nil
}

// customType returns the set's custom type of the identity, decoding the set's custom types once.
func (s *set) customType(identity string) *CustomType {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.load() != nil {
		return nil
	}
	if s.data != nil && !s.customsLoaded {
		s.customsLoaded = true
		if err := s.loadCustoms(); err != nil {
			s.loadErr = err
		}
	}
	return s.provider.CustomTypes[identity]
}

// loadCustoms decodes the set file's custom types entry into the provider. s.mu must be held.
func (s *set) loadCustoms() error {
	ce, ok := s.entry('c', "")
	if !ok {
		return nil
	}
	data, err := s.expand(s.data[ce.off:ce.end])
	if err != nil {
		return fmt.Errorf("schema: %s: custom types: %w", s.origin, err)
	}
	var f struct {
		CustomTypes map[string]*customJSON `json:"custom_types"`
	}
	if err := fastjson.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("schema: %s: custom types: %w", s.origin, err)
	}
	addCustomTypes(s.provider, f.CustomTypes)
	return nil
}

// CustomTypeNames returns the identities of every custom type of the index's providers, sorted.
func (x *Index) CustomTypeNames() []string {
	if x == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, s := range x.sets {
		s.customType("") // decodes the set's custom types
		s.mu.Lock()
		for id := range s.provider.CustomTypes {
			seen[id] = true
		}
		s.mu.Unlock()
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}
