package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// handler is how the server answers one method.
type handler struct {
	notification bool // no reply
	// ordered handlers run on the connection's reading goroutine, before the next message is
	// read: document notifications (so a later request sees the edit) and the lifecycle.
	// Other requests run concurrently and can be cancelled.
	ordered bool
	fn      func(ctx context.Context, s *Server, params json.RawMessage) (any, error)
}

// request adapts a typed request handler.
func request[P any](ordered bool, f func(ctx context.Context, s *Server, p *P) (any, error)) handler {
	return handler{ordered: ordered, fn: func(ctx context.Context, s *Server, raw json.RawMessage) (any, error) {
		p := new(P)
		if err := decodeParams(raw, p); err != nil {
			return nil, err
		}
		return f(ctx, s, p)
	}}
}

// notification adapts a typed notification handler; notifications always run in order.
func notification[P any](f func(ctx context.Context, s *Server, p *P) error) handler {
	return handler{notification: true, ordered: true, fn: func(ctx context.Context, s *Server, raw json.RawMessage) (any, error) {
		p := new(P)
		if err := decodeParams(raw, p); err != nil {
			return nil, err
		}
		return nil, f(ctx, s, p)
	}}
}

func decodeParams(raw json.RawMessage, p any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, p); err != nil {
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("invalid params: %v", err))
	}
	return nil
}

// methods is the dispatch table: every method the server answers. Each entry's handler lives in
// the file named for the method.
func methods() map[string]handler {
	return map[string]handler{
		"initialize":                             request(true, initialize),
		"initialized":                            notification(initialized),
		"shutdown":                               request(true, shutdown),
		"textDocument/didOpen":                   notification(didOpen),
		"textDocument/didChange":                 notification(didChange),
		"textDocument/didClose":                  notification(didClose),
		"textDocument/didSave":                   notification(didSave),
		"workspace/didChangeWatchedFiles":        notification(didChangeWatchedFiles),
		"workspace/didChangeConfiguration":       notification(didChangeConfiguration),
		"workspace/didChangeWorkspaceFolders":    notification(didChangeWorkspaceFolders),
		"$/setTrace":                             notification(setTrace),
		"textDocument/formatting":                request(false, formatting),
		"textDocument/rangeFormatting":           request(false, rangeFormatting),
		"textDocument/codeAction":                request(false, codeAction),
		"textDocument/completion":                request(false, textDocumentCompletion),
		"textDocument/hover":                     request(false, textDocumentHover),
		"textDocument/signatureHelp":             request(false, signatureHelp),
		"textDocument/inlayHint":                 request(false, inlayHints),
		"textDocument/definition":                request(false, definition),
		"textDocument/references":                request(false, references),
		"textDocument/prepareRename":             request(false, prepareRename),
		"textDocument/rename":                    request(false, rename),
		"textDocument/documentSymbol":            request(false, documentSymbol),
		"workspace/symbol":                       request(false, workspaceSymbol),
		"textDocument/documentHighlight":         request(false, documentHighlight),
		"textDocument/foldingRange":              request(false, foldingRange),
		"textDocument/documentLink":              request(false, documentLink),
		"textDocument/selectionRange":            request(false, selectionRange),
		"textDocument/semanticTokens/full":       request(false, semanticTokensFull),
		"textDocument/semanticTokens/full/delta": request(false, semanticTokensFullDelta),
		"textDocument/semanticTokens/range":      request(false, semanticTokensRange),
		"textDocument/prepareCallHierarchy":      request(false, prepareCallHierarchy),
		"callHierarchy/incomingCalls":            request(false, incomingCalls),
		"callHierarchy/outgoingCalls":            request(false, outgoingCalls),
		"textDocument/codeLens":                  request(false, codeLens),
		"workspace/willRenameFiles":              request(false, willRenameFiles),
		"textDocument/diagnostic":                request(false, documentDiagnostic),
		"workspace/diagnostic":                   request(false, workspaceDiagnostic),
		"workspace/executeCommand":               request(false, executeCommand),
		"carina/graph":                           request(false, carinaGraph),
		"carina/plan":                            request(false, carinaPlan),
	}
}

