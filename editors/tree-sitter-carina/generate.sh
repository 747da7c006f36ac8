#!/bin/sh
# Regenerates src/parser.c, src/grammar.json and src/node-types.json from grammar.js with the
# tree-sitter generator built as README.md says ($TS_GENERATE, default: ts-generate on PATH),
# then records grammar.js's hash, which editors/treesitter's TestParserIsGenerated checks.
set -eu
cd "$(dirname "$0")"
"${TS_GENERATE:-ts-generate}" .
sha256sum grammar.js | cut -d' ' -f1 > src/grammar.js.sha256
