// Package format owns the formatting of Carina (.crn) source: the house style of
// docs/formatting.md, which is the output of the reference formatter (`carina fmt`) byte for
// byte wherever that formatter loses nothing, and a lossless layout where it drops or corrupts
// comments, blank lines, `validation` blocks, heredocs or constructs it cannot parse.
//
// The formatter is token-driven: it walks the syntax tree to decide the layout, but writes the
// file's own tokens, every one of them exactly once and in source order (comments included). It
// changes only the white space between tokens, the quotes of double-quoted literals, the commas it
// may add or remove, and the order of a `directives { depends_on = [...] }` list, which it sorts
// like the reference. A check at the end of every run enforces this: a token written twice, out
// of order or not at all is reported as an internal error instead of producing output.
//
// With a BlockNamer (Options.Blocks: the provider schemas) it also does the list-to-block rewrite of
// `carina fmt`: a list of maps given to a list-of-struct attribute with a block name becomes
// repeated blocks. That rewrite is done on the text before formatting, under a check of its own
// that every comment and token is kept (blocks.go); without schemas the formatter needs none.
//
// Source formats a whole file and Range the statements overlapping a byte range (for editors).
// A file with syntax errors is never formatted: both return a *SyntaxError carrying the parser's
// errors.
package format
