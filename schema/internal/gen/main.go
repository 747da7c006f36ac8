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
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/schema"
)

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
	set, err := schema.EncodeSet(data)
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
