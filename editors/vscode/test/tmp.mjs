// The tests' temporary directories: each is removed when the test (or the file, for a hook's)
// that made it ends, passed or failed, so that a run leaves nothing in os.tmpdir();
// scripts/test.mjs fails a run that does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/record-graph.mjs';

/**
 * A new directory carina-NAME-XXXXXX in os.tmpdir(), removed after t: a test's context, or the
 * test function itself (test.after) for a directory the whole file shares.
 */
export function tempDir(t, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `carina-${name}-`));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** carina-lsp built from the repository into a directory removed after t (see tempDir). */
export function serverFor(t) {
  return buildServer(tempDir(t, 'server'));
}
