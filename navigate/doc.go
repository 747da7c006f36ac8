// Package navigate owns navigation in Carina configurations: go to definition (Definition), find
// references (References), rename (Rename, PrepareRename), document symbols (the outline),
// workspace symbols, document highlights and folding ranges.
//
// It speaks no LSP: positions are absolute byte offsets into a file and results are byte spans
// with the path of the file they are in; the lsp package converts them. What is at a position is
// cursor.LocateName's Site, the one hover reads, and names resolve through the workspace model,
// so everything works across the files of a configuration's directory: a wait's target, its
// depends_on entries and the references that read through it (passthrough,
// `cert_issued.certificate_arn`) lead to their declarations wherever they are; module aliases
// lead to their `use` binding, a module call's argument keys to the argument declarations in the
// module's directory, and `upstream_state` fields to the exports of the upstream directory.
package navigate
