; Scopes, definitions and references of Carina.

(source_file) @scope
(fn_definition) @scope
(for_expression) @scope
(block) @scope
(body) @scope
(fn_body) @scope

(let_statement name: (identifier) @definition.var)
(for_bindings (identifier) @definition.var)
(parameter name: (identifier) @definition.parameter)
(fn_definition name: (identifier) @definition.function)
(argument_declaration name: (identifier) @definition.parameter)

(identifier) @reference
