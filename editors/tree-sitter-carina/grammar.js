// Tree-sitter grammar of Carina (.crn). The language's syntax is defined by carina-lsp's
// `grammar` package (its construct table, lexer and parser); this grammar follows it, and the
// tests in editors/treesitter hold it to that parser on the corpus.
//
// Keywords are not reserved in Carina: the word token lets tree-sitter read `timeout`,
// `provider` or `source` as plain keys where no keyword is expected.

const PREC = {
  or: 1,
  and: 2,
  compare: 3,
  coalesce: 4,
  pipe: 5,
  compose: 6,
  unary: 7,
  postfix: 8,
};

const commaSep = (rule) => optional(seq(rule, repeat(seq(',', rule)), optional(',')));

module.exports = grammar({
  name: 'carina',

  word: ($) => $.identifier,

  // Block comments nest and heredocs end at their marker; string contents are scanned there too
  // so that a "/*" inside a string opens no comment.
  externals: ($) => [
    $.block_comment,
    $.heredoc_start,
    $.heredoc_body,
    $.heredoc_end,
    $._single_string_content,
    $._double_string_content,
    $._error_sentinel,
    $._heredoc_interpolation_start,
  ],

  extras: ($) => [/\s/, $.line_comment, $.block_comment],

  conflicts: ($) => [],

  supertypes: ($) => [$._statement, $._expression],

  rules: {
    source_file: ($) => repeat($._statement),

    _statement: ($) =>
      choice(
        $.let_statement,
        $.provider_block,
        $.backend_block,
        $.arguments_block,
        $.attributes_block,
        $.exports_block,
        $.state_block,
        $.require_statement,
        $.fn_definition,
        $.for_expression,
        $.if_expression,
        $.resource,
        $.module_call,
      ),

    // let name = value; also a block's local let and a body's.
    let_statement: ($) =>
      seq('let', field('name', $.identifier), '=', field('value', $._expression)),

    provider_block: ($) => seq('provider', field('kind', $.identifier), field('body', $.block)),
    backend_block: ($) => seq('backend', field('kind', $.identifier), field('body', $.block)),

    arguments_block: ($) =>
      seq('arguments', '{', repeat(choice($.argument_declaration, ',')), '}'),
    argument_declaration: ($) =>
      seq(
        field('name', $.identifier),
        ':',
        field('type', $._type),
        optional(choice(seq('=', field('default', $._expression)), field('body', $.block))),
      ),

    attributes_block: ($) => seq('attributes', $._outputs),
    exports_block: ($) => seq('exports', $._outputs),
    _outputs: ($) => seq('{', repeat(choice($.output_declaration, ',')), '}'),
    output_declaration: ($) =>
      seq(
        field('name', $.identifier),
        optional(seq(':', field('type', $._type))),
        '=',
        field('value', $._expression),
      ),

    // import { to = aws.s3.Bucket 'name'  id = '...' }, removed { from = ... }, moved { ... }
    state_block: ($) =>
      seq(
        field('kind', choice('import', 'removed', 'moved')),
        '{',
        repeat(choice($.state_attribute, ',')),
        '}',
      ),
    state_attribute: ($) =>
      seq(
        field('key', $.identifier),
        '=',
        field('value', choice($.resource_address, $._expression)),
      ),
    resource_address: ($) => seq(field('type', $.dotted_identifier), field('name', $.string)),

    require_statement: ($) =>
      seq('require', field('condition', $._expression), ',', field('message', $._expression)),

    fn_definition: ($) =>
      seq(
        'fn',
        field('name', $.identifier),
        field('parameters', $.parameters),
        optional(seq(':', field('return_type', $._type))),
        field('body', $.fn_body),
      ),
    parameters: ($) => seq('(', commaSep($.parameter), ')'),
    parameter: ($) =>
      seq(
        field('name', $.identifier),
        optional(seq(':', field('type', $._type))),
        optional(seq('=', field('default', $._expression))),
      ),
    fn_body: ($) => seq('{', repeat($.let_statement), field('result', $._expression), '}'),

    for_expression: ($) =>
      seq(
        'for',
        field('bindings', $.for_bindings),
        'in',
        field('iterable', $._expression),
        field('body', $.body),
      ),
    for_bindings: ($) =>
      choice(
        $.identifier,
        seq($.identifier, ',', $.identifier),
        seq('(', $.identifier, ',', $.identifier, ')'),
      ),

    if_expression: ($) =>
      seq(
        'if',
        field('condition', $._expression),
        field('consequence', $.body),
        optional(seq('else', field('alternative', $.body))),
      ),

    // The body of a for or an if: local lets, then what it makes.
    body: ($) => seq('{', repeat($.let_statement), optional(field('result', $._expression)), '}'),

    // A resource's, provider's, nested block's or map's contents.
    block: ($) =>
      seq('{', repeat(choice($.attribute, $.nested_block, $.let_statement, ',')), '}'),
    attribute: ($) =>
      seq(field('key', choice($.identifier, $.string)), '=', field('value', $._expression)),
    nested_block: ($) => seq(field('name', $.identifier), field('body', $.block)),

    // Expressions.
    _expression: ($) =>
      choice(
        $.binary_expression,
        $.unary_expression,
        $._primary,
      ),

    _primary: ($) =>
      choice(
        $.identifier,
        $.dotted_identifier,
        $.integer,
        $.float,
        $.duration,
        $.boolean,
        $.null,
        $.string,
        $.heredoc,
        $.list,
        alias($.block, $.map),
        $.call,
        $.index_expression,
        $.field_expression,
        $.parenthesized_expression,
        $.resource,
        $.module_call,
        $.read_expression,
        $.wait_expression,
        $.use_expression,
        $.upstream_state_expression,
        $.provider_expression,
        $.for_expression,
        $.if_expression,
      ),

    // A block after a name is a module call, after a dotted type a resource; after an if's
    // condition or a for's iterable it is the body (lower precedence here).
    resource: ($) => prec(-1, seq(field('type', $.dotted_identifier), field('body', $.block))),
    module_call: ($) => prec(-1, seq(field('module', $.identifier), field('body', $.block))),

    read_expression: ($) => seq('read', field('type', $.dotted_identifier), field('body', $.block)),
    wait_expression: ($) => seq('wait', field('target', $.identifier), field('body', $.block)),
    use_expression: ($) => seq('use', field('body', $.block)),
    upstream_state_expression: ($) => seq('upstream_state', field('body', $.block)),
    provider_expression: ($) =>
      seq('provider', field('kind', $.identifier), field('body', $.block)),

    binary_expression: ($) =>
      choice(
        ...[
          ['||', PREC.or],
          ['&&', PREC.and],
          ['==', PREC.compare],
          ['!=', PREC.compare],
          ['<', PREC.compare],
          ['<=', PREC.compare],
          ['>', PREC.compare],
          ['>=', PREC.compare],
          ['??', PREC.coalesce],
          ['|>', PREC.pipe],
          ['>>', PREC.compose],
        ].map(([op, p]) =>
          prec.left(
            p,
            seq(field('left', $._expression), field('operator', op), field('right', $._expression)),
          ),
        ),
      ),
    unary_expression: ($) =>
      prec(PREC.unary, seq(field('operator', '!'), field('operand', $._expression))),

    call: ($) =>
      prec(
        PREC.postfix,
        seq(field('function', $.identifier), field('arguments', $.arguments)),
      ),
    arguments: ($) => seq('(', commaSep($._expression), ')'),

    index_expression: ($) =>
      prec(
        PREC.postfix,
        seq(field('object', $._primary), token.immediate('['), field('index', $._expression), ']'),
      ),
    field_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('object', $._primary),
          token.immediate('.'),
          field('field', alias(token.immediate(/[A-Za-z0-9_]+/), $.field_name)),
        ),
      ),

    parenthesized_expression: ($) => seq('(', $._expression, ')'),

    list: ($) => seq('[', commaSep($._expression), ']'),
    // Types: String, list(String), struct { a: Int }, aws.ec2.Vpc, 'dev' | 'prod'.
    _type: ($) => choice($.union_type, $._type_atom),
    union_type: ($) => prec.left(seq($._type_atom, repeat1(seq('|', $._type_atom)))),
    _type_atom: ($) =>
      choice(
        $.type_name,
        $.generic_type,
        $.struct_type,
        alias($.dotted_identifier, $.qualified_type),
        $.string,
      ),
    type_name: ($) => $.identifier,
    generic_type: ($) =>
      seq(field('constructor', $.identifier), '(', field('element', $._type), ')'),
    // A bare `struct` is Carina's error, not a syntax error.
    struct_type: ($) => prec.right(seq('struct', optional(seq('{', commaSep($.struct_field), '}')))),
    struct_field: ($) => seq(field('name', $.identifier), ':', field('type', $._type)),

    // Strings: '...' is literal; "..." interpolates ${...}.
    string: ($) => choice($._single_quoted, $._double_quoted),
    _single_quoted: ($) =>
      seq(
        "'",
        repeat(
          choice(
            alias($._single_string_content, $.string_content),
            alias(token.immediate(/\\['\\]/), $.escape_sequence),
          ),
        ),
        token.immediate("'"),
      ),
    _double_quoted: ($) =>
      seq(
        '"',
        repeat(
          choice(
            alias($._double_string_content, $.string_content),
            $.escape_sequence,
            $.interpolation,
          ),
        ),
        token.immediate('"'),
      ),
    // The escapes of a double-quoted string; any other backslash is Carina's syntax error.
    escape_sequence: ($) => token.immediate(/\\["\\nrt$]/),
    interpolation: ($) => seq(token.immediate('${'), optional($._expression), '}'),

    // <<EOT ... EOT, <<-EOT, <<'EOT': the body runs to the line holding only the marker; the
    // unquoted forms interpolate ${...}.
    heredoc: ($) =>
      seq(
        $.heredoc_start,
        repeat(
          choice(
            alias($.heredoc_body, $.heredoc_content),
            alias($._heredoc_interpolation, $.interpolation),
          ),
        ),
        $.heredoc_end,
      ),

    _heredoc_interpolation: ($) =>
      seq(alias($._heredoc_interpolation_start, '${'), optional($._expression), '}'),

    boolean: ($) => choice('true', 'false'),
    null: ($) => 'null',

    integer: ($) => /-?\d+/,
    float: ($) => /-?\d+\.\d+/,
    // Carina's units only: 30sx or 1h30m is a syntax error, as in Carina.
    duration: ($) => /\d+(seconds|second|sec|s|minutes|minute|min|m|hours|hour|hr|h)/,

    identifier: ($) => /[A-Za-z_][A-Za-z0-9_]*/,
    // aws.s3.Bucket, aws.Region.us_east_1, aws.iam.PolicyDocument.Version.2012_10_17: one token,
    // as in Carina's grammar.
    dotted_identifier: ($) => /[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+/,

    line_comment: ($) => token(choice(seq('#', /.*/), seq('//', /.*/))),
  },
});
