package schema

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unsafe"
	"weak"
)

// The embedded sets: the aws and awscc indexes from testdata/schemas (the newest known) and the
// released versions of testdata/schemas/versions, each as a set file (set.go: every type
// compressed on its own, decoded on its first lookup; regenerate with go generate after the
// JSON changes), and the hand-written overlay for the gaps of schemas.md §6 (data/aws-overlay.json,
// embedded as data/aws-overlay.set), which goes with the newest aws set only.
//
//go:generate go run ./internal/gen -src data -dst data aws-overlay.json
//go:generate go run ./internal/gen -src ../testdata/schemas -dst data aws.json awscc.json versions/aws/0.3.0.json versions/aws/0.4.0.json versions/aws/0.5.0.json versions/awscc/0.3.0.json versions/awscc/0.4.0.json versions/awscc/0.5.0.json versions/awscc/0.6.0.json
//go:embed data/*.set data/versions
var embedded embed.FS

// embeddedOrder is the load order of the default set: the overlay first, so
// that the providers' own entries win per resource type and the overlay only
// fills gaps and adds wait defaults (see NewIndex).
const embeddedOrder = overlayFile + " aws.json awscc.json"

// overlayFile is the embedded overlay's name: it fills the newest aws set's gaps, and is no set of
// its own to list.
const overlayFile = "aws-overlay.json"

// embeddedComplete names the embedded files that list every type of their provider (see
// Provider.Complete). awscc.json is parsed from the generated schema code of one commit of
// carina-provider-awscc, the whole of it (schemas.md §5.7-§6: every awscc type the reference
// repositories use is in it, and the provider defines no schema outside that generated set).
// aws.json is not: it is assembled file by file from the newest versions an index could find
// (its source.overlay_* fields), and the overlay fills known gaps, so a type missing from it may
// exist in the provider. The versioned sets are read from a release's whole generated code, so
// they are complete too.
const embeddedComplete = "awscc.json"

// EmbeddedFiles returns the names of the embedded index files of the default set in load order.
func EmbeddedFiles() []string {
	return strings.Fields(embeddedOrder)
}

// The default set's files are also embedded as strings: embed.FS.ReadFile copies a file, and
// these are opened by every process (the versioned sets, opened when needed, are read through
// the FS).
var (
	//go:embed data/aws-overlay.set
	overlaySet string
	//go:embed data/aws.set
	awsSet string
	//go:embed data/awscc.set
	awsccSet string
)

// openEmbedded opens one embedded set file: its table only.
func openEmbedded(name string) (*set, error) {
	var data []byte
	if str := map[string]string{overlayFile: overlaySet, "aws.json": awsSet, "awscc.json": awsccSet}[name]; str != "" {
		// A read-only view of the string, not a copy: a set never writes to its data.
		data = unsafe.Slice(unsafe.StringData(str), len(str))
	} else {
		var err error
		if data, err = embedded.ReadFile("data/" + strings.TrimSuffix(name, ".json") + ".set"); err != nil {
			return nil, fmt.Errorf("schema: no embedded file %q", name)
		}
	}
	s, err := openSet(name, data)
	if err != nil {
		return nil, err
	}
	s.complete = slices.Contains(strings.Fields(embeddedComplete), name) || strings.HasPrefix(name, "versions/")
	return s, nil
}

// LoadEmbedded decodes the embedded default set whole, in load order (for tests and tools: a
// process that checks configurations uses Defaults, which decodes only what is looked up).
func LoadEmbedded() ([]*Provider, error) {
	var out []*Provider
	for _, name := range EmbeddedFiles() {
		s, err := openEmbedded(name)
		if err != nil {
			return nil, err
		}
		p, err := s.all()
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Defaults opens the embedded sets lazily, once, on first use, and decodes a set's header when an
// index uses it and a type on its first lookup. The zero value is ready; it must not be copied
// after first use. Keep one per process (for example in the server or the CLI command) and share
// it: everything it returns is immutable.
type Defaults struct {
	once  sync.Once
	sets  []*set // the default set in load order
	index *Index
	err   error

	versionsOnce sync.Once         // the versioned sets are opened when a choice or a message needs them
	versions     map[string][]*set // provider → its versioned sets, oldest first
	versionsErr  error

	othersMu sync.Mutex
	others   map[string]weak.Pointer[otherSets] // see otherSets
}

// loadVersions opens the versioned sets' tables, once.
func (d *Defaults) loadVersions() (map[string][]*set, error) {
	d.versionsOnce.Do(func() { d.versions, d.versionsErr = openVersions() })
	return d.versions, d.versionsErr
}

func (d *Defaults) load() {
	d.once.Do(func() {
		for _, name := range EmbeddedFiles() {
			s, err := openEmbedded(name)
			if err != nil {
				d.err = err
				return
			}
			d.sets = append(d.sets, s)
		}
		d.index, d.err = newIndex(d.sets)
		if d.err == nil {
			d.index.defaults = d
		}
	})
}

// Index returns the index of the embedded default set (the newest schemas).
func (d *Defaults) Index() (*Index, error) {
	d.load()
	return d.index, d.err
}

// Providers returns the embedded default set decoded whole, in load order, for combining with
// workspace schemas: NewIndex(append(defaults, workspace...)...).
func (d *Defaults) Providers() ([]*Provider, error) {
	d.load()
	if d.err != nil {
		return nil, d.err
	}
	out := make([]*Provider, len(d.sets))
	for i, s := range d.sets {
		p, err := s.all()
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// With returns an index of the embedded set overridden by extra (workspace
// .carina/schemas files, a -schemas flag), later sources winning per type.
// Without extra it is the shared default index.
func (d *Defaults) With(extra ...*Provider) (*Index, error) {
	d.load()
	if d.err != nil || len(extra) == 0 {
		return d.index, d.err
	}
	all := slices.Clone(d.sets)
	for _, p := range extra {
		if p != nil {
			all = append(all, eagerSet(p))
		}
	}
	x, err := newIndex(all)
	if err == nil {
		x.defaults = d
	}
	return x, err
}
