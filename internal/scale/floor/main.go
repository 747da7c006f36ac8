// Command floor prints one line, as the one-line program of internal/scale does, but links the
// libraries chosen for carina-lsp (zap, go.lsp.dev's protocol and jsonrpc2, participle) at the
// versions of go.mod: their package initialisers run in every process that links them, so this is
// the start-up no command of carina-lsp can go under. internal/scale measures it beside the plain
// one-line program.
package main

import (
	"fmt"

	_ "github.com/alecthomas/participle/v2"
	_ "go.lsp.dev/jsonrpc2"
	_ "go.lsp.dev/protocol"
	_ "go.uber.org/zap"
)

func main() { fmt.Println("hello") }
