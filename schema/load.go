package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unsafe"
)

// ErrNotIndex is wrapped by Load's error when the input is JSON without a
// "format" field, i.e. not a schema index file at all (LoadDir skips those).
var ErrNotIndex = errors.New("not a schema index file")

// Fallbacks used when a file has no wait_defaults (carina-core's
// WAIT_DEFAULT_TIMEOUT and WAIT_DEFAULT_INTERVAL).
const (
	DefaultWaitTimeoutSecs  = 300
	DefaultWaitIntervalSecs = 5
)

// Load reads one schema index file. name identifies the input in errors and
// becomes Provider.Origin. The file must say format "carina-schema-index" and
// format_version 1. Lower-case heads of older aws indexes (aws.route53.record_set)
// also get a PascalCase alias (aws.route53.RecordSet) unless the file already
// has that head; see alias.go.
func Load(name string, r io.Reader) (*Provider, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("schema: %s: %w", name, err)
	}
	return decode(name, data)
}

func decode(name string, data []byte) (*Provider, error) {
	return decodeWith(json.Unmarshal, name, data)
}

// decodeWith is decode with the JSON decoder given: the embedded files, which are known to be
// valid, are read with a faster one (see LoadEmbedded).
func decodeWith(unmarshal func([]byte, any) error, name string, data []byte) (*Provider, error) {
	p, l, err := decodeHeader(unmarshal, name, data)
	if err != nil {
		return nil, err
	}
	var f struct {
		Resources   map[string]*resourceJSON `json:"resources"`
		DataSources map[string]*resourceJSON `json:"data_sources"`
	}
	if err := unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("schema: %s: %w", name, err)
	}
	for _, sect := range []struct {
		in   map[string]*resourceJSON
		out  map[string]*Resource
		kind ResourceKind
	}{{f.Resources, p.Resources, KindResource}, {f.DataSources, p.DataSources, KindDataSource}} {
		for head, rj := range sect.in {
			if rj == nil {
				return nil, fmt.Errorf("schema: %s: %s is null", name, head)
			}
			res, err := l.resource(head, sect.kind, rj)
			if err != nil {
				return nil, err
			}
			sect.out[head] = res
		}
	}
	addAliases(p.Resources, l.enums)
	addAliases(p.DataSources, l.enums)
	return p, nil
}

// decodeHeader reads what a file says besides its types: the provider with empty type maps, and
// the loader its types are read with (a set file decodes them one by one, on demand).
func decodeHeader(unmarshal func([]byte, any) error, name string, data []byte) (*Provider, *loader, error) {
	var f fileJSON
	if err := unmarshal(data, &f); err != nil {
		return nil, nil, fmt.Errorf("schema: %s: %w", name, err)
	}
	return header(name, &f)
}

// header checks a file's top level and makes its provider, without types (see decodeHeader).
func header(name string, f *fileJSON) (*Provider, *loader, error) {
	switch {
	case f.Format == nil:
		return nil, nil, fmt.Errorf("schema: %s: %w (no \"format\" field; want %q)", name, ErrNotIndex, formatName)
	case *f.Format != formatName:
		return nil, nil, fmt.Errorf("schema: %s: format is %q, want %q", name, *f.Format, formatName)
	case f.FormatVersion == nil:
		return nil, nil, fmt.Errorf("schema: %s: no \"format_version\" field (want %d)", name, formatVersion)
	case *f.FormatVersion != formatVersion:
		return nil, nil, fmt.Errorf("schema: %s: format_version %d is not supported (want %d)", name, *f.FormatVersion, formatVersion)
	case f.Provider == "" || strings.Contains(f.Provider, "."):
		return nil, nil, fmt.Errorf("schema: %s: bad provider name %q", name, f.Provider)
	}
	l := &loader{name: name, provider: f.Provider, enums: map[string]*Enum{}}
	if f.Source != nil {
		l.repo = f.Source.Repo
	}
	p := &Provider{
		Name:         f.Provider,
		Origin:       name,
		Version:      f.ProviderVersion,
		Date:         f.GeneratedAt,
		Resources:    map[string]*Resource{},
		DataSources:  map[string]*Resource{},
		Enums:        l.enums,
		CustomTypes:  map[string]*CustomType{},
		WaitDefaults: WaitDefaults{TimeoutSecs: DefaultWaitTimeoutSecs, IntervalSecs: DefaultWaitIntervalSecs},
		Complete:     f.CompleteTypeList,
	}
	if f.Source != nil && f.Source.CommitDate != "" {
		p.Date = f.Source.CommitDate
	}
	if w := f.WaitDefaults; w != nil {
		if w.TimeoutSecs != nil && *w.TimeoutSecs > 0 {
			p.WaitDefaults.TimeoutSecs = *w.TimeoutSecs
		}
		if w.IntervalSecs != nil && *w.IntervalSecs > 0 {
			p.WaitDefaults.IntervalSecs = *w.IntervalSecs
		}
	}
	for id, e := range f.Enums {
		if e == nil {
			continue
		}
		if e.Identity == "" {
			e.Identity = id
		}
		l.enums[e.Identity] = newEnum(e.Identity, e.Namespace, e.Name, e.Open, e.Values, nil)
	}
	addCustomTypes(p, f.CustomTypes)
	if f.Regions != nil {
		for _, v := range f.Regions.Values {
			p.Regions = append(p.Regions, EnumValue{Wire: v.Wire, DSL: v.DSL, Qualified: deref(v.Qualified)})
		}
	}
	return p, l, nil
}

