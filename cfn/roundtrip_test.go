package cfn

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// computed stands for a value that is an expression on one side (an intrinsic function, a
// reference, an interpolation): the round trip does not compare it.
type computed struct{}

// roundTrip maps each converted resource's Carina attributes back to CloudFormation property
// names and values through the schema, and compares them with the template's properties: every
// property is there with its value (intrinsics and references aside), or a note names it; no
// attribute comes from nowhere, unless a note names it (one an aws type requires and the template
// leaves to CloudFormation). It returns the differences.
func roundTrip(t *testing.T, tmpl *Template, res *Result, idx *schema.Index) []string {
	t.Helper()
	file := grammar.NewParser().Parse(res.Text)
	if len(file.Errors) > 0 {
		return []string{fmt.Sprintf("the output does not parse: %s", file.Errors[0].Msg)}
	}
	lets := map[string]*grammar.ResourceExpr{}
	for _, st := range file.Stmts {
		let, ok := st.Node.(*grammar.LetStmt)
		if !ok || let.Name == nil {
			continue
		}
		v := let.Value
		if ife, ok := v.(*grammar.IfExpr); ok && ife.Then != nil {
			v = ife.Then.Result // a resource's Condition
		}
		if r, ok := v.(*grammar.ResourceExpr); ok {
			lets[let.Name.Text] = r
		}
	}
	noted := map[string]bool{}
	for _, n := range res.Notes {
		noted[n.What] = true
	}
	var diffs []string
	c := &converter{t: tmpl, opts: Options{Schemas: idx}}
	for _, r := range tmpl.Resources {
		s := c.schemaOf(r.Type)
		if s == nil || r.TypeValue != nil {
			continue
		}
		what := "Resources." + r.ID
		expr := lets[res.Bindings[r.ID]]
		if expr == nil {
			diffs = append(diffs, what+": converted, but no let binding "+res.Bindings[r.ID]+" of "+s.Type)
			continue
		}
		var want any = map[string]any{}
		if r.Properties != nil {
			want = cloudValue(r.Properties, &schema.Type{Kind: schema.KindStruct}, s, s.Attributes)
		}
		got := backStruct(expr.Body, s.Attributes, s)
		diffs = append(diffs, compare(what+".Properties", want, got, noted)...)
	}
	return diffs
}

// backStruct maps the items of a resource's body or a struct's map back to CloudFormation names:
// attributes by their member's CloudFormation name, repeated blocks into their list.
func backStruct(b *grammar.Block, members map[string]*schema.Member, s *schema.Resource) map[string]any {
	out := map[string]any{}
	if b == nil {
		return out
	}
	for _, it := range b.Items {
		switch x := it.(type) {
		case *grammar.Attribute:
			m := members[x.Key.Text]
			if m == nil {
				out["?"+x.Key.Text] = computed{} // no such member: compare reports it
				continue
			}
			out[cloudName(x.Key.Text, m)] = backValue(x.Value, m.Type, s)
		case *grammar.NestedBlock:
			if x.Name.Text == "directives" {
				continue
			}
			for name, m := range members {
				t := resolve(m.Type, s)
				if m.BlockName != x.Name.Text && name != x.Name.Text || t == nil || t.Kind != schema.KindList {
					continue
				}
				et := resolve(t.Element, s)
				var fields map[string]*schema.Member
				if et != nil {
					fields = et.Fields()
				}
				list, _ := out[cloudName(name, m)].([]any)
				out[cloudName(name, m)] = append(list, backStruct(x.Body, fields, s))
			}
		}
	}
	return out
}

func cloudName(name string, m *schema.Member) string {
	if m.ProviderName != "" {
		return m.ProviderName
	}
	return name
}

// backValue is a Carina expression as the CloudFormation value it stands for, computed{} for one
// that is no literal.
func backValue(e grammar.Expr, t *schema.Type, s *schema.Resource) any {
	t = resolve(t, s)
	if t != nil && t.Kind == schema.KindUnion { // the member the converter chose by the shape
		for _, mt := range t.Members {
			mt = resolve(mt, s)
			if mt == nil {
				continue
			}
			_, isMap := e.(*grammar.MapExpr)
			_, isList := e.(*grammar.ListExpr)
			if isMap && (mt.Kind == schema.KindStruct || mt.Kind == schema.KindMap) || isList && mt.Kind == schema.KindList ||
				!isMap && !isList && mt.Kind != schema.KindStruct && mt.Kind != schema.KindMap && mt.Kind != schema.KindList {
				return backValue(e, mt, s)
			}
		}
	}
	switch x := e.(type) {
	case *grammar.StringLit:
		if len(x.Parts) > 1 || len(x.Parts) == 1 && x.Parts[0].Expr != nil {
			return computed{}
		}
		return x.Value
	case *grammar.IntLit:
		return strconv.FormatInt(x.Value, 10)
	case *grammar.FloatLit:
		return strconv.FormatFloat(x.Value, 'f', -1, 64)
	case *grammar.DurationLit:
		return strconv.FormatUint(x.Seconds, 10)
	case *grammar.BoolLit:
		return strconv.FormatBool(x.Value)
	case *grammar.ListExpr:
		var et *schema.Type
		if t != nil && t.Kind == schema.KindList {
			et = t.Element
		}
		out := []any{}
		for _, el := range x.Elems {
			out = append(out, backValue(el, et, s))
		}
		return out
	case *grammar.MapExpr:
		if t != nil && t.Kind == schema.KindStruct {
			return backStruct(x.Body, t.Fields(), s)
		}
		var vt *schema.Type
		if t != nil && t.Kind == schema.KindMap {
			vt = t.Value
		}
		out := map[string]any{}
		if x.Body != nil {
			for _, it := range x.Body.Items {
				if a, ok := it.(*grammar.Attribute); ok {
					out[a.Key.Text] = backValue(a.Value, vt, s)
				}
			}
		}
		return out
	case *grammar.PathExpr:
		if t != nil && t.Kind == schema.KindEnum && t.Enum != nil {
			text := x.String()
			for _, v := range t.Enum.Values {
				if v.Qualified == text {
					return v.Wire
				}
			}
		}
	}
	return computed{}
}

