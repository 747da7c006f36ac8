//go:build !unix

package workspace

import "os"

// readFile is os.ReadFile (see readfile_unix.go for why there is another).
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
