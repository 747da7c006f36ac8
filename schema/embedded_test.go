package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	fastjson "github.com/segmentio/encoding/json"
)

// TestEmbeddedEqualsShared checks that the compressed copies are the files in
// testdata/schemas without their indentation, byte for byte (run go generate in
// this directory when not).
func TestEmbeddedEqualsShared(t *testing.T) {
	for _, name := range []string{"aws.json", "awscc.json"} {
		t.Run(name, func(t *testing.T) {
			src := needShared(t, filepath.Join("schemas", name))
			indented, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, indented); err != nil {
				t.Fatal(err)
			}
			want := compact.Bytes()
			got, err := EmbeddedData(name)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("embedded %s (%d bytes) differs from %s (%d bytes): run go generate ./schema", name, len(got), src, len(want))
			}
		})
	}
}

func TestEmbeddedFiles(t *testing.T) {
	want := []string{"aws-overlay.json", "aws.json", "awscc.json"}
	if diff := cmp.Diff(want, EmbeddedFiles()); diff != "" {
		t.Errorf("EmbeddedFiles (-want +got):\n%s", diff)
	}
	if _, err := EmbeddedData("nope.json"); err == nil {
		t.Error("EmbeddedData(nope.json): no error")
	}
	ps, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Name+" "+p.Origin)
	}
	want = []string{"aws embedded:aws-overlay.json", "aws embedded:aws.json", "awscc embedded:awscc.json"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("LoadEmbedded (-want +got):\n%s", diff)
	}
}

// TestOverlayAgreesWithProvider checks that every attribute path of the
// overlay's entries exists in aws.json's entry of the same head with the same
// display and flags, so the overlay stays a subset of the provider's facts.
func TestOverlayAgreesWithProvider(t *testing.T) {
	ps, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	overlay, aws := ps[0], ps[1]
	type flags struct {
		Display                                                     string
		Required, ReadOnly, CreateOnly, WriteOnly, DeferredPopulate bool
		Enum                                                        *Enum
	}
	flagsOf := func(r *Resource, m *Member) flags {
		return flags{m.Display, m.Required, m.ReadOnly, m.CreateOnly, m.WriteOnly, m.DeferredPopulate, r.EnumOf(m)}
	}
	for head, or := range overlay.Resources {
		pr := aws.Resources[head]
		if pr == nil {
			t.Logf("%s: only in the overlay", head)
			continue
		}
		var walk func(path []string, m *Member)
		walk = func(path []string, m *Member) {
			pm, ok := pr.Lookup(path)
			if !ok {
				t.Errorf("%s %v: in the overlay, not in aws.json", head, path)
				return
			}
			if diff := cmp.Diff(flagsOf(pr, pm), flagsOf(or, m)); diff != "" {
				t.Errorf("%s %v (-aws.json +overlay):\n%s", head, path, diff)
			}
			ty := or.Resolve(m.Type)
			if ty.Kind == KindList {
				ty = ty.Element
			}
			if ty.Kind == KindStruct {
				for name, f := range ty.Fields {
					walk(append(path[:len(path):len(path)], name), f)
				}
			}
		}
		for name, m := range or.Attributes {
			walk([]string{name}, m)
		}
	}
}

func TestDefaultsOnce(t *testing.T) {
	var d Defaults
	var wg sync.WaitGroup
	got := make([]*Index, 8)
	for i := range got {
		wg.Go(func() {
			idx, err := d.Index()
			if err != nil {
				t.Error(err)
			}
			got[i] = idx
		})
	}
	wg.Wait()
	for _, idx := range got[1:] {
		if idx != got[0] || idx == nil {
			t.Fatal("Defaults.Index returned different indexes")
		}
	}
	if idx, _ := d.With(); idx != got[0] {
		t.Error("With() without extra is not the shared index")
	}
	extra := mustLoadFile(t, "testdata/mini.json")
	idx, err := d.With(extra)
	if err != nil {
		t.Fatal(err)
	}
	if idx.Resource("demo.svc.Thing") == nil || idx.Resource("awscc.ec2.Vpc") == nil {
		t.Error("With(extra) lacks the extra or the default resources")
	}
	if got[0].Resource("demo.svc.Thing") != nil {
		t.Error("With(extra) changed the shared index")
	}
}

// TestEmbeddedLoadTime logs what the lazy first use costs.
func TestEmbeddedLoadTime(t *testing.T) {
	start := time.Now()
	var d Defaults
	if _, err := d.Index(); err != nil {
		t.Fatal(err)
	}
	var size int
	for _, name := range []string{"aws-overlay.json", "aws.json.gz", "awscc.json.gz"} {
		data, err := embedded.ReadFile("data/" + name)
		if err != nil {
			t.Fatal(err)
		}
		size += len(data)
	}
	t.Logf("first use of the embedded set: %v; embedded data %d bytes", time.Since(start), size)
}

func BenchmarkDefaultsFirstUse(b *testing.B) {
	for b.Loop() {
		var d Defaults
		if _, err := d.Index(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEmbeddedData(b *testing.B) {
	for b.Loop() {
		if _, err := EmbeddedData("awscc.json"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEmbeddedFastDecodeAgrees checks that the embedded files read with the fast decoder give the
// same providers as with encoding/json, which user files are read with.
func TestEmbeddedFastDecodeAgrees(t *testing.T) {
	for _, name := range EmbeddedFiles() {
		data, err := EmbeddedData(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := decode(name, data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeWith(fastjson.Unmarshal, name, data)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: the fast decoder's provider differs (-encoding/json +fast):\n%s", name, diff)
		}
	}
}
