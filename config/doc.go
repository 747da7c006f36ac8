// Package config owns the project configuration file, carina-lsp.toml: finding it (in the checked
// file's directory or the nearest directory above, up to a root the caller names: the workspace
// folder or the repository), reading it with the line and column of every value and every
// mistake, merging nested files key by key, and saying where each value in effect came from
// (Chain.Explain: what `carina-lsp config` prints). It does not apply what it reads: check, fmt,
// graph and the server take the values they need (levels through diagnostics.Options.Level,
// schemas, formatter options, check's threshold).
package config
