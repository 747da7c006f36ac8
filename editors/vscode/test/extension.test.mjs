// Checks the built extension against its manifest: what package.json contributes exists in the
// package, the settings it declares are the ones the client reads, the missing-server path gives a
// clear message, and the language configuration keeps durations and dotted names whole.
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
const bundlePath = path.join(extensionDir, manifest.main);
const ext = require(bundlePath);
const contributes = manifest.contributes;
const read = (rel) => fs.readFileSync(path.join(extensionDir, rel), 'utf8');

test('the manifest points at the built bundle, which exports activate and deactivate', () => {
  assert.ok(fs.existsSync(bundlePath), `${manifest.main} is not built`);
  assert.equal(typeof ext.activate, 'function');
  assert.equal(typeof ext.deactivate, 'function');
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
  const typesVersion = JSON.parse(read('node_modules/@types/vscode/package.json')).version;
  const [, engineMinor] = manifest.engines.vscode.match(/^\^1\.(\d+)/);
  assert.ok(Number(typesVersion.split('.')[1]) <= Number(engineMinor), `@types/vscode ${typesVersion} is newer than engines.vscode ${manifest.engines.vscode}`);
});

test('the code action kinds declared are the fix-all of the language, and the README shows how to run it on save', () => {
  const kinds = contributes.codeActions.flatMap((c) => c.actions.map((a) => a.kind));
  assert.deepEqual(contributes.codeActions.flatMap((c) => c.languages), [contributes.languages[0].id]);
  assert.deepEqual(kinds, ['source.fixAll.carina']);
  const readme = read('README.md');
  for (const kind of kinds) {
    assert.ok(readme.includes(`"editor.codeActionsOnSave": { "${kind}": "explicit" }`), `README.md does not show codeActionsOnSave with ${kind}`);
  }
});

