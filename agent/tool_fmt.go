package agent

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/carina-rs/carina-lsp/fmttree"
)

// FmtInput is the fmt tool's input.
type FmtInput struct {
	Input
	Indent int  `json:"indent,omitempty" jsonschema:"spaces per indentation level (default: carina-lsp.toml's, else 2)"`
	Tabs   bool `json:"tabs,omitempty" jsonschema:"indent with tabs"`
}

// FmtResult is the formatted text.
type FmtResult struct {
	Text    string `json:"text"`
	Changed bool   `json:"changed" jsonschema:"the formatting differs from the input"`
}

func addFmt(s *server) {
	add(s, toolInfo{Name: "fmt", Title: "Format Carina",
		Description: "A .crn file or an inline text formatted in the style of carina fmt, as `carina-lsp fmt` prints it; " +
			"returned, never written. A text with syntax errors is not formatted: the error lists them."},
		func(ctx context.Context, c *call, in FmtInput) (FmtResult, error) { return c.fmt(ctx, in) })
}

func (c *call) fmt(ctx context.Context, in FmtInput) (FmtResult, error) {
	if in.Indent < 0 || in.Indent > 16 {
		return FmtResult{}, fmt.Errorf("indent must be from 1 to 16, got %d", in.Indent)
	}
	var stdout, stderr bytes.Buffer
	o := fmttree.Options{Stdout: &stdout, Stderr: &stderr, Blocks: true, Indent: in.Indent, IndentSet: in.Indent > 0,
		Tabs: in.Tabs, TabsSet: in.Tabs, Prefix: "fmt: "}
	var before string
	path := "-"
	if in.Text != "" {
		if err := boundText("text", in.Text); err != nil {
			return FmtResult{}, err
		}
		o.Stdin, before = strings.NewReader(in.Text), in.Text
	} else {
		t, file, err := c.target(in.Input)
		if err != nil {
			return FmtResult{}, err
		}
		if file == "" {
			return FmtResult{}, fmt.Errorf("%s is a directory: fmt takes a .crn file or a text", t.Dir)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return FmtResult{}, err
		}
		path, before = file, string(data)
	}
	if res := fmttree.Run(ctx, []string{path}, o); res.Failed {
		return FmtResult{}, fmt.Errorf("%s", strings.TrimSpace(stderr.String()))
	}
	return FmtResult{Text: stdout.String(), Changed: stdout.String() != before}, nil
}
