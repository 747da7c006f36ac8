package schema

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pierrec/lz4/v4"
)

// dropped are the top-level fields the loader does not read: left out of a set's header.
const dropped = "helpers stats diagnostics core_source aws_types_source generated_by"

// EncodeSet writes the set file of a schema index file (for internal/gen). It lays a set out: magic, the header (the file without its types, enums and custom types),
// the table of entries (kind, key, compressed length), then the compressed entries: 'r' and 'd'
// a resource or data source by head, 'e' a top-level enum by identity, 'c' the custom types.
func EncodeSet(data []byte) ([]byte, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, err
	}
	type entry struct {
		kind byte
		head string
		blob []byte
	}
	var entries []entry
	// Types, then the top-level enums one by one (an enum is decoded when a type or a lookup
	// names it), then the custom types as one entry (read only by tools that decode everything).
	if raw, ok := top["custom_types"]; ok {
		top["custom_types_entry"] = json.RawMessage(`{"custom_types":` + string(raw) + `}`)
		delete(top, "custom_types")
	}
	for _, sect := range []struct {
		key  string
		kind byte
	}{{"resources", 'r'}, {"data_sources", 'd'}, {"enums", 'e'}} {
		var m map[string]json.RawMessage
		if raw, ok := top[sect.key]; ok {
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, fmt.Errorf("%s: %v", sect.key, err)
			}
		}
		heads := make([]string, 0, len(m))
		for h := range m {
			heads = append(heads, h)
		}
		slices.Sort(heads)
		for _, h := range heads {
			bin, err := binaryEntry(sect.kind, m[h])
			if err != nil {
				return nil, fmt.Errorf("%s %s: %v", sect.key, h, err)
			}
			blob, err := compress(bin)
			if err != nil {
				return nil, err
			}
			entries = append(entries, entry{sect.kind, h, blob})
		}
		delete(top, sect.key)
	}
	if raw, ok := top["custom_types_entry"]; ok {
		var compact bytes.Buffer // the one entry kept as JSON
		if err := json.Compact(&compact, raw); err != nil {
			return nil, err
		}
		blob, err := compress(compact.Bytes())
		if err != nil {
			return nil, err
		}
		entries = append(entries, entry{'c', "", blob})
		delete(top, "custom_types_entry")
	}
	for _, k := range strings.Fields(dropped) {
		delete(top, k)
	}
	rest, err := json.Marshal(top)
	if err != nil {
		return nil, err
	}
	var f fileJSON
	if err := json.Unmarshal(rest, &f); err != nil {
		return nil, err
	}
	var w binWriter
	w.header(&f)
	hz, err := compress(w.b)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(setMagic)
	b.Write(binary.AppendUvarint(nil, uint64(len(hz))))
	b.Write(hz)
	b.Write(binary.AppendUvarint(nil, uint64(len(entries))))
	for _, e := range entries {
		b.WriteByte(e.kind)
		b.Write(binary.AppendUvarint(nil, uint64(len(e.head))))
		b.WriteString(e.head)
		b.Write(binary.AppendUvarint(nil, uint64(len(e.blob))))
	}
	for _, e := range entries {
		b.Write(e.blob)
	}
	return b.Bytes(), nil
}

// binaryEntry turns a type's or an enum's JSON into its binary form (binwire.go).
func binaryEntry(kind byte, raw json.RawMessage) ([]byte, error) {
	var w binWriter
	switch kind {
	case 'r', 'd':
		var r resourceJSON
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, err
		}
		w.resource(&r)
	case 'e':
		var e enumJSON
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, err
		}
		w.enum(&e)
	}
	return w.b, nil
}

// runCompressAt is the size from which a struct's fields are compressed on their own inside
// their entry (binwire.go): a type's large structs are then expanded only when read.
const runCompressAt = 1024

// compressRun frames a struct's fields as compress does, compressed only from runCompressAt.
func compressRun(raw []byte) []byte {
	if len(raw) >= runCompressAt {
		if z, err := compress(raw); err == nil {
			return z
		}
	}
	return append(append(binary.AppendUvarint(nil, uint64(len(raw))), entryRaw), raw...)
}

// compress packs an entry behind its uncompressed length as a uvarint (so that it is expanded
// into one allocation) and a byte saying how: entryLZ4, an LZ4 block at its highest compression,
// or entryRaw when that would not be smaller. LZ4 rather than DEFLATE: on these entries it is 16%
// larger and expands ten times faster, and expanding the types a configuration names was most of
// what a short `check` cost.
func compress(raw []byte) ([]byte, error) {
	out := binary.AppendUvarint(nil, uint64(len(raw)))
	z := make([]byte, lz4.CompressBlockBound(len(raw)))
	c := lz4.CompressorHC{Level: lz4.Level9}
	n, err := c.CompressBlock(raw, z)
	if err != nil {
		return nil, err
	}
	if n == 0 || n >= len(raw) {
		return append(append(out, entryRaw), raw...), nil
	}
	return append(append(out, entryLZ4), z[:n]...), nil
}