test('the language contribution: id carina, .crn, configuration file present', () => {
  assert.equal(contributes.languages.length, 1);
  const lang = contributes.languages[0];
  assert.equal(lang.id, ext.CLIENT_ID);
  assert.deepEqual(lang.extensions, ['.crn']);
  const config = JSON.parse(read(lang.configuration));
  assert.deepEqual(config.comments, { lineComment: '#', blockComment: ['/*', '*/'] });
  assert.deepEqual(config.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
  const opens = config.autoClosingPairs.map((p) => p.open);
  for (const o of ['{', '[', '(', '"', "'"]) assert.ok(opens.includes(o), `auto-closing ${o}`);
  assert.ok(config.folding && config.indentationRules && config.wordPattern);
});

test('the grammar contribution matches the language and the grammar file', () => {
  assert.equal(contributes.grammars.length, 1);
  const g = contributes.grammars[0];
  assert.equal(g.language, contributes.languages[0].id);
  const grammar = JSON.parse(read(g.path));
  assert.equal(g.scopeName, 'source.carina');
  assert.equal(grammar.scopeName, g.scopeName);
  assert.deepEqual(grammar.fileTypes, contributes.languages[0].extensions.map((e) => e.slice(1)));
});

test('the word pattern keeps durations and dotted names whole', () => {
  const config = JSON.parse(read(contributes.languages[0].configuration));
  const re = new RegExp(config.wordPattern, 'gu');
  const words = (s) => s.match(re);
  assert.deepEqual(words('timeout = 75min'), ['timeout', '75min']);
  assert.deepEqual(words('until = cert.status == aws.acm.Certificate.Status.Issued'), ['until', 'cert.status', 'aws.acm.Certificate.Status.Issued']);
  assert.deepEqual(words('x = aws.iam.PolicyDocument.Version.2012_10_17'), ['x', 'aws.iam.PolicyDocument.Version.2012_10_17']);
  assert.deepEqual(words('[1.5, -3, 30s]'), ['1.5', '-3', '30s']);
  assert.deepEqual(words('a.b[0].c'), ['a.b', '0', 'c']);
});

test('the indentation rules indent after an opening bracket and dedent at a closing one', () => {
  const { indentationRules: r } = JSON.parse(read(contributes.languages[0].configuration));
  const inc = new RegExp(r.increaseIndentPattern);
  const dec = new RegExp(r.decreaseIndentPattern);
  for (const l of ['let cert = aws.acm.Certificate {', '  tags = {', '  list = [', 'wait cert {  # comment']) assert.ok(inc.test(l), l);
  for (const l of ['  name = "x"', '# {', '}', 'x = {}']) assert.ok(!inc.test(l), l);
  for (const l of ['}', '  ]', ')']) assert.ok(dec.test(l), l);
});

test('the settings declared are exactly the ones the client reads', () => {
  const declared = Object.keys(contributes.configuration.properties).sort();
  const read = Object.values(ext.SETTINGS).map((s) => `${ext.CLIENT_ID}.${s}`).sort();
  assert.deepEqual(declared, read);
  // vscode-languageclient reads <client id>.trace.server by itself.
  assert.ok(declared.includes(`${ext.CLIENT_ID}.trace.server`));
  assert.deepEqual(contributes.configuration.properties['carina.trace.server'].enum, ['off', 'messages', 'verbose']);
  for (const s of ext.RESTART_SETTINGS) assert.ok(declared.includes(`${ext.CLIENT_ID}.${s}`), s);
});

test('activation with a missing server shows a clear message and reads only declared settings', async () => {
  mock.calls.errors.length = 0;
  mock.calls.configurationKeys.length = 0;
  mock.setConfiguration({ 'carina.server.path': 'carina-lsp-that-does-not-exist' });
  const context = { subscriptions: [] };
  await ext.activate(context);
  assert.equal(mock.calls.errors.length, 1);
  const { message, items } = mock.calls.errors[0];
  assert.match(message, /carina-lsp-that-does-not-exist/);
  assert.match(message, /carina\.server\.path/);
  assert.deepEqual(items, ['Open Settings', 'Show Output']);
  const declared = Object.keys(contributes.configuration.properties);
  for (const key of mock.calls.configurationKeys) assert.ok(declared.includes(key), `reads undeclared setting ${key}`);
  for (const s of ['carina.server.path', 'carina.server.args', 'carina.schemas']) assert.ok(mock.calls.configurationKeys.includes(s), `does not read ${s}`);
  // The manifest's commands, and the one code lenses run (it takes a lens's arguments, so it is
  // not in the command palette).
  const commands = (contributes.commands ?? []).map((c) => c.command);
  assert.ok(!commands.includes(ext.SHOW_REFERENCES));
  assert.deepEqual([...new Set(mock.calls.commands)].sort(), [...commands, ext.SHOW_REFERENCES].sort());
  assert.equal(mock.calls.configListeners.length, 1);

  // Changing a server setting restarts (here: tries again and reports again); schemas alone do not.
  mock.setConfiguration({ 'carina.server.path': '/nonexistent/dir/carina-lsp' });
  mock.calls.configListeners[0]({ affectsConfiguration: (s) => s === 'carina.server.path' || s === 'carina.server' || s === 'carina' });
  await ext.deactivate();
  assert.equal(mock.calls.errors.length, 2);
  assert.match(mock.calls.errors[1].message, /\/nonexistent\/dir\/carina-lsp.*does not exist/);
  mock.calls.configListeners[0]({ affectsConfiguration: (s) => s === 'carina.schemas' || s === 'carina' });
  await ext.deactivate();
  assert.equal(mock.calls.errors.length, 2);
  for (const d of context.subscriptions) d.dispose();
});

test('the server command: PATH lookup, explicit paths, no arguments by default', (t) => {
  const dir = tempDir(t, 'ext');
  const exe = path.join(dir, 'carina-lsp');
  fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
  const env = { ...ext.defaultEnvironment(dir), pathVariable: `/nonexistent:${dir}`, platform: 'linux', home: '/home/u' };
  assert.deepEqual(ext.resolveServerCommand('', env), { ok: true, command: exe, source: 'PATH' });
  assert.deepEqual(ext.resolveServerCommand(exe, env), { ok: true, command: exe, source: 'setting' });
  assert.deepEqual(ext.resolveServerCommand('./carina-lsp', env), { ok: true, command: exe, source: 'setting' });
  assert.deepEqual(ext.resolveServerCommand('${workspaceFolder}/carina-lsp', env), { ok: true, command: exe, source: 'setting' });
  const missing = ext.resolveServerCommand('', { ...env, pathVariable: '/nonexistent' });
  assert.equal(missing.ok, false);
  assert.match(missing.message, /"carina-lsp" was not found on PATH/);
  assert.match(missing.message, /go install/);
  assert.equal(ext.resolveServerCommand('./nope', env).ok, false);

  const settings = ext.readSettings({ get: (k, d) => ({ 'server.args': ['-v', 3], schemas: ['schemas', '~/s.json'] })[k] ?? d });
  assert.deepEqual(settings, { serverPath: '', serverArgs: ['-v'], schemas: ['schemas', '~/s.json'], disable: [], listToBlocks: true, inlayHintTypes: false });
  const off = ext.readSettings({ get: (k, d) => ({ disable: ['pipe-form', 7], listToBlocks: false, 'inlayHints.types': true })[k] ?? d });
  assert.deepEqual([off.disable, off.listToBlocks, off.inlayHintTypes], [['pipe-form'], false, true]);
  assert.deepEqual(ext.serverSettings(off, env).inlayHints, { types: true });
  assert.deepEqual(ext.serverArgs(ext.readSettings({ get: (k, d) => d })), []);
  const schemas = ext.schemaPaths(settings, env);
  assert.deepEqual(schemas, [path.join(dir, 'schemas'), '/home/u/s.json']);
  const server = ext.serverSettings(settings, env);
  assert.deepEqual(server, { schemas, disable: [], listToBlocks: true, inlayHints: { types: false } });
  assert.deepEqual(ext.initializationOptions(server), server);
  assert.deepEqual(ext.didChangeConfigurationParams(server), { settings: { carina: server } });
  // listToBlocks left at its default is not sent: the project's carina-lsp.toml decides.
  const unset = ext.readSettings({ get: (k, d) => d, inspect: () => ({}) });
  assert.equal(unset.listToBlocks, undefined);
  assert.ok(!('listToBlocks' in ext.serverSettings(unset, env)));
  const set = ext.readSettings({ get: (k, d) => (k === 'listToBlocks' ? false : d), inspect: (k) => (k === 'listToBlocks' ? { workspaceValue: false } : {}) });
  assert.equal(ext.serverSettings(set, env).listToBlocks, false);
});

test('the client starts the server with no arguments of its own, sends the schemas, and restarts on server settings', async (t) => {
  const fake = path.resolve(extensionDir, '..', 'testdata', 'fake_lsp.js');
  const dir = tempDir(t, 'client');
  const log = path.join(dir, 'lsp.log');
  const messages = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
  const count = (method) => messages().filter((m) => m.method === method).length;
  const waitFor = async (what, cond) => {
    // Until the event; the minute only guards against a hang on a busy machine.
    for (const end = Date.now() + 60000; !cond() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 25));
    assert.ok(cond(), `timed out waiting for ${what}: ${JSON.stringify(messages().map((m) => m.method))}`);
  };
  mock.calls.errors.length = 0;
  mock.setConfiguration({
    'carina.server.path': process.execPath,
    'carina.server.args': [fake, log, '--flag'],
    'carina.schemas': ['/schemas/aws.json'],
  });
  const context = { subscriptions: [] };
  const firstListener = mock.calls.configListeners.length;
  // Like VS Code, a configuration change reaches every listener: the extension's and the
  // language client's own.
  const changed = (...sections) => {
    const event = { affectsConfiguration: (s) => sections.some((x) => x === s || x.startsWith(s + '.')) };
    for (const l of mock.calls.configListeners.slice(firstListener)) l(event);
  };
  await ext.activate(context);
  try {
  await waitFor('initialized', () => count('initialized') === 1);
  const init = messages().find((m) => m.method === 'initialize');
  assert.deepEqual(init.args, ['--flag'], 'no --stdio or other argument is added');
  assert.deepEqual(init.params.initializationOptions, { schemas: ['/schemas/aws.json'], disable: [], inlayHints: { types: false } });
  assert.equal(init.params.trace, 'off');
  assert.deepEqual(mock.calls.errors, []);

  // carina.schemas: a notification, no restart.
  mock.setConfiguration({
    'carina.server.path': process.execPath,
    'carina.server.args': [fake, log, '--flag'],
    'carina.schemas': ['/schemas/other.json'],
  });
  changed('carina.schemas');
  await waitFor('didChangeConfiguration', () => count('workspace/didChangeConfiguration') === 1);
  const dcc = messages().find((m) => m.method === 'workspace/didChangeConfiguration');
  assert.deepEqual(dcc.params, { settings: { carina: { schemas: ['/schemas/other.json'], disable: [], inlayHints: { types: false } } } });
  assert.equal(count('initialize'), 1);

  // carina.disable and carina.listToBlocks: a notification with every server setting.
  mock.setConfiguration({
    'carina.server.path': process.execPath,
    'carina.server.args': [fake, log, '--flag'],
    'carina.schemas': ['/schemas/other.json'],
    'carina.disable': ['pipe-form'],
    'carina.listToBlocks': false,
  });
  changed('carina.disable');
  await waitFor('a second didChangeConfiguration', () => count('workspace/didChangeConfiguration') === 2);
  const dcc2 = messages().filter((m) => m.method === 'workspace/didChangeConfiguration')[1];
  assert.deepEqual(dcc2.params, { settings: { carina: { schemas: ['/schemas/other.json'], disable: ['pipe-form'], listToBlocks: false, inlayHints: { types: false } } } });
  assert.equal(count('initialize'), 1);

  // carina.server.args: the server is restarted with the new arguments.
  mock.setConfiguration({
    'carina.server.path': process.execPath,
    'carina.server.args': [fake, log, '--flag', '--other'],
    'carina.schemas': ['/schemas/other.json'],
  });
  changed('carina.server.args');
  await waitFor('a second initialize', () => count('initialized') === 2);
  assert.equal(count('shutdown'), 1);
  assert.equal(count('exit'), 1);
  const init2 = messages().filter((m) => m.method === 'initialize')[1];
  assert.deepEqual(init2.args, ['--flag', '--other']);
  assert.deepEqual(init2.params.initializationOptions, { schemas: ['/schemas/other.json'], disable: [], inlayHints: { types: false } });

  } finally {
    await ext.deactivate();
    for (const d of context.subscriptions) d.dispose();
  }
  await waitFor('shutdown', () => count('exit') === 2);
});


