package schema

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"sync"
	"unsafe"

	fastjson "github.com/segmentio/encoding/json"
)

// A set file (written by internal/gen) holds one schema index file so that a process decodes
// only what it uses: after the magic "CRNSET1\n", the header (the index file without its
// resources and data sources, compacted and DEFLATE-compressed) behind its uvarint length, the
// uvarint count of types, for each type its kind ('r' resource, 'd' data source), its head and
// the length of its compressed JSON, and then the compressed JSON of every type in table order.
// Opening a set reads the table; the header is decoded on first use, a type on its first lookup.
const setMagic = "CRNSET1\n"

// set is one provider's schemas as an Index reads them: decoded eagerly (a *Provider from a user
// file or the overlay) or lazily from a set file. Everything but the decoded types is immutable
// after open; mu guards the decoding.
type set struct {
	name    string // provider
	origin  string // "embedded:aws.json", a file path
	version string // provider_version, "" when the file has none
	date    string // the source's commit date or the generation date, for `schemas`

	data   []byte            // the set file; nil for an eager set
	header []byte            // compressed header
	blobs  map[string][2]int // "r:head" → byte range of its compressed JSON in data
	heads  map[ResourceKind][]string
	alias  map[string]string // PascalCase alias head → lower-case head it copies, per kind prefix
	// complete is set for the embedded files known to list every type (see embeddedComplete).
	complete bool

	mu       sync.Mutex
	loaded   bool // the header is decoded (always for an eager set)
	loadErr  error
	provider *Provider // header fields, Enums, and the types decoded so far
	l        *loader
	zr       io.ReadCloser     // the DEFLATE reader, reset for each entry
	folded   map[string]string // see foldedHeads
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
		blobs: map[string][2]int{}, heads: map[ResourceKind][]string{}, alias: map[string]string{}}
	r = bytes.NewReader(data[pos+int(hlen):])
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return fail("count")
	}
	type entry struct {
		key  string
		size int
	}
	entries := make([]entry, 0, n)
	for range n {
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
		if err != nil {
			return fail("size")
		}
		entries = append(entries, entry{string(kind) + ":" + head, int(size)})
		if kind != 'r' && kind != 'd' {
			continue
		}
		k := KindResource
		if kind == 'd' {
			k = KindDataSource
		}
		s.heads[k] = append(s.heads[k], head)
		if s.name == "" {
			s.name, _, _ = strings.Cut(head, ".")
		}
	}
	off := len(data) - r.Len()
	for _, e := range entries {
		if off+e.size > len(data) {
			return fail("blob")
		}
		s.blobs[e.key] = [2]int{off, off + e.size}
		off += e.size
	}
	// Older files' lower-case heads get PascalCase aliases (alias.go), as Load gives them.
	for _, k := range []ResourceKind{KindResource, KindDataSource} {
		have := map[string]bool{}
		for _, h := range s.heads[k] {
			have[h] = true
		}
		for _, h := range s.heads[k] {
			if a, ok := PascalHead(h); ok && !have[a] {
				s.alias[kindKey(k, a)] = h
				s.heads[k] = append(s.heads[k], a)
				have[a] = true
			}
		}
	}
	return s, nil
}

func kindKey(k ResourceKind, head string) string {
	if k == KindDataSource {
		return "d:" + head
	}
	return "r:" + head
}

// inflate decompresses one entry (its uncompressed length, then its DEFLATE stream). A set's
// entries are inflated with one reader, reset for each (a new one allocates its 32 KiB window):
// s.mu must be held.
func (s *set) inflate(z []byte) ([]byte, error) {
	n, k := binary.Uvarint(z)
	if k <= 0 || n > 1<<30 {
		return nil, fmt.Errorf("schema: %s: bad entry length", s.origin)
	}
	src := bytes.NewReader(z[k:])
	if s.zr == nil {
		s.zr = flate.NewReader(src)
	} else if err := s.zr.(flate.Resetter).Reset(src, nil); err != nil {
		return nil, err
	}
	out := make([]byte, n)
	if _, err := io.ReadFull(s.zr, out); err != nil {
		return nil, err
	}
	return out, nil
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
	data, err := s.inflate(s.header)
	if err == nil {
		br := binReaderOf(data)
		f := br.header()
		err = br.err
		var p *Provider
		if err == nil {
			p, s.l, err = header(s.origin, f)
		}
		if err == nil {
			s.l.lazyEnum = s.topEnum
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
	key := kindKey(kind, head)
	if orig, ok := s.alias[key]; ok {
		o := s.getLocked(kind, orig)
		if o == nil {
			return nil
		}
		r := aliasResource(o, head, s.provider.Enums)
		m[head] = r
		return r
	}
	rng, ok := s.blobs[key]
	if !ok {
		return nil
	}
	var r *Resource
	data, err := s.inflate(s.data[rng[0]:rng[1]])
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
	if e, ok := s.provider.Enums[identity]; ok || s.data == nil {
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
			key := kindKey(k, id)
			if _, ok := s.blobs[key]; !ok {
				if _, ok := s.alias[key]; !ok {
					continue
				}
			}
			s.getLocked(k, id)
			if e, ok := s.provider.Enums[identity]; ok {
				return e
			}
		}
	}
}

// topEnum decodes the top-level enum of the identity, once; nil when the set has none. s.mu must
// be held.
func (s *set) topEnum(identity string) *Enum {
	if e, ok := s.provider.Enums[identity]; ok {
		return e
	}
	rng, ok := s.blobs["e:"+identity]
	if !ok {
		return nil
	}
	data, err := s.inflate(s.data[rng[0]:rng[1]])
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
	s.provider.Enums[ej.Identity] = e
	return e
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
		for key := range s.blobs {
			if id, ok := strings.CutPrefix(key, "e:"); ok {
				s.topEnum(id)
			}
		}
		if rng, ok := s.blobs["c:"]; ok {
			data, err := s.inflate(s.data[rng[0]:rng[1]])
			var f struct {
				CustomTypes map[string]*customJSON `json:"custom_types"`
			}
			if err == nil {
				err = fastjson.Unmarshal(data, &f)
			}
			if err != nil {
				return nil, fmt.Errorf("schema: %s: custom types: %w", s.origin, err)
			}
			addCustomTypes(s.provider, f.CustomTypes)
		}
	}
	for _, k := range []ResourceKind{KindResource, KindDataSource} {
		for _, h := range s.heads[k] {
			if s.getLocked(k, h) == nil {
				return nil, fmt.Errorf("schema: %s: %s does not decode", s.origin, h)
			}
		}
	}
	return s.provider, nil
}
