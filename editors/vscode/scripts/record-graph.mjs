// Records what carina/graph answers for examples/wait-cert ({graph, svg}: the JSON and SVG forms
// that `carina-lsp graph` writes) into test/graph/wait-cert.json, the response the graph view's
// tests draw. npm run record-graph; the browser test fails when the recording is stale.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const extensionDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repo = path.resolve(extensionDir, '..', '..');
export const recording = path.join(extensionDir, 'test', 'graph', 'wait-cert.json');
export const example = 'examples/wait-cert';

/**
 * Returns carina-lsp: $CARINA_LSP when set (scripts/test builds it once for every editor test),
 * else built from the repository into dir (the caller removes dir).
 */
export function buildServer(dir) {
  if (process.env.CARINA_LSP) return process.env.CARINA_LSP;
  const bin = path.join(dir, 'carina-lsp');
  execFileSync('go', ['build', '-o', bin, './cmd/carina-lsp'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  return bin;
}

/** carina-lsp graph -format F [FLAGS] DIR, run from the repository root; a cycle's exit 1 is no failure. */
export function graphOf(bin, format, dir, flags = []) {
  try {
    return execFileSync(bin, ['graph', '-format', format, ...flags, dir], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (err) {
    if (err.status === 1 && err.stdout) return err.stdout;
    throw err;
  }
}

/** The response the server gives for the example, from the command line's JSON and SVG. */
export function response(bin) {
  return { graph: JSON.parse(graphOf(bin, 'json', example)), svg: graphOf(bin, 'svg', example) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tmp = process.env.CARINA_LSP ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'carina-graph-'));
  try {
    const bin = process.env.CARINA_LSP || buildServer(tmp);
    fs.mkdirSync(path.dirname(recording), { recursive: true });
    fs.writeFileSync(recording, JSON.stringify(response(bin), null, 2) + '\n');
    console.log(`wrote ${path.relative(process.cwd(), recording)}`);
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}
