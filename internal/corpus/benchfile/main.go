// Command benchfile writes the benchmark file of docs/benchmarks.md: the .crn files of the shared
// corpus concatenated in path order to about 10,000 lines. Usage: benchfile CORPUS_DIR OUT_FILE
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: benchfile CORPUS_DIR OUT_FILE")
		os.Exit(2)
	}
	var files []string
	err := filepath.WalkDir(os.Args[1], func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".crn") {
			files = append(files, p)
		}
		return err
	})
	if err == nil {
		sort.Strings(files)
		var src string
		src, _, err = corpus.ConcatFiles(files, 10000)
		if err == nil {
			err = os.WriteFile(os.Args[2], []byte(src), 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchfile:", err)
		os.Exit(1)
	}
}
