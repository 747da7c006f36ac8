; Scopes, definitions and references of Carina (nvim-treesitter's local.* captures).

(source_file) @local.scope
(fn_definition) @local.scope
(for_expression) @local.scope
(block) @local.scope
(body) @local.scope
(fn_body) @local.scope

(let_statement name: (identifier) @local.definition.var)
(for_bindings (identifier) @local.definition.var)
(parameter name: (identifier) @local.definition.parameter)
(fn_definition name: (identifier) @local.definition.function)
(argument_declaration name: (identifier) @local.definition.parameter)

(identifier) @local.reference
