package cfn

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// provider is the Carina provider whose resource types are CloudFormation's.
const provider = "awscc"

// awsProvider is the provider tried for a type awscc lacks (its schemas name the CloudFormation
// type they stand for).
const awsProvider = "aws"

// Options of a conversion.
type Options struct {
	// Schemas are the provider schemas the resources are mapped through: the awscc set of the
	// version to convert for.
	Schemas *schema.Index
	// Region is the provider block's region, as CloudFormation takes it from the stack: a region
	// name ("us-east-1"); "" writes one to set.
	Region string
	// ProviderVersion is the awscc version the provider block asks for ("" none: the newest).
	ProviderVersion string
	// Fragment converts for pasting into a configuration: no heading comment, no provider block.
	Fragment bool
	// Taken are the names already bound where the result goes (the configuration pasted into):
	// the bindings made here get others.
	Taken []string
	// Lets are the let bindings of that configuration, by name: the resource type of each bound to
	// a resource or data source ("awscc.s3.Bucket"), "" for a value. A Ref, Fn::GetAtt or
	// DependsOn naming a logical ID the text lacks reads the binding that ID's name would have,
	// when the configuration has it (an earlier paste made it). Their names are taken too.
	Lets map[string]string
}

// Convert converts a template to a Carina configuration: resources of types the schemas have
// become let bindings with their properties mapped through the schema, the intrinsic functions
// Carina expressions, parameters, mappings and conditions let bindings, outputs exports; what has
// no Carina counterpart stays in comments, with a note. The text is formatted.
func Convert(ctx context.Context, t *Template, opts Options) (*Result, error) {
	c := &converter{t: t, opts: opts, names: map[string]string{}, used: map[string]bool{}, res: map[string]*schema.Resource{}, params: map[string]*Parameter{}, linked: map[string]bool{}}
	for _, k := range grammar.Keywords() {
		c.used[k] = true
	}
	for _, k := range grammar.Constants() {
		c.used[k] = true
	}
	for _, k := range opts.Taken {
		c.used[k] = true
	}
	for k := range opts.Lets {
		c.used[k] = true
	}
	c.declare()
	var b strings.Builder
	c.out = &b
	if !opts.Fragment {
		c.header()
	}
	// The rest is written apart: the pseudo parameters it asks for go between the two.
	body := &strings.Builder{}
	c.out = body
	c.parameters()
	c.mappings()
	c.conditions()
	for i := range t.Resources {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c.resource(&t.Resources[i])
	}
	c.outputs()
	c.others()
	c.out = &b
	c.writePseudo()
	text := body.String()
	for _, r := range t.Resources {
		text = strings.Replace(text, standInMark(r.ID), c.standInText(r.ID), 1)
	}
	b.WriteString(text)
	f := format.New(format.Options{})
	if opts.Schemas != nil {
		f = f.WithBlocks(opts.Schemas)
	}
	formatted, err := f.Source(b.String())
	if err != nil {
		return nil, fmt.Errorf("the converted configuration does not parse (a bug of convert: please report it with the template): %v\n%s", err, b.String())
	}
	r := &Result{Text: formatted, Notes: c.notes, Resources: len(t.Resources), Converted: c.converted, Bindings: map[string]string{}}
	for k, v := range c.names {
		if !strings.HasPrefix(k, "pseudo:") && !strings.HasPrefix(k, "hoisted:") {
			r.Bindings[k] = v
		}
	}
	slices.SortStableFunc(r.Notes, func(a, b Note) int {
		if a.At.Line != b.At.Line {
			return a.At.Line - b.At.Line
		}
		return a.At.Col - b.At.Col
	})
	return r, nil
}

// converter is one conversion under way.
type converter struct {
	t     *Template
	opts  Options
	out   *strings.Builder
	notes []Note
	// names are the Carina binding of each parameter, mapping, condition and resource, by
	// logical name; used are the names taken.
	names  map[string]string
	used   map[string]bool
	res    map[string]*schema.Resource // by logical ID: the schema, nil for a type it has none of
	params map[string]*Parameter
	// pseudo are the pseudo parameters asked for (AWS::Region, ...), by name: written as let
	// bindings at the top, for the user to set once.
	pseudo  []string
	hoisted []string // let bindings of lists a subscript needs a name for
	// standIns are, for each resource not converted, the attribute paths the rest reads of it:
	// a map binding of its name stands for it, with a value to set for each.
	standIns  map[string][][]string
	converted int
	linked    map[string]bool // the logical IDs read as bindings of the configuration (linkNote)
}