test('Restricted Mode: the workspace cannot choose the server, unopened files wait for trust, trust starts them', async (t) => {
  const fake = path.resolve(extensionDir, '..', 'testdata', 'fake_lsp.js');
  const dir = tempDir(t, 'trust');
  const log = path.join(dir, 'lsp.log');
  const messages = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
  const methods = () => messages().map((m) => m.method);
  const count = (method) => methods().filter((m) => m === method).length;
  const waitFor = async (what, cond) => {
    // Until the event; the minute only guards against a hang on a busy machine.
    for (const end = Date.now() + 60000; !cond() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 25));
    assert.ok(cond(), `timed out waiting for ${what}: ${JSON.stringify(methods())}`);
  };
  process.env.FAKE_LSP_PULL = '1';
  t.after(() => {
    delete process.env.FAKE_LSP_PULL;
    mock.setTrusted(true);
    mock.setConfiguration({});
  });
  const output = () => mock.calls.outputs.at(-1).lines.join('\n');

  for (const workspaceSetsServer of [true, false]) {
    fs.rmSync(log, { force: true });
    mock.setTrusted(false);
    // The user's settings name the server; the folder's would run another program.
    mock.setConfiguration(
      { 'carina.server.path': process.execPath, 'carina.server.args': [fake, log, '--user'] },
      workspaceSetsServer ? { 'carina.server.args': [fake, log, '--workspace'] } : {},
    );
    const context = { subscriptions: [] };
    const firstListener = mock.calls.configListeners.length;
    await ext.activate(context);
    try {
      await waitFor('initialized', () => count('initialized') === 1);
      assert.deepEqual(messages().find((m) => m.method === 'initialize').args, ['--user'], 'the workspace chose the server in Restricted Mode');
      assert.match(output(), /Restricted Mode: "carina\.server\.path" and "carina\.server\.args" come from your user settings only.*only the open files are checked, until the folder is trusted/);
      if (workspaceSetsServer) assert.match(output(), /the workspace sets "carina\.server\.args": ignored/);
      else assert.doesNotMatch(output(), /the workspace sets/);
      // A notification sent after the start arrives before any workspace pull would have: none.
      for (const l of mock.calls.configListeners.slice(firstListener)) l({ affectsConfiguration: (s) => s === 'carina.schemas' || s === 'carina' });
      await waitFor('didChangeConfiguration', () => count('workspace/didChangeConfiguration') === 1);
      assert.equal(count('workspace/diagnostic'), 0, 'the workspace was pulled in Restricted Mode');

      mock.setTrusted(true);
      await waitFor('the workspace pull', () => count('workspace/diagnostic') >= 1);
      assert.match(output(), /The folder is trusted/);
      if (workspaceSetsServer) {
        // The workspace's arguments now count: a new server, whose pull is not held.
        await waitFor('a second initialize', () => count('initialized') === 2);
        assert.deepEqual(messages().filter((m) => m.method === 'initialize')[1].args, ['--workspace']);
      } else {
        assert.equal(count('initialize'), 1, 'a server the trust does not change was restarted');
      }
    } finally {
      await ext.deactivate();
      for (const d of context.subscriptions) d.dispose();
    }
  }
});

