// Drives carina-lsp over stdio with vscode-languageserver-protocol, the protocol library of VS
// Code's client. Usage: node client.mjs <carina-lsp binary> <configuration dir>
// Prints the results as JSON on stdout.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
  InitializeRequest, InitializedNotification, DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification, PublishDiagnosticsNotification, CompletionRequest,
  HoverRequest, DocumentFormattingRequest, ShutdownRequest, ExitNotification, WillRenameFilesRequest,
  DocumentLinkRequest,
  SelectionRangeRequest, SemanticTokensRequest, SemanticTokensDeltaRequest, CodeActionRequest,
} from 'vscode-languageserver-protocol/node';

const [bin, dir] = process.argv.slice(2);
const server = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
const published = [];
const waiters = [];
conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
  published.push(p);
  for (const w of waiters.splice(0)) w();
});
conn.onRequest('client/registerCapability', () => null);
conn.listen();

const until = async (pred, ms = 60000) => { // the event, or a hang
  const end = Date.now() + ms;
  for (;;) {
    const hit = published.find(pred);
    if (hit) return hit;
    if (Date.now() > end) throw new Error('timed out waiting for diagnostics');
    await new Promise((r) => { waiters.push(r); setTimeout(r, 50); });
  }
};

// applyEdits applies LSP text edits to text: positions are lines (ended by \n, \r\n or \r) and
// UTF-16 code units within the line, which is what a JS string index counts. The offsets are all
// taken on the original text, then the edits applied from the last; edits at one position keep
// their order.
const applyEdits = (text, edits) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    if (text[i] === '\n' || text[i] === '\r') starts.push(i + 1);
  }
  const offset = ({ line, character }) => {
    if (line >= starts.length) return text.length;
    let end = line + 1 < starts.length ? starts[line + 1] : text.length;
    while (end > starts[line] && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
    return Math.min(starts[line] + character, end);
  };
  const spans = edits.map((e, i) => ({ i, start: offset(e.range.start), end: offset(e.range.end), newText: e.newText }));
  spans.sort((a, b) => b.start - a.start || b.i - a.i);
  let out = text;
  for (const e of spans) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
};

// editsFor gathers a WorkspaceEdit's text edits of one document, as changes or documentChanges.
const editsFor = (edit, uri) => [
  ...(edit?.changes?.[uri] ?? []),
  ...(edit?.documentChanges ?? []).filter((c) => c.textDocument?.uri === uri).flatMap((c) => c.edits),
];

