// Command gen writes the embedded form of the schema index files that package schema embeds: one
// NAME.set file a JSON file, in which every resource and data source is compressed on its own, so
// that a process decodes only the sets and the types a configuration names (see schema/set.go for
// the layout). It is run by go generate in the schema directory:
//
//	go run ./internal/gen -src ../testdata/schemas -dst data aws.json awscc.json versions/aws/0.5.0.json
//
// The output is deterministic, so re-running it on unchanged input leaves the files untouched.
package main

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// magic starts every set file; schema/set.go checks it.
const magic = "CRNSET1\n"

// dropped are the top-level fields the loader does not read: left out of the set's header.
var dropped = []string{"helpers", "stats", "diagnostics", "core_source", "aws_types_source", "generated_by"}

func main() {
	src := flag.String("src", "../testdata/schemas", "directory holding the uncompressed index files")
	dst := flag.String("dst", "data", "directory to write NAME.set files to")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: gen [-src dir] [-dst dir] file.json...")
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		out := filepath.Join(*dst, strings.TrimSuffix(name, ".json")+".set")
		if err := write(filepath.Join(*src, name), out); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

func write(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	set, err := encode(data)
	if err != nil {
		return fmt.Errorf("%s: %v", in, err)
	}
	if old, err := os.ReadFile(out); err == nil && bytes.Equal(old, set) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out, set, 0o644); err != nil {
		return err
	}
	fmt.Printf("gen: %s → %s (%d → %d bytes)\n", in, out, len(data), len(set))
	return nil
}

// encode lays a set out: magic, the header (the file without its resources and data sources),
// the table of types (kind, head, compressed length) in head order, then the compressed types.
func encode(data []byte) ([]byte, error) {
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
	for _, sect := range []struct {
		key  string
		kind byte
	}{{"resources", 'r'}, {"data_sources", 'd'}} {
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
			blob, err := deflate(m[h])
			if err != nil {
				return nil, err
			}
			entries = append(entries, entry{sect.kind, h, blob})
		}
		delete(top, sect.key)
	}
	for _, k := range dropped {
		delete(top, k)
	}
	header, err := json.Marshal(top) // map keys sorted: deterministic
	if err != nil {
		return nil, err
	}
	hz, err := deflate(header)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(magic)
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

// deflate compacts JSON and compresses it (raw DEFLATE: a type's blob needs no gzip header).
func deflate(raw []byte) ([]byte, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(compact.Bytes()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
