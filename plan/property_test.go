package plan

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// applied writes the state a first apply of p would leave: every created resource with its
// configured values, each attribute a reference reads given a value of its own, and the
// references holding it. ok is false when p holds what a made-up apply cannot stand for (a
// value known only to a provider, a reference deeper than an attribute, an unsupported part).
func applied(p *Plan, sch Schemas) (string, bool) {
	if len(p.Unsupported) > 0 || len(p.Resources) == 0 {
		return "", false
	}
	// Unnamed anonymous resources of a type that no create-only value tells apart are paired
	// with their rows by a SimHash name in Carina, which a made-up apply does not stand for.
	seen := map[string]bool{}
	for _, r := range p.Resources {
		if r.Binding != "" || !r.Unresolved {
			continue
		}
		key := r.Provider + "." + r.Type
		for _, a := range r.Desired {
			if sch.CreateOnly(r.Provider+"."+r.Type, a.Name) {
				key += "|" + a.Name + "=" + a.Value.Display()
			}
		}
		if seen[key] {
			return "", false
		}
		seen[key] = true
	}
	byBinding := map[string]*Resource{}
	for i, r := range p.Resources {
		if r.Op != Create {
			return "", false
		}
		if r.Identity == "" {
			r.Identity = fmt.Sprintf("anonymous_%d", i)
		}
		if r.Binding != "" {
			if byBinding[r.Binding] != nil {
				return "", false // declared twice: Carina refuses the configuration
			}
			byBinding[r.Binding] = r
		}
	}
	extra := map[*Resource]map[string]any{}
	salt := "" // of the attribute being stored: a secret is stored as Carina hashes it
	var toJSON func(v Value, depth int) (any, bool)
	toJSON = func(v Value, depth int) (any, bool) {
		switch v.Kind {
		case Str:
			return v.Text, true
		case Enum:
			return v.Text[strings.LastIndexByte(v.Text, '.')+1:], true
		case Int:
			return v.Int, true
		case Float:
			return v.Float, true
		case Bool:
			return v.Bool, true
		case Secret:
			if v.secret == nil || v.secret.plain == "" {
				return state.SecretPrefix + "00", true // not known here: taken as unchanged
			}
			return state.SecretPrefix + argonHex(v.secret.plain, salt), true
		case List:
			out := []any{}
			for _, e := range v.Elems {
				j, ok := toJSON(e, depth)
				if !ok {
					return nil, false
				}
				out = append(out, j)
			}
			return out, true
		case Map:
			out := map[string]any{}
			for i, k := range v.Keys {
				j, ok := toJSON(v.Elems[i], depth)
				if !ok {
					return nil, false
				}
				out[k] = j
			}
			return out, true
		case Ref:
			t := byBinding[v.ref.binding]
			if t == nil || len(v.ref.path) != 1 || depth > 8 {
				return nil, false
			}
			for _, a := range t.Desired {
				if a.Name == v.ref.path[0] {
					// The target writes it: what it stores is what the reference reads.
					outer := salt
					salt = "carina:" + t.Provider + "." + t.Type + ":" + t.Identity + ":" + a.Name
					j, ok := toJSON(a.Value, depth+1)
					salt = outer
					return j, ok
				}
			}
			val := v.ref.binding + "-" + v.ref.path[0]
			if extra[t] == nil {
				extra[t] = map[string]any{}
			}
			extra[t][v.ref.path[0]] = val
			return val, true
		}
		return nil, false
	}
	type row struct {
		r     *Resource
		attrs map[string]any
	}
	var rows []row
	for _, r := range p.Resources {
		attrs := map[string]any{}
		for _, a := range r.Desired {
			salt = "carina:" + r.Provider + "." + r.Type + ":" + r.Identity + ":" + a.Name
			j, ok := toJSON(a.Value, 0)
			if !ok {
				return "", false
			}
			attrs[a.Name] = j
		}
		rows = append(rows, row{r, attrs})
	}
	out := []map[string]any{}
	for _, w := range rows {
		children := map[string]any{}
		for k := range w.attrs {
			children[k] = map[string]any{"kind": "leaf"}
		}
		for k, v := range extra[w.r] {
			if _, written := w.attrs[k]; !written {
				w.attrs[k] = v
			}
		}
		m := map[string]any{"resource_type": w.r.Type, "identity": w.r.Identity, "provider": w.r.Provider,
			"identifier": "id-" + w.r.Identity, "attributes": w.attrs, "explicit": map[string]any{"kind": "struct", "children": children}}
		if w.r.Binding != "" {
			m["binding"] = w.r.Binding
		}
		out = append(out, m)
	}
	b, err := json.Marshal(map[string]any{"version": state.Current, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": out})
	return string(b), err == nil
}

// corpusConfigs yields the corpus's configurations with their plans against no state.
func corpusConfigs(t *testing.T, each func(dir string, sch Schemas, plan func(st *state.File) *Plan)) {
	root := corpus.Shared(t, "corpus")
	var dirs []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".crn") && !slices.Contains(dirs, filepath.Dir(p)) {
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	if len(dirs) < 100 {
		t.Fatalf("%d corpus configurations, want the corpus's 200", len(dirs))
	}
	ctx := context.Background()
	ws := workspace.New(workspace.OSFS{})
	for _, dir := range dirs {
		cfg, err := ws.Config(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		var sources schema.Sources
		idx, err := ws.Schemas(ctx, &sources, cfg, nil)
		if err != nil {
			continue // a configuration pinning provider versions there are no schemas of
		}
		info := cfg.Types(idx)
		sch := IndexSchemas{idx}
		each(dir, sch, func(st *state.File) *Plan {
			p, err := Compute(ctx, Input{Config: cfg, Info: info, Schemas: sch, State: st})
			if err != nil {
				t.Fatal(err)
			}
			return p
		})
	}
}

// TestAppliedPlansNoChanges: a configuration whose state was written from its own values plans
// no change; changing a stored create-only attribute replaces the resource.
func TestAppliedPlansNoChanges(t *testing.T) {
	checked, replaced := 0, 0
	corpusConfigs(t, func(dir string, sch Schemas, plan func(*state.File) *Plan) {
		src, ok := applied(plan(nil), sch)
		if !ok {
			return
		}
		st, err := state.Read("applied.json", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		p := plan(st)
		checked++
		for _, r := range p.Resources {
			if r.Op != NoChange {
				t.Errorf("%s: %s %s.%s %s after its own apply (%+v)", dir, r.Op, r.Provider, r.Type, r.Identity, r.Changes)
			}
		}
		// Each stored create-only string of a named resource changed in turn: a replacement.
		// (An anonymous resource's identity follows its create-only values: Carina creates
		// the new one and deletes the old.)
		for _, r := range p.Resources {
			if r.Binding == "" {
				continue
			}
			for _, a := range r.Desired {
				if a.Value.Kind != Str || !sch.CreateOnly(r.Provider+"."+r.Type, a.Name) {
					continue
				}
				changed, err := state.Read("changed.json", []byte(withAttr(src, r.Identity, a.Name, a.Value.Text+"-changed")))
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range plan(changed).Resources {
					if q.Identity == r.Identity && q.Type == r.Type && q.Op != Replace {
						t.Errorf("%s: %s.%s changed: %s %s, want a replace", dir, r.Identity, a.Name, q.Op, q.Identity)
					}
				}
				replaced++
			}
		}
	})
	t.Logf("%d configurations applied and re-planned, %d create-only changes replaced", checked, replaced)
	if checked < 50 || replaced < 50 {
		t.Errorf("only %d configurations and %d create-only changes checked: the property covers too little", checked, replaced)
	}
}

// withAttr sets one stored attribute of the row of an identity in a state file's text.
func withAttr(src, identity, attr, value string) string {
	var doc map[string]any
	if err := json.Unmarshal([]byte(src), &doc); err != nil {
		panic(err)
	}
	for _, r := range doc["resources"].([]any) {
		row := r.(map[string]any)
		if row["identity"] == identity {
			row["attributes"].(map[string]any)[attr] = value
		}
	}
	b, _ := json.Marshal(doc)
	return string(b)
}
