package diagnostics

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// regionEnum reports whether an open enum is a region enum (aws.Region and the like).
func regionEnum(en *schema.Enum) bool {
	return en != nil && en.Open && (en.Name == "Region" || strings.HasSuffix(en.Identity, ".Region"))
}

// knownRegions returns the DSL spellings of the regions the schemas list, for a provider or, with
// provider "", for every provider.
func (c *checker) knownRegions(provider string) []string {
	if out, ok := c.regions[provider]; ok {
		return out // the same for every statement of the run
	}
	if c.regions == nil {
		c.regions = map[string][]string{}
	}
	var out []string
	defer func() { c.regions[provider] = out }()
	providers := []string{provider}
	if provider == "" {
		providers = c.schemas.Providers()
	}
	for _, p := range providers {
		for _, v := range c.schemas.Regions(p) {
			out = append(out, v.DSL)
		}
	}
	return out
}

// checkRegion reports a region member (us_east_1, or the wire form us-east-1) that no schema
// lists. It returns false when it reported.
func (c *checker) checkRegion(f *workspace.File, sp grammar.Span, provider, member, label string) bool {
	known := c.knownRegions(provider)
	if len(known) == 0 {
		return true // no region list to check against
	}
	dsl := strings.ReplaceAll(member, "-", "_")
	for _, k := range known {
		if strings.EqualFold(k, dsl) {
			return true
		}
	}
	spelt := func(s string) string {
		if strings.Contains(member, "-") {
			return strings.ReplaceAll(s, "_", "-")
		}
		return s
	}
	d := c.add(f, sp, finding.Error, finding.CodeInvalidRegion, "%s: %q is not a region of the %s schemas", label, member, providerLabel(provider))
	if s := spell.Closest(dsl, known, nil); s != "" {
		d.Message += "; did you mean " + spelt(s) + "?"
		text := f.Text()[sp.Start:sp.End]
		if i := strings.LastIndex(text, member); i >= 0 {
			repl := spelt(s)
			d.Fixes = []finding.Fix{{Title: "Change to " + repl, Edits: []finding.Edit{{Span: grammar.Span{Start: sp.Start + int32(i), End: sp.Start + int32(i+len(member))}, NewText: repl}}}}
		}
	}
	return false
}

func providerLabel(p string) string {
	if p == "" {
		return grammar.ProviderConstruct.Keyword()
	}
	return p
}

// checkProviderRegion checks `region = ...` in a provider block against the provider's regions:
// `aws.Region.ap_northeast_1` (any provider prefix) or the quoted wire value `'ap-northeast-1'`.
func (c *checker) checkProviderRegion(f *workspace.File, st *grammar.Stmt, kind string, body *grammar.Block) {
	a := body.Attr("region")
	if a == nil || a.Value == nil {
		return
	}
	if len(c.schemas.Regions(kind)) == 0 {
		return // a provider without a schema (or without regions): nothing to check against
	}
	sp := at(st, a.Value.Pos())
	switch v := a.Value.(type) {
	case *grammar.PathExpr:
		if len(v.Parts) == 3 && v.Parts[1].Text == "Region" {
			c.checkRegion(f, sp, kind, v.Parts[2].Text, "region")
		}
	case *grammar.StringLit:
		if !v.Interpolated() && v.Value != "" {
			c.checkRegion(f, sp, kind, v.Value, "region")
		}
	}
}

// zoneEnum reports whether an open enum is an availability zone name (aws.AvailabilityZone.ZoneName).
func zoneEnum(en *schema.Enum) bool {
	return en != nil && en.Open && en.Name == "ZoneName" && strings.Contains(en.Identity, "AvailabilityZone")
}

// checkZone reports a zone member that is not a zone of a region the schemas list: Carina's
// validator takes a region followed by the zone's letter (ap-northeast-1a), or by a local or
// wavelength zone's suffix (us-east-1-bos-1a), and rejects a bare region. written is the member as
// the text spells it (for the message). It returns false when it reported.
func (c *checker) checkZone(f *workspace.File, sp grammar.Span, member, written, label string) bool {
	known := c.knownRegions("")
	if len(known) == 0 {
		return true // no region list to check against
	}
	dsl := strings.ToLower(strings.ReplaceAll(member, "-", "_"))
	for _, k := range known {
		k = strings.ToLower(k)
		rest, ok := strings.CutPrefix(dsl, k)
		if !ok {
			continue
		}
		if len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z' || len(rest) > 1 && rest[0] == '_' {
			return true
		}
	}
	example := known[0]
	if slices.ContainsFunc(known, func(k string) bool { return strings.EqualFold(k, dsl) }) {
		example = written // a region where its zone was meant
	}
	c.add(f, sp, finding.Error, finding.CodeInvalidEnum, "%s: %q is not an availability zone: a zone is a region and its letter, e.g. %sa", label, written, example)
	return false
}
