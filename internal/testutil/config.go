package testutil

import (
	"context"
	"testing"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Config builds the configuration of dir (Root, or a directory below it) over files, slash paths
// relative to Root (see NewMemFS), failing the test as ConfigOf does.
func Config(tb testing.TB, files map[string]string, dir string) *workspace.Config {
	tb.Helper()
	return ConfigOf(tb, workspace.New(NewMemFS(files)), dir)
}

// ConfigOf returns the configuration of dir as ws loads it, failing the test on an error or on a
// file of the configuration that could not be read.
func ConfigOf(tb testing.TB, ws *workspace.Workspace, dir string) *workspace.Config {
	tb.Helper()
	cfg, err := ws.Config(context.Background(), dir)
	if err != nil {
		tb.Fatalf("Config: %v", err)
	}
	for _, le := range cfg.LoadErrors {
		tb.Fatalf("load error: %s: %v", le.Path, le.Err)
	}
	return cfg
}

// defaults is the embedded aws and awscc schema set, loaded once for a test binary.
var defaults schema.Defaults

// EmbeddedIndex returns the index of the embedded aws and awscc schemas.
func EmbeddedIndex(tb testing.TB) *schema.Index {
	tb.Helper()
	idx, err := defaults.Index()
	if err != nil {
		tb.Fatalf("embedded schemas: %v", err)
	}
	return idx
}

// EmbeddedWith returns the embedded schemas overridden by extra providers.
func EmbeddedWith(tb testing.TB, extra ...*schema.Provider) *schema.Index {
	tb.Helper()
	idx, err := defaults.With(extra...)
	if err != nil {
		tb.Fatal(err)
	}
	return idx
}

// ChosenIndex returns the embedded schemas a configuration over files chooses (its provider
// blocks' versions, a carina-providers.lock among files), with the choice of a caller for a module
// that pins nothing (inherited may be nil).
func ChosenIndex(tb testing.TB, files map[string]string, cfg *workspace.Config, inherited map[string]schema.Choice) (*schema.Index, map[string]schema.Choice) {
	tb.Helper()
	pins := cfg.Pins()
	pins.Inherited = inherited
	choices, err := defaults.Choose(NewMemFS(files).ReadFile, pins)
	if err != nil {
		tb.Fatalf("choosing schemas: %v", err)
	}
	idx, err := defaults.For(choices)
	if err != nil {
		tb.Fatalf("embedded schemas: %v", err)
	}
	return idx, choices
}
