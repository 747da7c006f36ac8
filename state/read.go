package state

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Read reads a state file's bytes as Carina's check_and_migrate does: the version first (a newer
// format is refused before anything else is read), then the file, then the migrations of older
// formats: v5's desired_keys become an explicit record, v6's empty top-level record becomes
// unrecorded, legacy map-key addresses (`b["k"]`) their canonical spelling; rows with neither a
// current nor a deposed instance are dropped, and two rows of one identity are an error. path is
// for messages only.
func Read(path string, src []byte) (*File, error) {
	if !utf8.Valid(src) {
		off := 0
		for off < len(src) {
			r, n := utf8.DecodeRune(src[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return nil, errorAt(path, src, int64(off), "the state file is not valid UTF-8")
	}
	root, err := parseJSON(src)
	if err != nil {
		se := err.(*syntaxError)
		return nil, errorAt(path, src, se.off, "%s", se.msg)
	}
	d := &decoder{path: path, src: src, f: fieldNames()}
	if root.Kind != Object {
		return nil, d.fail(root, "the state file must be a JSON object, found %s", kindName(root.Kind))
	}
	ver, err := d.uint(root, "the state file", "version", 32)
	if err != nil {
		return nil, err
	}
	if ver > Current {
		vv, _ := root.Get("version")
		return nil, d.fail(vv, "state file version %d is newer than supported version %d: written by a newer Carina (upgrade carina-lsp)", ver, Current)
	}
	f, err := d.file(root)
	if err != nil {
		if ver < Current {
			err.(*Error).Msg = fmt.Sprintf("migrating from version %d: %s", ver, err.(*Error).Msg)
		}
		return nil, err
	}
	if f.Version <= 5 {
		liftDesiredKeys(root, f, d.f)
	}
	if f.Version <= 6 {
		for _, r := range f.Resources {
			if r.Explicit.Kind == Struct && len(r.Explicit.Children) == 0 {
				r.Explicit = Explicit{Kind: Unrecorded}
			}
		}
	}
	for _, r := range f.Resources {
		r.Identity = CanonicalAddress(r.Identity)
		r.Binding = CanonicalAddress(r.Binding)
		for i, b := range r.DependsOn {
			r.DependsOn[i] = CanonicalAddress(b)
		}
		slices.Sort(r.DependsOn)
		r.DependsOn = slices.Compact(r.DependsOn)
	}
	f.Resources = slices.DeleteFunc(f.Resources, func(r *Resource) bool { return !r.HasIdentifier && len(r.Deposed) == 0 })
	if err := d.unique(f); err != nil {
		return nil, err
	}
	return f, nil
}

// liftDesiredKeys turns a v5 row's flat desired_keys into an explicit record of leaves.
func liftDesiredKeys(root Value, f *File, n names) {
	rows, _ := root.Get("resources")
	for _, rv := range rows.Elems {
		provider, _ := rv.Get(n.Provider)
		typ, _ := rv.Get("resource_type")
		id, ok := rv.Get("identity")
		if !ok {
			id, _ = rv.Get("name")
		}
		keys, _ := rv.Get("desired_keys")
		if provider.Kind != String || typ.Kind != String || id.Kind != String || keys.Kind != Array {
			continue
		}
		children := map[string]*Explicit{}
		for _, k := range keys.Elems {
			if k.Kind == String {
				children[k.Str] = &Explicit{Kind: Leaf}
			}
		}
		if len(children) == 0 {
			continue
		}
		// Before canonicalization, as Carina matches the raw identity.
		if r := f.Find(provider.Str, typ.Str, id.Str); r != nil {
			r.Explicit = Explicit{Kind: Struct, Children: children}
		}
	}
}

// unique checks that no two rows share provider, type and identity, and no two deposed
// generations of a row share a key or an instance.
func (d *decoder) unique(f *File) error {
	type ident struct{ provider, typ, identity string }
	seen := make(map[ident]bool, len(f.Resources))
	for _, r := range f.Resources {
		k := ident{r.Provider, r.Type, r.Identity}
		if seen[k] {
			return errorAt(d.path, d.src, r.Off, "duplicate resource identity (provider %q, resource_type %q, identity %q)", r.Provider, r.Type, r.Identity)
		}
		seen[k] = true
		keys := map[string]bool{}
		type inst struct{ identifier, provider string }
		insts := map[inst]bool{}
		for _, dep := range r.Deposed {
			if keys[dep.Key] {
				return errorAt(d.path, d.src, r.Off, "duplicate deposed generation key %q in resource %q", dep.Key, r.Identity)
			}
			keys[dep.Key] = true
			i := inst{dep.Identifier, dep.ProviderInstance}
			if insts[i] {
				return errorAt(d.path, d.src, r.Off, "duplicate deposed generation identifier %q in resource %q", dep.Identifier, r.Identity)
			}
			insts[i] = true
		}
	}
	return nil
}

// CanonicalAddress spells a map key's address as Carina now writes it (carina#1903): a legacy
// trailing `["key"]` becomes `.key`, or `['key']` when key is no identifier; a list index stays.
func CanonicalAddress(name string) string {
	open := strings.LastIndexByte(name, '[')
	if open < 0 || !strings.HasSuffix(name, "]") || open == len(name)-1 {
		return name
	}
	prefix, inside := name[:open], name[open+1:len(name)-1]
	if inside != "" && strings.Trim(inside, "0123456789") == "" {
		return name
	}
	key := inside
	if (strings.HasPrefix(inside, `"`) && strings.HasSuffix(inside, `"`)) ||
		(strings.HasPrefix(inside, "'") && strings.HasSuffix(inside, "'")) {
		if len(inside) < 2 {
			return name
		}
		key = inside[1 : len(inside)-1]
	}
	if identifierSafe(key) {
		return prefix + "." + key
	}
	return prefix + "['" + key + "']"
}

func identifierSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}
