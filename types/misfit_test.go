package types

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/google/go-cmp/cmp"
)

// TestMisfits lists what SchemaSite.Misfits finds in a value, one line a misfit: its kind, its
// path and what a message needs from it.
func TestMisfits(t *testing.T) {
	num := func(v float64) *float64 { return &v }
	status := &schema.Enum{Identity: "aws.acm.Certificate.Status", Namespace: "aws.acm.Certificate", Name: "Status", Values: []schema.EnumValue{
		{Wire: "ISSUED", DSL: "issued", Qualified: "aws.acm.Certificate.Status.issued"},
		{Wire: "ACTIVE", DSL: "active", Qualified: "aws.acm.Certificate.Status.active"},
		{Wire: "INACTIVE", DSL: "inactive", Qualified: "aws.acm.Certificate.Status.inactive"},
	}}
	state := &schema.Enum{Name: "State", Values: []schema.EnumValue{{Wire: "INACTIVE", DSL: "inactive"}, {Wire: "PENDING", DSL: "pending"}}}
	region := &schema.Enum{Identity: "aws.Region", Name: "Region", Open: true}
	port := &schema.Type{Kind: schema.KindInt, Range: &schema.Bounds{Min: num(1), Max: num(65535)}}
	cidr := &schema.Type{Kind: schema.KindString, Identity: "aws.Ipv4Cidr"}
	tests := []struct {
		name, value string
		t           *schema.Type
		want        []string
	}{
		{"an int fits", "80", port, nil},
		{"out of range", "0", port, []string{"OutOfRange  0"}},
		{"a quoted number", "'80'", port, []string{"WrongKind  hint=UnquoteNumber"}},
		{"a quoted word", "'http'", port, []string{"WrongKind  hint=NoHint"}},
		{"a quoted bool", "'true'", &schema.Type{Kind: schema.KindBool}, []string{"WrongKind  hint=UnquoteBool"}},
		{"a count", "30", &schema.Type{Kind: schema.KindDuration}, []string{"WrongKind  hint=AddUnit"}},
		{"one element", "80", &schema.Type{Kind: schema.KindList, Element: port}, []string{"WrongKind  hint=MakeList"}},
		{"elements", "[80, 0, 'x']", &schema.Type{Kind: schema.KindList, Element: port, Length: &schema.Bounds{Max: num(2)}},
			[]string{"OutOfRange  3", "OutOfRange [1] 0", "WrongKind [2] hint=NoHint"}},
		{"a map's values", "{ a = 1, b = 70000 }", &schema.Type{Kind: schema.KindMap, Value: port}, []string{"OutOfRange .b 70000"}},
		{"a struct is the caller's", "[{ a = 1 }]", &schema.Type{Kind: schema.KindList, Element: &schema.Type{Kind: schema.KindStruct}},
			[]string{"StructBody [0]"}},
		{"a reference fits", "x.y", port, nil},
		{"a cidr", "'10.0.0.0/16'", cidr, nil},
		{"no cidr", "'10.0.0.0'", cidr, []string{"NotCIDR "}},
		{"host bits", "'10.0.0.1/16'", cidr, []string{"HostBits  10.0.0.0/16"}},
		{"another family", "'::/0'", cidr, []string{"WrongFamily "}},
		{"a member", "issued", &schema.Type{Kind: schema.KindEnum, Enum: status}, nil},
		{"a quoted member", "'ISSUED'", &schema.Type{Kind: schema.KindEnum, Enum: status}, []string{"QuotedMember  issued"}},
		{"a typo", "isued", &schema.Type{Kind: schema.KindEnum, Enum: status}, []string{"NotMember  issued only=true"}},
		{"a qualified typo", "aws.acm.Certificate.Status.actve", &schema.Type{Kind: schema.KindEnum, Enum: status}, []string{"NotMember  active only=true"}},
		{"the opposite is no safe fix", "active", &schema.Type{Kind: schema.KindEnum, Enum: state}, []string{"NotMember  inactive only=false"}},
		{"an old form", "awscc.acm.Certificate.Status.issued", &schema.Type{Kind: schema.KindEnum, Enum: status}, []string{"OldEnumForm "}},
		{"a number for an enum", "5", &schema.Type{Kind: schema.KindEnum, Enum: status}, []string{"WrongKind  hint=NoHint"}},
		{"a known region", "us_east_1", &schema.Type{Kind: schema.KindEnum, Enum: region}, nil},
		{"an unknown region", "us_east_9", &schema.Type{Kind: schema.KindEnum, Enum: region}, []string{"NotRegion  us_east_1"}},
		{"a union's member", "'a'", &schema.Type{Kind: schema.KindUnion, Members: []*schema.Type{port, {Kind: schema.KindString}}}, nil},
		{"no union member", "true", &schema.Type{Kind: schema.KindUnion, Members: []*schema.Type{port, {Kind: schema.KindString}}}, []string{"WrongKind  hint=NoHint"}},
	}
	site := SchemaSite{
		Resource:   &schema.Resource{},
		Undeclared: func(p *grammar.PathExpr) bool { return p.Parts[0].Text != "x" },
		Regions:    func() []string { return []string{"us_east_1", "ap_northeast_1"} },
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := grammar.NewParser().Parse("let v = " + tt.value + "\n")
			if len(f.Errors) > 0 || len(f.Stmts) != 1 {
				t.Fatalf("parse %q: %v", tt.value, f.Errors)
			}
			var got []string
			for _, m := range site.Misfits(tt.t, f.Stmts[0].Node.(*grammar.LetStmt).Value) {
				got = append(got, describe(m))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Misfits(%s) (-want +got):\n%s", tt.value, diff)
			}
		})
	}
}

func describe(m Misfit) string {
	kinds := strings.Fields("WrongKind NotMember QuotedMember OldEnumForm NotRegion NotZone OutOfRange NotCIDR HostBits WrongFamily NotAddress StructBody")
	hints := strings.Fields("NoHint UnquoteNumber UnquoteBool TrueOrFalse AddUnit MakeList")
	s := kinds[m.Kind] + " " + m.Path
	switch m.Kind {
	case WrongKind:
		s += " hint=" + hints[m.Hint]
	case OutOfRange:
		s += fmt.Sprintf(" %v", m.Number)
	case HostBits:
		s += " " + m.Network.String()
	case QuotedMember:
		s += " " + m.Value.DSL
	case NotMember:
		if m.Suggestion {
			s += fmt.Sprintf(" %s only=%v", m.Value.DSL, m.Only)
		}
	case NotRegion:
		s += " " + m.Closest
	}
	return s
}
