package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// LockFile is the file `carina init` writes beside a configuration: the exact provider versions.
const LockFile = "carina-providers.lock"

// Reason says where a provider's version came from.
type Reason int

// The reasons, in the order they are tried.
const (
	ReasonNone       Reason = iota // nothing pinned: the newest schemas
	ReasonLock                     // carina-providers.lock
	ReasonConstraint               // the provider block's version requirement
)

// Choice is the schema set used for one provider of a configuration, and why.
type Choice struct {
	Provider string
	Version  string // the embedded set's version; "" for the newest set
	Reason   Reason
	Asked    string // the locked version or the requirement as written
	Lock     string // the lock file's path (ReasonLock)
	Mode     string // the lock entry's mode when it is not "version" (revision, file, ...)
	// Patch says that Asked is a patch release of Version's minor that is not embedded (0.5.2
	// read with 0.5.0's schemas): close enough to trust.
	Patch bool
	// Approx says that the set is only the nearest to what was asked: findings that depend on
	// the schemas are warnings.
	Approx bool
	// After and Date place the newest set (Version "") for Describe: the newest numbered version
	// it is newer than and its source's date (2026-08-15). Index.Sourced fills them, not Choose:
	// finding them opens the versioned sets, which a check needs only for a message.
	After, Date string
}

// Set names the schemas used: "aws 0.5.0" or "the newest aws schemas".
func (c Choice) Set() string {
	if c.Version == "" {
		return "the newest " + c.Provider + " schemas"
	}
	return c.Provider + " " + c.Version
}

// Why says where the choice comes from, for hover and `check -v`.
func (c Choice) Why() string {
	switch c.Reason {
	case ReasonLock:
		if c.Mode != "" && c.Mode != "version" {
			return fmt.Sprintf("%s pins %s by %s (%s): no schemas of that build are embedded", filepath.Base(c.Lock), c.Provider, c.Mode, c.Asked)
		}
		return fmt.Sprintf("%s locks %s %s", filepath.Base(c.Lock), c.Provider, c.Asked)
	case ReasonConstraint:
		return fmt.Sprintf("the provider block asks for version '%s'", c.Asked)
	}
	return "no version pinned: newest known"
}

// Source places the newest set: "newer than 0.6.0, source of 2026-08-15"; "" when Index.Sourced
// knew neither (a numbered set, a provider without embedded schemas).
func (c Choice) Source() string {
	var parts []string
	if c.After != "" {
		parts = append(parts, "newer than "+c.After)
	}
	if c.Date != "" {
		parts = append(parts, "source of "+c.Date)
	}
	return strings.Join(parts, ", ")
}

// Describe is one sentence: which schemas and why, and how close they are. "The newest" alone
// would not tell which provider release the checks match, so the newest set also says what it
// follows and its date when Index.Sourced filled them.
func (c Choice) Describe() string {
	why := c.Why()
	if src := c.Source(); src != "" {
		why = src + "; " + why
	}
	s := c.Set() + " (" + why + ")"
	switch {
	case c.Patch:
		s += fmt.Sprintf("; %s %s has no schemas of its own: its minor's %s are used", c.Provider, c.Asked, c.Version)
	case c.Approx:
		s += "; no embedded set matches: the nearest is used"
	}
	return s
}

// Sourced returns c with After and Date filled for the newest embedded set of its provider; c as
// it is for a numbered set, a provider without embedded schemas, or an index made without the
// embedded sets (NewIndex).
func (x *Index) Sourced(c Choice) Choice {
	if x == nil || x.defaults == nil || c.Version != "" {
		return c
	}
	d := x.defaults
	for _, s := range d.sets {
		if s.name != c.Provider || s.origin == "embedded:"+overlayFile {
			continue // the overlay is part of the newest aws set; aws.json carries its date
		}
		if p, err := s.info(); err == nil {
			c.Date = p.Date
			if len(c.Date) > len("2006-01-02") {
				c.Date = c.Date[:len("2006-01-02")]
			}
		}
	}
	if vs := d.Versions(c.Provider); len(vs) > 0 && c.Date != "" {
		c.After = vs[len(vs)-1]
	}
	return c
}

