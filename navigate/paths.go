package navigate

import (
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// PathRename is a file or folder renamed (moved): From and To are absolute paths.
type PathRename struct{ From, To string }

// Moved returns where path is once the renames are done: a rename of path itself or of a folder
// holding it moves it. ok is false when none does.
func Moved(path string, renames []PathRename) (string, bool) {
	path = filepath.Clean(path)
	for _, r := range renames {
		from := filepath.Clean(r.From)
		if path == from {
			return filepath.Clean(r.To), true
		}
		if rest, ok := strings.CutPrefix(path, from+string(filepath.Separator)); ok {
			return filepath.Join(r.To, rest), true
		}
	}
	return path, false
}

// SourceEdits returns the edits to f's directory sources (the source of every `use` and
// `upstream_state`: a construct key that names a directory relative to the configuration) that
// the renames make stale: a source naming a renamed folder or one inside it is pointed at its new
// place, and a source of a file that moves is made relative to its new directory. A relative
// source stays relative (and keeps a leading ./); an absolute one stays absolute. A source that
// is not a plain string literal is left alone.
func SourceEdits(f *workspace.File, renames []PathRename) []Edit {
	var out []Edit
	dir := filepath.Dir(f.Path)
	newPath, _ := Moved(f.Path, renames)
	newDir := filepath.Dir(newPath)
	for _, st := range f.AST.Stmts {
		if st.Node == nil {
			continue
		}
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			kb, ok := n.(*grammar.KeywordBlockExpr)
			if !ok {
				return true
			}
			key := grammar.ConstructOf(kb.Construct).KeyOf(grammar.PathValue)
			if key == nil {
				return true
			}
			a := kb.Body.Attr(key.Name)
			if a == nil {
				return true
			}
			lit, ok := a.Value.(*grammar.StringLit)
			if !ok || lit.Interpolated() || lit.Doc || lit.Value == "" {
				return true
			}
			if text, ok := newSource(lit.Value, dir, newDir, renames); ok {
				q := "'"
				if !lit.Single {
					q = `"`
				}
				if strings.ContainsAny(text, q+`\`) || (!lit.Single && strings.Contains(text, "${")) {
					return true // a path that would need escaping: left for the user
				}
				out = append(out, Edit{Span: st.Abs(lit.Span), NewText: q + text + q})
			}
			return true
		})
	}
	return out
}

// newSource returns what a source written src in a file of dir says once the renames are done
// (the file now in newDir), when that differs.
func newSource(src, dir, newDir string, renames []PathRename) (string, bool) {
	abs := filepath.IsAbs(src)
	target := filepath.FromSlash(src)
	if !abs {
		target = filepath.Join(dir, target)
	}
	newTarget, moved := Moved(target, renames)
	if !moved && newDir == dir {
		return "", false
	}
	var text string
	if abs {
		if !moved {
			return "", false
		}
		text = filepath.ToSlash(newTarget)
	} else {
		rel, err := filepath.Rel(newDir, newTarget)
		if err != nil {
			return "", false
		}
		text = filepath.ToSlash(rel)
		if strings.HasPrefix(src, "./") && !strings.HasPrefix(text, "../") && text != "." {
			text = "./" + text
		}
		if strings.HasSuffix(src, "/") && !strings.HasSuffix(text, "/") {
			text += "/"
		}
	}
	if text == src {
		return "", false
	}
	return text, true
}
