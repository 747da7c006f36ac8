package schema

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/pierrec/lz4/v4"
)

// A set file (written by internal/gen) holds one schema index file so that a process decodes
// only what it uses: after the magic "CRNSET4\n", the header (the index file without its
// resources and data sources, in binary form, compressed) behind its uvarint length, the
// uvarint count of entries, for each entry its kind ('r' resource, 'd' data source, 'e' enum,
// 'c' custom types), its head and the length of its compressed form, and then the compressed
// entries in table order (setfile.go: compress). Opening a set reads the table; the header is
// decoded on first use, a type on its first lookup.
const setMagic = "CRNSET4\n"

// How an entry is stored after its uncompressed length (see compress).
const (
	entryRaw byte = 0
	entryLZ4 byte = 1
)

// set is one provider's schemas as an Index reads them: decoded eagerly (a *Provider from a user
// file or the overlay) or lazily from a set file. Everything but the decoded types is immutable
// after open; mu guards the decoding.
type set struct {
	name    string // provider
	origin  string // "embedded:aws.json", a file path
	version string // provider_version, "" when the file has none
	date    string // the source's commit date or the generation date, for `schemas`

	data   []byte // the set file; nil for an eager set
	header []byte // compressed header
	// table lists the entries as the file does: by kind ('r', 'd', 'e', then 'c'), each kind's
	// sorted by head, so that an entry is found by a binary search, not through a map built at
	// start-up for the few a configuration names; kinds are the ranges of each kind in it.
	table []tableEntry
	kinds [4][2]int // by kindSlot: the range of each kind in table
	heads map[ResourceKind][]string
	alias [2]map[string]string // by kindIndex: PascalCase alias head → the lower-case head it copies
	// complete is set for the embedded files known to list every type (see embeddedComplete).
	complete bool

	mu     sync.Mutex
	enumMu sync.Mutex // guards provider.Enums, which fields decoded lazily add to (see Type.Fields)
	loaded bool       // the header is decoded (always for an eager set)
	// customsLoaded says the custom types entry is decoded into provider.CustomTypes.
	customsLoaded bool
	loadErr       error
	provider      *Provider // header fields, Enums, and the types decoded so far
	l             *loader
	folded        map[string]string // see foldedHeads
}

// eagerSet wraps a decoded provider.
func eagerSet(p *Provider) *set {
	s := &set{name: p.Name, origin: p.Origin, loaded: true, provider: p, heads: map[ResourceKind][]string{}}
	for head := range p.Resources {
		s.heads[KindResource] = append(s.heads[KindResource], head)
	}
	for head := range p.DataSources {
		s.heads[KindDataSource] = append(s.heads[KindDataSource], head)
	}
	return s
}

// tableEntry is one entry of a set file's table: its kind, its head and its compressed bytes.
type tableEntry struct {
	kind     byte
	head     string
	off, end int
}

// openSet reads a set file's table. name is the origin's file name ("aws.json").
func openSet(name string, data []byte) (*set, error) {
	fail := func(what string) (*set, error) {
		return nil, fmt.Errorf("schema: embedded %s: bad set file (%s)", name, what)
	}
	if !bytes.HasPrefix(data, []byte(setMagic)) {
		return fail("magic")
	}
	r := bytes.NewReader(data[len(setMagic):])
	hlen, err := binary.ReadUvarint(r)
	if err != nil {
		return fail("header length")
	}
	pos := len(data) - r.Len()
	if uint64(len(data)-pos) < hlen {
		return fail("header")
	}
	s := &set{origin: "embedded:" + name, data: data, header: data[pos : pos+int(hlen)],
		heads: map[ResourceKind][]string{}}
	r = bytes.NewReader(data[pos+int(hlen):])
	n, err := binary.ReadUvarint(r)
	if err != nil || n > uint64(r.Len()) {
		return fail("count")
	}
	s.table = make([]tableEntry, n)
	for i := range s.table {
		kind, err := r.ReadByte()
		if err != nil || !strings.ContainsRune("rdec", rune(kind)) {
			return fail("kind")
		}
		hl, err := binary.ReadUvarint(r)
		if err != nil || hl > uint64(r.Len()) {
			return fail("head")
		}
		// The head is a view of the table's bytes, which never change: no copy.
		head := ""
		if hl > 0 {
			head = unsafe.String(&data[len(data)-r.Len()], int(hl))
		}
		r.Seek(int64(hl), io.SeekCurrent)
		size, err := binary.ReadUvarint(r)
		if err != nil || size > uint64(len(data)) {
			return fail("size")
		}
		e := &s.table[i]
		e.kind, e.head, e.end = kind, head, int(size)
		if i > 0 {
			prev := s.table[i-1]
			if prev.kind == kind && prev.head >= head {
				return fail("order")
			}
			if prev.kind != kind && s.kinds[kindSlot(kind)][1] != 0 {
				return fail("order")
			}
		}
		k := &s.kinds[kindSlot(kind)]
		if k[1] == 0 {
			k[0] = i
		}
		k[1] = i + 1
	}
	off := len(data) - r.Len()
	for i := range s.table {
		e := &s.table[i]
		e.off, e.end = off, off+e.end
		if e.end > len(data) {
			return fail("blob")
		}
		off = e.end
	}
	for _, k := range []ResourceKind{KindResource, KindDataSource} {
		for _, e := range s.section(kindByte(k)) {
			s.heads[k] = append(s.heads[k], e.head)
			if s.name == "" {
				s.name, _, _ = strings.Cut(e.head, ".")
			}
		}
	}
	// Older files' lower-case heads get PascalCase aliases (alias.go), as Load gives them.
	for _, k := range []ResourceKind{KindResource, KindDataSource} {
		for _, h := range s.heads[k] {
			if a, ok := PascalHead(h); ok && !s.has(k, a) {
				m := &s.alias[kindIndex(k)]
				if *m == nil {
					*m = map[string]string{}
				}
				if _, dup := (*m)[a]; !dup { // two lower-case heads of one alias: the first
					(*m)[a] = h
					s.heads[k] = append(s.heads[k], a)
				}
			}
		}
	}
	return s, nil
}

