package diagnostics

import (
	"strings"

	"github.com/carina-rs/carina-lsp/finding"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

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
// lists (types.RegionMember).
func (c *checker) checkRegion(f *workspace.File, sp grammar.Span, provider, member, label string) {
	if ok, closest := types.RegionMember(c.knownRegions(provider), member); !ok {
		c.notRegion(f, sp, provider, member, closest, label)
	}
}

// notRegion reports a region member no schema of the provider ("": any) lists, with the closest
// one that does ("" for none) spelt as the member is.
func (c *checker) notRegion(f *workspace.File, sp grammar.Span, provider, member, closest, label string) {
	spelt := func(s string) string {
		if strings.Contains(member, "-") {
			return strings.ReplaceAll(s, "_", "-")
		}
		return s
	}
	d := c.add(f, sp, finding.Error, finding.CodeInvalidRegion, "%s: %q is not a region of the %s schemas", label, member, providerLabel(provider))
	if s := closest; s != "" {
		d.Message += "; did you mean " + spelt(s) + "?"
		text := f.Text()[sp.Start:sp.End]
		if i := strings.LastIndex(text, member); i >= 0 {
			repl := spelt(s)
			d.Fixes = []finding.Fix{{Title: "Change to " + repl, Edits: []finding.Edit{{Span: grammar.Span{Start: sp.Start + int32(i), End: sp.Start + int32(i+len(member))}, NewText: repl}}}}
		}
	}
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

// notZone reports a zone member that is no zone of a region the schemas list
// (types.ZoneMember); written is the member as the text spells it, example a region.
func (c *checker) notZone(f *workspace.File, sp grammar.Span, written, example, label string) {
	c.add(f, sp, finding.Error, finding.CodeInvalidEnum, "%s: %q is not an availability zone: a zone is a region and its letter, e.g. %sa", label, written, example)
}
