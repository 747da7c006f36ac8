package cfn

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/schema"
)

// Schemas returns the index a conversion maps through: the embedded awscc set of version ("" for
// the newest), or an error that lists the versions there are.
func Schemas(d *schema.Defaults, version string) (*schema.Index, error) {
	if version == "" {
		return d.Index()
	}
	versions := d.Versions(provider)
	if !slices.Contains(versions, version) {
		return nil, fmt.Errorf("no embedded %s schemas of version %s (there are %s, and the newest)", provider, version, strings.Join(versions, ", "))
	}
	return d.For(map[string]schema.Choice{provider: {Provider: provider, Version: version, Reason: schema.ReasonConstraint, Asked: version}})
}

// KnownRegion reports whether the awscc schemas of idx know a region by its name ("us-east-1"),
// as Options.Region must be.
func KnownRegion(idx *schema.Index, name string) bool {
	for _, r := range idx.Regions(provider) {
		if r.Wire == name {
			return true
		}
	}
	return false
}
