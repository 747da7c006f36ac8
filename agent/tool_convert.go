package agent

import (
	"context"
	"fmt"

	"github.com/carina-rs/carina-lsp/cfn"
)

// ConvertInput is the convert tool's input.
type ConvertInput struct {
	Template        string `json:"template" jsonschema:"a CloudFormation template, YAML or JSON"`
	ProviderVersion string `json:"providerVersion,omitempty" jsonschema:"map through the embedded awscc schemas of this version and pin it (default: the newest)"`
	Region          string `json:"region,omitempty" jsonschema:"the provider block's region (default: us-east-1, noted as left to set)"`
}

// ConvertResult is a conversion.
type ConvertResult struct {
	Text    string `json:"text" jsonschema:"the Carina configuration, formatted (one file, main.crn)"`
	Notes   []Note `json:"notes" jsonschema:"what was left to finish by hand (left) and how things were read, with their places in the template"`
	Summary string `json:"summary"`
	Left    int    `json:"left" jsonschema:"how many notes are left to finish"`
}

// Note is one of a conversion's notes.
type Note struct {
	Line    int    `json:"line" jsonschema:"1-based line in the template"`
	Column  int    `json:"column" jsonschema:"1-based column"`
	What    string `json:"what" jsonschema:"what of the template: Resources.VPC, Parameters.Env, ..."`
	Message string `json:"message"`
	Left    bool   `json:"left"`
	Text    string `json:"text" jsonschema:"the note as carina-lsp convert prints it"`
}

func addConvert(s *server) {
	add(s, toolInfo{Name: "convert", Title: "CloudFormation to Carina",
		Description: "Converts a CloudFormation template (YAML or JSON) to a Carina configuration for the awscc provider " +
			"(aws for the few types awscc lacks), as `carina-lsp convert` does, with a note at whatever is left to finish."},
		func(ctx context.Context, c *call, in ConvertInput) (ConvertResult, error) { return c.convert(ctx, in) })
}

func (c *call) convert(ctx context.Context, in ConvertInput) (ConvertResult, error) {
	if in.Template == "" {
		return ConvertResult{}, fmt.Errorf("template is empty")
	}
	if err := boundText("template", in.Template); err != nil {
		return ConvertResult{}, err
	}
	tmpl, err := cfn.Read([]byte(in.Template))
	if err != nil {
		return ConvertResult{}, fmt.Errorf("template:%w", err)
	}
	idx, err := cfn.Schemas(c.sources.Defaults(), in.ProviderVersion)
	if err != nil {
		return ConvertResult{}, fmt.Errorf("providerVersion: %w", err)
	}
	if in.Region != "" && !cfn.KnownRegion(idx, in.Region) {
		return ConvertResult{}, fmt.Errorf("region: %q is no region the awscc schemas know (us-east-1, eu-west-1, ...)", in.Region)
	}
	res, err := cfn.Convert(ctx, tmpl, cfn.Options{Schemas: idx, Region: in.Region, ProviderVersion: in.ProviderVersion})
	if err != nil {
		return ConvertResult{}, err
	}
	out := ConvertResult{Text: res.Text, Notes: []Note{}, Summary: res.Summary(), Left: res.Left()}
	for _, n := range res.Notes {
		out.Notes = append(out.Notes, Note{Line: n.At.Line, Column: n.At.Col, What: n.What, Message: n.Msg, Left: n.Left, Text: n.String()})
	}
	return out, nil
}
