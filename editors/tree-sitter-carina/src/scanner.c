// External scanner of the Carina grammar: what a regular token cannot say. Block comments nest
// (/* /* */ */), and a heredoc's body runs to the line that holds only its opening marker.
// Written by hand, not generated.

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tree_sitter/parser.h"

enum TokenType {
  BLOCK_COMMENT,
  HEREDOC_START,
  HEREDOC_BODY,
  HEREDOC_END,
  SINGLE_STRING_CONTENT,
  DOUBLE_STRING_CONTENT,
};

#define MAX_MARKER 64

// The marker of the heredoc being read; empty outside one.
typedef struct {
  uint8_t len;
  char marker[MAX_MARKER];
} Scanner;

void *tree_sitter_carina_external_scanner_create(void) {
  Scanner *s = calloc(1, sizeof(Scanner));
  return s;
}

void tree_sitter_carina_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_carina_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *s = payload;
  buffer[0] = (char)s->len;
  memcpy(buffer + 1, s->marker, s->len);
  return 1 + s->len;
}

void tree_sitter_carina_external_scanner_deserialize(void *payload, const char *buffer,
                                                     unsigned length) {
  Scanner *s = payload;
  s->len = 0;
  if (length > 0) {
    uint8_t n = (uint8_t)buffer[0];
    if (n < MAX_MARKER && 1u + n <= length) {
      s->len = n;
      memcpy(s->marker, buffer + 1, n);
    }
  }
}

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }
static void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

static bool is_marker_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static bool is_blank(int32_t c) { return c == ' ' || c == '\t'; }

// /* ... */ with nesting; an unterminated one runs to the end of the file.
static bool scan_block_comment(TSLexer *lexer) {
  advance(lexer); // the '*' after the '/' already consumed
  unsigned depth = 1;
  while (!lexer->eof(lexer)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '*' && lexer->lookahead == '/') {
      advance(lexer);
      if (--depth == 0) break;
    } else if (c == '/' && lexer->lookahead == '*') {
      advance(lexer);
      depth++;
    }
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = BLOCK_COMMENT;
  return true;
}

// <<MARKER, <<-MARKER, <<'MARKER', <<-'MARKER', with only blanks after it on its line.
static bool scan_heredoc_start(Scanner *s, TSLexer *lexer) {
  // the first '<' already consumed
  if (lexer->lookahead != '<') return false;
  advance(lexer);
  if (lexer->lookahead == '-') advance(lexer);
  bool quoted = lexer->lookahead == '\'';
  if (quoted) advance(lexer);
  uint8_t n = 0;
  while (is_marker_char(lexer->lookahead)) {
    if (n + 1 >= MAX_MARKER) return false;
    s->marker[n++] = (char)lexer->lookahead;
    advance(lexer);
  }
  if (n == 0) return false;
  if (quoted) {
    if (lexer->lookahead != '\'') return false;
    advance(lexer);
  }
  lexer->mark_end(lexer);
  while (is_blank(lexer->lookahead) || lexer->lookahead == '\r') advance(lexer);
  if (lexer->lookahead != '\n' && !lexer->eof(lexer)) return false;
  s->len = n;
  lexer->result_symbol = HEREDOC_START;
  return true;
}

// The lines after the opener up to the line whose trimmed text is the marker (not included).
static bool scan_heredoc_body(Scanner *s, TSLexer *lexer) {
  // the rest of the opener's line (blanks) is no part of the body
  while (!lexer->eof(lexer) && lexer->lookahead != '\n') skip(lexer);
  if (lexer->eof(lexer)) return false;
  skip(lexer);
  lexer->mark_end(lexer);
  lexer->result_symbol = HEREDOC_BODY;
  for (;;) {
    if (lexer->eof(lexer)) {
      lexer->mark_end(lexer);
      return true;
    }
    while (is_blank(lexer->lookahead)) advance(lexer);
    uint8_t i = 0;
    while (i < s->len && lexer->lookahead == s->marker[i]) {
      advance(lexer);
      i++;
    }
    if (i == s->len) {
      while (is_blank(lexer->lookahead) || lexer->lookahead == '\r') advance(lexer);
      if (lexer->lookahead == '\n' || lexer->eof(lexer)) return true; // body ends before this line
    }
    while (!lexer->eof(lexer) && lexer->lookahead != '\n') advance(lexer);
    if (!lexer->eof(lexer)) advance(lexer);
    lexer->mark_end(lexer);
  }
}

static bool scan_heredoc_end(Scanner *s, TSLexer *lexer) {
  while (is_blank(lexer->lookahead)) skip(lexer);
  for (uint8_t i = 0; i < s->len; i++) {
    if (lexer->lookahead != s->marker[i]) return false;
    advance(lexer);
  }
  s->len = 0;
  lexer->mark_end(lexer);
  lexer->result_symbol = HEREDOC_END;
  return true;
}

// A run of a string's text up to its closing quote, an escape or (double quotes) an
// interpolation's "${"; a lone "$" is text.
static bool scan_string_content(TSLexer *lexer, int32_t quote, enum TokenType type) {
  bool any = false;
  for (;;) {
    int32_t c = lexer->lookahead;
    if (lexer->eof(lexer) || c == quote || c == '\\') break;
    if (c == '$' && quote == '"') {
      lexer->mark_end(lexer);
      advance(lexer);
      if (lexer->lookahead == '{') {
        if (!any) return false;
        lexer->result_symbol = type;
        return true; // ends before the "${"
      }
      any = true;
      continue;
    }
    advance(lexer);
    any = true;
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = type;
  return any;
}

bool tree_sitter_carina_external_scanner_scan(void *payload, TSLexer *lexer,
                                              const bool *valid_symbols) {
  Scanner *s = payload;
  bool recovering = valid_symbols[HEREDOC_BODY] && valid_symbols[HEREDOC_END];
  if (!recovering && valid_symbols[DOUBLE_STRING_CONTENT])
    return scan_string_content(lexer, '"', DOUBLE_STRING_CONTENT);
  if (!recovering && valid_symbols[SINGLE_STRING_CONTENT])
    return scan_string_content(lexer, '\'', SINGLE_STRING_CONTENT);
  if (!recovering && valid_symbols[HEREDOC_BODY] && s->len > 0) return scan_heredoc_body(s, lexer);
  if (!recovering && valid_symbols[HEREDOC_END] && s->len > 0) return scan_heredoc_end(s, lexer);
  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\n' ||
         lexer->lookahead == '\r' || lexer->lookahead == '\f')
    skip(lexer);
  if (lexer->lookahead == '/' && valid_symbols[BLOCK_COMMENT]) {
    advance(lexer);
    if (lexer->lookahead != '*') return false;
    return scan_block_comment(lexer);
  }
  if (lexer->lookahead == '<' && valid_symbols[HEREDOC_START] && !recovering) {
    advance(lexer);
    return scan_heredoc_start(s, lexer);
  }
  return false;
}