// Describe says which schemas the index was made with and why, for `check -v`: each provider's
// choice (Choice.Describe), in provider order; when nothing was chosen, that the newest known
// sets are used, each placed by the release it follows and its source's date (Choice.Source).
func (x *Index) Describe() string {
	var parts []string
	for _, c := range x.Choices() {
		parts = append(parts, x.Sourced(c).Describe())
	}
	if len(parts) == 0 {
		var sets []string
		for _, p := range x.Providers() {
			if src := x.Sourced(Choice{Provider: p}).Source(); src != "" {
				sets = append(sets, p+" "+src)
			}
		}
		known := "the newest known"
		if len(sets) > 0 {
			known += " (" + strings.Join(sets, "; ") + ")"
		}
		parts = []string{"no provider block or lock file: " + known}
	}
	return strings.Join(parts, "; ")
}

// Versions returns the embedded versions of a provider, oldest first (not the newest set).
func (d *Defaults) Versions(provider string) []string {
	d.load()
	var out []string
	all, _ := d.loadVersions()
	for _, s := range all[provider] {
		out = append(out, s.version)
	}
	return out
}

// openVersions opens the set tables of data/versions/<provider>/<version>.set.
func openVersions() (map[string][]*set, error) { return openVersionsUnder("data/versions") }

// openVersionsUnder opens the set tables of the versioned sets under root, a directory of
// data/versions, by provider, oldest first.
func openVersionsUnder(root string) (map[string][]*set, error) {
	out := map[string][]*set{}
	err := fs.WalkDir(embedded, root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".set") {
			return err
		}
		rel := strings.TrimSuffix(strings.TrimPrefix(p, "data/"), ".set")
		s, err := openEmbedded(rel + ".json")
		if err != nil {
			return err
		}
		s.version = filepath.Base(rel)
		out[s.name] = append(out[s.name], s)
		return nil
	})
	for _, sets := range out {
		slices.SortFunc(sets, func(a, b *set) int {
			va, _ := ParseVersion(a.version)
			vb, _ := ParseVersion(b.version)
			return va.Compare(vb)
		})
	}
	return out, err
}

// lockEntry is one [[provider]] table of carina-providers.lock.
type lockEntry struct {
	Name       string `toml:"name"`
	Source     string `toml:"source"`
	Mode       string `toml:"mode"`
	Version    string `toml:"version"`
	Constraint string `toml:"constraint"`
	Revision   string `toml:"revision"`
}

// readLock reads the lock file in dir or the nearest directory above it; "" and no entries when
// there is none.
func readLock(read func(string) ([]byte, error), dir string) (string, []lockEntry, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, nil
	}
	for {
		p := filepath.Join(abs, LockFile)
		data, err := read(p)
		if err == nil {
			entries, err := parseLock(p, data)
			return p, entries, err
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", nil, nil
		}
		abs = parent
	}
}

// parseLock reads the [[provider]] entries of a lock file.
func parseLock(path string, data []byte) ([]lockEntry, error) {
	var f struct {
		Provider []lockEntry `toml:"provider"`
	}
	if err := toml.Unmarshal(data, &f); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return nil, fmt.Errorf("schema: %s:%d:%d: %s", path, line, col, de.Error())
		}
		return nil, fmt.Errorf("schema: %s: %w", path, err)
	}
	return f.Provider, nil
}

// choose picks the set of one provider: the lock file's exact version, else the newest embedded
// version the requirement admits, else the newest set.
func (d *Defaults) choose(provider, lockPath string, lock *lockEntry, req string) Choice {
	c := Choice{Provider: provider}
	var sets []*set
	if lock != nil || req != "" {
		all, _ := d.loadVersions()
		sets = all[provider]
	}
	switch {
	case lock != nil:
		c.Reason, c.Lock, c.Asked = ReasonLock, lockPath, lock.Version
		if lock.Mode != "" && lock.Mode != "version" || lock.Version == "" {
			c.Mode, c.Approx = lock.Mode, true
			if c.Asked == "" {
				c.Asked = strings.TrimSpace(lock.Revision + " " + lock.Source)
			}
			return c
		}
		v, err := ParseVersion(lock.Version)
		if err != nil {
			c.Approx = true
			return c
		}
		c.Version, c.Patch, c.Approx = nearest(sets, v)
		return c
	case req != "":
		c.Reason, c.Asked = ReasonConstraint, req
		r, err := ParseRequirement(req)
		if err != nil {
			c.Approx = true
			return c
		}
		for i := len(sets) - 1; i >= 0; i-- {
			if v, _ := ParseVersion(sets[i].version); r.Matches(v) {
				c.Version = sets[i].version
				return c
			}
		}
		if len(sets) > 0 {
			// No numbered set matches; the newest set, newer than all of them, may.
			if top, _ := ParseVersion(sets[len(sets)-1].version); r.matchesAbove(top) {
				return c
			}
		}
		if len(sets) > 0 {
			// Older than every set, or a gap between them: the nearest is the oldest above the
			// requirement's floor, else the newest.
			c.Approx = true
			c.Version = sets[0].version
			for _, g := range r.ranges {
				for _, s := range sets {
					v, _ := ParseVersion(s.version)
					if v.Compare(g.lo) >= 0 {
						c.Version = s.version
						return c
					}
				}
				c.Version = ""
			}
		}
		return c
	}
	return c
}

