// The packages: npm run package (scripts/package.mjs) makes a .vsix per platform with the
// carina-lsp binary in it and a universal one without; every one ships the licence, the
// third-party notices and the icon; the bundled binary answers initialize with its version.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { extensionDir } from './textmate.mjs';
import { tempDir } from './tmp.mjs';
import { readZip } from './zip.mjs';
import { packageExtension } from '../scripts/package.mjs';
import { hostTarget } from '../scripts/targets.mjs';
import { iconPNG } from '../scripts/icon.mjs';
import { notices, noticesPath } from '../scripts/notices.mjs';

const require = createRequire(import.meta.url);
require('./vscode-mock.cjs').install();
const read = (rel) => fs.readFileSync(path.join(extensionDir, rel));
const manifest = JSON.parse(read('package.json').toString('utf8'));
const repo = path.resolve(extensionDir, '..', '..');

test('LICENSE is the repository licence (MIT), the icon is the drawn 128×128 PNG, the notices are current', async () => {
  assert.equal(read('LICENSE').toString('utf8'), fs.readFileSync(path.join(repo, 'LICENSE'), 'utf8'));
  assert.match(read('LICENSE').toString('utf8'), /^MIT License/);
  assert.equal(manifest.license, 'MIT');
  const png = read(manifest.icon);
  assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  assert.ok(png.equals(iconPNG()), 'images/icon.png is not what scripts/icon.mjs draws: run npm run icon');
  const text = await notices();
  assert.equal(fs.readFileSync(noticesPath, 'utf8'), text, 'ThirdPartyNotices.txt is out of date: run npm run notices');
  for (const dep of ['vscode-languageclient', 'go.uber.org/zap', 'github.com/alecthomas/participle/v2', 'The Go standard library', 'Provider schemas']) {
    assert.ok(text.includes(dep), `notices lack ${dep}`);
  }
});

/** Sends initialize, shutdown and exit to a server binary and returns the initialize result. */
async function initialize(bin) {
  const child = spawn(bin, ['--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let out = Buffer.alloc(0);
  child.stdout.on('data', (d) => (out = Buffer.concat([out, d])));
  for (const msg of [
    { id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } },
    { method: 'initialized', params: {} },
    { id: 2, method: 'shutdown' },
    { method: 'exit' },
  ]) {
    const body = JSON.stringify({ jsonrpc: '2.0', ...msg });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  const code = await new Promise((r) => child.on('exit', r));
  assert.equal(code, 0, 'exit code after shutdown and exit');
  const text = out.toString('utf8');
  const m = text.match(/Content-Length: (\d+)\r\n\r\n/);
  const first = JSON.parse(text.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1])));
  assert.equal(first.id, 1);
  return first.result;
}

// Long mode only (scripts/test -long sets CARINA_LONG=1, and CI runs it): it builds the binary and
// zips both packages.
const longOnly = process.env.CARINA_LONG !== '1' && 'long mode only (scripts/test -long)';

test('npm run package: a platform .vsix with the server that answers initialize, and a universal one without', { skip: longOnly, timeout: 240000 }, async (t) => {
  const target = hostTarget();
  assert.ok(target, `no VS Code target for ${process.platform}-${process.arch}`);
  const dir = tempDir(t, 'vsix');
  const made = await packageExtension({ targets: [target], outDir: path.join(dir, 'out'), typecheck: false, commit: 'testcommit', log: () => {} });
  assert.deepEqual(made.map((f) => path.basename(f)), [`carina-${target}-${manifest.version}.vsix`, `carina-${manifest.version}.vsix`]);
  const common = [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/LICENSE.txt',
    'extension/ThirdPartyNotices.txt',
    'extension/images/icon.png',
    'extension/language-configuration.json',
    'extension/media/graph.css',
    'extension/media/graph.js',
    'extension/out/extension.js',
    'extension/package.json',
    'extension/readme.md',
    'extension/schemas/carina-lsp.schema.json',
    'extension/syntaxes/carina.tmLanguage.json',
  ];
  const serverEntry = `extension/server/${process.platform === 'win32' ? 'carina-lsp.exe' : 'carina-lsp'}`;
  const [platformZip, universalZip] = made.map(readZip);
  assert.deepEqual([...universalZip.keys()].sort(), common);
  assert.deepEqual([...platformZip.keys()].sort(), [...common, serverEntry].sort());
  for (const zip of [platformZip, universalZip]) {
    assert.equal(zip.get('extension/LICENSE.txt')().toString('utf8'), read('LICENSE').toString('utf8'));
    assert.ok(zip.get('extension/images/icon.png')().equals(read('images/icon.png')));
    const shipped = JSON.parse(zip.get('extension/package.json')().toString('utf8'));
    assert.equal(shipped.icon, 'images/icon.png');
    assert.equal(shipped.scripts, undefined, 'the shipped manifest has no scripts');
    assert.deepEqual(shipped.contributes, manifest.contributes);
    assert.equal(zip.get('extension/syntaxes/carina.tmLanguage.json')().toString('utf8'), read('syntaxes/carina.tmLanguage.json').toString('utf8'));
    // The JSON Schema a TOML extension checks carina-lsp.toml with (contributes.tomlValidation).
    assert.equal(zip.get('extension/schemas/carina-lsp.schema.json')().toString('utf8'), read('schemas/carina-lsp.schema.json').toString('utf8'));
    assert.deepEqual(shipped.contributes.tomlValidation, [{ fileMatch: 'carina-lsp.toml', url: './schemas/carina-lsp.schema.json' }]);
    const xml = zip.get('extension.vsixmanifest')().toString('utf8');
    assert.match(xml, /Id="carina"/);
    assert.match(xml, /Publisher="carina-rs"/);
    assert.match(xml, /<License>extension\/LICENSE.txt<\/License>/);
    assert.match(xml, /<Icon>extension\/images\/icon.png<\/Icon>/);
  }
  assert.match(platformZip.get('extension.vsixmanifest')().toString('utf8'), new RegExp(`TargetPlatform="${target}"`));
  assert.equal(platformZip.get(serverEntry).mode & 0o755, 0o755, 'the server keeps its executable mode');

  // The shipped bundle, loaded like VS Code would, declares the same settings it reads.
  const bundleFile = path.join(dir, 'extension.js');
  fs.writeFileSync(bundleFile, platformZip.get('extension/out/extension.js')());
  const shippedExt = require(bundleFile);
  assert.deepEqual(
    Object.keys(manifest.contributes.configuration.properties).sort(),
    Object.values(shippedExt.SETTINGS).map((s) => `${shippedExt.CLIENT_ID}.${s}`).sort(),
  );

  // The bundled binary runs and says what it is.
  const bin = path.join(dir, 'carina-lsp');
  fs.writeFileSync(bin, platformZip.get(serverEntry)(), { mode: 0o755 });
  const result = await initialize(bin);
  assert.equal(result.serverInfo.name, 'carina-lsp');
  assert.match(result.serverInfo.version, new RegExp(`^${manifest.version.replace(/\./g, '\\.')} \\(commit testcommit, go\\S+ \\w+/\\w+\\)$`));
  assert.ok(result.capabilities.completionProvider);
  for (const { kind } of manifest.contributes.codeActions.flatMap((c) => c.actions)) {
    assert.ok(result.capabilities.codeActionProvider.codeActionKinds.includes(kind), `the server does not offer ${kind}`);
  }
});
