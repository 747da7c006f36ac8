// Command gen writes the compacted (json.Compact: no indentation), gzip-compressed
// copies of the schema index files that package schema embeds: 40% less JSON
// to inflate and decode at every start. It is run by go generate in the schema
// directory:
//
//	go run ./internal/gen -src ../testdata/schemas -dst data aws.json awscc.json
//
// The output is deterministic (no file name or time in the gzip header), so
// re-running it on unchanged input leaves the files untouched.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	src := flag.String("src", "../testdata/schemas", "directory holding the uncompressed index files")
	dst := flag.String("dst", "data", "directory to write NAME.gz files to")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: gen [-src dir] [-dst dir] file.json...")
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		if err := compress(filepath.Join(*src, name), filepath.Join(*dst, name+".gz")); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

func compress(in, out string) error {
	indented, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, indented); err != nil {
		return fmt.Errorf("%s: %v", in, err)
	}
	data := compact.Bytes()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if old, err := os.ReadFile(out); err == nil && bytes.Equal(old, buf.Bytes()) {
		return nil
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Printf("gen: %s → %s (%d → %d bytes)\n", in, out, len(data), buf.Len())
	return nil
}
