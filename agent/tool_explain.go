package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/docs"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"
)

// ExplainInput names a diagnostic code.
type ExplainInput struct {
	Code string `json:"code" jsonschema:"a diagnostic code, as check reports it: undefined-binding, enum-value, ..."`
}

// ExplainResult is a code's page.
type ExplainResult struct {
	Code          string `json:"code"`
	Page          string `json:"page" jsonschema:"the code's page in Markdown: what it means, why it matters, how to fix it, with an example and its fixed form"`
	Documentation string `json:"documentation" jsonschema:"where the page is published"`
}

func addExplain(s *server) {
	add(s, toolInfo{Name: "explain", Title: "Explain a diagnostic code",
		Description: "The page of a diagnostic code that check reports: what it means, why it matters and how to fix it, with an example."},
		func(_ context.Context, _ *call, in ExplainInput) (ExplainResult, error) { return explain(in.Code) })
}

func explain(code string) (ExplainResult, error) {
	var known []string
	for _, c := range finding.Codes() {
		known = append(known, string(c))
	}
	page, ok := docs.CodePage(code)
	if !ok {
		msg := fmt.Sprintf("%q is no diagnostic code", code)
		if s := spell.Closest(code, known, nil); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else {
			msg += " (the codes: " + strings.Join(known, ", ") + ")"
		}
		return ExplainResult{}, fmt.Errorf("%s", msg)
	}
	return ExplainResult{Code: code, Page: page, Documentation: finding.DocURL(finding.Code(code))}, nil
}
