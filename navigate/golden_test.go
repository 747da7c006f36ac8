package navigate_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/workspace"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from the output (review every line you accept)")

// TestGolden runs the archives of testdata. Each holds the files of a configuration (and of its
// modules and upstream configurations, in subdirectories), at most one cursor marker <|>, and
// sections naming what to run and what it must return:
//
//	-- want definition --            Definition at the cursor: one location a line
//	-- want references --            References at the cursor, the declaration included
//	-- want references-nodecl --     References at the cursor, without the declaration
//	-- want highlights --            Highlights at the cursor: "write" or "read" and a location
//	-- want prepare-rename --        PrepareRename at the cursor: the location, or "error: ..."
//	-- want rename NAME --           Rename at the cursor to NAME: one edit a line, or "error: ..."
//	-- want symbols FILE --          DocumentSymbols of FILE, as an indented tree
//	-- want folding FILE --          FoldingRanges of FILE: "start-end kind", 1-based lines
//	-- want workspace-symbols QUERY -- WorkspaceSymbols over the configurations of the archive
//
// A location is written "file:line:col-line:col text", with 1-based lines and 1-based UTF-16
// columns.
func TestGolden(t *testing.T) {
	txtar.Run(t, filepath.Join("testdata", "*.txtar"), func(t *testing.T, p string, a *txtar.Archive) {
		fx := newFixture(t, a.Sources())
		txtar.CheckWants(t, p, a, *update, func(op string) []string { return run(t, fx, op) })
	})
}

// run runs one operation of a want section and renders its result.
func run(t *testing.T, fx *fixture, op string) []string {
	t.Helper()
	verb, arg, _ := strings.Cut(op, " ")
	var out []string
	switch verb {
	case "definition":
		cfg, f, off := fx.cursorConfig(t)
		for _, l := range navigate.Definition(cfg, f, off) {
			out = append(out, fx.showSpan(t, l.Path, l.Span))
		}
	case "references", "references-nodecl":
		cfg, f, off := fx.cursorConfig(t)
		for _, l := range navigate.References(cfg, f, off, verb == "references") {
			out = append(out, fx.showSpan(t, l.Path, l.Span))
		}
	case "highlights":
		cfg, f, off := fx.cursorConfig(t)
		for _, h := range navigate.Highlights(cfg, f, off) {
			kind := "read"
			if h.Write {
				kind = "write"
			}
			out = append(out, kind+" "+fx.showSpan(t, f.Path, h.Span))
		}
	case "prepare-rename":
		cfg, f, off := fx.cursorConfig(t)
		s, text, err := navigate.PrepareRename(cfg, f, off)
		if err != nil {
			return []string{"error: " + err.Error()}
		}
		out = append(out, fx.showSpan(t, f.Path, s)+" (placeholder "+text+")")
	case "rename":
		cfg, f, off := fx.cursorConfig(t)
		edits, err := navigate.Rename(cfg, f, off, arg)
		if err != nil {
			return []string{"error: " + err.Error()}
		}
		files := make([]string, 0, len(edits))
		for p := range edits {
			files = append(files, p)
		}
		slices.Sort(files)
		for _, p := range files {
			for _, e := range edits[p] {
				out = append(out, fx.showSpan(t, p, e.Span)+" -> "+e.NewText)
			}
		}
	case "symbols":
		_, f := fx.config(t, arg)
		out = showSymbols(t, fx, f, navigate.DocumentSymbols(f), "")
	case "folding":
		_, f := fx.config(t, arg)
		for _, fo := range navigate.FoldingRanges(f) {
			l := fmt.Sprintf("%d-%d", fo.StartLine+1, fo.EndLine+1)
			if fo.Kind != "" {
				l += " " + fo.Kind
			}
			out = append(out, l)
		}
	case "workspace-symbols":
		var cfgs []*workspace.Config
		names := make([]string, 0, len(fx.files))
		for name := range fx.files {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			cfg, _ := fx.config(t, name)
			cfgs = append(cfgs, cfg)
		}
		for _, s := range navigate.WorkspaceSymbols(context.Background(), cfgs, arg) {
			out = append(out, fmt.Sprintf("%s %s (%s) %s", s.Kind, s.Name, s.Container, fx.showSpan(t, s.Path, s.Span)))
		}
	default:
		t.Fatalf("unknown operation %q", op)
	}
	return out
}

// showSymbols renders an outline, one symbol a line, children indented:
//
//	kind name "detail" 5:1-8:2 @5:5-5:9
//
// (the symbol's lines and columns, then its name's), checking the name lies in the symbol.
func showSymbols(t *testing.T, fx *fixture, f *workspace.File, syms []navigate.Symbol, indent string) []string {
	t.Helper()
	var out []string
	pos := func(off int32) string {
		l, c := f.Lines.UTF16(int(off))
		return fmt.Sprintf("%d:%d", l+1, c+1)
	}
	for _, s := range syms {
		if s.NameSpan.Start < s.Span.Start || s.NameSpan.End > s.Span.End {
			t.Errorf("symbol %s: name span %v outside its span %v", s.Name, s.NameSpan, s.Span)
		}
		l := fmt.Sprintf("%s%s %s", indent, s.Kind, s.Name)
		if s.Detail != "" {
			l += fmt.Sprintf(" %q", s.Detail)
		}
		l += fmt.Sprintf(" %s-%s @%s-%s", pos(s.Span.Start), pos(s.Span.End), pos(s.NameSpan.Start), pos(s.NameSpan.End))
		out = append(out, l)
		out = append(out, showSymbols(t, fx, f, s.Children, indent+"  ")...)
	}
	return out
}
