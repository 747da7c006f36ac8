package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// executeCommand answers workspace/executeCommand for the code lenses' command
// (locationsCommand): it returns the locations the lens carries, for clients that show a
// command's result rather than running a command of their own.
func executeCommand(_ context.Context, _ *Server, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command != locationsCommand {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "unknown command "+p.Command)
	}
	if len(p.Arguments) != 3 {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, locationsCommand+" takes a URI, a position and locations")
	}
	raw, err := json.Marshal(p.Arguments[2])
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	var locs []protocol.Location
	if err := json.Unmarshal(raw, &locs); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, locationsCommand+": the third argument is a list of locations: "+err.Error())
	}
	return locs, nil
}
