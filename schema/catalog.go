package schema

// SetInfo describes one embedded schema set, for `carina-lsp schemas`.
type SetInfo struct {
	Provider string
	Version  string // "" for the newest set
	Date     string // the source's commit date, else the generation date
	Types    int    // resource and data-source types, without the PascalCase aliases
}

// Catalog lists the embedded sets: per provider the newest first, then its versions, newest
// first. It decodes the sets' headers (for their dates), not their types.
func (d *Defaults) Catalog() ([]SetInfo, error) {
	d.load()
	if d.err != nil {
		return nil, d.err
	}
	var out []SetInfo
	info := func(s *set, version string) error {
		p, err := s.info()
		if err != nil {
			return err
		}
		out = append(out, SetInfo{Provider: s.name, Version: version, Date: p.Date, Types: len(s.table)})
		return nil
	}
	for _, s := range d.sets {
		if s.origin == "embedded:"+overlayFile {
			continue // part of the newest aws set, not a set of its own
		}
		if err := info(s, ""); err != nil {
			return nil, err
		}
		all, err := d.loadVersions()
		if err != nil {
			return nil, err
		}
		vs := all[s.name]
		for i := len(vs) - 1; i >= 0; i-- {
			if err := info(vs[i], vs[i].version); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}
