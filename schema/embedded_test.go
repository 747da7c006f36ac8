package schema

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// embeddedJSON lists every embedded set and the JSON file it is generated from.
var embeddedJSON = []string{
	"aws-overlay.json", "aws.json", "awscc.json",
	"versions/aws/0.3.0.json", "versions/aws/0.4.0.json", "versions/aws/0.5.0.json",
	"versions/awscc/0.3.0.json", "versions/awscc/0.4.0.json", "versions/awscc/0.5.0.json", "versions/awscc/0.6.0.json",
}

// TestEmbeddedEqualsShared checks that every embedded set decodes, type by type, to what the file
// in testdata/schemas it comes from decodes to (run go generate in this directory when not).
func TestEmbeddedEqualsShared(t *testing.T) {
	for _, name := range embeddedJSON {
		t.Run(name, func(t *testing.T) {
			src := filepath.Join("..", "testdata", "schemas", name)
			if name == "aws-overlay.json" {
				src = filepath.Join("data", name) // hand-written, beside its set file
			}
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			want, err := decode("embedded:"+name, data)
			if err != nil {
				t.Fatal(err)
			}
			s, err := openEmbedded(name)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.all()
			if err != nil {
				t.Fatal(err)
			}
			want.Complete = got.Complete // set by embeddedComplete, not by the file
			if diff := cmp.Diff(want, got, byFields); diff != "" {
				t.Errorf("embedded %s differs from testdata/schemas (-json +set): run go generate ./schema\n%s", name, diff)
			}
		})
	}
}