func addCustomTypes(p *Provider, in map[string]*customJSON) {
	for id, c := range in {
		if c == nil {
			continue
		}
		if c.Identity == "" {
			c.Identity = id
		}
		p.CustomTypes[c.Identity] = &CustomType{Identity: c.Identity, Base: c.Base, Pattern: deref(c.Pattern)}
	}
}

// loader carries what converting one file needs: its name for errors, its
// provider and the enums by identity (inline enum types share them).
type loader struct {
	name     string
	provider string
	enums    map[string]*Enum
	refs     []string // ref names seen in the current resource
	repo     string   // the file's source repository, "owner/name"; may be empty
	// enumMu guards enums when fields decoded lazily may share them (a set file's loader);
	// nil when one goroutine loads a file whole.
	enumMu *sync.Mutex
	// Slabs of the current resource's (or lazily decoded struct's) members and types.
	types   slab[Type]
	members slab[Member]
}

// lazyFields returns the decoder of a struct's fields in binary form (binwire.go), run on the
// fields' first use, maybe on another goroutine: with a loader of its own, which shares only the
// enums (under enumMu). The embedded data is checked whole by the tests (set.all decodes every
// field), so a field that does not decode is left out rather than reported.
func (l *loader) lazyFields(where *loc, bin string) *lazyFields {
	return &lazyFields{decode: func() map[string]*Member {
		sub := &loader{name: l.name, provider: l.provider, enums: l.enums, enumMu: l.enumMu, repo: l.repo}
		run, err := expand(unsafe.Slice(unsafe.StringData(bin), len(bin))) // read, never written
		if err != nil {
			return nil
		}
		r := binReaderOf(run)
		n := r.count()
		out := make(map[string]*Member, n)
		for range n {
			name, mj := r.str(), r.member()
			if r.err != nil {
				break
			}
			if m, err := sub.member(&loc{up: where, sep: ".", name: name}, name, mj); err == nil {
				out[name] = m
			}
		}
		return out
	}}
}

// loc is where in a file the loader is (a resource, an attribute, a field, an element), made a
// string only for an error: most members and types never need it.
type loc struct {
	up   *loc
	sep  string
	name string
	i    int // a union member's index, with sep "|"
}

func (p *loc) String() string {
	if p == nil {
		return ""
	}
	if p.sep == "|" {
		return fmt.Sprintf("%s|%d", p.up, p.i)
	}
	return p.up.String() + p.sep + p.name
}

func (l *loader) errorf(format string, args ...any) error {
	return fmt.Errorf("schema: %s: "+format, append([]any{l.name}, args...)...)
}