const results = {};
try {
  const root = pathToFileURL(dir).href;
  const init = await conn.sendRequest(InitializeRequest.type, {
    processId: process.pid, rootUri: root, workspaceFolders: [{ uri: root, name: 'config' }],
    capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } }, hover: { contentFormat: ['markdown'] } } },
  });
  results.serverInfo = init.serverInfo;
  results.capabilities = Object.keys(init.capabilities).sort();
  results.willRenameFilters = init.capabilities.workspace?.fileOperations?.willRename?.filters ?? null;
  conn.sendNotification(InitializedNotification.type, {});

  const uri = pathToFileURL(join(dir, 'wait.crn')).href;
  const text = readFileSync(join(dir, 'wait.crn'), 'utf8');
  conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'carina', version: 1, text } });
  const first = await until((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'wait-until-type-mismatch'));
  results.diagnostics = first.diagnostics.map((d) => ({ line: d.range.start.line, col: d.range.start.character, code: d.code, message: d.message }));
  results.version = first.version;

  try {
    const comp = await conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 0 } });
    results.completion = (comp ? (comp.items ?? comp) : []).map((i) => i.label);
  } catch (e) { results.completion = { error: e.message }; }
  try {
    const hover = await conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 19 } });
    results.hover = hover ? hover.contents : null;
  } catch (e) { results.hover = { error: e.message }; }

  // The other file's resource types link to the pages documenting them.
  const mainUri = pathToFileURL(join(dir, 'main.crn')).href;
  conn.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: mainUri, languageId: 'carina', version: 1, text: readFileSync(join(dir, 'main.crn'), 'utf8') },
  });
  const links = await conn.sendRequest(DocumentLinkRequest.type, { textDocument: { uri: mainUri } });
  results.links = (links ?? []).map((l) => ({ line: l.range.start.line, col: l.range.start.character, target: l.target }));

  const edits = await conn.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } });
  results.formattingEdits = edits;

  // Type a fix: the misspelt enum value Isued -> issued (an incremental change), then wait for the
  // publish of version 2 without the error.
  const line1 = text.split('\n')[1];
  const col = line1.indexOf('Isued');
  conn.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 1, character: col }, end: { line: 1, character: col + 5 } }, text: 'issued' }],
  });
  const fixed = await until((p) => p.uri === uri && p.version === 2 && !p.diagnostics.some((d) => d.severity === 1));
  results.afterFix = fixed.diagnostics.map((d) => d.code);

  // An unsaved buffer (VS Code's untitled: scheme) holding the wait file's text: analysed on its
  // own, so the wait's target is unknown there, and hover and formatting answer for it.
  const untitled = 'untitled:Untitled-1';
  conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: untitled, languageId: 'carina', version: 1, text } });
  const u = await until((p) => p.uri === untitled && p.diagnostics.length > 0);
  results.untitled = {
    diagnostics: u.diagnostics.map((d) => d.code),
    hover: await conn.sendRequest(HoverRequest.type, { textDocument: { uri: untitled }, position: { line: 0, character: 19 } }),
    formattingEdits: await conn.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: untitled }, options: { tabSize: 2, insertSpaces: true } }),
  };

  // A whole-text change (how clients without incremental sync send every edit) that does not touch
  // the wait: a comment line above it. Every publish of the new version keeps the wait's
  // diagnostic, one line lower (no empty list first: no flicker).
  const before = u.diagnostics.find((d) => d.code === 'wait-unknown-target');
  conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: untitled, version: 2 }, contentChanges: [{ text: '# a note\n' + text }] });
  await until((p) => p.uri === untitled && p.version === 2);
  await new Promise((r) => setTimeout(r, 600)); // the semantic phase's publish too
  results.fullSync = {
    lineBefore: before ? before.range.start.line : -1,
    publishes: published.filter((p) => p.uri === untitled && p.version === 2)
      .map((p) => p.diagnostics.filter((d) => d.code === 'wait-unknown-target').map((d) => d.range.start.line)),
  };

  // A module folder renamed (as VS Code's explorer does): a configuration beside it, not open,
  // names it; the server answers the edit to its source before the rename.
  mkdirSync(join(dir, 'mods', 'net'), { recursive: true });
  mkdirSync(join(dir, 'stack'), { recursive: true });
  writeFileSync(join(dir, 'mods', 'net', 'main.crn'), "arguments {\n  cidr: String\n}\n");
  writeFileSync(join(dir, 'stack', 'main.crn'), "let net = use { source = '../mods/net' }\n");
  const renamed = await conn.sendRequest(WillRenameFilesRequest.type, {
    files: [{ oldUri: pathToFileURL(join(dir, 'mods', 'net')).href, newUri: pathToFileURL(join(dir, 'mods', 'network')).href }],
  });
  results.willRename = Object.entries(renamed?.changes ?? {}).map(([u, es]) => ({
    file: u.slice(root.length + 1), edits: es.map((e) => ({ line: e.range.start.line, col: e.range.start.character, newText: e.newText })),
  }));

  // Expand selection from a word of the fixed wait (version 2): each step as the text it selects.
  const fixedText = text.replace('Isued', 'issued');
  const lines = fixedText.split('\n');
  const slice = (r) => r.start.line === r.end.line
    ? lines[r.start.line].slice(r.start.character, r.end.character)
    : [lines[r.start.line].slice(r.start.character), ...lines.slice(r.start.line + 1, r.end.line), lines[r.end.line].slice(0, r.end.character)].join('\n');
  const [sel] = await conn.sendRequest(SelectionRangeRequest.type, { textDocument: { uri }, positions: [{ line: 1, character: lines[1].indexOf('status') + 2 }] });
  results.selection = [];
  for (let step = sel; step; step = step.parent) results.selection.push(slice(step.range));

  // Semantic tokens, then an edit (a statement typed above the wait), then the delta from the
  // first answer: its edits applied to that answer must be a fresh full answer.
  const old = await conn.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
  conn.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 3 },
    contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: "let zone = 'example.com'\n" }],
  });
  const delta = await conn.sendRequest(SemanticTokensDeltaRequest.type, { textDocument: { uri }, previousResultId: old.resultId });
  const fresh = await conn.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
  const applied = [...old.data];
  for (const e of [...(delta.edits ?? [])].sort((a, b) => b.start - a.start)) applied.splice(e.start, e.deleteCount, ...(e.data ?? []));
  results.tokens = {
    before: old.data, resultIds: [old.resultId, delta.resultId, fresh.resultId],
    edits: delta.edits ?? null, applied, fresh: fresh.data,
  };

  // The quick fix of missing-required-attribute, as an editor runs it: a resource lacking its
  // required key (with a non-ASCII value before the edit, so the columns are UTF-16's), the
  // diagnostic, the code actions for it, the add-missing-required action's edit applied here and
  // sent back as the new text, and the publish after, without the diagnostic.
  mkdirSync(join(dir, 'ingress'), { recursive: true });
  const reqPath = join(dir, 'ingress', 'main.crn');
  const reqText = "awscc.ec2.SecurityGroupIngress { description = 'réseau 🌐' }\n";
  writeFileSync(reqPath, reqText);
  const reqUri = pathToFileURL(reqPath).href;
  conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: reqUri, languageId: 'carina', version: 1, text: reqText } });
  const missing = await until((p) => p.uri === reqUri && p.diagnostics.some((d) => d.code === 'missing-required-attribute'));
  const diag = missing.diagnostics.find((d) => d.code === 'missing-required-attribute');
  const actions = await conn.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: reqUri }, range: diag.range, context: { diagnostics: [diag], only: ['quickfix'] },
  });
  const action = (actions ?? []).find((a) => a.title?.startsWith('Add the missing required attribute'));
  const reqFixed = action ? applyEdits(reqText, editsFor(action.edit, reqUri)) : reqText;
  conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: reqUri, version: 2 }, contentChanges: [{ text: reqFixed }] });
  await until((p) => p.uri === reqUri && p.version === 2 && !p.diagnostics.some((d) => d.code === 'missing-required-attribute'));
  await new Promise((r) => setTimeout(r, 600)); // any later publish of the semantic phase too
  const last = published.filter((p) => p.uri === reqUri).at(-1);
  results.requiredFix = {
    message: diag.message,
    titles: (actions ?? []).map((a) => a.title),
    title: action?.title ?? null,
    kind: action?.kind ?? null,
    diagnostics: action?.diagnostics?.map((d) => d.code) ?? [],
    text: reqFixed,
    afterVersion: last.version,
    after: last.diagnostics.map((d) => d.code),
  };

  await conn.sendRequest(ShutdownRequest.type);
  conn.sendNotification(ExitNotification.type);
  results.exitCode = await new Promise((r) => server.on('exit', (code) => r(code)));
} catch (e) {
  results.error = String(e && e.stack || e);
  server.kill();
}
process.stdout.write(JSON.stringify(results));
conn.dispose();
process.exit(0);
