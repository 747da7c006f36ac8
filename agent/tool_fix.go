package agent

import (
	"context"
	"maps"
	"slices"

	"github.com/carina-rs/carina-lsp/fix"
	"github.com/carina-rs/carina-lsp/session"
)

// FixInput is the fix tool's input.
type FixInput struct {
	Input
	Unsafe bool `json:"unsafe,omitempty" jsonschema:"apply suggestions too (a did-you-mean among several names), not only the safe fixes"`
}

// FixResult is what the fix tool returns: the new texts, nothing written.
type FixResult struct {
	Files    []FileText `json:"files" jsonschema:"the new text of every file the fixes changed (with text given: that file's, changed or not)"`
	Applied  []string   `json:"applied" jsonschema:"each fix applied, as check -fix says it: path:line:col: code: title"`
	Rejected []string   `json:"rejected,omitempty" jsonschema:"files whose fixes would have left a syntax error: kept as they were"`
}

// FileText is a file's whole text.
type FileText struct {
	File string `json:"file"`
	Text string `json:"text"`
}

func addFix(s *server) {
	add(s, toolInfo{Name: "fix", Title: "Apply the safe fixes",
		Description: "The texts of a configuration directory, a .crn file or an inline text with the safe quick fixes applied, " +
			"round after round, as `carina-lsp check -fix` does; returned, never written. Check again afterwards for what remains."},
		func(ctx context.Context, c *call, in FixInput) (FixResult, error) { return c.fix(ctx, in) })
}

func (c *call) fix(ctx context.Context, in FixInput) (FixResult, error) {
	t, file, err := c.target(in.Input)
	if err != nil {
		return FixResult{}, err
	}
	sess := c.session()
	if in.Text != "" {
		sess.Workspace().SetOverlay(file, in.Text)
	}
	chain := sess.Chain(t.Dir, "")
	if len(chain.Errors) > 0 {
		return FixResult{}, chainError(chain)
	}
	loaded, err := sess.Load(ctx, t.Dir, session.Check{Chain: chain})
	if err != nil {
		return FixResult{}, err
	}
	res, err := fix.Config(ctx, sess.Workspace(), t.Dir, loaded.Schemas,
		fix.Options{Unsafe: in.Unsafe, Only: t.Only, Check: session.ChecksOf(chain, nil, nil)})
	if err != nil {
		return FixResult{}, err
	}
	out := FixResult{Files: []FileText{}, Applied: []string{}, Rejected: res.Rejected}
	if in.Text != "" {
		if _, ok := res.Texts[file]; !ok {
			res.Texts[file] = in.Text
		}
	}
	for _, p := range slices.Sorted(maps.Keys(res.Texts)) {
		out.Files = append(out.Files, FileText{File: p, Text: res.Texts[p]})
	}
	for _, a := range res.Applied {
		out.Applied = append(out.Applied, a.String())
	}
	return out, nil
}