// standInMark is where a resource not converted was: its stand-in goes there once every
// reference is known.
func standInMark(id string) string { return "\x00stand-in:" + id + "\x00" }

// stand records that the rest reads path of a resource that was not converted.
func (c *converter) stand(id string, path []string, at Pos, what string) {
	if c.standIns == nil {
		c.standIns = map[string][][]string{}
	}
	for _, p := range c.standIns[id] {
		if slices.Equal(p, path) {
			return
		}
	}
	c.standIns[id] = append(c.standIns[id], path)
	c.note(at, what, true, "%s was not converted: %s reads %s.%s, a value of the map that stands for it, to set", id, what, c.names[id], strings.Join(path, "."))
}

// standInText is the map binding that stands for a resource not converted: each path read, set
// to ”.
func (c *converter) standInText(id string) string {
	paths := c.standIns[id]
	if len(paths) == 0 {
		return ""
	}
	slices.SortFunc(paths, func(a, b []string) int { return strings.Compare(strings.Join(a, "."), strings.Join(b, ".")) })
	var b strings.Builder
	fmt.Fprintf(&b, "# What the rest reads of %s, to set by hand:\nlet %s = ", id, c.names[id])
	writeTree(&b, paths)
	b.WriteString("\n")
	return b.String()
}

// writeTree writes paths as nested maps, each leaf ”.
func writeTree(b *strings.Builder, paths [][]string) {
	b.WriteString("{\n")
	var keys []string
	sub := map[string][][]string{}
	leaf := map[string]bool{}
	for _, p := range paths {
		if _, seen := sub[p[0]]; !seen && !leaf[p[0]] {
			keys = append(keys, p[0])
		}
		if len(p) == 1 {
			leaf[p[0]] = true
			continue
		}
		sub[p[0]] = append(sub[p[0]], p[1:])
	}
	for _, k := range keys {
		fmt.Fprintf(b, "%s = ", key(k))
		if len(sub[k]) > 0 {
			writeTree(b, sub[k])
		} else {
			b.WriteString("''")
		}
		b.WriteString("\n")
	}
	b.WriteString("}")
}

// note records a note.
func (c *converter) note(at Pos, what string, left bool, format string, args ...any) {
	c.notes = append(c.notes, Note{At: at, What: what, Msg: fmt.Sprintf(format, args...), Left: left})
}

