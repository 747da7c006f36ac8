// External scanner of the Carina grammar: what a regular token cannot say. Block comments nest
// (/* /* */ */); a heredoc's body runs to the line that holds only its opening marker, and
// stops at each "${" of one that interpolates; a string's text is scanned here so that a "/*"
// inside it opens no comment. Written by hand, not generated.

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
  ERROR_SENTINEL, // valid only while the parser recovers from an error
  HEREDOC_INTERPOLATION_START, // "${" in a heredoc's body
};

#define MAX_MARKER 64

// The heredoc being read: its marker (empty outside one), whether it interpolates, whether its
// opener's line is behind, and whether the next body text starts a line (a line may be the end
// marker's; after an interpolation it is not).
typedef struct {
  uint8_t len;
  bool quoted;
  bool started;
  bool line_start;
  char marker[MAX_MARKER];
} Scanner;

void *tree_sitter_carina_external_scanner_create(void) { return calloc(1, sizeof(Scanner)); }

void tree_sitter_carina_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_carina_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *s = payload;
  buffer[0] = (char)s->len;
  buffer[1] = (char)((s->quoted ? 1 : 0) | (s->started ? 2 : 0) | (s->line_start ? 4 : 0));
  memcpy(buffer + 2, s->marker, s->len);
  return 2 + s->len;
}

void tree_sitter_carina_external_scanner_deserialize(void *payload, const char *buffer,
                                                     unsigned length) {
  Scanner *s = payload;
  s->len = 0;
  s->quoted = s->started = s->line_start = false;
  if (length >= 2) {
    uint8_t n = (uint8_t)buffer[0];
    if (n < MAX_MARKER && 2u + n <= length) {
      s->len = n;
      s->quoted = buffer[1] & 1;
      s->started = buffer[1] & 2;
      s->line_start = buffer[1] & 4;
      memcpy(s->marker, buffer + 2, n);
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
  s->quoted = quoted;
  s->started = false;
  s->line_start = true;
  lexer->result_symbol = HEREDOC_START;
  return true;
}

// The body from where it stands (after the opener's line, or after an interpolation) to the
// start of the end marker's line, or to a "${" of a heredoc that interpolates; at the end
// marker's line, the marker; at a "${", the "${" (whitespace may come before it: no internal
// token could follow the opener's line).
static bool scan_heredoc(Scanner *s, TSLexer *lexer, const bool *valid_symbols) {
  if (!s->started) {
    // the rest of the opener's line (blanks) is no part of the body
    while (!lexer->eof(lexer) && lexer->lookahead != '\n') skip(lexer);
    if (lexer->eof(lexer)) return false;
    skip(lexer);
    s->started = true;
    s->line_start = true;
  }
  bool any = false;
  bool line_start = s->line_start;
  lexer->result_symbol = HEREDOC_BODY;
  for (;;) {
    if (line_start) {
      line_start = false;
      lexer->mark_end(lexer); // a body before this line ends here
      bool moved = false;
      while (is_blank(lexer->lookahead)) {
        advance(lexer);
        moved = true;
      }
      uint8_t i = 0;
      while (i < s->len && lexer->lookahead == s->marker[i]) {
        advance(lexer);
        i++;
      }
      if (i == s->len) {
        while (is_blank(lexer->lookahead) || lexer->lookahead == '\r') advance(lexer);
        if (lexer->lookahead == '\n' || lexer->eof(lexer)) {
          if (any) {
            s->line_start = true; // the marker comes next
            return true;
          }
          if (!valid_symbols[HEREDOC_END]) return false;
          lexer->mark_end(lexer);
          s->len = 0;
          s->started = false;
          lexer->result_symbol = HEREDOC_END;
          return true;
        }
      }
      if (moved || i > 0) any = true;
    }
    if (lexer->eof(lexer)) {
      lexer->mark_end(lexer);
      return any;
    }
    int32_t c = lexer->lookahead;
    if (c == '$' && !s->quoted) {
      lexer->mark_end(lexer);
      advance(lexer);
      if (lexer->lookahead == '{') {
        s->line_start = false;
        if (any) return true; // the body ends before the "${"
        advance(lexer);
        lexer->mark_end(lexer);
        lexer->result_symbol = HEREDOC_INTERPOLATION_START;
        return true;
      }
      any = true;
      continue;
    }
    advance(lexer);
    any = true;
    if (c == '\n') line_start = true;
  }
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
  bool recovering = valid_symbols[ERROR_SENTINEL];
  if (!recovering && valid_symbols[DOUBLE_STRING_CONTENT])
    return scan_string_content(lexer, '"', DOUBLE_STRING_CONTENT);
  if (!recovering && valid_symbols[SINGLE_STRING_CONTENT])
    return scan_string_content(lexer, '\'', SINGLE_STRING_CONTENT);
  if (!recovering && s->len > 0 && (valid_symbols[HEREDOC_BODY] || valid_symbols[HEREDOC_END]))
    return scan_heredoc(s, lexer, valid_symbols);
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
