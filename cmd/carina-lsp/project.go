package main

import (
	"fmt"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/schema"
)

// projects reads the project configuration files (carina-lsp.toml) a run needs, each once, says
// each file's mistakes once, and keeps one set of schema sources per list of extra schemas the
// files name. Safe for concurrent use: check's workers share it.
type projects struct {
	loader *config.Loader
	// flagSchemas: the command line's -schemas, which wins over the files' [schemas] extra.
	flagSchemas bool
	base        *schema.Sources

	mu       sync.Mutex
	reported map[string]bool
	sources  map[string]*schema.Sources // by the files' list of extra schemas
}

func newProjects(base *schema.Sources, flagSchemas bool) *projects {
	return &projects{loader: config.NewLoader(), base: base, flagSchemas: flagSchemas, reported: map[string]bool{}, sources: map[string]*schema.Sources{}}
}

// chain returns the configuration in effect in dir, and the mistakes of its files not said yet,
// one line each ("file:line:col: message"). Files are looked for up to the repository root.
func (p *projects) chain(dir string) (*config.Chain, []string) {
	c := p.loader.Chain(dir, "")
	var msgs []string
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range c.Errors {
		if !p.reported[e.Path] {
			msgs = append(msgs, e.Error())
		}
	}
	for _, e := range c.Errors {
		p.reported[e.Path] = true
	}
	return c, msgs
}

// schemas returns the schema sources for a configuration: the run's own when -schemas was given
// or no file names extra schemas, else sources with the files' extra schemas added.
func (p *projects) schemas(c *config.Chain) (*schema.Sources, error) {
	paths, src, ok := c.Schemas()
	if p.flagSchemas || !ok {
		return p.base, nil
	}
	key := strings.Join(paths, "\x00")
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.sources[key]; s != nil {
		return s, nil
	}
	var extra []*schema.Provider
	for _, path := range paths {
		ps, err := schema.LoadPath(path)
		if err != nil {
			return nil, fmt.Errorf("%s: schemas.extra: %v", src, err)
		}
		extra = append(extra, ps...)
	}
	s := &schema.Sources{}
	s.SetExtra(extra)
	p.sources[key] = s
	return s, nil
}

// ignored reports whether the configuration ignores the file or directory at path.
func ignored(c *config.Chain, path string) bool {
	ign, _ := c.Ignored(path)
	return ign
}