// TestEmbeddedSize bounds what the embedded schema data adds to the binary: the bytes of the
// embedded files. The newest sets were 178,568 bytes as gzip-compressed JSON; in the binary form,
// every type and enum compressed on its own, they and the seven versioned sets took about 628,000
// with DEFLATE and take about 767,000 with LZ4, which expands them ten times faster.
func TestEmbeddedSize(t *testing.T) {
	const limit = 780_000
	var size int
	err := fs.WalkDir(embedded, "data", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := embedded.ReadFile(p)
		size += len(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if size > limit {
		t.Errorf("embedded schema data is %d bytes, more than %d", size, limit)
	}
}

// TestStartupDecodesOnlyWhatIsAsked checks that the default index decodes no versioned set and
// no type until one is looked up, and then only that one.
func TestStartupDecodesOnlyWhatIsAsked(t *testing.T) {
	var d Defaults
	idx, err := d.Index()
	if err != nil {
		t.Fatal(err)
	}
	decoded := func() []string {
		var out []string
		// d.versions is nil until a choice or a message needs the versioned sets.
		for _, sets := range append([][]*set{d.sets}, d.versions["aws"], d.versions["awscc"]) {
			for _, s := range sets {
				s.mu.Lock()
				if s.provider != nil && s.data != nil {
					for h := range s.provider.Resources {
						out = append(out, s.origin+" "+h)
					}
				}
				if s.loaded && s.version != "" {
					out = append(out, s.origin+" header")
				}
				s.mu.Unlock()
			}
		}
		slices.Sort(out)
		return out
	}
	if got := decoded(); len(got) != 0 {
		t.Errorf("decoded before any lookup: %v", got)
	}
	if idx.Resource("awscc.ec2.Vpc") == nil {
		t.Fatal("no awscc.ec2.Vpc")
	}
	if diff := cmp.Diff([]string{"embedded:awscc.json awscc.ec2.Vpc"}, decoded()); diff != "" {
		t.Errorf("decoded after one lookup (-want +got):\n%s", diff)
	}
}

func TestEmbeddedFiles(t *testing.T) {
	want := []string{"aws-overlay.json", "aws.json", "awscc.json"}
	if diff := cmp.Diff(want, EmbeddedFiles()); diff != "" {
		t.Errorf("EmbeddedFiles (-want +got):\n%s", diff)
	}
	if _, err := openEmbedded("nope.json"); err == nil {
		t.Error("openEmbedded(nope.json): no error")
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
				for name, f := range ty.Fields() {
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

func BenchmarkDefaultsFirstUse(b *testing.B) {
	for b.Loop() {
		var d Defaults
		if _, err := d.Index(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstLookup is what a configuration's first lookup of a large type costs.
func BenchmarkFirstLookup(b *testing.B) {
	for b.Loop() {
		var d Defaults
		idx, err := d.Index()
		if err != nil {
			b.Fatal(err)
		}
		if idx.Resource("awscc.cloudfront.Distribution") == nil {
			b.Fatal("no awscc.cloudfront.Distribution")
		}
	}
}

// TestConcurrentFirstLookups checks that goroutines looking up the same types at once, as the
// server's workers do, decode each once and get the same entry.
func TestConcurrentFirstLookups(t *testing.T) {
	var d Defaults
	idx, err := d.Index()
	if err != nil {
		t.Fatal(err)
	}
	heads := []string{"awscc.ec2.Vpc", "aws.s3.Bucket", "awscc.cloudfront.Distribution"}
	// A nested struct's fields and a nested enum are decoded on first use, by whichever
	// goroutine comes first; the others must get the same answer.
	const nestedEnum = "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.SslSupportMethod"
	got := make([][]*Resource, 8)
	enums := make([]*Enum, 8)
	nested := make([]*Enum, 8)
	fields := make([]*Member, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			if i%2 == 1 {
				nested[i] = idx.Enum(nestedEnum) // before the type is looked up
			}
			for _, h := range heads {
				got[i] = append(got[i], idx.Resource(h))
			}
			enums[i] = idx.Enum("aws.s3.Bucket.BucketNamespace")
			dc := got[i][2].Attributes["distribution_config"].Type
			fields[i] = dc.Fields()["viewer_certificate"]
			if i%2 == 0 {
				nested[i] = idx.Enum(nestedEnum)
			}
		})
	}
	wg.Wait()
	for i := range got {
		for j, r := range got[i] {
			if r == nil || r != got[0][j] {
				t.Fatalf("goroutine %d: %s is %p, goroutine 0 has %p", i, heads[j], r, got[0][j])
			}
		}
		if enums[i] == nil || enums[i] != enums[0] {
			t.Fatalf("goroutine %d: enum %p, goroutine 0 has %p", i, enums[i], enums[0])
		}
		if fields[i] == nil || fields[i] != fields[0] {
			t.Fatalf("goroutine %d: viewer_certificate %p, goroutine 0 has %p", i, fields[i], fields[0])
		}
		if nested[i] == nil || nested[i] != nested[0] {
			t.Fatalf("goroutine %d: %s %p, goroutine 0 has %p", i, nestedEnum, nested[i], nested[0])
		}
	}
	want := fields[0].Type.Fields()["ssl_support_method"].Type.Enum
	if want != nested[0] {
		t.Errorf("the field's enum %p is not the one Enum returns, %p", want, nested[0])
	}
}

// TestInlineEnumsAgree checks what the set loader relies on (loader.enum): in every embedded set,
// an inline enum type agrees with the top-level enum of its identity, when there is one, so that
// whichever is decoded first may stand for both.
func TestInlineEnumsAgree(t *testing.T) {
	for _, name := range embeddedJSON {
		t.Run(name, func(t *testing.T) {
			s, err := openEmbedded(name)
			if err != nil {
				t.Fatal(err)
			}
			// all decodes the top-level enums first: an inline enum that disagrees stays private.
			p, err := s.all()
			if err != nil {
				t.Fatal(err)
			}
			types := 0
			for _, rs := range []map[string]*Resource{p.Resources, p.DataSources} {
				for _, r := range rs {
					eachType(r, func(ty *Type) {
						types++
						e := ty.Enum
						if e == nil {
							return
						}
						top := p.Enums[e.Identity]
						if diff := cmp.Diff(top, e, cmpopts.IgnoreFields(Enum{}, "Transform")); top != nil && diff != "" {
							t.Errorf("%s in %s: the inline enum differs from its top-level entry (-top +inline):\n%s", e.Identity, r.Type, diff)
						}
					})
				}
			}
			if types == 0 {
				t.Fatal("no types walked")
			}
		})
	}
}

// BenchmarkElsewhereFresh measures what a finding's version sentence costs when the other
// versions' sets are not in the heap: opening them and finding the type in each.
func BenchmarkElsewhereFresh(b *testing.B) {
	for _, head := range []string{"aws.s3.Bucket", "awscc.s3.Bucket"} {
		b.Run(head, func(b *testing.B) {
			for b.Loop() {
				var d Defaults
				idx, err := d.Index()
				if err != nil {
					b.Fatal(err)
				}
				x := &Index{sets: idx.sets, heads: idx.heads, providers: idx.providers, defaults: &d}
				x.Elsewhere(KindResource, head, "bench", func(r *Resource) bool { return r.Attributes["nope"] != nil })
			}
		})
	}
}

// TestConcurrentAliasFields is TestConcurrentFirstLookups for an older file's PascalCase alias,
// whose struct fields are copied from the lower-case type's on their first use.
func TestConcurrentAliasFields(t *testing.T) {
	var d Defaults
	idx, err := d.For(map[string]Choice{"aws": {Provider: "aws", Version: "0.3.0", Reason: ReasonLock}})
	if err != nil {
		t.Fatal(err)
	}
	fields := make([]map[string]*Member, 8)
	var wg sync.WaitGroup
	for i := range fields {
		wg.Go(func() {
			r := idx.Resource("aws.iam.Role")
			if r == nil || r.AliasOf != "aws.iam.role" {
				t.Errorf("aws.iam.Role in aws 0.3.0: %+v", r)
				return
			}
			fields[i] = r.Attributes["assume_role_policy_document"].Type.Fields()
		})
	}
	wg.Wait()
	if len(fields[0]) == 0 {
		t.Fatal("the alias's assume_role_policy_document has no fields")
	}
	for i, f := range fields {
		if !maps.Equal(f, fields[0]) {
			t.Errorf("goroutine %d read other fields than goroutine 0", i)
		}
	}
	var orig *Resource
	for _, s := range idx.sets {
		if s.name == "aws" && s.version == "0.3.0" {
			orig = s.provider.Resources["aws.iam.role"] // decoded for the alias
		}
	}
	if orig == nil {
		t.Fatal("aws 0.3.0's aws.iam.role was not decoded")
	}
	{
		o := orig.Attributes["assume_role_policy_document"].Type.Fields()
		if len(o) != len(fields[0]) {
			t.Errorf("the alias has %d fields, the original %d", len(fields[0]), len(o))
		}
		for name, m := range fields[0] {
			if o[name] == nil || o[name] == m {
				t.Errorf("field %s: the alias's is not a copy of the original's", name)
			}
		}
	}
}
