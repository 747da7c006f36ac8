package schema

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"

	fastjson "github.com/segmentio/encoding/json"
)

// The default set: the aws and awscc indexes from testdata/schemas, stored
// without their indentation and gzip-compressed (regenerate with go generate
// after they change), and the hand-written overlay for the gaps of schemas.md
// §6 (data/aws-overlay.json).
//
//go:generate go run ./internal/gen -src ../testdata/schemas -dst data aws.json awscc.json
//go:embed data/aws-overlay.json data/aws.json.gz data/awscc.json.gz
var embedded embed.FS

// embeddedOrder is the load order of the default set: the overlay first, so
// that the providers' own entries win per resource type and the overlay only
// fills gaps and adds wait defaults (see NewIndex).
const embeddedOrder = "aws-overlay.json aws.json awscc.json"

// embeddedComplete names the embedded files that list every type of their provider (see
// Provider.Complete). awscc.json is parsed from the generated schema code of one commit of
// carina-provider-awscc, the whole of it (schemas.md §5.7-§6: every awscc type the reference
// repositories use is in it, and the provider defines no schema outside that generated set).
// aws.json is not: it is assembled file by file from the newest versions an index could find
// (its source.overlay_* fields), and the overlay fills known gaps, so a type missing from it may
// exist in the provider.
const embeddedComplete = "awscc.json"

// EmbeddedFiles returns the names of the embedded index files in load order.
func EmbeddedFiles() []string {
	return strings.Fields(embeddedOrder)
}

// EmbeddedData returns the uncompressed content of one embedded index file
// (a name from EmbeddedFiles).
func EmbeddedData(name string) ([]byte, error) {
	if data, err := embedded.ReadFile("data/" + name); err == nil {
		return data, nil
	}
	gz, err := embedded.ReadFile("data/" + name + ".gz")
	if err != nil {
		return nil, fmt.Errorf("schema: no embedded file %q", name)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("schema: embedded %s: %w", name, err)
	}
	// The gzip trailer's last four bytes are the uncompressed size (mod 2^32):
	// allocate once instead of growing through io.ReadAll.
	var buf bytes.Buffer
	if n := len(gz); n >= 4 {
		buf.Grow(int(binary.LittleEndian.Uint32(gz[n-4:])) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(zr); err != nil {
		return nil, fmt.Errorf("schema: embedded %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// LoadEmbedded decompresses and parses the embedded default set, in load
// order. It does the work on every call; Defaults does it once. The files are
// read with segmentio's JSON decoder, about three times as fast as
// encoding/json's on them: their loading is most of what a `check` of a small
// configuration costs. (User files keep encoding/json, whose error messages
// the tests and the users know.)
func LoadEmbedded() ([]*Provider, error) {
	names := EmbeddedFiles()
	out := make([]*Provider, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			data, err := EmbeddedData(name)
			if err == nil {
				out[i], err = decodeWith(fastjson.Unmarshal, "embedded:"+name, data)
			}
			if err == nil && slices.Contains(strings.Fields(embeddedComplete), name) {
				out[i].Complete = true
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Defaults loads the embedded default set lazily, once, on first use. The
// zero value is ready; it must not be copied after first use. Keep one per
// process (for example in the server or the CLI command) and share it:
// everything it returns is immutable.
type Defaults struct {
	once      sync.Once
	providers []*Provider
	index     *Index
	err       error
}

func (d *Defaults) load() {
	d.once.Do(func() {
		d.providers, d.err = LoadEmbedded()
		if d.err == nil {
			d.index = NewIndex(d.providers...)
		}
	})
}

// Index returns the index of the embedded set.
func (d *Defaults) Index() (*Index, error) {
	d.load()
	return d.index, d.err
}

// Providers returns the embedded providers in load order, for combining with
// workspace schemas: NewIndex(append(defaults, workspace...)...).
func (d *Defaults) Providers() ([]*Provider, error) {
	d.load()
	return d.providers, d.err
}

// With returns an index of the embedded set overridden by extra (workspace
// .carina/schemas files, a -schemas flag), later sources winning per type.
// Without extra it is the shared default index.
func (d *Defaults) With(extra ...*Provider) (*Index, error) {
	d.load()
	if d.err != nil || len(extra) == 0 {
		return d.index, d.err
	}
	all := make([]*Provider, 0, len(d.providers)+len(extra))
	all = append(all, d.providers...)
	all = append(all, extra...)
	return NewIndex(all...), nil
}
