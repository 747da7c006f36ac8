package completion

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// enumValues offers an enum's values as Carina writes them: qualified when the enum has a
// namespace. Open enums: regions for Region, zones of the configured region for zone names.
func (c *completer) enumValues(rs *schema.Resource, e *schema.Enum) {
	if e == nil {
		return
	}
	if e.Open && len(e.Values) == 0 {
		switch {
		case e.Name == "Region":
			provider, _, _ := strings.Cut(e.Identity, ".")
			if rs != nil {
				provider = rs.Provider
			}
			c.regions(provider)
		case strings.HasSuffix(e.Identity, "AvailabilityZone.ZoneName"):
			c.zones()
		}
		return
	}
	// The short form (`issued`), which Carina accepts and configurations mostly use, then the
	// qualified one (`aws.acm.Certificate.Status.issued`) when the enum has a namespace. Each
	// filters by what it inserts, so typing `iss` or `aws.acm.` narrows to the matching form in
	// every client (some keep only the items whose text starts with the typed word).
	var qualified []schema.EnumValue
	for _, v := range e.Values {
		if !v.Nameable() {
			// No name spells it ('aws:kms'): its string is the one form.
			c.text(v.Spelling(), EnumMember, v.Spelling(), e.Identity, "Sent as `"+v.Wire+"`")
			continue
		}
		c.text(v.DSL, EnumMember, v.DSL, e.Identity, "Sent as `"+v.Wire+"`")
		if v.Qualified != "" && v.Qualified != v.DSL {
			qualified = append(qualified, v)
		}
	}
	for _, v := range qualified {
		c.text(v.Qualified, EnumMember, v.Qualified, e.Identity, "Sent as `"+v.Wire+"`")
	}
}

// regions offers a provider's regions, qualified with the provider's prefix.
func (c *completer) regions(provider string) {
	for _, v := range c.x.Regions(provider) {
		c.text(v.Qualified, EnumMember, v.Qualified, v.Wire, "")
	}
}

// regionsUnder offers regions after a typed `<provider>.Region.`.
func (c *completer) regionsUnder(qual string) {
	if provider, ok := strings.CutSuffix(qual, ".Region"); ok && !strings.Contains(provider, ".") {
		c.regions(provider)
	}
}

// zones offers the availability zones a–d of the region the configuration's provider block sets.
func (c *completer) zones() {
	region := c.configuredRegion()
	if region == "" {
		return
	}
	for _, z := range "abcd" {
		s := "'" + region + string(z) + "'"
		c.text(s, Value, s, "availability zone", "")
	}
}

// configuredRegion returns the wire name of the region the first provider block sets, or "".
func (c *completer) configuredRegion() string {
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			p, ok := st.Node.(*grammar.ProviderStmt)
			if !ok || p.Body == nil {
				continue
			}
			if a := p.Body.Attr("region"); a != nil {
				switch v := a.Value.(type) {
				case *grammar.PathExpr:
					seg := v.Parts[len(v.Parts)-1].Text
					return strings.ReplaceAll(seg, "_", "-")
				case *grammar.StringLit:
					return v.Value
				}
			}
		}
	}
	return ""
}

func (c *completer) bools() {
	c.text("true", Value, "true", "Bool", "")
	c.text("false", Value, "false", "Bool", "")
}

// samples offers example CIDR blocks for CIDR types.
func (c *completer) samples(identity string) {
	var list []string
	switch identity {
	case "Ipv4Cidr":
		list = []string{"10.0.0.0/16", "10.0.0.0/24", "10.0.1.0/24", "172.16.0.0/12", "192.168.0.0/16", "0.0.0.0/0"}
	case "Ipv6Cidr":
		list = []string{"::/0", "2001:db8::/32", "2001:db8::/56", "2001:db8::/64"}
	}
	for _, s := range list {
		q := "'" + s + "'"
		c.text(q, Value, q, identity, "")
	}
}