// nearest returns the set for an exact version: its own, its minor's (patch), the newest set for
// a version above every numbered one, or the highest below it (approx).
func nearest(sets []*set, v Version) (version string, patch, approx bool) {
	if len(sets) == 0 {
		return "", false, true
	}
	best := ""
	for _, s := range sets {
		sv, _ := ParseVersion(s.version)
		switch {
		case sv == v:
			return s.version, false, false
		case sv[0] == v[0] && sv[1] == v[1] && sv.Compare(v) < 0:
			best = s.version
			patch = true
		}
	}
	if patch {
		return best, true, false
	}
	top, _ := ParseVersion(sets[len(sets)-1].version)
	if v.Compare(top) > 0 {
		return "", false, true
	}
	best = sets[0].version
	for _, s := range sets {
		if sv, _ := ParseVersion(s.version); sv.Compare(v) <= 0 {
			best = s.version
		}
	}
	return best, false, true
}

// Pins is what a configuration says about its providers' versions.
type Pins struct {
	Dir string
	// Versions maps each provider the configuration has a block of to the block's version
	// requirement ("" for none).
	Versions map[string]string
	// Modules are the directories of the modules the configuration uses: they inherit its choice.
	Modules []string
	// Inherited is the choice of a configuration that uses this one as a module, used when this
	// one pins nothing itself (no version in a block, no lock file).
	Inherited map[string]Choice
}

// Choose returns the choices of a configuration for the providers it names or locks, reading
// the lock file with read (os.ReadFile, or a test's file system).
func (d *Defaults) Choose(read func(string) ([]byte, error), pins Pins) (map[string]Choice, error) {
	d.load()
	if d.err != nil {
		return nil, d.err
	}
	lockPath, entries, err := readLock(read, pins.Dir)
	return d.chooseWith(lockPath, entries, err, pins)
}

// chooseWith is Choose with the lock file read (lockPath "" when there is none).
func (d *Defaults) chooseWith(lockPath string, entries []lockEntry, err error, pins Pins) (map[string]Choice, error) {
	if len(entries) == 0 && len(pins.Inherited) > 0 && !pinsAny(pins.Versions) {
		return pins.Inherited, err
	}
	out := map[string]Choice{}
	names := map[string]bool{}
	for p := range pins.Versions {
		names[p] = true
	}
	for _, e := range entries {
		names[e.Name] = true
	}
	for p := range names {
		var lock *lockEntry
		for i := range entries {
			if entries[i].Name == p {
				lock = &entries[i]
			}
		}
		out[p] = d.choose(p, lockPath, lock, pins.Versions[p])
	}
	return out, err
}

// For returns the index of the chosen sets: per provider the versioned set chosen, the newest
// set (with the overlay, for aws) otherwise, then extra. Only the sets chosen are opened.
func (d *Defaults) For(choices map[string]Choice, extra ...*Provider) (*Index, error) {
	d.load()
	if d.err != nil {
		return nil, d.err
	}
	pinned := false
	for _, c := range choices {
		pinned = pinned || c.Version != ""
	}
	var x *Index
	var err error
	if !pinned {
		x, err = d.With(extra...)
	} else {
		var sets []*set
		for _, s := range d.sets {
			if c := choices[s.name]; c.Version == "" {
				sets = append(sets, s)
			}
		}
		for p, c := range choices {
			if c.Version == "" {
				continue
			}
			all, err := d.loadVersions()
			if err != nil {
				return nil, err
			}
			for _, s := range all[p] {
				if s.version == c.Version {
					sets = append(sets, s)
				}
			}
		}
		for _, p := range extra {
			if p != nil {
				sets = append(sets, eagerSet(p))
			}
		}
		x, err = newIndex(sets)
	}
	if err != nil || len(choices) == 0 {
		return x, err
	}
	// A shallow copy shares the lookups and carries this configuration's reasons.
	c := &Index{sets: x.sets, heads: x.heads, providers: x.providers, choices: choices, defaults: d}
	return c, nil
}

func pinsAny(versions map[string]string) bool {
	for _, v := range versions {
		if v != "" {
			return true
		}
	}
	return false
}
