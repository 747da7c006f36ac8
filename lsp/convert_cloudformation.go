package lsp

import (
	"context"
	"errors"
	"path/filepath"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/cfn"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// convertCommand converts CloudFormation (a template, Resources entries or one resource) to
// Carina, for the editors' "Paste as Carina" and "Convert CloudFormation" (every client gets the
// same result as `carina-lsp convert`).
const convertCommand = "carina.convertCloudFormation"

// convertArguments are convertCommand's one argument.
type convertArguments struct {
	Text string `json:"text"`
	// URI is the document the result goes into: its configuration's schemas (the provider version
	// it pins) are used. Empty: the embedded ones.
	URI protocol.DocumentURI `json:"uri,omitempty"`
	// Fragment leaves out the heading and the provider block: for pasting into a configuration.
	Fragment bool   `json:"fragment,omitempty"`
	Region   string `json:"region,omitempty"`
}

// convertResult is convertCommand's answer.
type convertResult struct {
	Text      string        `json:"text"`
	Notes     []convertNote `json:"notes"`
	Resources int           `json:"resources"`
	Converted int           `json:"converted"`
}

// convertNote is a note of the conversion at a place of the CloudFormation text converted (an
// LSP position in it: 0-based line, UTF-16 character).
type convertNote struct {
	Line      int    `json:"line"`
	Character int    `json:"character"`
	What      string `json:"what"`
	Message   string `json:"message"`
	Left      bool   `json:"left"`
}

// convertCloudFormation runs convertCommand. A text that cannot be read is an InvalidParams error
// whose message has the place: "2:3: the resource A has no Type".
func (s *Server) convertCloudFormation(ctx context.Context, a convertArguments) (*convertResult, error) {
	tmpl, err := cfn.ReadFragment([]byte(a.Text))
	if err != nil {
		var e *cfn.Error
		if errors.As(err, &e) {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "CloudFormation: "+e.Error())
		}
		return nil, err
	}
	idx, cfg, err := s.convertTarget(ctx, a.URI)
	if err != nil {
		return nil, err
	}
	opts := cfn.Options{Schemas: idx, Region: a.Region, Fragment: a.Fragment}
	if cfg != nil {
		opts.Taken, opts.Lets = boundNames(cfg), lets(cfg)
	}
	res, err := cfn.Convert(ctx, tmpl, opts)
	if err != nil {
		return nil, err
	}
	out := &convertResult{Text: res.Text, Notes: []convertNote{}, Resources: res.Resources, Converted: res.Converted}
	lines := source.NewLines(a.Text)
	for _, n := range res.Notes {
		l, c := lines.UTF16(lines.LineStart(n.At.Line-1) + n.At.Col - 1)
		out.Notes = append(out.Notes, convertNote{Line: l, Character: c, What: n.What, Message: n.Msg, Left: n.Left})
	}
	return out, nil
}

// convertTarget is what a conversion for the document at uri maps through: its configuration's
// schemas (else the embedded default), and the configuration, whose names the conversion's
// bindings must not take and whose bindings it may read (nil for none).
func (s *Server) convertTarget(ctx context.Context, uri protocol.DocumentURI) (*schema.Index, *workspace.Config, error) {
	if uri != "" {
		if p := documentPath(uri); p != "" && !isUntitled(filepath.Dir(p)) {
			if cfg, idx, err := s.config(ctx, filepath.Dir(p)); err == nil && idx != nil {
				return idx, cfg, nil
			}
		}
	}
	idx, err := s.schemas.Base()
	return idx, nil, err
}

// lets are a configuration's top-level let bindings a pasted Ref or Fn::GetAtt may read: the
// resource type of a resource or data source, "" for a value (cfn.Options.Lets). A name bound
// twice is left out: which one a paste means is not known.
func lets(cfg *workspace.Config) map[string]string {
	out := map[string]string{}
	for n, decls := range cfg.Bindings {
		if len(decls) != 1 {
			continue
		}
		switch d := decls[0]; d.Kind {
		case workspace.Value:
			out[n] = ""
		case workspace.Resource, workspace.DataSource:
			out[n] = d.ResourceType()
		}
	}
	return out
}

// boundNames are the top-level names of a configuration: bindings, functions, modules and
// upstream states.
func boundNames(cfg *workspace.Config) []string {
	var out []string
	for _, m := range []map[string][]*workspace.Decl{cfg.Bindings, cfg.Functions} {
		for n := range m {
			out = append(out, n)
		}
	}
	for n := range cfg.Modules {
		out = append(out, n)
	}
	for n := range cfg.Upstreams {
		out = append(out, n)
	}
	return out
}
