// Package semantictokens owns the semantic highlighting of Carina: the legend (standard LSP token
// types and modifiers only), the classification of every token of a file, and the LSP relative
// encoding of the result in UTF-16 units.
//
// Classification is token-driven, so it works on files with syntax errors: every lexer token gets
// a type from its kind (comments, strings, numbers, operators), and every name (identifiers and
// quoted keys) gets its type from its cursor.Site (cursor.Walk), the same classification hover
// and navigation read: the type is a function of the Site's role and of what it resolves to (a
// binding, a loop variable, a function, a module alias, an enum value of the schema, a name that
// resolves to nothing). Where a statement does not parse, the Site is a guess from the word and
// the token after it (keywords, bindings of the configuration, keys before "="), and a name that
// cannot be told is left unclassified for the TextMate grammar.
//
// Choices, against the reference server's faults:
//   - `cert.status` is a variable (readonly) then a property, never a type;
//   - a key is a keyword where the construct table says it is one (the keys of a wait block,
//     depends_on in directives), and the directives and validation blocks are keywords; the same
//     word as an attribute of a resource is a property;
//   - an enum value is an enumMember where the schema tells (the attribute's enum, the enum of
//     the attribute a predicate compares, a qualified value); a name that resolves to nothing
//     is an unresolved reference, a variable without the readonly modifier;
//   - `true`, `false` and `null` are keywords (TextMate grammars scope them as language
//     constants, which themes colour with the keywords), not enum members, so that an enum value
//     such as `dns` stays visually distinct from a literal;
//   - a duration (`75min`) is one number token;
//   - columns are UTF-16 code units, and a token spanning lines is split per line;
//   - bindings carry modifiers: declaration where they are declared, readonly everywhere (Carina
//     bindings are immutable); built-in functions are defaultLibrary.
package semantictokens
