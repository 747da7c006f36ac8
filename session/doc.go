// Package session owns what carina-lsp derives from the files of a tree, for `check`, the
// language server and the documentation checker alike: the workspace model of each directory,
// the carina-lsp.toml chains and the schema sources they choose, and the statement memos of the
// checks. It offers the one way from roots to configuration directories (Walk, Targets, with
// the one rule of what is skipped, Skip), the one pool of workers over directories (Pool), and
// the one function a directory's findings come from (Session.Findings).
//
// What it keeps has a life cycle: Forget drops a directory's model and memo (a check drops each
// configuration once reported; the server drops what a pull built); ConfigChanged drops what was
// read of a carina-lsp.toml and the schema sources chosen from it. It publishes nothing: its
// callers show what it returns.
package session
