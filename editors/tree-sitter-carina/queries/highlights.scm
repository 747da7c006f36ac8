; Highlights of Carina. Later patterns take precedence where an editor applies them in order
; (Neovim); the specific patterns come last. The captures are held to the TextMate grammar's
; scopes of the same tokens by editors/treesitter's TestHighlightParity.

(line_comment) @comment
(block_comment) @comment

(identifier) @variable

; References read through a dotted name; a PascalCase segment makes it an enum value
; (aws.Region.us_east_1), as the TextMate grammar reads it.
(dotted_identifier) @variable
((dotted_identifier) @constant
  (#match? @constant "\\.[A-Z]"))
(field_expression field: (field_name) @property)

(string) @string
(string_content) @string
(heredoc) @string
(heredoc_content) @string
(heredoc_start) @label
(heredoc_end) @label
; an escape the recovery from a bad one finds (inside an ERROR) is not highlighted
(string (escape_sequence) @string.escape)
(interpolation "${" @punctuation.special "}" @punctuation.special)

(integer) @number
(float) @number.float
(duration) @number.duration
(boolean) @boolean
(null) @constant.builtin

[
  "let"
  "fn"
] @keyword

[
  "provider"
  "backend"
  "arguments"
  "attributes"
  "exports"
  "import"
  "removed"
  "moved"
] @keyword

[
  "read"
  "use"
  "upstream_state"
  "require"
] @keyword

"wait" @keyword

[
  "for"
  "in"
] @keyword.repeat

[
  "if"
  "else"
] @keyword.conditional

[
  "=="
  "!="
  "<"
  "<="
  ">"
  ">="
  "&&"
  "||"
  "!"
  "??"
  "|>"
  ">>"
  "="
] @operator

(union_type "|" @operator)

[
  "("
  ")"
  "["
  "]"
  "{"
  "}"
] @punctuation.bracket

[
  ","
  ":"
  "."
] @punctuation.delimiter

; Declarations.
(let_statement name: (identifier) @variable)
(for_bindings (identifier) @variable)
(provider_block kind: (identifier) @module)
(provider_expression kind: (identifier) @module)
(backend_block kind: (identifier) @type)
(fn_definition name: (identifier) @function)
(parameter name: (identifier) @variable.parameter)
(argument_declaration name: (identifier) @property)
(output_declaration name: (identifier) @property)
(struct_field name: (identifier) @property)
(wait_expression target: (identifier) @variable)

; Keys of blocks and maps.
(attribute key: (identifier) @property)
(attribute key: (string) @string)
(nested_block name: (identifier) @property)
(state_attribute key: (identifier) @property)
(module_call module: (identifier) @variable)

; Types.
(resource type: (dotted_identifier) @type)
(read_expression type: (dotted_identifier) @type)
(resource_address type: (dotted_identifier) @type)
(type_name (identifier) @type)
((type_name (identifier) @type.builtin)
  (#any-of? @type.builtin "String" "Bool" "Int" "Float" "Duration"))
(generic_type constructor: (identifier) @type.builtin)
"struct" @type.builtin
(qualified_type) @type

; Calls.
(call function: (identifier) @function.call)
((call function: (identifier) @function.builtin)
  (#any-of? @function.builtin
    "cidr_subnet" "concat" "decrypt" "env" "flatten" "join" "keys" "length" "lookup" "lower"
    "map" "max" "min" "replace" "secret" "split" "trim" "upper" "values"))

; Keys and nested blocks named by a keyword of the language (until, depends_on, directives,
; a directive's provider): the list is grammar.Keywords().
((attribute key: (identifier) @keyword)
  (#any-of? @keyword
    "arguments" "attributes" "backend" "depends_on" "directives" "else" "exports" "fn" "for"
    "if" "import" "in" "let" "moved" "provider" "read" "removed" "require" "timeout" "until"
    "upstream_state" "use" "validation" "wait"))
((nested_block name: (identifier) @keyword)
  (#any-of? @keyword
    "arguments" "attributes" "backend" "depends_on" "directives" "else" "exports" "fn" "for"
    "if" "import" "in" "let" "moved" "provider" "read" "removed" "require" "timeout" "until"
    "upstream_state" "use" "validation" "wait"))
