; Generated from tree-sitter-carina/queries/textobjects.scm by go generate ./editors: edit that file.
; Text objects: functions (fn definitions), classes (blocks: resources, module calls, provider
; and keyword blocks), parameters (a call's arguments, a fn's parameters, list elements).

(fn_definition) @function.around
(fn_definition body: (fn_body) @function.inside)

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
] @class.around

(block) @class.inside


(arguments (_) @parameter.inside)
(parameters (parameter) @parameter.inside)
(list (_) @parameter.inside)
(arguments (_) @parameter.around)
(parameters (parameter) @parameter.around)


[
  (line_comment)
  (block_comment)
] @comment.around
