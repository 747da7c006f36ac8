package config

import (
	"path"
	"strings"
)

// glob is a path pattern relative to the directory of the file that declares it: segments joined
// by "/", each matched as path.Match matches it ("*", "?", "[...]"), and "**" standing for any
// number of segments (none included). A pattern matches a directory's contents too: "legacy"
// matches "legacy/old/main.crn".
type glob struct {
	pattern string
	parts   []string
}

func parseGlob(p string) (glob, error) {
	p = strings.TrimPrefix(path.Clean(strings.ReplaceAll(p, "\\", "/")), "./")
	if p == "" || p == "." {
		return glob{}, errEmptyGlob
	}
	if strings.HasPrefix(p, "/") || p == ".." || strings.HasPrefix(p, "../") {
		return glob{}, errOutsideGlob
	}
	g := glob{pattern: p, parts: strings.Split(p, "/")}
	for _, part := range g.parts {
		if part == "**" {
			continue
		}
		if _, err := path.Match(part, ""); err != nil {
			return glob{}, err
		}
	}
	return g, nil
}

// match reports whether rel (a slash-separated path relative to the glob's directory) or a
// directory holding it matches.
func (g glob) match(rel string) bool {
	return matchParts(g.parts, strings.Split(rel, "/"))
}

// matchParts matches pattern segments against path segments; a pattern that runs out while
// segments remain matches the directory holding them.
func matchParts(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if matchParts(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return true
}
