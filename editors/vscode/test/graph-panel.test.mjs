// The extension side of Carina: Show Dependency Graph, against the vscode stand-in and the recorded
// carina/graph response: the panel opens beside with a strict policy, asks for the active file's
// graph with its SVG in both directions, posts them once the page is ready, reveals what the page
// clicks in the editor's column, follows edits of its configuration (debounced) and the active
// editor; with the focus outside the editors (the Output panel) the command takes the visible
// .crn editor.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { extensionDir } from './textmate.mjs';

const require = createRequire(import.meta.url);
const mock = require('./vscode-mock.cjs').install();
const ext = require(path.join(extensionDir, 'out', 'extension.js'));
const { vscode } = mock;
const recorded = JSON.parse(fs.readFileSync(path.join(extensionDir, 'test', 'graph', 'wait-cert.json'), 'utf8'));

const DEBOUNCE = 20;
const doc = (p) => ({ uri: vscode.Uri.file(p), languageId: 'carina' });
const until = async (what, cond) => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(cond(), `timed out waiting for ${what}`);
};
const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE * 5));
// The recorded picture is left to right; the stand-in's top-to-bottom one is told apart by its text.
const TB_SVG = recorded.svg.replace('data-direction="LR"', 'data-direction="TB"');
const answerFor = (graph) => async (p) => ({ graph, svg: p.direction === 'TB' ? TB_SVG : recorded.svg });
const both = (uri) => ['LR', 'TB'].map((direction) => ({ textDocument: { uri }, svg: true, direction }));

test('the graph panel: policy, request, reveal, and following edits and the active editor', async () => {
  const requests = [];
  let answer = answerFor(recorded.graph);
  const view = new ext.GraphView(vscode.Uri.file('/ext'), (p) => {
    requests.push(p);
    return answer(p);
  }, DEBOUNCE);
  mock.vscode.window.activeTextEditor = { document: doc('/ws/conf/main.crn'), viewColumn: 1 };
  view.show();
  const panel = mock.calls.panels.at(-1);
  assert.equal(panel.viewType, 'carina.graph');
  assert.equal(panel.showOptions.viewColumn, vscode.ViewColumn.Beside);
  assert.equal(panel.options.enableScripts, true);
  assert.deepEqual(panel.options.localResourceRoots.map((u) => u.path), ['/ext/media']);
  assert.equal(panel.title, 'Graph: conf');

  // The HTML: one script, by nonce, from media/; styles from media/; nothing else may load.
  const html = panel.webview.html;
  const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
  const nonce = csp.match(/script-src 'nonce-([^']+)'/)[1];
  assert.match(csp, /default-src 'none'/);
  assert.doesNotMatch(csp, /unsafe|https?:|\*/);
  assert.deepEqual([...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]), [` nonce="${nonce}" src="vscode-webview://mock/ext/media/graph.js"`]);
  assert.match(html, /<link rel="stylesheet" href="vscode-webview:\/\/mock\/ext\/media\/graph.css">/);

  // The requests, one a direction: the page draws the picture that fits it, and turns it when
  // resized without asking again. The answer waits for the page to be ready.
  assert.notEqual(TB_SVG, recorded.svg);
  assert.deepEqual(requests, both('file:///ws/conf/main.crn'));
  await settle();
  assert.deepEqual(panel.posted, []);
  panel.page({ type: 'ready' });
  assert.deepEqual(panel.posted, [{ type: 'graph', graph: recorded.graph, svgs: { LR: recorded.svg, TB: TB_SVG } }]);
  // A message the view does not know (the page no longer asks for a direction): nothing asked.
  panel.page({ type: 'layout', direction: 'TB' });
  await settle();
  assert.equal(requests.length, 2);

  // A click in the page opens the file at the range, in the editor's column; nothing outside the
  // configuration's directory is opened.
  const wait = recorded.graph.nodes.find((n) => n.kind === 'wait');
  panel.page({ type: 'reveal', file: wait.file, range: wait.range });
  await until('showTextDocument', () => mock.calls.shown.length === 1);
  const shown = mock.calls.shown[0];
  assert.equal(shown.uri.toString(), 'file:///ws/conf/wait.crn');
  assert.equal(shown.options.viewColumn, 1);
  assert.deepEqual({ start: shown.options.selection.start, end: shown.options.selection.end }, wait.range);
  panel.page({ type: 'reveal', file: '../other/main.crn', range: wait.range });
  await settle();
  assert.equal(mock.calls.shown.length, 1);

  // Edits of the configuration's files: one refresh (a request a direction) after they stop;
  // other directories: none.
  const change = (p) => mock.events.textChange.fire({ document: doc(p), contentChanges: [{ text: 'x' }] });
  change('/ws/conf/cdn.crn');
  change('/ws/conf/main.crn');
  change('/ws/conf/main.crn');
  await until('the requests after edits', () => requests.length === 4);
  await settle();
  assert.equal(requests.length, 4, 'edits in a row make one refresh');
  assert.deepEqual(requests.slice(2), both('file:///ws/conf/main.crn'));
  change('/ws/elsewhere/main.crn');
  mock.events.textChange.fire({ document: doc('/ws/conf/main.crn'), contentChanges: [] });
  await settle();
  assert.equal(requests.length, 4, 'edits elsewhere, and changes without edits, make none');
  await until('the graph posted again', () => panel.posted.length === 2);

  // A failing request keeps the page's graph and says why.
  answer = async () => {
    throw new Error('no such method');
  };
  change('/ws/conf/main.crn');
  await until('the error posted', () => panel.posted.length === 3);
  assert.equal(panel.posted[2].type, 'error');
  assert.match(panel.posted[2].message, /no such method/);
  answer = answerFor(recorded.graph);

  // Another configuration's editor becomes active: its graph at once.
  mock.events.activeEditor.fire({ document: doc('/ws/other/a.crn'), viewColumn: 2 });
  assert.deepEqual(requests.slice(-2), both('file:///ws/other/a.crn'));
  assert.equal(panel.title, 'Graph: other');
  const n = requests.length;
  mock.events.activeEditor.fire({ document: doc('/ws/other/b.crn'), viewColumn: 2 });
  mock.events.activeEditor.fire({ document: { uri: vscode.Uri.file('/ws/x.txt'), languageId: 'plaintext' }, viewColumn: 2 });
  assert.equal(requests.length, n, 'the same configuration, or not Carina: no request');
  change('/ws/conf/main.crn');
  await settle();
  assert.equal(requests.length, n, 'the old configuration is no longer followed');

  // Only the answers to the latest requests are drawn.
  const releases = [];
  answer = (p) => new Promise((r) => releases.push(() => r({ graph: { ...recorded.graph, directory: 'slow' }, svg: p.direction })));
  change('/ws/other/a.crn');
  await until('the slow requests', () => requests.length === n + 2);
  const slow = () => releases.forEach((r) => r());
  answer = answerFor({ ...recorded.graph, directory: 'fast' });
  mock.events.activeEditor.fire({ document: doc('/ws/conf/main.crn'), viewColumn: 1 });
  await until('the fast answer', () => panel.posted.at(-1)?.graph?.directory === 'fast');
  slow();
  await settle();
  assert.equal(panel.posted.at(-1).graph.directory, 'fast');

  // Closed: nothing follows any more; only the view's record of the editors last active listens,
  // until the view goes.
  panel.dispose();
  const m = requests.length;
  change('/ws/conf/main.crn');
  mock.events.activeEditor.fire({ document: doc('/ws/other/a.crn'), viewColumn: 2 });
  await settle();
  assert.equal(requests.length, m);
  assert.equal(mock.events.textChange.listeners.length, 0);
  assert.equal(mock.events.activeEditor.listeners.length, 1);
  view.dispose();
  assert.equal(mock.events.activeEditor.listeners.length, 0);
});