// section returns the table entries of a kind.
func (s *set) section(kind byte) []tableEntry {
	k := s.kinds[kindSlot(kind)]
	return s.table[k[0]:k[1]]
}

// kindSlot numbers the kinds of a set file's table ('r', 'd', 'e', 'c'; checked at open).
func kindSlot(kind byte) int {
	return strings.IndexByte("rdec", kind)
}

// entry returns the entry of the kind and head in the table.
func (s *set) entry(kind byte, head string) (tableEntry, bool) {
	sec := s.section(kind)
	i, ok := slices.BinarySearchFunc(sec, head, func(e tableEntry, h string) int { return strings.Compare(e.head, h) })
	if !ok {
		return tableEntry{}, false
	}
	return sec[i], true
}

// has reports whether the set has a type of the kind at head, its own or an alias.
func (s *set) has(kind ResourceKind, head string) bool {
	if s.data == nil {
		m := s.provider.Resources
		if kind == KindDataSource {
			m = s.provider.DataSources
		}
		_, ok := m[head]
		return ok
	}
	if _, ok := s.entry(kindByte(kind), head); ok {
		return true
	}
	_, ok := s.alias[kindIndex(kind)][head]
	return ok
}

// kindByte is a type kind's letter in a set file's table.
func kindByte(k ResourceKind) byte {
	if k == KindDataSource {
		return 'd'
	}
	return 'r'
}

// expand decompresses one entry (its uncompressed length, how it is stored, its bytes).
func (s *set) expand(z []byte) ([]byte, error) {
	out, err := expand(z)
	if err != nil {
		return nil, fmt.Errorf("schema: %s: %w", s.origin, err)
	}
	return out, nil
}

// expand decompresses what compress wrote. Raw bytes are returned in place, not copied.
func expand(z []byte) ([]byte, error) {
	n, k := binary.Uvarint(z)
	if k <= 0 || n > 1<<30 || len(z) <= k {
		return nil, errors.New("bad entry length")
	}
	how, body := z[k], z[k+1:]
	switch how {
	case entryRaw:
		if uint64(len(body)) != n {
			return nil, errors.New("bad entry length")
		}
		return body, nil
	case entryLZ4:
		out := make([]byte, n)
		m, err := lz4.UncompressBlock(body, out)
		if err != nil || uint64(m) != n {
			return nil, fmt.Errorf("bad entry (%v)", err)
		}
		return out, nil
	}
	return nil, fmt.Errorf("bad entry kind %d", how)
}

// binReaderOf reads an inflated entry in place: the bytes are the reader's own and never change,
// so the strings read alias them instead of copying.
func binReaderOf(data []byte) binReader {
	if len(data) == 0 {
		return binReader{}
	}
	return binReader{s: unsafe.String(&data[0], len(data))}
}

// load decodes the header once; s.mu must be held.
func (s *set) load() error {
	if s.loaded {
		return s.loadErr
	}
	s.loaded = true
	data, err := s.expand(s.header)
	if err == nil {
		br := binReaderOf(data)
		f := br.header()
		err = br.err
		var p *Provider
		if err == nil {
			p, s.l, err = header(s.origin, f)
		}
		if err == nil {
			s.l.enumMu = &s.enumMu
			p.Complete = p.Complete || s.complete
			s.provider = p
			// A versioned set knows its version from its file's name before it is loaded, and
			// others read it unlocked (choice.go, elsewhere.go): it is written only when unknown.
			if s.version == "" {
				s.version = p.Version
			}
			s.date = p.Date
		}
	}
	if err != nil {
		s.loadErr = fmt.Errorf("schema: %s: %w", s.origin, err)
	}
	return s.loadErr
}

// info returns the decoded header (the provider without its types until they are asked for).
func (s *set) info() (*Provider, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(); err != nil {
		return nil, err
	}
	return s.provider, nil
}

