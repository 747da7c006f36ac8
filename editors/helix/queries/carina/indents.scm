; Helix's indentation: one level inside braces, brackets and parentheses.
[
  (block)
  (body)
  (fn_body)
  (arguments_block)
  (attributes_block)
  (exports_block)
  (state_block)
  (struct_type)
  (list)
  (arguments)
  (parameters)
] @indent

[
  "}"
  "]"
  ")"
] @outdent
