; The outline panel: bindings, functions, resources, module calls and the keyword blocks.
(let_statement "let" @context name: (identifier) @name) @item
(fn_definition "fn" @context name: (identifier) @name) @item
(source_file (resource type: (dotted_identifier) @name) @item)
(source_file (module_call module: (identifier) @name) @item)
(provider_block "provider" @context kind: (identifier) @name) @item
(backend_block "backend" @context kind: (identifier) @name) @item
(arguments_block "arguments" @name) @item
(attributes_block "attributes" @name) @item
(exports_block "exports" @name) @item
(argument_declaration name: (identifier) @name) @item
(output_declaration name: (identifier) @name) @item
