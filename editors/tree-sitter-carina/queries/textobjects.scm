; Text objects: functions (fn definitions), classes (blocks: resources, module calls, provider
; and keyword blocks), parameters (a call's arguments, a fn's parameters, list elements).

(fn_definition) @function.outer
(fn_definition body: (fn_body) @function.inner)

[
  (resource)
  (module_call)
  (read_expression)
  (wait_expression)
  (use_expression)
  (upstream_state_expression)
  (provider_expression)
  (provider_block)
  (backend_block)
  (arguments_block)
  (attributes_block)
  (exports_block)
  (state_block)
  (nested_block)
] @class.outer

(block) @class.inner

(let_statement) @statement.outer
(attribute) @statement.outer

(arguments (_) @parameter.inner)
(parameters (parameter) @parameter.inner)
(list (_) @parameter.inner)
(arguments (_) @parameter.outer)
(parameters (parameter) @parameter.outer)

(for_expression) @loop.outer
(for_expression body: (body) @loop.inner)
(if_expression) @conditional.outer
(if_expression consequence: (body) @conditional.inner)

[
  (line_comment)
  (block_comment)
] @comment.outer