// bind gives a logical name its binding name: snake_case, made unique and never a keyword.
func (c *converter) bind(logical, suffix string) string {
	base := identifier(logical, "r")
	if suffix != "" {
		base += "_" + suffix
	}
	name := base
	for i := 2; c.used[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	c.used[name] = true
	return name
}

// identifier is a logical name in snake_case that Carina reads as a name: prefix_ goes before one
// that would start with a digit or be a keyword, and prefix stands for one with nothing left.
func identifier(logical, prefix string) string {
	base := grammar.SnakeCase(strings.NewReplacer("-", "_", ".", "_", ":", "_").Replace(logical))
	switch {
	case base == "":
		return prefix
	case base[0] >= '0' && base[0] <= '9', grammar.IsKeyword(base):
		return prefix + "_" + base
	}
	return base
}

// declare names every parameter, mapping, condition and resource before anything is written, so
// that a reference to one declared later resolves.
func (c *converter) declare() {
	for i := range c.t.Parameters {
		p := &c.t.Parameters[i]
		c.params[p.Name] = p
		c.names[p.Name] = c.bind(p.Name, "")
	}
	if c.t.Mappings != nil {
		for _, e := range c.t.Mappings.Entries {
			c.names["mapping:"+e.Key] = c.bind(e.Key, "")
		}
	}
	if c.t.Conditions != nil {
		for _, e := range c.t.Conditions.Entries {
			c.names["condition:"+e.Key] = c.bind(e.Key, "")
		}
	}
	for _, r := range c.t.Resources {
		c.names[r.ID] = c.bind(r.ID, "")
		c.res[r.ID] = c.schemaOf(r.Type)
	}
}

// elsewhere returns the binding of the configuration pasted into that a logical ID the text
// lacks stands for (Options.Lets): its name, its resource type ("" for a value) and that type's
// schema (nil when the schemas lack it).
func (c *converter) elsewhere(logical string) (name, typ string, s *schema.Resource, ok bool) {
	name = identifier(logical, "r")
	if typ, ok = c.opts.Lets[name]; ok && typ != "" && c.opts.Schemas != nil {
		s = c.opts.Schemas.Resource(typ)
	}
	return name, typ, s, ok
}

// linkNote notes, at the first reference to logical only, that it reads a binding of the
// configuration pasted into: the user sees what it was taken to mean, once.
func (c *converter) linkNote(logical string, at Pos, what, format string, args ...any) {
	if c.linked[logical] {
		return
	}
	c.linked[logical] = true
	c.note(at, what, false, format, args...)
}

// schemaOf returns the resource of a CloudFormation type: awscc's, whose types are
// CloudFormation's, else the aws provider's that says it is that type (AWS::SQS::Queue is
// aws.sqs.Queue; AWS::CertificateManager::Certificate aws.acm.Certificate); nil when neither has it.
func (c *converter) schemaOf(cloudType string) *schema.Resource {
	parts := strings.Split(cloudType, "::")
	if len(parts) != 3 || parts[0] != "AWS" || c.opts.Schemas == nil {
		return nil
	}
	head := provider + "." + strings.ToLower(parts[1]) + "." + parts[2]
	r := c.opts.Schemas.Resource(head)
	if r == nil {
		if folded, ok := c.opts.Schemas.FoldHead(head); ok {
			r = c.opts.Schemas.Resource(folded)
		}
	}
	if r != nil && (r.CloudType == "" || r.CloudType == cloudType) {
		return r
	}
	// The aws provider's names are its own: only a type whose schema names the CloudFormation
	// type is taken, looked for among those of the same last part.
	for _, h := range c.opts.Schemas.ResourceTypes(awsProvider) {
		if !strings.EqualFold(h[strings.LastIndexByte(h, '.')+1:], parts[2]) {
			continue
		}
		if r := c.opts.Schemas.Resource(h); r != nil && r.CloudType == cloudType {
			return r
		}
	}
	return nil
}

// header writes the template's description and the provider block.
func (c *converter) header() {
	fmt.Fprintf(c.out, "# Converted from a CloudFormation template by carina-lsp convert.\n")
	if d := strings.TrimSpace(c.t.Description); d != "" {
		for _, l := range strings.Split(d, "\n") {
			fmt.Fprintf(c.out, "# %s\n", strings.TrimRight(l, " \t"))
		}
	}
	region := c.opts.Region
	if region == "" {
		region = "us-east-1"
		c.note(Pos{1, 1}, "region", true, "CloudFormation deploys to the stack's region: the provider block says %s, set yours", region)
	}
	providers := []string{provider}
	for _, r := range c.res {
		if r != nil && r.Provider == awsProvider {
			providers = append(providers, awsProvider) // for the types awscc lacks
			break
		}
	}
	for _, p := range providers {
		fmt.Fprintf(c.out, "\nprovider %s {\n", p)
		if c.opts.Region == "" {
			c.out.WriteString("  # CloudFormation deployed to the stack's region: set the one to deploy to.\n")
		}
		fmt.Fprintf(c.out, "  region = %s.Region.%s\n", p, strings.ReplaceAll(region, "-", "_"))
		if c.opts.ProviderVersion != "" && p == provider {
			fmt.Fprintf(c.out, "  version = %s\n", quote(c.opts.ProviderVersion))
		}
		c.out.WriteString("}\n")
	}
}

// writePseudo writes a let binding for each pseudo parameter asked for: what CloudFormation
// knew of the stack, for the user to set once.
func (c *converter) writePseudo() {
	if len(c.hoisted) > 0 {
		c.out.WriteString("\n")
		for _, h := range c.hoisted {
			c.out.WriteString(h)
		}
	}
	if len(c.pseudo) == 0 {
		return
	}
	c.out.WriteString("\n# What CloudFormation knew of the stack: set these for where this is deployed.\n")
	for _, p := range c.pseudo {
		fmt.Fprintf(c.out, "\n# %s\nlet %s = %s\n", p, c.names["pseudo:"+p], pseudoValue(p, c.opts.Region))
	}
}

// pseudoRef returns the binding that stands for a pseudo parameter, asking for its let.
func (c *converter) pseudoRef(name string, at Pos, what string) string {
	key := "pseudo:" + name
	if n, ok := c.names[key]; ok {
		return n
	}
	base, ok := pseudoName(name)
	if !ok {
		base = "aws_" + grammar.SnakeCase(strings.ReplaceAll(strings.TrimPrefix(name, "AWS::"), "::", "_"))
	}
	if _, let := c.opts.Lets[base]; let || slices.Contains(c.opts.Taken, base) {
		// A paste into a configuration that has the binding (an earlier paste made it): the
		// user has set it once already.
		c.names[key] = base
		return base
	}
	n := c.bind(base, "")
	c.names[key] = n
	c.pseudo = append(c.pseudo, name)
	c.note(at, what, true, "%s is what CloudFormation knew of the stack: the let binding %s stands for it, set it", name, n)
	return n
}

// pseudoName is the binding of a pseudo parameter (and of Fn::GetAZs's zones); ok is false for
// a name that is none. A switch, not a map literal, which every process would build when the
// package loads.
func pseudoName(name string) (binding string, ok bool) {
	switch name {
	case "AWS::Region":
		return "aws_region", true
	case "AWS::AccountId":
		return "aws_account_id", true
	case "AWS::Partition":
		return "aws_partition", true
	case "AWS::URLSuffix":
		return "aws_url_suffix", true
	case "AWS::StackName":
		return "aws_stack_name", true
	case "AWS::StackId":
		return "aws_stack_id", true
	case "AWS::NotificationARNs":
		return "aws_notification_arns", true
	case "AWS::AvailabilityZones":
		return "availability_zones", true
	}
	return "", false
}

// pseudoValue is the placeholder a pseudo parameter's let binding starts with.
func pseudoValue(name, region string) string {
	switch name {
	case "AWS::Region":
		if region == "" {
			region = "us-east-1"
		}
		return quote(region)
	case "AWS::AccountId":
		return "'123456789012'"
	case "AWS::Partition":
		return "'aws'"
	case "AWS::URLSuffix":
		return "'amazonaws.com'"
	case "AWS::NotificationARNs":
		return "[]"
	case "AWS::StackName":
		return "'my-stack'"
	case "AWS::StackId":
		return "'arn:aws:cloudformation:us-east-1:123456789012:stack/my-stack/id'"
	case "AWS::AvailabilityZones":
		if region == "" {
			region = "us-east-1"
		}
		return fmt.Sprintf("['%sa', '%sb', '%sc']", region, region, region)
	}
	return "''"
}

// parameters writes each parameter as a let binding with its default.
func (c *converter) parameters() {
	if len(c.t.Parameters) == 0 {
		return
	}
	c.out.WriteString("\n# Parameters\n")
	for i := range c.t.Parameters {
		p := &c.t.Parameters[i]
		what := "Parameters." + p.Name
		c.out.WriteString("\n")
		if p.Description != "" {
			c.comment(p.Description)
		}
		if len(p.AllowedValues) > 0 {
			var vs []string
			for _, v := range p.AllowedValues {
				s, _ := Str(v)
				vs = append(vs, s)
			}
			c.comment("One of: " + strings.Join(vs, ", "))
		}
		if p.AllowedPattern != "" {
			c.comment("Matching: " + p.AllowedPattern)
		}
		list := strings.HasPrefix(p.Type, "List<") || p.Type == "CommaDelimitedList"
		value := ""
		switch {
		case p.Default != nil && list:
			if s, ok := Str(p.Default); ok {
				var items []string
				for _, it := range strings.Split(s, ",") {
					items = append(items, quote(strings.TrimSpace(it)))
				}
				value = "[" + strings.Join(items, ", ") + "]"
			} else {
				value = c.expr(p.Default, what)
			}
		case p.Default != nil && p.Type == "Number":
			s, _ := Str(p.Default)
			var ok bool
			if value, ok = number(s); !ok {
				value = quote(s)
			}
		case p.Default != nil:
			value = c.expr(p.Default, what)
		case list:
			value = "[]"
			c.note(p.At, what, true, "no default: %s is an empty list, set it", c.names[p.Name])
		case p.Type == "Number":
			value = "0"
			c.note(p.At, what, true, "no default: %s is 0, set it", c.names[p.Name])
		default:
			value = "''"
			c.note(p.At, what, true, "no default: %s is '', set it", c.names[p.Name])
		}
		fmt.Fprintf(c.out, "let %s = %s\n", c.names[p.Name], value)
	}
}

// mappings writes each mapping as a let binding of a map.
func (c *converter) mappings() {
	if c.t.Mappings == nil || len(c.t.Mappings.Entries) == 0 {
		return
	}
	c.out.WriteString("\n# Mappings\n")
	for _, e := range c.t.Mappings.Entries {
		fmt.Fprintf(c.out, "\nlet %s = %s\n", c.names["mapping:"+e.Key], c.expr(e.Value, "Mappings."+e.Key))
	}
}

// conditions writes each condition as a let binding of a boolean.
func (c *converter) conditions() {
	if c.t.Conditions == nil || len(c.t.Conditions.Entries) == 0 {
		return
	}
	c.out.WriteString("\n# Conditions\n")
	for _, e := range conditionOrder(c.t.Conditions) {
		fmt.Fprintf(c.out, "\nlet %s = %s\n", c.names["condition:"+e.Key], c.cond(e.Value, "Conditions."+e.Key))
	}
}

// conditionOrder is the conditions with each after those it names: Carina reads an if's
// condition before the lets declared after it. A cycle keeps the template's order.
func conditionOrder(conds *Map) []Entry {
	byName := map[string]Entry{}
	for _, e := range conds.Entries {
		byName[e.Key] = e
	}
	var out []Entry
	state := map[string]int{} // 1: being visited, 2: done
	var visit func(e Entry)
	visit = func(e Entry) {
		if state[e.Key] != 0 {
			return
		}
		state[e.Key] = 1
		for _, dep := range namedConditions(e.Value) {
			if d, ok := byName[dep]; ok {
				visit(d)
			}
		}
		state[e.Key] = 2
		out = append(out, e)
	}
	for _, e := range conds.Entries {
		visit(e)
	}
	return out
}

// namedConditions are the conditions a condition function names.
func namedConditions(v Value) []string {
	var out []string
	Walk(v, func(v Value) bool {
		if name, ok := AsCondition(v); ok {
			out = append(out, name)
			return false
		}
		return true
	})
	return out
}

// comment writes text as comment lines.
func (c *converter) comment(text string) {
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			c.out.WriteString("#\n")
			continue
		}
		fmt.Fprintf(c.out, "# %s\n", l)
	}
}