// cloudValue is a template value as compared: intrinsics computed{}, scalars their text, a list
// of {Key, Value} where the schema has a map as that map.
func cloudValue(v Value, t *schema.Type, s *schema.Resource, fields map[string]*schema.Member) any {
	t = resolve(t, s)
	if t != nil && t.Kind == schema.KindUnion {
		for _, mt := range t.Members {
			if fits(v, resolve(mt, s)) {
				return cloudValue(v, mt, s, fields)
			}
		}
	}
	switch x := v.(type) {
	case *Call:
		if x.Name == "Ref" {
			if n, _ := Str(x.Arg); n == "AWS::NoValue" {
				return nil
			}
		}
		return computed{}
	case *Scalar:
		if x.Kind == Null {
			return nil
		}
		if x.Kind == Bool {
			return strings.ToLower(x.Text)
		}
		if t != nil && (t.Kind == schema.KindInt || t.Kind == schema.KindFloat) && isNumber(x.Text) {
			f, _ := strconv.ParseFloat(x.Text, 64)
			if t.Kind == schema.KindInt && f == float64(int64(f)) {
				return strconv.FormatInt(int64(f), 10)
			}
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
		if t != nil && t.Kind == schema.KindBool {
			return strings.ToLower(x.Text)
		}
		return x.Text
	case *List:
		if t != nil && t.Kind == schema.KindMap {
			m := map[string]any{}
			for _, it := range x.Items {
				if im, ok := it.(*Map); ok {
					k, _ := Str(im.Get("Key"))
					m[k] = cloudValue(im.Get("Value"), t.Value, s, nil)
				}
			}
			return m
		}
		var et *schema.Type
		if t != nil && t.Kind == schema.KindList {
			et = t.Element
		}
		out := []any{}
		for _, it := range x.Items {
			out = append(out, cloudValue(it, et, s, nil))
		}
		return out
	case *Map:
		out := map[string]any{}
		switch {
		case fields != nil:
			known := byCloudName(fields)
			for _, e := range x.Entries {
				var ft *schema.Type
				var sub map[string]*schema.Member
				if info := known[e.Key]; info != nil {
					ft = info.member.Type
					if rt := resolve(ft, s); rt != nil && rt.Kind == schema.KindStruct {
						sub = rt.Fields()
					}
				}
				out[e.Key] = cloudValue(e.Value, ft, s, sub)
			}
		case t != nil && t.Kind == schema.KindStruct:
			return cloudValue(v, nil, s, t.Fields())
		default:
			var vt *schema.Type
			if t != nil && t.Kind == schema.KindMap {
				vt = t.Value
			}
			for _, e := range x.Entries {
				out[e.Key] = cloudValue(e.Value, vt, s, nil)
			}
		}
		return out
	}
	return nil
}

// compare reports where got (from Carina) differs from want (the template), at path; a
// property absent from got is fine when a note names it.
func compare(path string, want, got any, noted map[string]bool) []string {
	if _, ok := want.(computed); ok {
		return nil
	}
	if _, ok := got.(computed); ok {
		return nil
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want a mapping, got %v", path, got)}
		}
		var out []string
		for _, k := range sortedKeys(w) {
			gv, has := g[k]
			switch {
			case has:
				out = append(out, compare(path+"."+k, w[k], gv, noted)...)
			case w[k] == nil: // AWS::NoValue, null: not set
			case !noted[path+"."+k]:
				out = append(out, fmt.Sprintf("%s.%s: in the template, not in the output, and no note says why", path, k))
			}
		}
		for _, k := range sortedKeys(g) {
			if _, has := w[k]; !has && !noted[path+"."+k] {
				out = append(out, fmt.Sprintf("%s.%s: in the output, not in the template, and no note says why", path, k))
			}
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: want %v, got %v", path, want, got)}
		}
		var out []string
		for i := range w {
			out = append(out, compare(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], noted)...)
		}
		return out
	}
	if fmt.Sprint(want) != fmt.Sprint(got) {
		return []string{fmt.Sprintf("%s: want %v, got %v", path, want, got)}
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestRoundTripTemplates: the properties of every converted resource of ../shared/cfn come back
// from the Carina attributes (roundTrip).
func TestRoundTripTemplates(t *testing.T) {
	idx := embedded(t)
	compared := 0
	for _, p := range templates(t) {
		tmpl, res := convertFile(t, p, idx)
		for _, d := range roundTrip(t, tmpl, res, idx) {
			t.Errorf("%s: %s", goldenName(t, p), d)
		}
		compared += res.Converted
	}
	if compared < 100 {
		t.Errorf("%d resources compared", compared)
	}
}

// FuzzRoundTrip builds resources of random awscc types, and of the aws types awscc lacks, with
// random properties from their schemas (structures, repeated structures, enums, maps, tags,
// numbers as text), converts them, and maps them back (roundTrip).
func FuzzRoundTrip(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed)
	}
	idx := embedded(f)
	heads := idx.ResourceTypes(provider)
	c := &converter{opts: Options{Schemas: idx}}
	for _, h := range idx.ResourceTypes(awsProvider) {
		if s := idx.Resource(h); s != nil && s.CloudType != "" && c.schemaOf(s.CloudType) == s {
			heads = append(heads, h)
		}
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 0x636f6e76))
		resources := map[string]any{}
		for i := range 1 + rng.IntN(3) {
			s := idx.Resource(heads[rng.IntN(len(heads))])
			if s == nil || s.CloudType == "" {
				continue
			}
			g := &gen{rng: rng, s: s}
			resources[fmt.Sprintf("Res%d", i)] = map[string]any{"Type": s.CloudType, "Properties": g.fields(s.Attributes, 0)}
		}
		data, err := json.MarshalIndent(map[string]any{"Resources": resources}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if len(resources) == 0 {
			return
		}
		tmpl, err := Read(data)
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		res, err := Convert(context.Background(), tmpl, Options{Schemas: idx, Region: "eu-west-1"})
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		for _, d := range roundTrip(t, tmpl, res, idx) {
			t.Errorf("%s\ntemplate:\n%s\nconverted:\n%s", d, data, res.Text)
		}
	})
}

