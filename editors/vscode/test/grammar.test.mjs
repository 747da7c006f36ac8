// Grammar tests: every sample in test/samples is tokenized with vscode-textmate and
// vscode-oniguruma (the engine VS Code uses) and its scope assertions are checked; then a few
// properties the issue spells out are checked directly.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadGrammar, tokenize, checkSample, simpleTokens, grammarPath, extensionDir } from './textmate.mjs';

const samplesDir = path.join(extensionDir, 'test', 'samples');
const grammar = await loadGrammar();
const raw = JSON.parse(fs.readFileSync(grammarPath, 'utf8'));

/** The words of the keyword patterns, by scope. */
function keywordWords() {
  const out = [];
  for (const p of raw.repository.keywords.patterns) {
    const m = /\(((?:[a-z_]+\|)*[a-z_]+)\)/.exec(p.match);
    assert.ok(m, `keyword pattern without a word list: ${p.match}`);
    for (const w of m[1].split('|')) out.push([w, p.name]);
  }
  return out;
}

for (const file of fs.readdirSync(samplesDir).filter((f) => f.endsWith('.crn')).sort()) {
  test(`sample ${file}`, () => {
    const text = fs.readFileSync(path.join(samplesDir, file), 'utf8');
    const { failures, assertions, unclosed } = checkSample(grammar, text);
    assert.ok(assertions > 0, `${file} has no assertions`);
    assert.deepEqual(failures, [], `${file}:\n${failures.join('\n')}`);
    assert.equal(unclosed, 0, `${file}: a string, comment or heredoc is still open at the end`);
  });
}

test('a wait block: wait and until are keywords, 75min is one numeric duration', () => {
  const toks = simpleTokens(grammar, 'let cert_issued = wait cert { until = cert.status == aws.acm.Certificate.Status.Issued  depends_on = [validation_record]  timeout = 75min }');
  const scopeOf = (text) => toks.find(([t]) => t === text)?.[1];
  assert.match(scopeOf('wait'), /^keyword\.control\./);
  assert.match(scopeOf('until'), /^keyword\.other\./);
  assert.match(scopeOf('depends_on'), /^keyword\.other\./);
  assert.match(scopeOf('timeout'), /^keyword\.other\./);
  assert.equal(scopeOf('75min'), 'constant.numeric.duration.carina');
  assert.equal(scopeOf('cert_issued'), 'entity.name.variable.carina');
});

test('every keyword alone and in key position gets its keyword scope', () => {
  for (const [word, scope] of keywordWords()) {
    assert.deepEqual(simpleTokens(grammar, word), [[word, scope]], word);
    assert.deepEqual(simpleTokens(grammar, `  ${word} = x`)[0], [word, scope], `${word} =`);
    assert.deepEqual(simpleTokens(grammar, `${word}_suffix`), [[`${word}_suffix`, 'variable.other.readwrite.carina']], `${word}_suffix`);
    assert.equal(simpleTokens(grammar, `a.${word}`)[2][1], 'variable.other.member.carina', `a.${word}`);
  }
});

test('every duration unit, and no longer word, is a duration', () => {
  const units = ['s', 'sec', 'second', 'seconds', 'm', 'min', 'minute', 'minutes', 'h', 'hr', 'hour', 'hours'];
  for (const u of units) {
    assert.deepEqual(simpleTokens(grammar, `30${u}`), [[`30${u}`, 'constant.numeric.duration.carina']], u);
    for (const bad of [`30${u}x`, `30${u}_`, `30${u}2`]) {
      assert.ok(!simpleTokens(grammar, bad).some(([, s]) => s.startsWith('constant.numeric')), bad);
    }
  }
  for (const bad of ['30sx', '5days', '5d', '1h30m', '10mins', '2hrs', '3ms']) {
    assert.ok(!simpleTokens(grammar, `x = ${bad}`).some(([, s]) => s.startsWith('constant.numeric')), bad);
  }
});

test('operators', () => {
  const cases = {
    '|>': 'keyword.operator.pipe.carina',
    '>>': 'keyword.operator.compose.carina',
    '??': 'keyword.operator.coalesce.carina',
    '==': 'keyword.operator.comparison.carina',
    '!=': 'keyword.operator.comparison.carina',
    '<': 'keyword.operator.comparison.carina',
    '<=': 'keyword.operator.comparison.carina',
    '>': 'keyword.operator.comparison.carina',
    '>=': 'keyword.operator.comparison.carina',
    '&&': 'keyword.operator.logical.carina',
    '||': 'keyword.operator.logical.carina',
  };
  for (const [op, scope] of Object.entries(cases)) {
    assert.deepEqual(simpleTokens(grammar, `a ${op} b`)[1], [op, scope], op);
  }
  assert.deepEqual(simpleTokens(grammar, '!a')[0], ['!', 'keyword.operator.logical.carina']);
});

// A line of 1,000 entries tokenizes in at most 40 times the CPU time a line of 100 takes, measured
// in the same run (linear work: about 10 times; a rule that backtracks over the line: 100 times),
// in one of three tries: a bound on the time itself fails on a busy machine, and so does a ratio
// of wall times, the longer run waiting for a core more often.
test('a long line tokenizes in time linear in its length', () => {
  const line = (n) => 'tags = { ' + Array.from({ length: n }, (_, i) => `k${i} = "v${i} \${x.y}" `).join('') + '}';
  const time = (text) => {
    const start = process.cpuUsage();
    const { stoppedEarly } = tokenize(grammar, text);
    assert.equal(stoppedEarly, false);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e3;
  };
  const ratios = [];
  for (let i = 0; i < 3; i++) {
    const ref = Math.min(time(line(100)), time(line(100)), time(line(100)));
    ratios.push(time(line(1000)) / Math.max(ref, 1e-3));
    if (ratios[i] <= 40) break;
  }
  assert.ok(Math.min(...ratios) <= 40, `1,000 entries took ${ratios.map((r) => r.toFixed(1)).join(', ')} times as long as 100`);
});
