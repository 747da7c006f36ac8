package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Signature is the signature help for the call around the cursor.
type Signature struct {
	Label  string  // `join(separator: String, list: list) -> String`
	Doc    string  // Markdown
	Params []Param // each Label is a substring of the signature's Label
	Active int     // the parameter the cursor is on; -1 when past the last one the call takes explicitly
}

// Param is one parameter of a signature.
type Param struct {
	Label string // `separator: String`, as it appears in Signature.Label
	Doc   string
}

// SignatureAt returns the signature of the function whose argument list holds byte offset offset
// of f (a built-in, a user function, a let holding a partial application), as types gives it, or
// nil. After `|>` the piped value is the last argument: the
// parameters the call takes explicitly are all but the last.
func SignatureAt(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *Signature {
	if cfg == nil || f == nil || f.AST == nil {
		return nil
	}
	call, ok := cursor.CallAt(f.AST, int32(offset))
	if !ok {
		return nil
	}
	ts, ok := cfg.Types(schemas).CallSignature(f.Path, f.AST.StmtAt(int32(offset)), call.Name)
	if !ok {
		return nil
	}
	sig := signatureOf(ts)
	switch {
	case ts.User:
		if ds := cfg.Functions[call.Name]; len(ds) > 0 {
			sig.Doc = "User-defined function, declared in " + env{cfg: cfg}.where(ds[0]) + "."
		}
	case ts.Closure && ts.Builtin != nil:
		sig.Doc = "A partial application of `" + ts.Builtin.Name + "`. " + sig.Doc
	}
	if call.Piped && len(sig.Params) > 0 {
		last := &sig.Params[len(sig.Params)-1]
		name, _, _ := strings.Cut(last.Label, ":")
		last.Doc = strings.TrimSpace(last.Doc + " (supplied by the pipe: the value before `|>`)")
		sig.Doc += "\n\nPiped: the value before `|>` is " + code(strings.TrimSpace(name)) + ", the last argument."
	}
	sig.Active = ts.Argument(call.Arg, call.Piped)
	return &sig
}