// quoted writes the template's lines from..to as comment lines, under a line that says why.
func (c *converter) quoted(why string, from, to int) {
	c.comment(why)
	for _, l := range strings.Split(c.t.Snippet(from, to), "\n") {
		fmt.Fprintf(c.out, "#   %s\n", strings.TrimRight(l, " \t\r"))
	}
}

// outputs writes the outputs as exports.
func (c *converter) outputs() {
	if len(c.t.Outputs) == 0 {
		return
	}
	c.out.WriteString("\nexports {\n")
	used := map[string]bool{}
	for _, o := range c.t.Outputs {
		what := "Outputs." + o.Name
		if o.Description != "" {
			c.comment(o.Description)
		}
		if o.Export != nil {
			c.comment("CloudFormation exported it as " + c.exprComment(o.Export))
		}
		name := identifier(o.Name, "output")
		base := name
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s_%d", base, i)
		}
		used[name] = true
		value := c.expr(o.Value, what)
		if o.Condition != "" {
			value = fmt.Sprintf("if %s { %s } else { null }", c.condRef(o.Condition, o.At, what), value)
		}
		fmt.Fprintf(c.out, "  %s = %s\n", name, value)
	}
	c.out.WriteString("}\n")
}

// others notes the sections with no Carina counterpart and quotes them.
func (c *converter) others() {
	for _, e := range c.t.Other {
		switch e.Key {
		case "Metadata":
			c.note(e.KeyAt, e.Key, false, "the template's Metadata has no Carina counterpart: quoted in a comment")
		default:
			c.note(e.KeyAt, e.Key, true, "%s has no Carina counterpart: quoted in a comment", e.Key)
		}
		end := lastLine(e.Value, c.t)
		c.out.WriteString("\n")
		c.quoted(fmt.Sprintf("Not converted: the template's %s section.", e.Key), e.KeyAt.Line, end)
	}
}

