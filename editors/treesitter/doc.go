// Package treesitter holds the tests of the tree-sitter grammar in editors/tree-sitter-carina:
// the committed parser is generated from grammar.js, parses the corpus with no error, agrees with
// package grammar on where statements are, its queries compile, its highlights follow the
// TextMate grammar's scopes, and Neovim loads it. The tests build a small C driver of the
// committed parser with gcc and Debian's libtree-sitter-dev (testdata/driver.c) and read what it
// prints, so they need no cgo and no tree-sitter generator.
package treesitter
