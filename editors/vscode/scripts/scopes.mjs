// Prints the TextMate scopes of every token of a .crn file (or of standard input), one token a
// line, as the grammar tests see them: node scripts/scopes.mjs file.crn
import fs from 'node:fs';
import { loadGrammar, tokenize } from '../test/textmate.mjs';

const file = process.argv[2];
const text = fs.readFileSync(file && file !== '-' ? file : 0, 'utf8');
const grammar = await loadGrammar();
const { lines, unclosed } = tokenize(grammar, text);
lines.forEach((line, i) => {
  for (const t of line.tokens) {
    if (t.text.trim() === '') continue;
    console.log(`${i + 1}:${t.start + 1}\t${JSON.stringify(t.text)}\t${t.scopes.slice(1).join(' ')}`);
  }
});
if (unclosed) console.log(`(still open at the end: ${unclosed} rule(s))`);