test('Restricted Mode: a server path inside the folder is not run, and the settings read only the user values', () => {
  const config = (user, workspace) => ({
    get: (k, d) => (k in workspace ? workspace[k] : k in user ? user[k] : d),
    inspect: (k) => ({ globalValue: user[k], workspaceValue: workspace[k] }),
  });
  const r = ext.restrictedSettings(config({ 'server.args': ['-log-level', 'debug'] }, { 'server.path': './bin/evil', 'server.args': ['x'], disable: ['pipe-form'] }));
  assert.equal(r.settings.serverPath, '');
  assert.deepEqual(r.settings.serverArgs, ['-log-level', 'debug']);
  assert.deepEqual(r.settings.disable, ['pipe-form'], 'settings that run nothing come from the workspace as usual');
  assert.deepEqual(r.ignored, ['carina.server.path', 'carina.server.args']);
  assert.deepEqual(ext.restrictedSettings(config({}, {})).ignored, []);
  for (const [file, folder, inside] of [
    ['/w/bin/carina-lsp', '/w', true],
    ['/w', '/w', true],
    ['/w2/carina-lsp', '/w', false],
    ['/usr/bin/carina-lsp', '/w', false],
    ['/usr/bin/carina-lsp', undefined, false],
  ]) {
    assert.equal(ext.insideFolder(file, folder, 'linux'), inside, `${file} in ${folder}`);
  }
  assert.equal(ext.insideFolder('C:\\w\\bin\\x.exe', 'c:\\w', 'win32'), true);
  const pkg = manifest.capabilities?.untrustedWorkspaces;
  assert.equal(pkg?.supported, 'limited');
  assert.deepEqual(pkg.restrictedConfigurations, ext.RESTRICTED_SETTINGS.map((s) => `carina.${s}`));
});
