// Runs the extension's tests (node --test, every test/*.test.mjs, or the files given; flags such
// as --test-name-pattern=... pass through) with the temporary directory (TMPDIR, so os.tmpdir()
// and what the tests run, Go included) pointed at a new directory of the run's own, and fails the
// run when the tests leave a carina-* entry in it: each test must remove what it makes, passed or
// failed (test/tmp.mjs), or every run leaves folders and 15 MB server binaries behind. A directory
// of its own rather than a listing of the shared one before and after, so that another run at the
// same time (another checkout, another user) is not counted as this one's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('-'));
let files = args.filter((a) => !a.startsWith('-'));
if (files.length === 0) {
  files = fs
    .readdirSync(path.join(root, 'test'))
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => path.join('test', f));
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'carina-test-'));
let code;
try {
  const child = spawn(process.execPath, ['--test', ...flags, ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp },
  });
  code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (status, signal) => resolve(signal ? 1 : status));
  });
  const left = fs.readdirSync(tmp).filter((name) => name.startsWith('carina-')).sort();
  if (left.length > 0) {
    console.error(
      `scripts/test.mjs: the tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temporary directory: ${left.join(', ')}\n` +
        'Each test must remove what it makes, also when it fails (test/tmp.mjs: tempDir, serverFor).',
    );
    code ||= 1;
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