func (l *loader) resource(head string, kind ResourceKind, rj *resourceJSON) (*Resource, error) {
	if rj.Type != "" && rj.Type != head {
		return nil, l.errorf("resource key %q has type %q", head, rj.Type)
	}
	if first, _, _ := strings.Cut(head, "."); first != l.provider || strings.Count(head, ".") < 2 {
		return nil, l.errorf("head %q is not of the form %s.<service>.<Type>", head, l.provider)
	}
	if rj.Kind != "" && ResourceKind(rj.Kind) != kind {
		return nil, l.errorf("%s has kind %q in the %s section", head, rj.Kind, kind)
	}
	res := &Resource{
		Type:              head,
		Provider:          l.provider,
		SchemaType:        rj.SchemaType,
		Kind:              kind,
		CloudType:         deref(rj.CloudType),
		Description:       deref(rj.Description),
		SourceOrigin:      rj.SourceOrigin,
		SourceFile:        deref(rj.SourceFile),
		SourceRepo:        l.repo,
		HasTags:           rj.HasTags,
		PrimaryIdentifier: rj.PrimaryIdentifier,
		ExclusiveRequired: rj.ExclusiveRequired,
		Attributes:        make(map[string]*Member, len(rj.Attributes)),
		Defs:              make(map[string]*Type, len(rj.Defs)),
		Origin:            l.name,
	}
	if res.SchemaType == "" {
		res.SchemaType = head[len(l.provider)+1:]
	}
	if u := rj.UniqueName; u != nil {
		res.UniqueName = UniqueName{Kind: u.Kind, Attribute: u.Attribute}
	} else {
		res.UniqueName = UniqueName{Kind: "conflicting"}
	}
	if oc := rj.OperationConfig; oc != nil {
		res.OperationConfig = &OperationConfig{
			CreateTimeoutSecs: oc.CreateTimeoutSecs, CreateMaxRetries: oc.CreateMaxRetries,
			DeleteTimeoutSecs: oc.DeleteTimeoutSecs, DeleteMaxRetries: oc.DeleteMaxRetries,
		}
	}
	if w := rj.Wait; w != nil {
		src := w.Source
		if src == "" {
			src = head + " schema (" + l.name + ")"
		}
		if w.TimeoutSecs != nil && *w.TimeoutSecs > 0 {
			res.Wait.Timeout = WaitSetting{Secs: *w.TimeoutSecs, Source: src}
		}
		if w.IntervalSecs != nil && *w.IntervalSecs > 0 {
			res.Wait.Interval = WaitSetting{Secs: *w.IntervalSecs, Source: src}
		}
	}
	l.refs = l.refs[:0]
	// A resource's slabs are its own: one resource's members never keep another's alive.
	l.types, l.members = slab[Type]{}, slab[Member]{}
	top := &loc{name: head}
	for _, a := range rj.Attributes {
		m, err := l.member(&loc{up: top, sep: ".", name: a.Name}, a.Name, a.Value)
		if err != nil {
			return nil, err
		}
		res.Attributes[a.Name] = m
	}
	for _, d := range rj.Defs {
		t, err := l.typ(&loc{up: top, sep: " defs.", name: d.Name}, d.Value)
		if err != nil {
			return nil, err
		}
		res.Defs[d.Name] = t
	}
	for _, ref := range l.refs {
		if _, ok := res.Defs[ref]; !ok {
			return nil, l.errorf("%s: ref %q has no entry in defs", head, ref)
		}
	}
	if _, ok := res.Attributes["id"]; !ok {
		res.Attributes["id"] = idMember()
	}
	return res, nil
}

// idMember is the `id` every resource has besides its schema's attributes: the provider's
// identifier of the object, known once it exists.
func idMember() *Member {
	return &Member{Name: "id", Type: &Type{Kind: KindString}, Display: "String", ReadOnly: true, Synthetic: true,
		Description: "The provider's identifier of the resource: every resource has one."}
}

func (l *loader) member(where *loc, name string, mj *memberJSON) (*Member, error) {
	if mj == nil || mj.Type == nil {
		return nil, l.errorf("%s: member without a type", where)
	}
	t, err := l.typ(where, mj.Type)
	if err != nil {
		return nil, err
	}
	def, err := decodeDefault(mj.Default)
	if err != nil {
		return nil, l.errorf("%s: default: %v", where, err)
	}
	m := l.members.get()
	*m = Member{
		Name:             name,
		Type:             t,
		Display:          mj.Display,
		Required:         mj.Required,
		ReadOnly:         mj.ReadOnly,
		CreateOnly:       mj.CreateOnly,
		WriteOnly:        mj.WriteOnly,
		Identity:         mj.Identity,
		DeferredPopulate: mj.DeferredPopulate,
		Removable:        mj.Removable,
		Default:          def,
		ProviderName:     deref(mj.ProviderName),
		BlockName:        deref(mj.BlockName),
		Description:      deref(mj.Description),
	}
	return m, nil
}