test('with the focus outside the editors the command takes the visible .crn editor', async () => {
  // The Output panel focused: the active text editor is the panel's, a .crn file beside it.
  const output = { document: { uri: { scheme: 'output', toString: () => 'output:carina' }, languageId: 'Log' }, viewColumn: undefined };
  const main = { document: doc('/ws/conf/main.crn'), viewColumn: 1 };
  const other = { document: doc('/ws/other/a.crn'), viewColumn: 2 };
  const yaml = { document: { uri: vscode.Uri.file('/ws/conf/t.yaml'), languageId: 'yaml' }, viewColumn: 3 };
  mock.vscode.window.activeTextEditor = undefined;
  mock.vscode.window.visibleTextEditors = [];
  const requests = [];
  const view = new ext.GraphView(vscode.Uri.file('/ext'), async (p) => {
    requests.push(p);
    return { graph: recorded.graph, svg: recorded.svg };
  }, DEBOUNCE);
  const shows = (active, visible) => {
    mock.vscode.window.activeTextEditor = active;
    mock.vscode.window.visibleTextEditors = visible;
    const n = requests.length;
    view.show();
    return requests.length > n ? requests.at(-1).textDocument.uri : undefined;
  };
  try {
    // Never active since the view was made: the first visible .crn editor.
    assert.equal(shows(output, [yaml, main, other, output]), 'file:///ws/conf/main.crn');
    // The one of those last active, whichever column it is in.
    mock.events.activeEditor.fire(main);
    mock.events.activeEditor.fire(other);
    mock.events.activeEditor.fire(output);
    assert.equal(shows(output, [main, other, output]), 'file:///ws/other/a.crn');
    // No active editor at all (the graph panel, or another view, focused): the same.
    mock.events.activeEditor.fire(main);
    assert.equal(shows(undefined, [other, main]), 'file:///ws/conf/main.crn');
    // The active editor, when it is a .crn file, whatever was active before.
    assert.equal(shows(other, [main, other]), 'file:///ws/other/a.crn');
    // A click in the graph reveals in the column of the editor the command took.
    shows(output, [yaml, main, output]);
    const panel = mock.calls.panels.at(-1);
    panel.page({ type: 'ready' });
    const wait = recorded.graph.nodes.find((n) => n.kind === 'wait');
    const before = mock.calls.shown.length;
    panel.page({ type: 'reveal', file: wait.file, range: wait.range });
    await until('showTextDocument', () => mock.calls.shown.length === before + 1);
    assert.equal(mock.calls.shown.at(-1).uri.toString(), 'file:///ws/conf/wait.crn');
    assert.equal(mock.calls.shown.at(-1).options.viewColumn, 1);
    panel.dispose();

    // No .crn editor in sight: the command says so and opens nothing.
    const panels = mock.calls.panels.length;
    const infos = mock.calls.infos.length;
    assert.equal(shows(output, [yaml, output]), undefined);
    assert.equal(mock.calls.panels.length, panels);
    assert.match(mock.calls.infos.at(-1), /open a \.crn file/);
    assert.equal(mock.calls.infos.length, infos + 1);
  } finally {
    view.dispose();
    mock.vscode.window.activeTextEditor = undefined;
    mock.vscode.window.visibleTextEditors = [];
  }
});

test('the command without a Carina editor says what to do', () => {
  mock.vscode.window.activeTextEditor = undefined;
  const panels = mock.calls.panels.length;
  const view = new ext.GraphView(vscode.Uri.file('/ext'), async () => recorded);
  view.show();
  assert.equal(mock.calls.panels.length, panels);
  assert.match(mock.calls.infos.at(-1), /open a \.crn file/);
  view.dispose();
});
