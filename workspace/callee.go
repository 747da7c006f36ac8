package workspace

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
)

// calleeChoice is a call of a function's name that a binding of the same name may take.
type calleeChoice struct {
	ref     *Ref
	binding *Decl
}

// chooseCallees gives each call that a binding may take to the binding when inference says the
// call applies the partial application the binding holds (types.Info.CallsBinding) rather than
// the function. Such calls are rare, and only then is anything evaluated: what a binding holds
// is a closure or not whatever the schemas and the imports (a closure is never an attribute, an
// export or a module's output), so an Info without either, kept by nobody, decides.
func (c *Config) chooseCallees(choices []calleeChoice) {
	if len(choices) == 0 {
		return
	}
	in := types.NewInfo(declsEnv{configEnv{c: c}}, nil)
	for _, ch := range choices {
		if in.CallsBinding(ch.ref.File.Path, ch.ref.Stmt, ch.binding) {
			ch.ref.Decl = ch.binding
		}
	}
}

// declsEnv is a configuration whose references are not resolved yet: it reports none
// unresolved, and reads the provider names from the files, not from the model's cache.
type declsEnv struct{ configEnv }

func (declsEnv) Unresolved(*grammar.Stmt) []types.Unresolved { return nil }

func (e declsEnv) Providers() []string { return e.c.providersWritten() }
