package navigate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/workspace"
)

// benchLines is the size of the benchmark file: the corpus concatenated to about 10,000 lines.
const benchLines = 10000

// benchSetup loads the 10,000-line file as a configuration and picks a resolved reference in
// its middle as the cursor.
func benchSetup(b *testing.B) (*workspace.Config, *workspace.File, int) {
	b.Helper()
	src, _ := corpus.Concat(b, benchLines)
	fx := newFixture(b, map[string]string{"main.crn": src})
	cfg, f := fx.config(b, "main.crn")
	for _, r := range cfg.Refs {
		if r.Decl != nil && r.Kind == workspace.RefValue && int(r.Span.Start) > len(src)/2 {
			return cfg, f, int(r.Span.Start) + 1
		}
	}
	b.Fatal("no resolved reference in the second half of the corpus")
	return nil, nil, 0
}

func BenchmarkDefinition(b *testing.B) {
	cfg, f, off := benchSetup(b)
	for b.Loop() {
		if len(navigate.Definition(cfg, f, off)) != 1 {
			b.Fatal("no definition")
		}
	}
}

func BenchmarkReferences(b *testing.B) {
	cfg, f, off := benchSetup(b)
	for b.Loop() {
		if len(navigate.References(cfg, f, off, true)) < 2 {
			b.Fatal("no references")
		}
	}
}

func BenchmarkHighlights(b *testing.B) {
	cfg, f, off := benchSetup(b)
	for b.Loop() {
		navigate.Highlights(cfg, f, off)
	}
}

func BenchmarkRename(b *testing.B) {
	cfg, f, off := benchSetup(b)
	for b.Loop() {
		navigate.Rename(cfg, f, off, "renamed_for_bench")
	}
}

func BenchmarkDocumentSymbols(b *testing.B) {
	_, f, _ := benchSetup(b)
	for b.Loop() {
		navigate.DocumentSymbols(f)
	}
}

func BenchmarkFoldingRanges(b *testing.B) {
	_, f, _ := benchSetup(b)
	for b.Loop() {
		navigate.FoldingRanges(f)
	}
}

func BenchmarkWorkspaceSymbols(b *testing.B) {
	cfg, _, _ := benchSetup(b)
	cfgs := []*workspace.Config{cfg}
	for b.Loop() {
		navigate.WorkspaceSymbols(context.Background(), cfgs, "vpc")
	}
}

// BenchmarkDefinitionMiss is the worst case: the cursor on the last keyword of the file, where
// every reference and declaration is looked at before the syntax tree says what it is.
func BenchmarkDefinitionMiss(b *testing.B) {
	cfg, f, _ := benchSetup(b)
	off := strings.LastIndex(f.Text(), "let ") + 1
	for b.Loop() {
		if len(navigate.Definition(cfg, f, off)) != 0 {
			b.Fatal("a definition for a keyword")
		}
	}
}
