// Package state owns Carina's state file as Carina reads it: where a configuration keeps it (the
// `backend local { path = ... }` block, else `carina.state.json` beside the configuration; a remote
// backend is named and never contacted), the version gate and the migrations of every older format
// (Read), and what of it may be shown: secret hashes and write-only attributes are masked as
// Carina's plan masks them (Value.Display, Resource.Shown).
//
// A damaged, truncated, future-version or hostile file (too large, nested too deep) is an *Error
// with its line and column, never a panic and never an unbounded read. The package reads files
// and nothing else: no network, no credentials.
package state
