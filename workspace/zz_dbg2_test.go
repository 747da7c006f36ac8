package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestZZCorpus(t *testing.T) {
	root, _ := filepath.Abs("../../shared/corpus")
	dirs := map[string]bool{}
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if IsSource(p) {
			dirs[filepath.Dir(p)] = true
		}
		return nil
	})
	w := New(OSFS{})
	for d := range dirs {
		c, err := w.Config(context.Background(), d)
		if err != nil {
			fmt.Println("CFGERR", d, err)
			continue
		}
		for _, le := range c.LoadErrors {
			fmt.Println("LOADERR", le)
		}
		for n, m := range c.Modules {
			if m.Err != nil {
				fmt.Println("MODERR", d, n, m.Err)
			}
		}
		for n, m := range c.Upstreams {
			if m.Err != nil {
				fmt.Println("UPERR", d, n, m.Err)
			}
		}
	}
}