// get returns the type of the kind at head, decoding it on first use; nil when the set has none.
func (s *set) get(kind ResourceKind, head string) *Resource {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.load() != nil {
		return nil
	}
	return s.getLocked(kind, head)
}

func (s *set) getLocked(kind ResourceKind, head string) *Resource {
	m := s.provider.Resources
	if kind == KindDataSource {
		m = s.provider.DataSources
	}
	if r, ok := m[head]; ok || s.data == nil {
		return r
	}
	if orig, ok := s.alias[kindIndex(kind)][head]; ok {
		o := s.getLocked(kind, orig)
		if o == nil {
			return nil
		}
		r := aliasResource(o, head, s.provider.Enums, &s.enumMu)
		m[head] = r
		return r
	}
	e, ok := s.entry(kindByte(kind), head)
	if !ok {
		return nil
	}
	var r *Resource
	data, err := s.expand(s.data[e.off:e.end])
	if err == nil {
		br := binReaderOf(data)
		rj := br.resource()
		if err = br.err; err == nil {
			r, err = s.l.resource(head, kind, rj)
		}
	}
	if err != nil {
		// The embedded data is checked by the tests; a broken entry knows nothing.
		r = nil
	}
	m[head] = r
	return r
}

// enum returns the enum of the identity, decoding the type whose identities it is under.
func (s *set) enum(identity string) *Enum {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.load() != nil {
		return nil
	}
	if e, ok := s.knownEnum(identity); ok || s.data == nil {
		return e
	}
	if e := s.topEnum(identity); e != nil {
		return e
	}
	// aws.s3.Bucket.VersioningStatus lives in aws.s3.Bucket: try each shorter prefix.
	for id := identity; ; {
		i := strings.LastIndexByte(id, '.')
		if i < 0 {
			return nil
		}
		id = id[:i]
		for _, k := range []ResourceKind{KindResource, KindDataSource} {
			if !s.has(k, id) {
				continue
			}
			// An inline enum is known once the fields that hold it are decoded.
			decodeAll(s.getLocked(k, id))
			if e, ok := s.knownEnum(identity); ok {
				return e
			}
		}
	}
}

// topEnum decodes the top-level enum of the identity, once; nil when the set has none. s.mu must
// be held.
func (s *set) topEnum(identity string) *Enum {
	if e, ok := s.knownEnum(identity); ok {
		return e
	}
	te, ok := s.entry('e', identity)
	if !ok {
		return nil
	}
	data, err := s.expand(s.data[te.off:te.end])
	if err != nil {
		return nil
	}
	br := binReaderOf(data)
	ej := br.enum()
	if br.err != nil {
		return nil
	}
	if ej.Identity == "" {
		ej.Identity = identity
	}
	e := newEnum(ej.Identity, ej.Namespace, ej.Name, ej.Open, ej.Values, nil)
	s.enumMu.Lock()
	defer s.enumMu.Unlock()
	if have, ok := s.provider.Enums[ej.Identity]; ok {
		return have // an inline enum of the identity, decoded meanwhile, stands for it
	}
	s.provider.Enums[ej.Identity] = e
	return e
}

// knownEnum returns the enum of the identity decoded so far.
func (s *set) knownEnum(identity string) (*Enum, bool) {
	s.enumMu.Lock()
	defer s.enumMu.Unlock()
	e, ok := s.provider.Enums[identity]
	return e, ok
}

// decodeAll decodes every lazily held field of a type (and the enums they hold).
func decodeAll(r *Resource) { eachType(r, func(*Type) {}) }

// eachType calls fn on every type of r once: its attributes' and defs', and, through them, list
// elements, map keys and values, union members and struct fields (decoding fields held lazily).
func eachType(r *Resource, fn func(*Type)) {
	if r == nil {
		return
	}
	seen := map[*Type]bool{}
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		fn(t)
		walk(t.Element)
		walk(t.Key)
		walk(t.Value)
		for _, m := range t.Members {
			walk(m)
		}
		for _, f := range t.Fields() {
			walk(f.Type)
		}
	}
	for _, m := range r.Attributes {
		walk(m.Type)
	}
	for _, t := range r.Defs {
		walk(t)
	}
}

// all decodes every type of the set and returns its provider.
func (s *set) all() (*Provider, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(); err != nil {
		return nil, err
	}
	if s.data != nil {
		// In the order the eager decoder takes: the top-level enums and the custom types first.
		for _, e := range s.section('e') {
			s.topEnum(e.head)
		}
		if !s.customsLoaded {
			s.customsLoaded = true
			if err := s.loadCustoms(); err != nil {
				return nil, err
			}
		}
	}
	for _, k := range []ResourceKind{KindResource, KindDataSource} {
		for _, h := range s.heads[k] {
			r := s.getLocked(k, h)
			if r == nil {
				return nil, fmt.Errorf("schema: %s: %s does not decode", s.origin, h)
			}
			decodeAll(r)
		}
	}
	return s.provider, nil
}
