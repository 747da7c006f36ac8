package hover

import (
	"fmt"
)

// providerKindHover explains the kind in `provider aws { … }`.
func (p *place) providerKindHover() *Hover {
	s := p.s
	if s.Text == "" {
		return nil
	}
	if !p.schemas.HasProvider(s.Text) {
		return card(s.Span, "Provider "+code(s.Text)+" — no schema is loaded for it, so its resources are not checked.")
	}
	return card(s.Span, fmt.Sprintf("Provider %s — %s and %s in the loaded schemas.", code(s.Text),
		plural(uint64(len(p.schemas.ResourceTypes(s.Text))), "resource type", "resource types"),
		plural(uint64(len(p.schemas.DataSourceTypes(s.Text))), "data source", "data sources"))+p.schemasLine(s.Text))
}

// schemasLine says which version's schemas of a provider apply and why, as a paragraph to append
// to a card ("" when the index was not chosen for a configuration).
func (p *place) schemasLine(provider string) string {
	c, ok := p.schemas.Choice(provider)
	if !ok {
		return ""
	}
	return "\n\nSchemas: " + p.schemas.Sourced(c).Describe() + "."
}

// backendTypeHover explains the type in `backend s3 { … }`.
func (p *place) backendTypeHover() *Hover {
	s := p.s
	if s.Text == "" {
		return nil
	}
	return card(s.Span, "Backend "+code(s.Text)+" — where this configuration keeps its state; the keys of the block configure it.")
}

// providerKeyHover explains a key of a provider block; named is true for `let x = provider …`.
func (p *place) providerKeyHover(kind, key string, named bool) *Hover {
	var doc string
	switch key {
	case "region":
		doc = "**region** — the region this provider instance manages resources in, written as an enum value: " + code(kind+".Region.us_east_1") + "."
		if rs := p.schemas.Regions(kind); len(rs) > 0 {
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
	return card(p.s.Span, doc)
}

// backendKeyCard explains a key of a backend block.
func backendKeyCard(kind, key string) string {
	switch {
	case kind == "local" && key == "path":
		return "**path** — the state file of the local backend, relative to the configuration's directory."
	case kind == "s3" && key == "bucket":
		return "**bucket** — the S3 bucket that holds the state."
	case kind == "s3" && key == "key":
		return "**key** — the object key of the state file in the bucket."
	case kind == "s3" && key == "region":
		return "**region** — the region of the state bucket."
	}
	return ""
}
