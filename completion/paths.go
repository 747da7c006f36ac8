package completion

import (
	"os"
	"path/filepath"
	"strings"
)

// maxFolders bounds the directories listed for one source.
const maxFolders = 200

// folders offers directories for a use or upstream_state source: `./` and `../` while no
// directory is typed, and the subdirectories of the directory typed so far (relative to the
// configuration's directory; hidden ones skipped). typed is the text of the string up to the
// cursor; with quoted, the cursor is not in a string yet and the items bring their quotes.
func (c *completer) folders(typed string, quoted bool) {
	dirPart := typed[:strings.LastIndexByte(typed, '/')+1]
	item := func(label, path, detail string, final bool) {
		snip := escape(path)
		if quoted {
			snip = "'" + snip
			if final {
				snip += "'"
			} else {
				snip += "$0'"
			}
		}
		if it := c.add(label, Folder, snip, detail, ""); it != nil {
			it.FilterText = plain(snip)
		}
	}
	if dirPart == "" {
		item("./", "./", "this configuration's directory", false)
		item("../", "../", "the parent directory", false)
	}
	base := dirPart
	if !filepath.IsAbs(base) {
		base = filepath.Join(c.cfg.Dir, base)
	}
	entries, err := os.ReadDir(base)
	if err != nil {
		return
	}
	prefix := dirPart
	if typed == "" {
		prefix = "./"
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || filepath.Join(base, e.Name()) == filepath.Clean(c.cfg.Dir) {
			continue // not a directory, hidden, or the configuration itself
		}
		if n++; n > maxFolders || c.done() {
			return
		}
		detail := "directory"
		if holdsSources(filepath.Join(base, e.Name())) {
			detail = "Carina configuration"
		}
		item(e.Name(), prefix+e.Name(), detail, true)
	}
}

// holdsSources reports whether a directory has .crn files.
func holdsSources(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".crn") {
			return true
		}
	}
	return false
}
