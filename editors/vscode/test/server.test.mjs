// Which server the extension runs: carina.server.path, else the binary bundled in a
// platform-specific package, else carina-lsp on PATH; and the output channel says which one and
// its version.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { extensionDir } from './textmate.mjs';
import { tempDir } from './tmp.mjs';

const require = createRequire(import.meta.url);
const mock = require('./vscode-mock.cjs').install();
const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
const ext = require(path.join(extensionDir, manifest.main));

function executable(file, text = '#!/bin/sh\n') {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode: 0o755 });
  return file;
}

test('resolution order: the setting, then the bundled binary, then PATH', (t) => {
  const dir = tempDir(t, 'resolve');
  const onPath = executable(path.join(dir, 'bin', 'carina-lsp'));
  const bundled = executable(path.join(dir, 'ext', 'server', ext.bundledServerName('linux')));
  const mine = executable(path.join(dir, 'mine', 'carina-lsp'));
  const env = { ...ext.defaultEnvironment(dir), pathVariable: path.join(dir, 'bin'), platform: 'linux', home: '/home/u' };
  const cases = [
    ['setting wins over bundled and PATH', mine, bundled, env, { ok: true, command: mine, source: 'setting' }],
    ['a bare name in the setting is looked up on PATH, not bundled', 'carina-lsp', bundled, env, { ok: true, command: onPath, source: 'setting' }],
    ['bundled wins over PATH', '', bundled, env, { ok: true, command: bundled, source: 'bundled' }],
    ['no bundled binary (the universal package): PATH', '', undefined, env, { ok: true, command: onPath, source: 'PATH' }],
    ['a bundled path that does not exist: PATH', '', path.join(dir, 'nope', 'carina-lsp'), env, { ok: true, command: onPath, source: 'PATH' }],
  ];
  for (const [name, setting, b, e, want] of cases) assert.deepEqual(ext.resolveServerCommand(setting, e, b), want, name);
  const none = ext.resolveServerCommand('', { ...env, pathVariable: '/nonexistent' }, undefined);
  assert.equal(none.ok, false);
  assert.match(none.message, /no bundled server/);
  assert.match(none.message, /carina\.server\.path/);
  assert.equal(ext.bundledServerName('win32'), 'carina-lsp.exe');
  assert.match(ext.describeServer({ command: bundled, source: 'bundled' }), /bundled with the extension: .*server/);
  assert.match(ext.describeServer({ command: onPath, source: 'PATH' }), /from PATH/);
  assert.match(ext.describeServer({ command: mine, source: 'setting' }), /carina\.server\.path/);
});

test('activation starts the bundled server, restores its executable bit, and logs which one runs and its version', async (t) => {
  const dir = tempDir(t, 'bundled');
  const log = path.join(dir, 'lsp.log');
  const fake = path.resolve(extensionDir, '..', 'testdata', 'fake_lsp.js');
  const server = executable(path.join(dir, 'ext', 'server', ext.bundledServerName(process.platform)), `#!/bin/sh\nexec "${process.execPath}" "${fake}" "${log}" "$@"\n`);
  fs.chmodSync(server, 0o644); // as a zip extractor that drops modes would leave it
  mock.setConfiguration({});
  mock.calls.errors.length = 0;
  const firstOutput = mock.calls.outputs.length;
  const context = { subscriptions: [], extensionPath: path.join(dir, 'ext') };
  await ext.activate(context);
  try {
    const lines = mock.calls.outputs[firstOutput].lines;
    assert.deepEqual(mock.calls.errors, []);
    assert.ok(lines.includes(`Using the carina-lsp bundled with the extension: ${server}`), lines.join('\n'));
    assert.ok(lines.some((l) => l === `Running fake-carina-lsp (no version) (${server})`), lines.join('\n'));
    assert.equal(fs.statSync(server).mode & 0o111, 0o111, 'the executable bit is restored');
    const first = JSON.parse(fs.readFileSync(log, 'utf8').split('\n')[0]);
    assert.equal(first.method, 'initialize');
    assert.deepEqual(first.args, []);
    // The client declares what carina-lsp pulls diagnostics for (it then pushes none): pulls, and
    // workspace/diagnostic/refresh.
    const caps = first.params.capabilities;
    assert.ok(caps.textDocument.diagnostic, 'textDocument.diagnostic is declared');
    assert.equal(caps.workspace.diagnostics?.refreshSupport, true, 'workspace.diagnostics.refreshSupport');
  } finally {
    await ext.deactivate();
    for (const d of context.subscriptions) d.dispose();
  }
});
