package lsp

import (
	"encoding/json"
	"fmt"

	"go.uber.org/zap/zapcore"
)

// Settings are what the client configures, through initializationOptions or
// workspace/didChangeConfiguration, either at the top level or under a "carina" section:
//
//	{ "schemas": ["./schemas/extra.json"], "logLevel": "debug", "disable": ["pipe-form"], "listToBlocks": false }
type Settings struct {
	// Schemas are schema index files or directories of them, added after the embedded aws and
	// awscc schemas and the workspace's .carina/schemas, overriding them per resource type.
	Schemas []string `json:"schemas"`
	// LogLevel is the level of the server's log on stderr: debug, info, warn or error.
	LogLevel string `json:"logLevel"`
	// Disable lists diagnostic codes not to report, as `carina-lsp check -disable` does.
	Disable []string `json:"disable"`
	// ListToBlocks turns formatting's list-to-block rewrite on or off (nil: on, as in
	// `carina-lsp fmt`).
	ListToBlocks *bool `json:"listToBlocks"`
	// InlayHints turns kinds of inlay hints on (the waits' effective timeouts are always shown).
	InlayHints InlayHintSettings `json:"inlayHints"`
}

// InlayHintSettings are the inlay hints a client asks for beside the waits' timeouts.
type InlayHintSettings struct {
	// Types shows the inferred types of lets, locals, loop variables and untyped parameters.
	Types bool `json:"types"`
}

// listToBlocks reports whether formatting rewrites lists of maps as blocks.
func (s Settings) listToBlocks() bool { return s.ListToBlocks == nil || *s.ListToBlocks }

// parseSettings reads settings from a JSON value (nil when absent).
func parseSettings(raw any) (Settings, bool, error) {
	if raw == nil {
		return Settings{}, false, nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return Settings{}, false, err
	}
	var wrapped struct {
		Carina *Settings `json:"carina"`
	}
	if json.Unmarshal(b, &wrapped) == nil && wrapped.Carina != nil {
		return *wrapped.Carina, true, nil
	}
	var s Settings
	if err := json.Unmarshal(b, &s); err != nil {
		return Settings{}, false, fmt.Errorf("settings: %w", err)
	}
	return s, true, nil
}

// logLevel parses a log level name.
func logLevel(name string) (zapcore.Level, error) {
	var l zapcore.Level
	err := l.UnmarshalText([]byte(name))
	return l, err
}
