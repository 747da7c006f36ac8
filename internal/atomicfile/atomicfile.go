// Package atomicfile replaces the content of existing files so that a reader never sees one
// half-written: the one way the module writes a file in place (`fmt -w`, `check -fix`).
package atomicfile

import (
	"os"
	"path/filepath"
)

// Replace replaces the content of the file at path (through symbolic links) with text: it writes
// a temporary file in the same directory, gives it the file's permissions and renames it over
// the file. On an error the file is as it was and no temporary file is left.
func Replace(path, text string) (err error) {
	if path, err = filepath.EvalSymlinks(path); err != nil {
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.WriteString(text); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
