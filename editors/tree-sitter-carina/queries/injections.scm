; A heredoc holding a policy document is JSON: its text starts with "{" or "[" (after blanks).
; The pieces between interpolations are injected one by one.
((heredoc (heredoc_content) @injection.content)
  (#match? @injection.content "^[ \t]*[\\[{]")
  (#set! injection.language "json"))
