package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// lensArguments are the arguments of locationsCommand: a document, the position of a binding's
// name in it, and which of its locations (see codeLens).
type lensArguments struct {
	URI      protocol.DocumentURI
	Position protocol.Position
	What     string
}

// executeCommand answers workspace/executeCommand: the code lenses' command (locationsCommand,
// the locations the lens counts, in the current build) and the conversion of CloudFormation
// (convertCommand).
func executeCommand(ctx context.Context, s *Server, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command == convertCommand {
		var a convertArguments
		if err := decodeArguments(p.Arguments, &a); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, convertCommand+` takes {"text": ..., "uri", "fragment", "region"}: `+err.Error())
		}
		return s.convertCloudFormation(ctx, a)
	}
	if p.Command != locationsCommand {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "unknown command "+p.Command)
	}
	var a lensArguments
	if err := decodeArguments(p.Arguments, &a.URI, &a.Position, &a.What); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, locationsCommand+" takes a document URI, a position and references, dependents or waits: "+err.Error())
	}
	locs, ok := s.lensLocations(ctx, a.URI, a.Position, a.What)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, locationsCommand+": unknown locations "+a.What+" (want references, dependents or waits)")
	}
	return locs, nil
}

// decodeArguments decodes a command's arguments, in order, into outs.
func decodeArguments(args []any, outs ...any) error {
	if len(args) != len(outs) {
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, "wrong number of arguments")
	}
	for i, a := range args {
		raw, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(raw, outs[i]); err != nil {
			return err
		}
	}
	return nil
}
