package lsp

import (
	"encoding/base64"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/workspace"
)

// Untitled documents (a new buffer that was never saved: VS Code's untitled:Untitled-1) have no
// file and no directory. Each is analysed as a one-file configuration of its own: its text lives at
// a synthetic path, in a synthetic directory of its own under untitledRoot, which the workspace
// reads through isolatedFS, so no sibling file joins it, a relative `use` or `upstream_state`
// source resolves to nothing, and no .carina/schemas directory is looked for (the embedded
// schemas and the extra ones of the settings apply). The path encodes the URI, so uriOf turns it
// back into the document's URI wherever a location is answered (documents.uriOf: the client's
// spelling of it).

// untitledRoot holds the synthetic directories. Its NUL byte makes it a path no file system has:
// even a stray read of it fails before reaching the disk.
const untitledRoot = string(filepath.Separator) + "\x00untitled"

// untitledFile is the file name of an untitled document in its synthetic directory.
const untitledFile = "untitled.crn"

// untitledPath returns the synthetic path of an untitled: URI, whose parts u holds: the path
// encodes the URI as VS Code spells it, so that every spelling of it names one document.
func untitledPath(u uriParts) string {
	return filepath.Join(untitledRoot, base64.RawURLEncoding.EncodeToString([]byte(u.String())), untitledFile)
}

// isUntitled reports whether a path (a file or a directory) is synthetic.
func isUntitled(path string) bool {
	return path == untitledRoot || strings.HasPrefix(path, untitledRoot+string(filepath.Separator))
}

// untitledURI returns the URI of a synthetic path, and false for any other path.
func untitledURI(path string) (protocol.DocumentURI, bool) {
	if !isUntitled(path) {
		return "", false
	}
	enc, _, _ := strings.Cut(strings.TrimPrefix(path, untitledRoot+string(filepath.Separator)), string(filepath.Separator))
	u, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", false
	}
	return protocol.DocumentURI(u), true
}

// documentPath returns the path a document is analysed under: the file's path for a file: URI, a
// synthetic path for an untitled: URI, "" for anything else (not analysed).
func documentPath(u protocol.DocumentURI) string {
	parts := parseURI(string(u))
	if parts.scheme == "untitled" {
		return untitledPath(parts)
	}
	return parts.filePath(windowsPaths)
}

// isolatedFS is the workspace's file system: the disk, except that the synthetic directories of
// untitled documents exist nowhere (only the open buffers, which the workspace overlays, are in
// them).
type isolatedFS struct {
	disk workspace.FS
}

func notExist(op, path string) error { return &fs.PathError{Op: op, Path: path, Err: fs.ErrNotExist} }

// ReadFile reads a file of the disk.
func (f isolatedFS) ReadFile(path string) ([]byte, error) {
	if isUntitled(path) {
		return nil, notExist("open", path)
	}
	return f.disk.ReadFile(path)
}

// ReadDir lists a directory of the disk.
func (f isolatedFS) ReadDir(dir string) ([]os.DirEntry, error) {
	if isUntitled(dir) {
		return nil, notExist("readdir", dir)
	}
	return f.disk.ReadDir(dir)
}

// RealPath resolves symbolic links when the disk can (the workspace's import-cycle check).
func (f isolatedFS) RealPath(path string) (string, error) {
	if rp, ok := f.disk.(interface{ RealPath(string) (string, error) }); ok && !isUntitled(path) {
		return rp.RealPath(path)
	}
	return filepath.Clean(path), nil
}
