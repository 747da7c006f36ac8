// What the tests with the real carina-lsp share: they build it with Go, and without Go they are
// skipped saying why, except under CI=true, where a test fails instead.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

/** The skip reason of a test that needs the real server (false: it runs); name says which test. */
export function realServerSkip(name) {
  const go = (process.env.PATH || '').split(path.delimiter).some((d) => fs.existsSync(path.join(d, 'go')));
  const skip = go ? false : 'needs Go (to build carina-lsp)';
  if (skip && process.env.CI === 'true') {
    test(`${name} can run`, () => assert.fail(`${skip}; under CI=true it must run`));
  }
  return skip;
}

/** A cancellation token never cancelled, for calling providers. */
export const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
