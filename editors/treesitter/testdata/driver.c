// A small driver of the committed tree-sitter parser for the Go tests (editors/treesitter):
// they build it with gcc against libtree-sitter and read what it prints, so the suite needs no
// cgo. Commands:
//   parse FILE...          one line a file: "file\tERRORS\tSTATEMENTS", errors and the top-level
//                          statements as start-end byte ranges ("-" for none)
//   query SCM...           compiles each query: "ok" or "error TYPE at OFFSET"
//   captures SCM FILE      every capture: "start\tend\tname\tnode-type"
//   sexp FILE              the tree as an S-expression
//   reparse OLD NEW...     for each NEW: parses OLD, edits the tree into NEW (one replaced range)
//                          and re-parses incrementally: "same" when the tree equals NEW's fresh
//                          parse, else "differ"
//   bench FILE N           parses the file N times: "bytes\ttotal-ns\tmedian-ns"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_carina(void);

static char *slurp(const char *path, long *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  *len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc(*len + 1);
  if (fread(buf, 1, *len, f) != (size_t)*len) {
    perror(path);
    exit(2);
  }
  buf[*len] = 0;
  fclose(f);
  return buf;
}

static TSTree *parse(TSParser *p, const char *src, long len) {
  TSTree *t = ts_parser_parse_string(p, NULL, src, (uint32_t)len);
  if (!t) {
    fprintf(stderr, "parse failed\n");
    exit(2);
  }
  return t;
}

static int errors(TSNode n, int count) {
  if (!ts_node_has_error(n)) return count;
  if (!strcmp(ts_node_type(n), "ERROR") || ts_node_is_missing(n)) {
    printf("%s%s@%u-%u", count ? "," : "", ts_node_is_missing(n) ? "MISSING" : "ERROR",
           ts_node_start_byte(n), ts_node_end_byte(n));
    count++;
  }
  uint32_t k = ts_node_child_count(n);
  for (uint32_t i = 0; i < k; i++) count = errors(ts_node_child(n, i), count);
  return count;
}

static void cmd_parse(TSParser *p, int argc, char **argv) {
  for (int i = 0; i < argc; i++) {
    long len;
    char *src = slurp(argv[i], &len);
    TSTree *t = parse(p, src, len);
    TSNode root = ts_tree_root_node(t);
    printf("%s\t", argv[i]);
    if (errors(root, 0) == 0) printf("-");
    printf("\t");
    uint32_t k = ts_node_named_child_count(root);
    int n = 0;
    for (uint32_t j = 0; j < k; j++) {
      TSNode c = ts_node_named_child(root, j);
      const char *type = ts_node_type(c);
      if (!strcmp(type, "line_comment") || !strcmp(type, "block_comment")) continue;
      printf("%s%u-%u", n++ ? "," : "", ts_node_start_byte(c), ts_node_end_byte(c));
    }
    if (n == 0) printf("-");
    printf("\n");
    ts_tree_delete(t);
    free(src);
  }
}

static TSQuery *load_query(const char *path, int report) {
  long len;
  char *src = slurp(path, &len);
  uint32_t off;
  TSQueryError err;
  TSQuery *q = ts_query_new(tree_sitter_carina(), src, (uint32_t)len, &off, &err);
  if (report) {
    if (q)
      printf("%s\tok\n", path);
    else
      printf("%s\terror %d at %u\n", path, (int)err, off);
  }
  free(src);
  return q;
}

static void cmd_captures(TSParser *p, const char *scm, const char *file) {
  TSQuery *q = load_query(scm, 0);
  if (!q) {
    fprintf(stderr, "%s: query does not compile\n", scm);
    exit(2);
  }
  long len;
  char *src = slurp(file, &len);
  TSTree *t = parse(p, src, len);
  TSQueryCursor *c = ts_query_cursor_new();
  ts_query_cursor_exec(c, q, ts_tree_root_node(t));
  TSQueryMatch m;
  uint32_t idx;
  while (ts_query_cursor_next_capture(c, &m, &idx)) {
    TSQueryCapture cap = m.captures[idx];
    uint32_t nlen;
    const char *name = ts_query_capture_name_for_id(q, cap.index, &nlen);
    // predicates (#eq?, #match?) are the host's to apply: print them with the capture
    uint32_t steps;
    const TSQueryPredicateStep *s = ts_query_predicates_for_pattern(q, m.pattern_index, &steps);
    printf("%u\t%u\t%.*s\t%s\t%u\t", ts_node_start_byte(cap.node), ts_node_end_byte(cap.node),
           (int)nlen, name, ts_node_type(cap.node), m.pattern_index);
    for (uint32_t i = 0; i < steps; i++) {
      uint32_t l;
      const char *v;
      switch (s[i].type) {
      case TSQueryPredicateStepTypeCapture:
        v = ts_query_capture_name_for_id(q, s[i].value_id, &l);
        printf("@%.*s ", (int)l, v);
        break;
      case TSQueryPredicateStepTypeString:
        v = ts_query_string_value_for_id(q, s[i].value_id, &l);
        printf("%.*s ", (int)l, v);
        break;
      default:
        printf("; ");
      }
    }
    printf("\n");
  }
  ts_query_cursor_delete(c);
  ts_tree_delete(t);
  ts_query_delete(q);
  free(src);
}

