; Generated from tree-sitter-carina/queries/locals.scm by go generate ./editors: edit that file.
; Scopes, definitions and references of Carina (nvim-treesitter's local.* captures).

(source_file) @local.scope
(fn_definition) @local.scope
(for_expression) @local.scope
(block) @local.scope
(body) @local.scope
(fn_body) @local.scope

(let_statement name: (identifier) @local.definition.variable)
(for_bindings (identifier) @local.definition.variable)
(parameter name: (identifier) @local.definition.variable.parameter)
(fn_definition name: (identifier) @local.definition.function)
(argument_declaration name: (identifier) @local.definition.variable.parameter)

(identifier) @local.reference
