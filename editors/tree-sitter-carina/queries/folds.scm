; Folds: every block, body, list and heredoc.
[
  (block)
  (body)
  (fn_body)
  (arguments_block)
  (attributes_block)
  (exports_block)
  (state_block)
  (list)
  (heredoc)
  (block_comment)
] @fold
