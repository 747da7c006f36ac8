// The code lenses and the call hierarchy through the extension's language client, against the
// vscode stand-in: the middleware points each lens at carina.showReferences, which opens the
// references peek (editor.action.showReferences) with the arguments converted to vscode objects;
// the client registers carina.showLocations itself, so the extension must not. With the real
// carina-lsp (built with Go) on examples/wait-cert, the lenses of main.crn arrive rewritten and
// the call hierarchy answers through the client. Without Go that part is skipped, saying why;
// under CI=true it fails instead.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { example, repo } from '../scripts/record-graph.mjs';
import { extensionDir } from './textmate.mjs';
import { realServerSkip, token } from './real-server.mjs';
import { serverFor } from './tmp.mjs';

const require = createRequire(import.meta.url);
const mock = require('./vscode-mock.cjs').install();
const ext = require(path.join(extensionDir, 'out', 'extension.js'));
const { vscode } = mock;

const skip = realServerSkip('the code lens test with the real server');

test('rewriteLens points only the server command at carina.showReferences', () => {
  const args = ['file:///c/main.crn', { line: 7, character: 4 }, 'references'];
  const lens = ext.rewriteLens(new vscode.CodeLens(new vscode.Range(7, 4, 7, 8), { title: '4 references', command: ext.LOCATIONS_COMMAND, arguments: args }));
  assert.deepEqual(lens.command, { title: '4 references', command: ext.SHOW_REFERENCES, arguments: args });
  const other = ext.rewriteLens(new vscode.CodeLens(new vscode.Range(0, 0, 0, 1), { title: 'x', command: 'something.else' }));
  assert.equal(other.command.command, 'something.else');
  assert.equal(ext.rewriteLens(new vscode.CodeLens(new vscode.Range(0, 0, 0, 1))).command, undefined);
});

test('the lenses and the call hierarchy with carina-lsp on examples/wait-cert', { skip }, async (t) => {
  const bin = serverFor(t);
  const dir = path.join(repo, example);
  const doc = (name) => {
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, 'utf8');
    return { uri: vscode.Uri.file(file), fileName: file, languageId: 'carina', version: 1, isClosed: false, isUntitled: false, getText: () => text, lineCount: text.split('\n').length };
  };
  const main = doc('main.crn');
  const wait = doc('wait.crn');
  vscode.workspace.textDocuments = [main, wait];
  mock.setConfiguration({ 'carina.server.path': bin });
  mock.calls.errors.length = 0;
  const context = { subscriptions: [] };
  await ext.activate(context);
  try {
    assert.deepEqual(mock.calls.errors, []);
    // The client registered the server's command, once: the extension's own registration of the
    // same id would have made the mock (as VS Code) refuse it.
    assert.equal(mock.calls.commands.filter((c) => c === ext.LOCATIONS_COMMAND).length, 1);
    const provider = (kind) => {
      const p = mock.calls.providers.filter((x) => x.kind === kind).at(-1);
      assert.ok(p, `no ${kind} provider registered`);
      assert.deepEqual(p.selector.map((f) => f.language), ['carina', 'carina']);
      return p.provider;
    };

    // The lenses of main.crn: the server's titles, every one on the extension's command. The
    // server answers once the documents it got with didOpen are in.
    let lenses = [];
    for (let i = 0; i < 200 && lenses.length === 0; i++) {
      lenses = (await provider('codeLens').provideCodeLenses(main, token)) ?? [];
      if (lenses.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    assert.deepEqual(
      lenses.map((l) => `${l.range.start.line}:${l.command.title}`),
      ['7:4 references', '7:2 dependents', '7:waited on by cert_issued', '12:1 reference', '12:1 dependent'],
    );
    for (const l of lenses) {
      assert.equal(l.command.command, ext.SHOW_REFERENCES, l.command.title);
      assert.equal(l.command.arguments.length, 3);
    }

    // A click on "waited on by cert_issued": the references peek at the lens, on the wait.
    const waited = lenses[2];
    await vscode.commands.executeCommand(waited.command.command, ...waited.command.arguments);
    const peek = mock.calls.executed.filter((e) => e.id === 'editor.action.showReferences');
    assert.equal(peek.length, 1, JSON.stringify(mock.calls.executed));
    const [uri, position, locations] = peek[0].args;
    assert.ok(uri instanceof vscode.Uri && position instanceof vscode.Position, 'a vscode.Uri and a vscode.Position');
    assert.equal(uri.fsPath, main.uri.fsPath);
    assert.deepEqual([position.line, position.character], [7, 4]);
    assert.equal(locations.length, 1);
    assert.ok(locations[0] instanceof vscode.Location && locations[0].uri instanceof vscode.Uri, 'vscode.Locations');
    assert.equal(locations[0].uri.fsPath, wait.uri.fsPath);
    assert.deepEqual(locations[0].range.start, { line: 1, character: 4 });

    // "4 references": four locations, in main.crn and wait.crn.
    await vscode.commands.executeCommand(lenses[0].command.command, ...lenses[0].command.arguments);
    const refs = mock.calls.executed.filter((e) => e.id === 'editor.action.showReferences')[1].args[2];
    assert.deepEqual(refs.map((l) => `${path.basename(l.uri.fsPath)}:${l.range.start.line}`).sort(), ['main.crn:14', 'main.crn:17', 'wait.crn:1', 'wait.crn:2']);

    // The call hierarchy: the client asks the server, nothing in the extension is in the way.
    const hierarchy = provider('callHierarchy');
    const [cert] = await hierarchy.prepareCallHierarchy(main, new vscode.Position(7, 5), token);
    assert.equal(cert.name, 'cert');
    const incoming = await hierarchy.provideCallHierarchyIncomingCalls(cert, token);
    assert.deepEqual(incoming.map((c) => `${c.from.name} ${path.basename(c.from.uri.fsPath)}`), ['validation_record main.crn', 'cert_issued wait.crn']);
    const [issued] = await hierarchy.prepareCallHierarchy(wait, new vscode.Position(1, 6), token);
    const outgoing = await hierarchy.provideCallHierarchyOutgoingCalls(issued, token);
    assert.deepEqual(outgoing.map((c) => `${c.to.name} ${path.basename(c.to.uri.fsPath)}`), ['cert main.crn', 'validation_record main.crn']);
  } finally {
    await ext.deactivate();
    for (const d of context.subscriptions) d.dispose();
    vscode.workspace.textDocuments = [];
  }
});
