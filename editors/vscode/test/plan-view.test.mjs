// The extension side of Carina: Show Plan, against the vscode stand-in: the panel opens beside
// with a policy that loads and runs nothing, shows carina/plan's display (escaped) and its
// problems, follows edits of its configuration (debounced) and the active editor, drops answers
// overtaken by newer ones, says why when the request fails, and opens from a plan lens, whose
// argument is the document's URI string.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { extensionDir } from './textmate.mjs';

const require = createRequire(import.meta.url);
const mock = require('./vscode-mock.cjs').install();
const ext = require(path.join(extensionDir, 'out', 'extension.js'));
const { vscode } = mock;

const DEBOUNCE = 20;
const doc = (p) => ({ uri: vscode.Uri.file(p), languageId: 'carina' });
const until = async (what, cond) => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(cond(), `timed out waiting for ${what}`);
};
const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE * 5));
const display = 'Execution Plan:\n\n  -/+ awscc.ec2.Vpc vpc (must be replaced)\n      cidr_block: "10.0.0.0/16" → "10.1.0.0/16" (forces replacement)\n\nPlan: 0 to add, 0 to change, 1 to replace, 0 to destroy.\n';

test('the plan panel: policy, display, problems, following edits and the active editor', async () => {
  const requests = [];
  let answer = async () => ({ text: display, changed: true, problems: ['main.crn:1:1: error: <prevent_destroy> & more'] });
  const view = new ext.PlanView((p) => {
    requests.push(p);
    return answer(p);
  }, DEBOUNCE);
  mock.vscode.window.activeTextEditor = { document: doc('/ws/conf/main.crn'), viewColumn: 1 };
  view.show();
  const panel = mock.calls.panels.at(-1);
  assert.equal(panel.viewType, 'carina.plan');
  assert.equal(panel.showOptions.viewColumn, vscode.ViewColumn.Beside);
  assert.equal(panel.options.enableScripts, false);
  assert.equal(panel.title, 'Plan: conf');
  assert.deepEqual(requests, [{ textDocument: { uri: 'file:///ws/conf/main.crn' } }]);
  await until('the display', () => panel.webview.html.includes('Execution Plan'));
  const html = panel.webview.html;
  assert.match(html, /http-equiv="Content-Security-Policy" content="default-src 'none'"/);
  assert.doesNotMatch(html, /<script/);
  assert.ok(html.includes('<pre>Execution Plan:') && html.includes('cidr_block: "10.0.0.0/16" → "10.1.0.0/16"'), html);
  assert.ok(html.includes('<li>main.crn:1:1: error: &lt;prevent_destroy&gt; &amp; more</li>'), html);

  // Edits of the configuration's files: one refresh after they stop; elsewhere: none.
  const change = (p) => mock.events.textChange.fire({ document: doc(p), contentChanges: [{ text: 'x' }] });
  change('/ws/conf/a.crn');
  change('/ws/conf/main.crn');
  await until('the request after edits', () => requests.length === 2);
  change('/ws/elsewhere/main.crn');
  await settle();
  assert.equal(requests.length, 2, 'edits in a row make one refresh, edits elsewhere none');
  // The state file of the configuration is watched: an apply changes the plan.
  const watcher = mock.calls.watchers.at(-1);
  assert.equal(watcher.pattern, '*.state.json');
  assert.equal(watcher.base.path, '/ws/conf');

  // A failing request says why.
  answer = async () => {
    throw new Error('no such method');
  };
  change('/ws/conf/main.crn');
  await until('the error', () => panel.webview.html.includes('no such method'));

  // Another configuration's editor becomes active: its plan at once; an overtaken answer is dropped.
  const releases = [];
  answer = () => new Promise((r) => releases.push(() => r({ text: 'slow\n', changed: false })));
  mock.events.activeEditor.fire({ document: doc('/ws/other/a.crn'), viewColumn: 2 });
  assert.equal(panel.title, 'Plan: other');
  assert.equal(requests.at(-1).textDocument.uri, 'file:///ws/other/a.crn');
  answer = async () => ({ text: 'fast\n', changed: false });
  change('/ws/other/a.crn');
  await until('the fast answer', () => panel.webview.html.includes('fast'));
  releases.forEach((r) => r());
  await settle();
  assert.ok(panel.webview.html.includes('fast') && !panel.webview.html.includes('slow'));

  // Closed: nothing follows any more.
  panel.dispose();
  const n = requests.length;
  change('/ws/other/a.crn');
  mock.events.activeEditor.fire({ document: doc('/ws/conf/main.crn'), viewColumn: 1 });
  await settle();
  assert.equal(requests.length, n);
  view.dispose();
});

test('a plan lens opens the panel on its document (the URI string it carries)', async () => {
  const requests = [];
  const view = new ext.PlanView(async (p) => {
    requests.push(p);
    return { text: 'Execution Plan:\n', changed: false };
  }, DEBOUNCE);
  mock.vscode.window.activeTextEditor = undefined;
  view.show('file:///ws/lens/main.crn');
  assert.deepEqual(requests, [{ textDocument: { uri: 'file:///ws/lens/main.crn' } }]);
  assert.equal(mock.calls.panels.at(-1).title, 'Plan: lens');
  view.dispose();
});

test('without a .crn editor the command says what it needs', async () => {
  const view = new ext.PlanView(async () => null, DEBOUNCE);
  mock.vscode.window.activeTextEditor = undefined;
  mock.vscode.window.visibleTextEditors = [];
  const panels = mock.calls.panels.length;
  view.show();
  assert.equal(mock.calls.panels.length, panels);
  assert.match(mock.calls.infos.at(-1), /needs a \.crn file/);
  view.dispose();
});
