package agent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/session"
)

// Input names what a tool reads: a directory or a file on disk, or a text given inline as the
// file at path.
type Input struct {
	Path string `json:"path,omitempty" jsonschema:"a configuration directory or a .crn file, absolute or relative to the first root (default: the first root); with text, the file the text stands for (default: main.crn in the first root), whose directory holds the rest of the configuration"`
	Text string `json:"text,omitempty" jsonschema:"a .crn file's text, read as the file at path instead of what is on disk (nothing is written)"`
}

// target resolves in inside the roots: the configuration's directory, the file named (when one
// is), and whether the text stands for it.
func (c *call) target(in Input) (t session.Target, file string, err error) {
	if in.Text != "" {
		if err := boundText("text", in.Text); err != nil {
			return t, "", err
		}
		file, err = c.roots.resolveNew(in.Path)
		if err != nil {
			return t, "", err
		}
		if filepath.Ext(file) != ".crn" {
			return t, "", fmt.Errorf("%s: a text stands for a .crn file", in.Path)
		}
		return session.Target{Dir: filepath.Dir(file), Only: map[string]bool{file: true}}, file, nil
	}
	p, err := c.roots.resolve(in.Path)
	if err != nil {
		return t, "", err
	}
	st, err := os.Stat(p)
	if err != nil {
		return t, "", err
	}
	if st.IsDir() {
		return session.Target{Dir: p}, "", nil
	}
	if filepath.Ext(p) != ".crn" {
		return t, "", fmt.Errorf("%s is no .crn file", in.Path)
	}
	return session.Target{Dir: filepath.Dir(p), Only: map[string]bool{p: true}}, p, nil
}

// chainError is the mistakes of a broken carina-lsp.toml chain as one error.
func chainError(chain *config.Chain) error {
	errs := make([]error, len(chain.Errors))
	for i, e := range chain.Errors {
		errs[i] = e
	}
	return errors.Join(errs...)
}
