// Drives carina-lsp over stdio as a client that pulls diagnostics (the capabilities
// vscode-languageclient declares: textDocument.diagnostic, workspace.diagnostics.refreshSupport),
// with vscode-languageserver-protocol. Usage: node pull.mjs <carina-lsp binary> <workspace dir>
// The workspace holds app/main.crn (opened; it reads an undefined binding) and lib/main.crn (never
// opened; an unused let). Prints the results as JSON on stdout.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
  InitializeRequest, InitializedNotification, DidOpenTextDocumentNotification,
  PublishDiagnosticsNotification, DocumentDiagnosticRequest, WorkspaceDiagnosticRequest,
  ShutdownRequest, ExitNotification,
} from 'vscode-languageserver-protocol/node';

const [bin, dir] = process.argv.slice(2);
const server = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
const results = { published: 0, partials: [] };
conn.onNotification(PublishDiagnosticsNotification.type, () => { results.published++; });
conn.onProgress(WorkspaceDiagnosticRequest.partialResult, 'ws-pull', (p) => {
  results.partials.push(p.items.map((r) => ({ uri: r.uri, kind: r.kind, codes: (r.items ?? []).map((d) => d.code) })));
});
conn.onRequest('client/registerCapability', () => null);
conn.onRequest('window/workDoneProgress/create', () => null);
conn.listen();

const rel = (uri) => uri.slice(pathToFileURL(dir).href.length + 1);
try {
  const root = pathToFileURL(dir).href;
  const init = await conn.sendRequest(InitializeRequest.type, {
    processId: process.pid, rootUri: root, workspaceFolders: [{ uri: root, name: 'ws' }],
    capabilities: { textDocument: { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } }, workspace: { diagnostics: { refreshSupport: true } } },
  });
  results.diagnosticProvider = init.capabilities.diagnosticProvider ?? null;
  conn.sendNotification(InitializedNotification.type, {});
  const app = pathToFileURL(join(dir, 'app', 'main.crn')).href;
  conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: app, languageId: 'carina', version: 1, text: readFileSync(join(dir, 'app', 'main.crn'), 'utf8') } });

  const first = await conn.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: app } });
  const again = await conn.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: app }, previousResultId: first.resultId });
  results.document = { kind: first.kind, codes: first.items.map((d) => d.code), againKind: again.kind };

  const ws = await conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [], partialResultToken: 'ws-pull' });
  results.workspaceAnswerItems = ws.items.length;
  results.partials = results.partials.map((items) => items.map((r) => ({ ...r, uri: rel(r.uri) })));

  // A moment for any push that would come after the semantic phase's debounce.
  await new Promise((r) => setTimeout(r, 500));
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