// lastLine is the last line of a value in the template.
func lastLine(v Value, t *Template) int {
	last := v.Position().Line
	Walk(v, func(v Value) bool {
		last = max(last, v.Position().Line)
		return true
	})
	if t.JSON && last < len(t.Lines) {
		// JSON closes what it opened on the lines after.
		for last < len(t.Lines) && strings.Trim(strings.TrimSpace(t.Lines[last]), "}],") == "" && strings.TrimSpace(t.Lines[last]) != "" {
			last++
		}
	}
	return last
}

func isNumber(s string) bool {
	_, ok := number(s)
	return ok
}

// number is a template's number as Carina writes it: an integer, or a decimal without an
// exponent (YAML's 1e3, 0x1F, .5 and 0. included); false for what is no finite number.
func number(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", false
	}
	if strings.Contains(s, "_") {
		// Go reads 1_000; YAML 1.2 and JSON do not, so the template meant text.
		return "", false
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return strconv.FormatInt(i, 10), true
	}
	if lower := strings.ToLower(s); strings.HasPrefix(lower, "0x") || strings.HasPrefix(lower, "0o") {
		if i, err := strconv.ParseInt(s, 0, 64); err == nil {
			return strconv.FormatInt(i, 10), true
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return strconv.FormatInt(int64(f), 10), true
	}
	out := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(out, ".") {
		out += ".0"
	}
	return out, true
}
