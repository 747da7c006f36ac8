package semantictokens

// Token types: indices into the types returned by Legend.
const (
	TypeKeyword    = iota // keywords where they act as keywords; true, false, null
	TypeVariable          // bindings (let, arguments), the wait target, names that resolve to nothing
	TypeProperty          // attribute keys and the attribute segments after a binding
	TypeType              // resource types after their provider segment; type annotations
	TypeEnumMember        // enum values the schemas know
	TypeNumber            // integers, floats and durations
	TypeString            // strings and the literal parts of templates and heredocs
	TypeComment           // line and block comments
	TypeFunction          // user and built-in functions
	TypeOperator          // = |> >> ?? == != && || ! < <= > >= | and the ${ } of templates
	TypeNamespace         // provider segments, provider kinds and module aliases
	TypeParameter         // loop variables and function parameters
)

// Token modifiers: bits of Token.Mods, in the order of the modifiers returned by Legend.
const (
	ModDeclaration    uint32 = 1 << iota // where a name is declared
	ModReadonly                          // bindings: Carina bindings are immutable
	ModDefaultLibrary                    // built-in functions
)

// Legend returns the token types and modifiers, in the order of the Type* and Mod* constants.
// Every name is a standard LSP one, so themes colour them without configuration.
func Legend() (types []string, modifiers []string) {
	types = []string{"keyword", "variable", "property", "type", "enumMember", "number", "string",
		"comment", "function", "operator", "namespace", "parameter"}
	modifiers = []string{"declaration", "readonly", "defaultLibrary"}
	return types, modifiers
}
