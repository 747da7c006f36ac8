package workspace

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// Pins returns what the configuration says about its providers' versions: each provider block's
// `version` requirement ("" without one) and the directories of the modules it uses, which
// inherit its choice.
func (c *Config) Pins() schema.Pins {
	p := schema.Pins{Dir: c.Dir, Versions: map[string]string{}}
	for _, b := range c.ProviderBlocks() {
		if _, ok := p.Versions[b.Kind.Text]; !ok {
			p.Versions[b.Kind.Text] = ""
		}
		if v := ProviderVersion(b.Body); v != nil {
			p.Versions[b.Kind.Text] = v.Value
		}
	}
	for _, m := range c.Modules {
		if m.Dir != "" && !slices.Contains(p.Modules, m.Dir) {
			p.Modules = append(p.Modules, m.Dir)
		}
	}
	slices.Sort(p.Modules)
	return p
}

// ProviderVersion returns the string of a provider block's `version = '...'`, or nil.
func ProviderVersion(body *grammar.Block) *grammar.StringLit {
	if body == nil {
		return nil
	}
	for _, it := range body.Items {
		if a, ok := it.(*grammar.Attribute); ok && a.Key != nil && a.Key.Text == "version" {
			if s, ok := a.Value.(*grammar.StringLit); ok && plain(s) {
				return s
			}
		}
	}
	return nil
}

func plain(s *grammar.StringLit) bool {
	for _, p := range s.Parts {
		if p.Expr != nil {
			return false
		}
	}
	return true
}

// Schemas returns the schema index of configuration c with the provider versions it chooses
// (sources.ForConfig of its Pins: the lock file, else its provider blocks' requirements, else the
// newest sets). A module that pins nothing is first handed the choice of the configuration that
// uses it (CallerPins; memo as there). The one way check, the server, graph and fmt pick a
// configuration's schemas.
func (w *Workspace) Schemas(ctx context.Context, sources *schema.Sources, c *Config, memo *CallerMemo) (*schema.Index, error) {
	if caller, ok := w.CallerPins(ctx, c, memo); ok {
		sources.ForConfig(caller) // hands the module its caller's choice
	}
	return sources.ForConfig(c.Pins())
}

// callerDepth bounds how many directories above a module CallerPins looks in.
const callerDepth = 8

// CallerMemo remembers, for `check`, the pins of the configurations CallerPins read (a
// configuration above many modules is then built once, not once for each), and has CallerPins
// forget those configurations once read (check keeps none it is not checking). The zero value is
// ready; it is safe for concurrent use.
type CallerMemo struct {
	mu   sync.Mutex
	pins map[string]schema.Pins // by directory; Versions nil: it pins nothing
	none map[string]bool        // directories that hold no configuration: looked through
}

// CallerPins returns the pins of the configuration that uses a module, looked for in the
// directories above it up to the nearest one holding a configuration (the usual layout:
// modules/net under the root that uses it), so that the module is checked with its caller's
// provider versions whatever the order configurations are checked in. It reports false for a
// configuration that is no module or that pins versions itself, and when no directory above
// uses it. memo may be nil (the server, which keeps its configurations).
func (w *Workspace) CallerPins(ctx context.Context, c *Config, memo *CallerMemo) (schema.Pins, bool) {
	if !c.IsModule {
		return schema.Pins{}, false
	}
	for _, v := range c.Pins().Versions {
		if v != "" {
			return schema.Pins{}, false
		}
	}
	dir := c.Dir
	for range callerDepth {
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
		if memo.empty(dir) {
			continue
		}
		pins, ok := memo.get(dir)
		if !ok {
			hasFiles, mayPin := w.mayPin(dir)
			switch {
			case mayPin:
				caller, err := w.Config(ctx, dir)
				if memo != nil {
					w.Forget(dir)
				}
				if err != nil || ctx.Err() != nil {
					return schema.Pins{}, false
				}
				pins = caller.Pins()
			case hasFiles:
				pins = schema.Pins{Dir: dir} // pins nothing
			default:
				memo.putEmpty(dir) // a tree's modules share the directories above them
				continue           // no configuration here: look further up
			}
			memo.put(dir, pins)
		}
		if slices.Contains(pins.Modules, c.Dir) {
			return pins, true
		}
		return schema.Pins{}, false // the nearest configuration above does not use it
	}
	return schema.Pins{}, false
}

func (m *CallerMemo) get(dir string) (schema.Pins, bool) {
	if m == nil {
		return schema.Pins{}, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.pins[dir]
	return p, ok
}

func (m *CallerMemo) empty(dir string) bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.none[dir]
}

func (m *CallerMemo) putEmpty(dir string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.none == nil {
		m.none = map[string]bool{}
	}
	m.none[dir] = true
}

func (m *CallerMemo) put(dir string, p schema.Pins) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pins == nil {
		m.pins = map[string]schema.Pins{}
	}
	m.pins[dir] = p
}

// mayPin reports whether dir holds .crn files, and whether one of them may pin a provider
// version (pinsVersion):
// building a configuration to read its provider blocks is worth it only then (a tree's modules
// would otherwise have their callers built again for each).
func (w *Workspace) mayPin(dir string) (hasFiles, mayPin bool) {
	entries, _ := w.fs.ReadDir(dir)
	w.mu.Lock()
	var open []string
	for p, o := range w.overlays {
		if filepath.Dir(p) == dir {
			hasFiles = true
			open = append(open, p)
			mayPin = mayPin || pinsVersion(o.text)
		}
	}
	w.mu.Unlock()
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() || !IsSource(e.Name()) || slices.Contains(open, p) {
			continue
		}
		hasFiles = true
		if !mayPin {
			text, err := w.fs.ReadFile(p)
			mayPin = err == nil && pinsVersion(string(text))
		}
	}
	return hasFiles, mayPin
}

// pinsVersion reports whether text may hold a provider block with a version key: a `provider`
// followed by a `{` whose body, up to the first `}`, has `version` before an `=`. It may say yes
// wrongly (a comment), never no wrongly, and costs no parse.
func pinsVersion(text string) bool {
	kw := grammar.ProviderConstruct.Keyword()
	for rest := text; ; {
		i := strings.Index(rest, kw)
		if i < 0 {
			return false
		}
		rest = rest[i+len(kw):]
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			return false
		}
		body := rest[open:]
		if end := strings.IndexByte(body, '}'); end >= 0 {
			body = body[:end]
		}
		for b := body; ; {
			j := strings.Index(b, "version")
			if j < 0 {
				break
			}
			b = strings.TrimLeft(b[j+len("version"):], " \t")
			if strings.HasPrefix(b, "=") {
				return true
			}
		}
	}
}
