package agent

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/workspace"
)

// roots are the directories a call may read, symbolic links resolved.
type roots []string

// rootsOf returns the roots the client declares, or the working directory when it declares none:
// a client that does not speak of roots gets the directory it started the server in, as a shell
// gets its own.
func rootsOf(ctx context.Context, sess *conn, wd string) (roots, error) {
	var declared []string
	if sess.clientHasRoots() {
		var res struct {
			Roots []struct {
				URI string `json:"uri"`
			} `json:"roots"`
		}
		if err := sess.call(ctx, "roots/list", struct{}{}, &res); err != nil {
			return nil, fmt.Errorf("the client's roots cannot be listed: %w", err)
		}
		for _, r := range res.Roots {
			u, err := url.Parse(r.URI)
			if err != nil || u.Scheme != "file" {
				continue
			}
			declared = append(declared, filepath.FromSlash(u.Path))
		}
	}
	if len(declared) == 0 {
		declared = []string{wd}
	}
	var rs roots
	for _, d := range declared {
		real, err := filepath.EvalSymlinks(d)
		if err != nil {
			continue // a root that is not there holds nothing to read
		}
		rs = append(rs, real)
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("none of the roots can be read (%s)", strings.Join(declared, ", "))
	}
	return rs, nil
}

// resolve returns the absolute path of p (relative to the first root), symbolic links resolved,
// or an error when it lies outside every root or does not exist.
func (rs roots) resolve(p string) (string, error) {
	if p == "" {
		return rs[0], nil
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(rs[0], abs)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("%s: %w", p, unwrapPath(err))
	}
	if !rs.contain(real) {
		return "", rs.outside(p, real)
	}
	return real, nil
}

// resolveNew is resolve for a file that need not exist (an inline text's name): its directory
// must.
func (rs roots) resolveNew(p string) (string, error) {
	if p == "" {
		p = "main.crn"
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(rs[0], abs)
	}
	if real, err := rs.resolve(abs); err == nil {
		return real, nil
	}
	dir, err := rs.resolve(filepath.Dir(abs))
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, filepath.Base(abs)), nil
}

func (rs roots) contain(real string) bool {
	for _, r := range rs {
		if real == r || strings.HasPrefix(real, r+string(filepath.Separator)) || r == string(filepath.Separator) {
			return true
		}
	}
	return false
}

func (rs roots) outside(p, real string) error {
	via := ""
	if real != p && filepath.Clean(p) != real {
		via = " (it resolves to " + real + ")"
	}
	return &fs.PathError{Op: "open", Path: p, Err: fmt.Errorf("%w: outside the roots this server may read%s: %s",
		fs.ErrPermission, via, strings.Join(rs, ", "))}
}

func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// confinedFS reads the disk as the workspace does, refusing what lies outside the roots: a
// module, an upstream state or a file linked from elsewhere that the configuration reaches.
type confinedFS struct {
	roots roots
	disk  workspace.OSFS
}

func (c confinedFS) check(p string) error {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return err
	}
	if !c.roots.contain(real) {
		return c.roots.outside(p, real)
	}
	return nil
}

func (c confinedFS) ReadFile(p string) ([]byte, error) {
	if err := c.check(p); err != nil {
		return nil, err
	}
	return c.disk.ReadFile(p)
}

func (c confinedFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	if err := c.check(dir); err != nil {
		return nil, err
	}
	return c.disk.ReadDir(dir)
}

// RealPath lets the workspace see import cycles through links, as on the real disk.
func (c confinedFS) RealPath(p string) (string, error) { return c.disk.RealPath(p) }
