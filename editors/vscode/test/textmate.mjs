// Loads the Carina TextMate grammar into vscode-textmate with the vscode-oniguruma regular
// expression engine (the engine VS Code itself uses) and checks scope assertions written in sample
// files.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const here = path.dirname(fileURLToPath(import.meta.url));
export const extensionDir = path.resolve(here, '..');
export const grammarPath = path.join(extensionDir, 'syntaxes', 'carina.tmLanguage.json');

let wasmLoaded;

/** Loads the grammar (once per file path) and returns a vscode-textmate IGrammar. */
export async function loadGrammar(file = grammarPath) {
  if (!wasmLoaded) {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    wasmLoaded = oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  }
  await wasmLoaded;
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === 'source.carina' ? vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null,
  });
  const grammar = await registry.loadGrammar('source.carina');
  if (!grammar) throw new Error(`could not load ${file}`);
  return grammar;
}

/**
 * Tokenizes a whole text. Returns one entry per line: { text, tokens: [{ start, end, text, scopes }] },
 * and the rule stack depth after the last line (openDepth - baseDepth > 0 means a string, comment or
 * heredoc is still open at the end of the text).
 */
export function tokenize(grammar, text) {
  const lines = text.split(/\r?\n/);
  let stack = vsctm.INITIAL;
  const out = [];
  let stoppedEarly = false;
  for (const line of lines) {
    const r = grammar.tokenizeLine(line, stack, 2000);
    if (r.stoppedEarly) stoppedEarly = true;
    out.push({
      text: line,
      tokens: r.tokens.map((t) => ({
        start: t.startIndex,
        end: Math.min(t.endIndex, line.length),
        text: line.slice(t.startIndex, t.endIndex),
        scopes: t.scopes,
      })),
    });
    stack = r.ruleStack;
  }
  const base = grammar.tokenizeLine('', vsctm.INITIAL).ruleStack.depth;
  return { lines: out, unclosed: stack.depth - base, stoppedEarly };
}

/** The scopes of the token covering column col of line, or undefined past the end of the line. */
export function scopesAt(line, col) {
  const t = line.tokens.find((tok) => tok.start <= col && col < tok.end);
  return t ? t.scopes : undefined;
}

/** Tokens of a one-line text, as [text, innermost scope] pairs, skipping whitespace-only tokens. */
export function simpleTokens(grammar, text) {
  const { lines } = tokenize(grammar, text);
  return lines.flatMap((l) => l.tokens.filter((t) => t.text.trim() !== '').map((t) => [t.text, t.scopes[t.scopes.length - 1]]));
}

const assertionLine = /^#(\s*)(\^+|<-)(.*)$/;

/**
 * Parses a sample file with scope assertions. An assertion line starts with "#" in column 0 and
 * points with carets at the columns of the line above it that is not an assertion line:
 *
 *     let cert_issued = wait cert {
 *     #   ^^^^^^^^^^^ entity.name.variable.carina
 *     #                 ^^^^ keyword.control.wait.carina - variable.other
 *
 * "<-" instead of carets points at column 0. Scopes before "-" must each be one of the token's
 * scopes (exact names); scopes after "-" must not be a prefix of any of the token's scopes. Several
 * caret runs on one assertion line share its scopes. The assertion lines are removed before the
 * sample is tokenized, so they do not disturb multi-line constructs.
 */
export function parseSample(text) {
  const source = [];
  const assertions = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const m = assertionLine.exec(raw);
    if (!m || source.length === 0) {
      source.push(raw);
      return;
    }
    const target = source.length - 1;
    let columns = [];
    let rest;
    if (m[2] === '<-') {
      columns = [0];
      rest = m[3];
    } else {
      // Collect every caret run on the line; the scopes follow the last run.
      const body = raw;
      const spec = /\^+/g;
      let mm;
      let lastEnd = 0;
      while ((mm = spec.exec(body)) !== null) {
        for (let c = mm.index; c < mm.index + mm[0].length; c++) columns.push(c);
        lastEnd = mm.index + mm[0].length;
      }
      rest = body.slice(lastEnd);
    }
    const words = rest.trim().split(/\s+/).filter(Boolean);
    const dash = words.indexOf('-');
    const want = dash < 0 ? words : words.slice(0, dash);
    const notWant = dash < 0 ? [] : words.slice(dash + 1);
    if (want.length === 0 && notWant.length === 0) {
      throw new Error(`line ${i + 1}: assertion without scopes: ${raw}`);
    }
    assertions.push({ fileLine: i + 1, target, columns, want, notWant, raw });
  });
  return { source: source.join('\n'), assertions };
}

/** Checks the assertions of a sample; returns a list of failure messages (empty when all hold). */
export function checkSample(grammar, text) {
  const { source, assertions } = parseSample(text);
  const { lines, unclosed, stoppedEarly } = tokenize(grammar, source);
  const failures = [];
  if (stoppedEarly) failures.push('tokenization stopped early (time limit)');
  for (const a of assertions) {
    const line = lines[a.target];
    for (const col of a.columns) {
      const scopes = scopesAt(line, col);
      const where = `line ${a.fileLine} col ${col} ${JSON.stringify(line.text.slice(col, col + 1))} in ${JSON.stringify(line.text)}`;
      if (!scopes) {
        failures.push(`${where}: no token (line is ${line.text.length} characters long)`);
        continue;
      }
      for (const s of a.want) {
        if (!scopes.includes(s)) failures.push(`${where}: want ${s}, have ${scopes.join(' ')}`);
      }
      for (const s of a.notWant) {
        if (scopes.some((x) => x === s || x.startsWith(s + '.'))) failures.push(`${where}: must not have ${s}, have ${scopes.join(' ')}`);
      }
    }
  }
  return { failures, assertions: assertions.length, unclosed };
}
