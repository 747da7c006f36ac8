package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
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
	call, ok := callAt(f.AST, int32(offset))
	if !ok {
		return nil
	}
	ts, ok := cfg.Types(schemas).CallSignature(f.Path, f.AST.StmtAt(int32(offset)), call.name)
	if !ok {
		return nil
	}
	sig := signatureOf(ts)
	switch {
	case ts.User:
		if ds := cfg.Functions[call.name]; len(ds) > 0 {
			sig.Doc = "User-defined function, declared in " + env{cfg: cfg}.where(ds[0]) + "."
		}
	case ts.Closure && ts.Builtin != nil:
		sig.Doc = "A partial application of `" + ts.Builtin.Name + "`. " + sig.Doc
	}
	explicit := len(sig.Params)
	if call.piped && explicit > 0 {
		explicit--
		last := &sig.Params[len(sig.Params)-1]
		name, _, _ := strings.Cut(last.Label, ":")
		last.Doc = strings.TrimSpace(last.Doc + " (supplied by the pipe: the value before `|>`)")
		sig.Doc += "\n\nPiped: the value before `|>` is " + code(strings.TrimSpace(name)) + ", the last argument."
	}
	sig.Active = call.arg
	if sig.Active >= explicit {
		sig.Active = -1
	}
	return &sig
}

// callSite is a call whose argument list holds the cursor.
type callSite struct {
	name  string
	arg   int  // index of the argument the cursor is in (commas before it at the call's depth)
	piped bool // the call follows `|>`
}

// callAt finds, from the tokens before off, the innermost function call whose "(" is open at off.
// It works on text that does not parse: an unclosed call still gets its signature.
func callAt(file *grammar.File, off int32) (callSite, bool) {
	st := file.StmtAt(off)
	toks := file.Tokens
	lo := 0
	if st != nil {
		lo = searchTok(toks, st.Offset)
	}
	i := searchTok(toks, off) - 1 // the last token starting before off
	if i < lo {
		return callSite{}, false
	}
	depth, commas := 0, 0
	for ; i >= lo; i-- {
		t := toks[i]
		switch t.Kind {
		case grammar.RParen, grammar.RBracket, grammar.RBrace:
			depth++
		case grammar.LBracket:
			if depth > 0 {
				depth--
			} else {
				commas = 0 // inside a list argument
			}
		case grammar.LBrace:
			if depth > 0 {
				depth--
			} else {
				return callSite{}, false // inside a block or map: no call around
			}
		case grammar.LParen:
			if depth > 0 {
				depth--
				continue
			}
			j := prevSignificant(toks, i-1, lo)
			if j >= 0 && toks[j].Kind == grammar.Ident && !strings.Contains(toks[j].Text(file.Src), ".") {
				k := prevSignificant(toks, j-1, lo)
				return callSite{name: toks[j].Text(file.Src), arg: commas, piped: k >= 0 && toks[k].Kind == grammar.Pipe}, true
			}
			commas = 0 // a parenthesised expression inside an argument
		case grammar.Comma:
			if depth == 0 {
				commas++
			}
		case grammar.Assign:
			if depth == 0 {
				return callSite{}, false
			}
		}
	}
	return callSite{}, false
}

// searchTok returns the index of the first token starting at or after off.
func searchTok(toks []grammar.Token, off int32) int {
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if toks[m].Start < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// prevSignificant returns the index of the last non-trivia token at or before i (not before lo),
// or -1.
func prevSignificant(toks []grammar.Token, i, lo int) int {
	for ; i >= lo; i-- {
		if !toks[i].Kind.Trivia() {
			return i
		}
	}
	return -1
}