// gen generates CloudFormation values of schema types.
type gen struct {
	rng *rand.Rand
	s   *schema.Resource
	n   int // values generated: bounded, as the aws types' nested statements (wafv2) fan out
}

// maxGenerated bounds the values of one generated resource: a few hundred cover a schema's shapes,
// and an input of tens of thousands made one run take seconds.
const maxGenerated = 400

// fields generates a random subset of the writable members, by CloudFormation name.
func (g *gen) fields(members map[string]*schema.Member, depth int) map[string]any {
	out := map[string]any{}
	names := make([]string, 0, len(members))
	for n := range members {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		m := members[n]
		if m.ReadOnly || m.Synthetic || g.rng.IntN(3) == 0 {
			continue
		}
		if v, ok := g.value(m.Type, depth); ok {
			out[cloudName(n, m)] = v
		}
	}
	return out
}

func (g *gen) value(t *schema.Type, depth int) (any, bool) {
	t = resolve(t, g.s)
	if t == nil || depth > 3 || g.n >= maxGenerated {
		return nil, false
	}
	g.n++
	switch t.Kind {
	case schema.KindString:
		return []string{"a", "x-y", "it's", "${literal}", "10.0.0.0/16", "é"}[g.rng.IntN(6)], true
	case schema.KindInt:
		if g.rng.IntN(2) == 0 {
			return strconv.Itoa(g.rng.IntN(100)), true // CloudFormation takes numbers as text too
		}
		return g.rng.IntN(100), true
	case schema.KindFloat:
		return 1.5, true
	case schema.KindBool:
		return g.rng.IntN(2) == 0, true
	case schema.KindEnum:
		if t.Enum == nil || len(t.Enum.Values) == 0 {
			return nil, false
		}
		return t.Enum.Values[g.rng.IntN(len(t.Enum.Values))].Wire, true
	case schema.KindList:
		var out []any
		for range g.rng.IntN(3) {
			if v, ok := g.value(t.Element, depth+1); ok {
				out = append(out, v)
			}
		}
		return append([]any{}, out...), true
	case schema.KindMap:
		if g.rng.IntN(2) == 0 { // tags as CloudFormation writes them
			v, ok := g.value(t.Value, depth+1)
			if !ok {
				return nil, false
			}
			return []any{map[string]any{"Key": "Name", "Value": v}}, true
		}
		v, ok := g.value(t.Value, depth+1)
		if !ok {
			return nil, false
		}
		return map[string]any{"team": v, "cost-center": v}, true
	case schema.KindStruct:
		return g.fields(t.Fields(), depth+1), true
	case schema.KindUnion:
		if len(t.Members) > 0 {
			return g.value(t.Members[0], depth)
		}
	}
	return nil, false
}
