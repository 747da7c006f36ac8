package hover

import (
	"fmt"

	"github.com/carina-rs/carina-lsp/grammar"
)

// providerKindHover explains the kind in `provider aws { … }`.
func (c *cursor) providerKindHover(n *grammar.Name) *Hover {
	if n.Text == "" {
		return nil
	}
	sp := c.abs(n.Span)
	if !c.schemas.HasProvider(n.Text) {
		return card(sp, "Provider "+code(n.Text)+" — no schema is loaded for it, so its resources are not checked.")
	}
	return card(sp, fmt.Sprintf("Provider %s — %s and %s in the loaded schemas.", code(n.Text),
		plural(uint64(len(c.schemas.ResourceTypes(n.Text))), "resource type", "resource types"),
		plural(uint64(len(c.schemas.DataSourceTypes(n.Text))), "data source", "data sources")))
}

// providerKeyHover explains a key of a provider block; named is true for `let x = provider …`.
func (c *cursor) providerKeyHover(kind, key string, named bool, sp grammar.Span) *Hover {
	var doc string
	switch key {
	case "region":
		doc = "**region** — the region this provider instance manages resources in, written as an enum value: " + code(kind+".Region.us_east_1") + "."
		if rs := c.schemas.Regions(kind); len(rs) > 0 {
			doc += " " + plural(uint64(len(rs)), "region is", "regions are") + " known."
		}
	case "default_tags":
		doc = "**default_tags** — tags added to every resource of this provider that takes tags; a resource's own `tags` win on conflicts."
	case "allowed_account_ids":
		doc = "**allowed_account_ids** — the only accounts this provider may run against: a plan with credentials of another account fails before changing anything."
	case "source":
		doc = "**source** — where the provider plugin comes from (e.g. `github.com/carina-rs/carina-provider-aws`)."
	case "version":
		doc = "**version** — the provider versions accepted, as a constraint (e.g. `'~> 0.5'`); not together with `revision`."
	case "revision":
		doc = "**revision** — a fixed provider revision (a commit) instead of a `version` constraint; not together with `version`."
	default:
		return nil
	}
	if named && (key == "source" || key == "version" || key == "revision") {
		doc += " A kind-level setting: only in the top-level " + code("provider "+kind+" { … }") + " block, not on a named instance."
	}
	return card(sp, doc)
}

// backendKeyHover explains a key of a backend block.
func (c *cursor) backendKeyHover(kind, key string, sp grammar.Span) *Hover {
	var doc string
	switch {
	case kind == "local" && key == "path":
		doc = "**path** — the state file of the local backend, relative to the configuration's directory."
	case kind == "s3" && key == "bucket":
		doc = "**bucket** — the S3 bucket that holds the state."
	case kind == "s3" && key == "key":
		doc = "**key** — the object key of the state file in the bucket."
	case kind == "s3" && key == "region":
		doc = "**region** — the region of the state bucket."
	default:
		return nil
	}
	return card(sp, doc)
}