static void cmd_sexp(TSParser *p, const char *file) {
  long len;
  char *src = slurp(file, &len);
  TSTree *t = parse(p, src, len);
  char *s = ts_node_string(ts_tree_root_node(t));
  printf("%s\n", s);
  free(s);
  ts_tree_delete(t);
  free(src);
}

static TSPoint point_at(const char *src, uint32_t off) {
  TSPoint p = {0, 0};
  for (uint32_t i = 0; i < off; i++) {
    if (src[i] == '\n') {
      p.row++;
      p.column = 0;
    } else {
      p.column++;
    }
  }
  return p;
}

static void cmd_reparse(TSParser *p, const char *oldpath, int argc, char **argv) {
  long olen;
  char *old = slurp(oldpath, &olen);
  for (int i = 0; i < argc; i++) {
    long nlen;
    char *new = slurp(argv[i], &nlen);
    uint32_t pre = 0;
    while (pre < olen && pre < nlen && old[pre] == new[pre]) pre++;
    uint32_t suf = 0;
    while (suf < olen - pre && suf < nlen - pre && old[olen - 1 - suf] == new[nlen - 1 - suf]) suf++;
    TSTree *t = parse(p, old, olen);
    TSInputEdit e = {
        .start_byte = pre,
        .old_end_byte = olen - suf,
        .new_end_byte = nlen - suf,
        .start_point = point_at(old, pre),
        .old_end_point = point_at(old, olen - suf),
        .new_end_point = point_at(new, nlen - suf),
    };
    ts_tree_edit(t, &e);
    TSTree *re = ts_parser_parse_string(p, t, new, (uint32_t)nlen);
    TSTree *fresh = parse(p, new, nlen);
    char *a = ts_node_string(ts_tree_root_node(re));
    char *b = ts_node_string(ts_tree_root_node(fresh));
    printf("%s\t%s\n", argv[i], strcmp(a, b) == 0 ? "same" : "differ");
    free(a);
    free(b);
    ts_tree_delete(t);
    ts_tree_delete(re);
    ts_tree_delete(fresh);
    free(new);
  }
  free(old);
}

static int cmp_ll(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

static void cmd_bench(TSParser *p, const char *file, int n) {
  long len;
  char *src = slurp(file, &len);
  if (n < 1) n = 1;
  long long *ns = malloc(sizeof(long long) * n), total = 0;
  struct timespec a, b;
  for (int i = 0; i < n; i++) {
    clock_gettime(CLOCK_MONOTONIC, &a);
    TSTree *t = parse(p, src, len);
    clock_gettime(CLOCK_MONOTONIC, &b);
    ts_tree_delete(t);
    ns[i] = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
    total += ns[i];
  }
  qsort(ns, n, sizeof(long long), cmp_ll);
  printf("%ld\t%lld\t%lld\n", len, total, ns[n / 2]);
  free(ns);
  free(src);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: driver parse|query|captures|sexp|bench ...\n");
    return 2;
  }
  TSParser *p = ts_parser_new();
  if (!ts_parser_set_language(p, tree_sitter_carina())) {
    fprintf(stderr, "language version %u not supported by this libtree-sitter\n",
            ts_language_version(tree_sitter_carina()));
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "parse")) {
    cmd_parse(p, argc - 2, argv + 2);
  } else if (!strcmp(cmd, "query")) {
    int bad = 0;
    for (int i = 2; i < argc; i++) {
      TSQuery *q = load_query(argv[i], 1);
      if (q)
        ts_query_delete(q);
      else
        bad = 1;
    }
    ts_parser_delete(p);
    return bad;
  } else if (!strcmp(cmd, "captures") && argc == 4) {
    cmd_captures(p, argv[2], argv[3]);
  } else if (!strcmp(cmd, "sexp") && argc == 3) {
    cmd_sexp(p, argv[2]);
  } else if (!strcmp(cmd, "reparse") && argc >= 4) {
    cmd_reparse(p, argv[2], argc - 3, argv + 3);
  } else if (!strcmp(cmd, "bench") && argc == 4) {
    cmd_bench(p, argv[2], atoi(argv[3]));
  } else {
    fprintf(stderr, "unknown command %s\n", cmd);
    return 2;
  }
  ts_parser_delete(p);
  return 0;
}
