package schema

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"slices"
)

// The binary form of the wire structs that a set file stores per entry (see set.go): the same
// fields as their JSON, written in declaration order, so that decoding is a walk over bytes with
// no reflection and no unquoting. Strings are a uvarint length and the bytes; an optional value
// (a pointer, a raw JSON value) has a presence byte first; a map is a count and its entries in
// key order. The JSON stays the source of truth: internal/gen writes this form from it, and
// TestEmbeddedEqualsShared checks that both decode alike.

type binWriter struct{ b []byte }

func (w *binWriter) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *binWriter) str(s string)  { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *binWriter) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}
func (w *binWriter) optStr(s *string) {
	w.bool(s != nil)
	if s != nil {
		w.str(*s)
	}
}
func (w *binWriter) optUint(v *uint64) {
	w.bool(v != nil)
	if v != nil {
		w.uint(*v)
	}
}
func (w *binWriter) raw(r json.RawMessage) { w.str(string(r)) }
func (w *binWriter) strs(ss []string) {
	w.bool(ss != nil)
	w.uint(uint64(len(ss)))
	for _, s := range ss {
		w.str(s)
	}
}
func (w *binWriter) bounds(b []*float64) {
	w.bool(b != nil)
	w.uint(uint64(len(b)))
	for _, f := range b {
		w.bool(f != nil)
		if f != nil {
			w.uint(math.Float64bits(*f))
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (w *binWriter) resource(r *resourceJSON) {
	w.str(r.Provider)
	w.str(r.Type)
	w.str(r.SchemaType)
	w.str(r.Kind)
	w.optStr(r.CloudType)
	w.optStr(r.Description)
	w.str(r.SourceOrigin)
	w.bool(r.HasTags)
	w.strs(r.PrimaryIdentifier)
	w.bool(r.UniqueName != nil)
	if u := r.UniqueName; u != nil {
		w.str(u.Kind)
		w.str(u.Attribute)
	}
	w.bool(r.ExclusiveRequired != nil)
	w.uint(uint64(len(r.ExclusiveRequired)))
	for _, g := range r.ExclusiveRequired {
		w.strs(g)
	}
	w.bool(r.OperationConfig != nil)
	if o := r.OperationConfig; o != nil {
		w.optUint(o.CreateTimeoutSecs)
		w.optUint(o.CreateMaxRetries)
		w.optUint(o.DeleteTimeoutSecs)
		w.optUint(o.DeleteMaxRetries)
	}
	w.bool(r.Wait != nil)
	if wt := r.Wait; wt != nil {
		w.optUint(wt.TimeoutSecs)
		w.optUint(wt.IntervalSecs)
		w.str(wt.Source)
	}
	w.bool(r.Attributes != nil)
	w.uint(uint64(len(r.Attributes)))
	for _, a := range r.Attributes {
		w.str(a.Name)
		w.member(a.Value)
	}
	w.bool(r.Defs != nil)
	w.uint(uint64(len(r.Defs)))
	for _, d := range r.Defs {
		w.str(d.Name)
		w.typ(d.Value)
	}
	w.optStr(r.SourceFile)
}

func (w *binWriter) member(m *memberJSON) {
	w.bool(m != nil)
	if m == nil {
		return
	}
	w.typ(m.Type)
	w.str(m.Display)
	for _, b := range []bool{m.Required, m.ReadOnly, m.CreateOnly, m.WriteOnly, m.Identity, m.DeferredPopulate} {
		w.bool(b)
	}
	w.bool(m.Removable != nil)
	if m.Removable != nil {
		w.bool(*m.Removable)
	}
	w.raw(m.Default)
	w.optStr(m.ProviderName)
	w.optStr(m.BlockName)
	w.optStr(m.Description)
}

func (w *binWriter) typ(t *typeJSON) {
	w.bool(t != nil)
	if t == nil {
		return
	}
	w.str(t.Kind)
	w.optStr(t.Identity)
	w.optStr(t.Pattern)
	w.bounds(t.Length)
	w.bounds(t.Range)
	w.bool(t.DSLTransform != nil)
	if tr := t.DSLTransform; tr != nil {
		w.str(tr.Type)
		w.raw(tr.Value)
	}
	w.str(t.Helper)
	w.bool(t.UnresolvedHelper)
	w.str(t.Name)
	w.optStr(t.Namespace)
	w.values(t.Values)
	w.typ(t.Element)
	w.bool(t.Ordered)
	w.typ(t.Key)
	w.typ(t.Value)
	// A struct's fields are one run, framed as an entry is (a large one compressed), so that a
	// reader can leave them for later.
	w.bool(t.Fields != nil)
	if t.Fields != nil {
		var fw binWriter
		fw.uint(uint64(len(t.Fields)))
		for _, f := range t.Fields {
			fw.str(f.Name)
			fw.member(f.Value)
		}
		w.str(string(compressRun(fw.b)))
	}
	w.bool(t.Members != nil)
	w.uint(uint64(len(t.Members)))
	for _, m := range t.Members {
		w.typ(m)
	}
	w.str(t.Expr)
}

func (w *binWriter) values(vs []enumValueJSON) {
	w.bool(vs != nil)
	w.uint(uint64(len(vs)))
	for _, v := range vs {
		w.str(v.Wire)
		w.str(v.DSL)
		w.optStr(v.Qualified)
	}
}

func (w *binWriter) enum(e *enumJSON) {
	w.str(e.Identity)
	w.optStr(e.Namespace)
	w.str(e.Name)
	w.bool(e.Open)
	w.values(e.Values)
}

// binReader reads what binWriter wrote; s is the entry's bytes as one string, so that the
// strings read are slices of it, not copies. The first error sticks. The wire structs it makes
// are short-lived (the loader converts them) and come from slabs: one allocation for many.
type binReader struct {
	s   string
	off int
	err error

	types   slab[typeJSON]
	members slab[memberJSON]
	optStrs slab[string] // what optStr points into
}

var errBinary = errors.New("truncated or malformed binary entry")

func (r *binReader) uint() uint64 {
	var v uint64
	var shift uint
	for {
		if r.off >= len(r.s) || shift > 63 {
			r.err = errBinary
			return 0
		}
		c := r.s[r.off]
		r.off++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
		shift += 7
	}
}

func (r *binReader) count() int {
	n := r.uint()
	if n > uint64(len(r.s)-r.off) { // every element takes a byte at least
		r.err = errBinary
		return 0
	}
	return int(n)
}

func (r *binReader) str() string {
	n := r.count()
	if r.err != nil {
		return ""
	}
	s := r.s[r.off : r.off+n]
	r.off += n
	return s
}

func (r *binReader) bool() bool {
	if r.off >= len(r.s) {
		r.err = errBinary
		return false
	}
	r.off++
	return r.s[r.off-1] != 0
}

func (r *binReader) optStr() *string {
	if !r.bool() {
		return nil
	}
	s := r.optStrs.get()
	*s = r.str()
	return s
}

func (r *binReader) optUint() *uint64 {
	if !r.bool() {
		return nil
	}
	v := r.uint()
	return &v
}

func (r *binReader) raw() json.RawMessage {
	if s := r.str(); s != "" {
		return json.RawMessage(s)
	}
	return nil
}

func (r *binReader) strs() []string {
	present := r.bool()
	n := r.count()
	if !present {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

func (r *binReader) bounds() []*float64 {
	present := r.bool()
	n := r.count()
	if !present {
		return nil
	}
	out := make([]*float64, n)
	for i := range out {
		if r.bool() {
			f := math.Float64frombits(r.uint())
			out[i] = &f
		}
	}
	return out
}

func (r *binReader) resource() *resourceJSON {
	x := &resourceJSON{}
	x.Provider, x.Type, x.SchemaType, x.Kind = r.str(), r.str(), r.str(), r.str()
	x.CloudType, x.Description = r.optStr(), r.optStr()
	x.SourceOrigin = r.str()
	x.HasTags = r.bool()
	x.PrimaryIdentifier = r.strs()
	if r.bool() {
		x.UniqueName = &uniqueNameJSON{Kind: r.str(), Attribute: r.str()}
	}
	present, n := r.bool(), r.count()
	if present {
		x.ExclusiveRequired = make([][]string, n)
		for i := range n {
			x.ExclusiveRequired[i] = r.strs()
		}
	}
	if r.bool() {
		x.OperationConfig = &operationConfigJSON{CreateTimeoutSecs: r.optUint(), CreateMaxRetries: r.optUint(),
			DeleteTimeoutSecs: r.optUint(), DeleteMaxRetries: r.optUint()}
	}
	if r.bool() {
		x.Wait = &waitJSON{TimeoutSecs: r.optUint(), IntervalSecs: r.optUint(), Source: r.str()}
	}
	present, n = r.bool(), r.count()
	if present {
		x.Attributes = make(named[*memberJSON], n)
		for i := range n {
			x.Attributes[i] = pair[*memberJSON]{r.str(), r.member()}
		}
	}
	present, n = r.bool(), r.count()
	if present {
		x.Defs = make(named[*typeJSON], n)
		for i := range n {
			x.Defs[i] = pair[*typeJSON]{r.str(), r.typ()}
		}
	}
	x.SourceFile = r.optStr()
	return x
}

func (r *binReader) member() *memberJSON {
	if !r.bool() || r.err != nil {
		return nil
	}
	m := r.members.get()
	m.Type = r.typ()
	m.Display = r.str()
	m.Required, m.ReadOnly, m.CreateOnly = r.bool(), r.bool(), r.bool()
	m.WriteOnly, m.Identity, m.DeferredPopulate = r.bool(), r.bool(), r.bool()
	if r.bool() {
		v := r.bool()
		m.Removable = &v
	}
	m.Default = r.raw()
	m.ProviderName, m.BlockName, m.Description = r.optStr(), r.optStr(), r.optStr()
	return m
}

func (r *binReader) typ() *typeJSON {
	if !r.bool() || r.err != nil {
		return nil
	}
	t := r.types.get()
	t.Kind, t.Identity, t.Pattern, t.Length, t.Range = r.str(), r.optStr(), r.optStr(), r.bounds(), r.bounds()
	if r.bool() {
		t.DSLTransform = &transformJSON{Type: r.str(), Value: r.raw()}
	}
	t.Helper = r.str()
	t.UnresolvedHelper = r.bool()
	t.Name = r.str()
	t.Namespace = r.optStr()
	t.Values = r.values()
	t.Element = r.typ()
	t.Ordered = r.bool()
	t.Key = r.typ()
	t.Value = r.typ()
	if r.bool() {
		t.fieldsBin = r.str()
	}
	present, n := r.bool(), r.count()
	if present {
		t.Members = make([]*typeJSON, n)
		for i := range n {
			t.Members[i] = r.typ()
		}
	}
	t.Expr = r.str()
	return t
}

func (r *binReader) values() []enumValueJSON {
	present, n := r.bool(), r.count()
	if !present {
		return nil
	}
	out := make([]enumValueJSON, n)
	for i := range out {
		out[i] = enumValueJSON{Wire: r.str(), DSL: r.str(), Qualified: r.optStr()}
	}
	return out
}

func (r *binReader) enum() *enumJSON {
	return &enumJSON{Identity: r.str(), Namespace: r.optStr(), Name: r.str(), Open: r.bool(), Values: r.values()}
}

// header writes what a set's header keeps of the top level (fileJSON without the types, enums
// and custom types, which are entries of their own).
func (w *binWriter) header(f *fileJSON) {
	w.optStr(f.Format)
	w.bool(f.FormatVersion != nil)
	if f.FormatVersion != nil {
		w.uint(uint64(*f.FormatVersion))
	}
	w.str(f.Provider)
	w.bool(f.WaitDefaults != nil)
	if wd := f.WaitDefaults; wd != nil {
		w.optUint(wd.TimeoutSecs)
		w.optUint(wd.IntervalSecs)
		w.str(wd.Source)
	}
	w.bool(f.CompleteTypeList)
	w.str(f.ProviderVersion)
	w.str(f.GeneratedAt)
	w.bool(f.Source != nil)
	if f.Source != nil {
		w.str(f.Source.CommitDate)
		w.str(f.Source.Repo)
	}
	w.bool(f.Regions != nil)
	if f.Regions != nil {
		w.values(f.Regions.Values)
	}
}

func (r *binReader) header() *fileJSON {
	f := &fileJSON{Format: r.optStr()}
	if r.bool() {
		v := int(r.uint())
		f.FormatVersion = &v
	}
	f.Provider = r.str()
	if r.bool() {
		f.WaitDefaults = &waitJSON{TimeoutSecs: r.optUint(), IntervalSecs: r.optUint(), Source: r.str()}
	}
	f.CompleteTypeList = r.bool()
	f.ProviderVersion = r.str()
	f.GeneratedAt = r.str()
	if r.bool() {
		f.Source = &struct {
			CommitDate string `json:"commit_date"`
			Repo       string `json:"repo"`
		}{CommitDate: r.str(), Repo: r.str()}
	}
	if r.bool() {
		f.Regions = &struct {
			Values []enumValueJSON `json:"values"`
		}{Values: r.values()}
	}
	return f
}
