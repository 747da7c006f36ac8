package report

import (
	"io"
	"slices"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
)

// writeAll writes a whole report of findings (in the order given) in format f: the reference the
// spool's and the early report's bytes are held to.
func writeAll(f Format, w io.Writer, fs []Located) error {
	var codes []finding.Code
	for _, x := range fs {
		if c, found := slices.BinarySearch(codes, x.Code); !found {
			codes = slices.Insert(codes, c, x.Code)
		}
	}
	r, err := f.start(w, codes)
	if err != nil {
		return err
	}
	for _, x := range fs {
		if err := r.item(x); err != nil {
			return err
		}
	}
	return r.end()
}

// mustFormat returns the format of -format name.
func mustFormat(t *testing.T, name string) Format {
	t.Helper()
	f, ok := ParseFormat(name)
	if !ok {
		t.Fatalf("no format %q", name)
	}
	return f
}

// TestParseFormat: the four names of -format, and nothing else.
func TestParseFormat(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{{"text", true}, {"json", true}, {"github", true}, {"sarif", true}, {"", false}, {"JSON", false}, {"xml", false}} {
		if f, ok := ParseFormat(tt.name); ok != tt.ok || ok && f.start == nil {
			t.Errorf("ParseFormat(%q): ok %v, want %v", tt.name, ok, tt.ok)
		}
	}
}