// handle is the connection's handler: it enforces the lifecycle, dispatches, runs requests
// concurrently with cancellation, and turns panics into error responses.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	method := req.Method()
	call, isCall := req.(*jsonrpc2.Call)
	switch method {
	case "$/cancelRequest":
		s.cancelRequest(req.Params())
		return replyCall(ctx, reply, isCall, nil)
	case "exit":
		err := replyCall(ctx, reply, isCall, nil)
		s.exit()
		return err
	}
	h, known := s.methods[method]
	state := s.lifecycle()
	switch {
	case state == created && method != "initialize":
		if isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, fmt.Sprintf("%s before initialize", method)))
		}
		return nil // notifications before initialize are dropped
	case state != created && method == "initialize":
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize was already received"))
	case state == shutDown:
		if isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, fmt.Sprintf("%s after shutdown", method)))
		}
		return nil
	case !known:
		if isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("method not supported: %s", method)))
		}
		return nil // unknown notifications ($/progress, ...) are ignored
	}
	if h.notification || !isCall {
		_, err := s.run(ctx, method, h, req.Params())
		if isCall {
			// A notification sent with an id: every request is answered.
			return reply(ctx, nil, err)
		}
		if err != nil {
			s.log.Warn("notification failed", zap.String("method", method), zap.Error(err))
		}
		return nil
	}
	if h.ordered {
		res, err := s.run(ctx, method, h, req.Params())
		res, then := afterReplied(res)
		defer then()
		return reply(ctx, res, err)
	}
	id := idKey(call.ID())
	rctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	s.inflight[id] = cancel
	s.mu.Unlock()
	go func() {
		defer func() {
			s.mu.Lock()
			delete(s.inflight, id)
			s.mu.Unlock()
			cancel()
		}()
		res, err := s.run(rctx, method, h, req.Params())
		if rctx.Err() != nil && ctx.Err() == nil {
			res, err = nil, protocol.ErrRequestCancelled
		}
		res, then := afterReplied(res)
		if rerr := reply(context.WithoutCancel(ctx), res, err); rerr != nil {
			s.log.Debug("reply failed", zap.String("method", method), zap.Error(rerr))
		}
		then()
	}()
	return nil
}

// thenResult is a handler's result with work to do once it has been sent: what needs the answer
// gone first (the memory of a large one given back).
type thenResult struct {
	result any
	then   func()
}

// afterReplied splits a handler's result into the answer and what to do once it is sent.
func afterReplied(res any) (any, func()) {
	if t, ok := res.(thenResult); ok {
		return t.result, t.then
	}
	return res, func() {}
}

// replyCall answers a notification method sent as a request (with an id): every request gets a
// response.
func replyCall(ctx context.Context, reply jsonrpc2.Replier, isCall bool, err error) error {
	if !isCall {
		return nil
	}
	return reply(ctx, nil, err)
}

// run calls a handler, logging its duration, and turns a panic into an internal error.
func (s *Server) run(ctx context.Context, method string, h handler, params json.RawMessage) (res any, err error) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("handler panicked", zap.String("method", method), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
			res, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("internal error in %s: %v", method, r))
		}
		s.log.Debug("handled", zap.String("method", method), zap.Duration("took", time.Since(start)), zap.Error(err))
	}()
	return h.fn(ctx, s, params)
}

// idKey is a request id as a map key: numbers and strings are distinct ("1" is not 1).
func idKey(id jsonrpc2.ID) string {
	b, _ := json.Marshal(&id) // ID's MarshalJSON has a pointer receiver: a value encodes as {}
	return string(b)
}

func (s *Server) cancelAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.inflight {
		c()
	}
}
