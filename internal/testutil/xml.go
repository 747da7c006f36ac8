package testutil

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"testing"
)

// WellFormedXML reads data with encoding/xml's strict decoder to its end: an error for what XML
// 1.0 forbids (a character outside its Char production, raw or as a reference, bytes that are not
// UTF-8, ]]> in text, a bad entity, unbalanced tags) and for a document that is not exactly one
// root element. graph's TestXMLDecoderIsStrict holds the decoder to this.
func WellFormedXML(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	roots, depth := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if roots != 1 {
		return fmt.Errorf("%d root elements, want 1", roots)
	}
	return nil
}

// Graphviz returns the path of Graphviz's dot (Debian's graphviz package). Without it the test
// is skipped, saying so (call it in the subtest that needs dot); under CI=true, where nothing may
// be skipped, it fails instead.
func Graphviz(tb testing.TB) string {
	tb.Helper()
	dot, err := exec.LookPath("dot")
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("Graphviz's dot is missing (CI=true: it is required; apt-get install graphviz): %v", err)
		}
		tb.Skipf("Graphviz's dot is missing, so no DOT is read back by Graphviz (apt-get install graphviz): %v", err)
	}
	return dot
}
