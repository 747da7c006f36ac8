// Tokenizes every file of the .crn corpus (testdata/corpus of the repository, else ../shared/corpus
// beside it; all of them are valid Carina): nothing may be left open at the end of a file (a string, comment or
// heredoc that swallowed the rest), no text may be marked invalid, and every non-blank character
// must get a scope beyond source.carina.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadGrammar, tokenize, extensionDir } from './textmate.mjs';

const repo = path.resolve(extensionDir, '..', '..');
const corpus = [path.join(repo, 'testdata', 'corpus'), path.resolve(repo, '..', 'shared', 'corpus')].find((d) => fs.existsSync(d)) ?? path.join(repo, 'testdata', 'corpus');

function* crnFiles(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* crnFiles(p);
    else if (e.name.endsWith('.crn')) yield p;
  }
}

const present = fs.existsSync(corpus);
if (!present && process.env.CI === 'true') {
  test('the corpus is present', () => assert.fail(`${corpus} is missing; under CI=true the corpus grammar test must run`));
}

test('every corpus file tokenizes cleanly', { skip: present ? false : `${corpus} is missing` }, async () => {
  const grammar = await loadGrammar();
  const problems = [];
  let files = 0;
  for (const file of crnFiles(corpus)) {
    files++;
    const rel = path.relative(corpus, file);
    const { lines, unclosed, stoppedEarly } = tokenize(grammar, fs.readFileSync(file, 'utf8'));
    if (unclosed) problems.push(`${rel}: ${unclosed} rule(s) still open at the end`);
    if (stoppedEarly) problems.push(`${rel}: tokenization stopped early`);
    lines.forEach((line, i) => {
      for (const t of line.tokens) {
        if (t.scopes.some((s) => s.startsWith('invalid'))) problems.push(`${rel}:${i + 1}: invalid ${JSON.stringify(t.text)}`);
        if (t.scopes.length === 1 && t.text.trim() !== '') problems.push(`${rel}:${i + 1}: no scope for ${JSON.stringify(t.text)}`);
      }
    });
  }
  assert.ok(files > 100, `only ${files} corpus files`);
  assert.deepEqual(problems.slice(0, 30), []);
});
