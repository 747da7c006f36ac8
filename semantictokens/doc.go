// Package semantictokens owns the semantic highlighting of Carina: the legend (standard LSP token
// types and modifiers only), the classification of every token of a file, and the LSP relative
// encoding of the result in UTF-16 units.
//
// Classification is token-driven, so it works on files with syntax errors: every lexer token gets
// a type from its kind (comments, strings, numbers, operators), and identifiers get theirs from
// the syntax tree where the statement parses, resolved through the configuration's references
// (a binding, a loop variable, a function, a module alias, or an enum value when the name resolves
// to nothing). Where a statement does not parse, identifiers fall back to a lexical guess
// (keywords, bindings of the configuration), and a name that cannot be told is left unclassified
// for the TextMate grammar.
//
// Choices, against the reference server's faults:
//   - `cert.status` is a variable (readonly) then a property, never a type;
//   - `until`, `depends_on` and `timeout` are keywords in a wait block (and `depends_on` in
//     directives); `timeout` as an attribute of a resource is a property;
//   - `true`, `false` and `null` are keywords (TextMate grammars scope them as language
//     constants, which themes colour with the keywords), not enum members, so that an enum value
//     such as `dns` stays visually distinct from a literal;
//   - a duration (`75min`) is one number token;
//   - columns are UTF-16 code units, and a token spanning lines is split per line;
//   - bindings carry modifiers: declaration where they are declared, readonly everywhere (Carina
//     bindings are immutable); built-in functions are defaultLibrary.
package semantictokens