func (l *loader) typ(where *loc, tj *typeJSON) (*Type, error) {
	if tj == nil {
		return nil, l.errorf("%s: null type", where)
	}
	t := l.types.get()
	*t = Type{
		Kind:       Kind(tj.Kind),
		Identity:   deref(tj.Identity),
		Pattern:    deref(tj.Pattern),
		Length:     bounds(tj.Length),
		Range:      bounds(tj.Range),
		Transform:  transform(tj.DSLTransform),
		Helper:     tj.Helper,
		Unresolved: tj.UnresolvedHelper,
	}
	if t.Unresolved {
		// The generator could not resolve the helper: a plain string.
		*t = Type{Kind: KindString, Helper: tj.Helper, Unresolved: true}
		return t, nil
	}
	var err error
	switch t.Kind {
	case KindString, KindInt, KindFloat, KindBool, KindDuration:
	case KindEnum:
		if t.Identity == "" {
			return nil, l.errorf("%s: enum without identity", where)
		}
		t.Enum = l.enum(tj, t.Transform)
	case KindList:
		t.Ordered = tj.Ordered
		if t.Element, err = l.typ(&loc{up: where, sep: "[]"}, tj.Element); err != nil {
			return nil, err
		}
	case KindMap:
		if t.Key, err = l.typ(&loc{up: where, sep: "<key>"}, tj.Key); err != nil {
			return nil, err
		}
		if t.Value, err = l.typ(&loc{up: where, sep: "<value>"}, tj.Value); err != nil {
			return nil, err
		}
	case KindStruct:
		t.Name = tj.Name
		if tj.fieldsBin != "" {
			t.lazy = l.lazyFields(where, tj.fieldsBin)
			break
		}
		if tj.Fields != nil {
			t.fields = make(map[string]*Member, len(tj.Fields))
		}
		for _, f := range tj.Fields {
			if t.fields[f.Name], err = l.member(&loc{up: where, sep: ".", name: f.Name}, f.Name, f.Value); err != nil {
				return nil, err
			}
		}
	case KindUnion:
		for i, mj := range tj.Members {
			m, err := l.typ(&loc{up: where, sep: "|", i: i}, mj)
			if err != nil {
				return nil, err
			}
			t.Members = append(t.Members, m)
		}
	case KindRef:
		if tj.Name == "" {
			return nil, l.errorf("%s: ref without a name", where)
		}
		t.Ref = tj.Name
		l.refs = append(l.refs, tj.Name)
	case KindUnknown:
		t.Expr = tj.Expr
	default:
		return nil, l.errorf("%s: unknown type kind %q", where, tj.Kind)
	}
	return t, nil
}

// enum returns the shared Enum for an inline enum type: the top-level entry of
// the same identity when it agrees, else a new one (registered when new).
func (l *loader) enum(tj *typeJSON, tr *Transform) *Enum {
	id := deref(tj.Identity)
	e := newEnum(id, tj.Namespace, tj.Name, tj.Values == nil, tj.Values, tr)
	// A set file's top-level enums are decoded only when asked for (set.topEnum), and an inline
	// enum registered first stands for its top-level entry: in the embedded sets they agree
	// (TestInlineEnumsAgree), and looking the entry of each inline enum up expanded forty entries
	// for a check of one CloudFront distribution.
	if l.enumMu != nil {
		l.enumMu.Lock()
		defer l.enumMu.Unlock()
	}
	have, ok := l.enums[id]
	if ok {
		if have.Open == e.Open && equalValues(have.Values, e.Values) {
			if have.Transform == nil {
				have.Transform = tr
			}
			return have
		}
		return e // disagrees with the top-level entry: keep it private to this type
	}
	l.enums[id] = e
	return e
}

func newEnum(identity string, namespace *string, name string, open bool, values []enumValueJSON, tr *Transform) *Enum {
	e := &Enum{Identity: identity, Namespace: deref(namespace), Name: name, Open: open || values == nil, Transform: tr}
	if e.Name == "" {
		e.Name = identity[strings.LastIndexByte(identity, '.')+1:]
	}
	if namespace == nil && e.Name != identity {
		e.Namespace = strings.TrimSuffix(identity, "."+e.Name)
	}
	for _, v := range values {
		q := deref(v.Qualified)
		if q == "" {
			// Namespace-less enums have no qualified form in the file;
			// Kind.member is the accepted long form.
			q = identity + "." + v.DSL
		}
		e.Values = append(e.Values, EnumValue{Wire: v.Wire, DSL: v.DSL, Qualified: q})
	}
	return e
}

func equalValues(a, b []EnumValue) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func bounds(b []*float64) *Bounds {
	if len(b) != 2 || (b[0] == nil && b[1] == nil) {
		return nil
	}
	return &Bounds{Min: b[0], Max: b[1]}
}

func transform(tj *transformJSON) *Transform {
	if tj == nil {
		return nil
	}
	t := &Transform{Type: tj.Type}
	if len(tj.Value) > 0 && string(tj.Value) != "null" {
		var s string
		if json.Unmarshal(tj.Value, &s) == nil {
			t.Value = s
		} else {
			t.Value = string(tj.Value) // a table: kept as JSON text
		}
	}
	return t
}

// decodeDefault turns a default's JSON into string, bool, int64, float64 or nil.
func decodeDefault(raw json.RawMessage) (any, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if n, ok := v.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return i, nil
		}
		return n.Float64()
	}
	return v, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
