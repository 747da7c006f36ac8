package workspace

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestZZDbg(t *testing.T) {
	dir := os.Getenv("DBG_DIR")
	if dir == "" {
		t.Skip()
	}
	w := New(OSFS{})
	c, err := w.Config(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Files {
		for _, e := range f.AST.Errors {
			fmt.Println("ERR", f.Path, e)
		}
	}
	for _, d := range c.Decls {
		fmt.Printf("DECL %s %v top=%v %s %q\n", d.Name, d.Kind, d.TopLevel, d.File.Path, d.File.Text()[d.NameSpan.Start:d.NameSpan.End])
	}
	for _, r := range c.Refs {
		dn := "<nil>"
		if r.Decl != nil {
			dn = fmt.Sprintf("%s(%v)@%d", r.Decl.Name, r.Decl.Kind, r.Decl.NameSpan.Start)
		}
		var p []string
		for _, x := range r.Path {
			p = append(p, x.Text)
		}
		fmt.Printf("REF %s kind=%d %q path=%v -> %s\n", r.Name, r.Kind, r.File.Text()[r.Span.Start:r.Span.End], p, dn)
	}
	for d, ds := range c.Deps {
		for _, x := range ds {
			fmt.Println("DEP", d.Name, "->", x.Name)
		}
	}
	for n, m := range c.Modules {
		fmt.Println("MOD", n, m.Dir, m.Err, m.Config != nil)
	}
}
