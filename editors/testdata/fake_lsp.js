// A stand-in language server for the editor tests (editors/nvim/test/smoke.lua and
// editors/vscode/test/extension.test.mjs): speaks LSP over stdio, answers initialize and shutdown,
// and appends every message it receives (one JSON line each, with the arguments that follow the log
// file path) to the file named by its first argument.
'use strict';
const fs = require('fs');

const log = process.argv[2];
let buf = Buffer.alloc(0);

function send(msg) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

function handle(msg) {
  fs.appendFileSync(log, JSON.stringify({ method: msg.method, params: msg.params, args: process.argv.slice(3) }) + '\n');
  if (msg.method === 'initialize') {
    const capabilities = { textDocumentSync: 1 };
    // FAKE_LSP_PULL=1: a server of pulled diagnostics, the workspace's included (as carina-lsp).
    if (process.env.FAKE_LSP_PULL === '1') capabilities.diagnosticProvider = { interFileDependencies: true, workspaceDiagnostics: true };
    send({ id: msg.id, result: { capabilities, serverInfo: { name: 'fake-carina-lsp' } } });
  } else if (msg.method === 'shutdown') {
    send({ id: msg.id, result: null });
  } else if (msg.method === 'workspace/diagnostic') {
    // Answered slowly, as a real workspace pull is, so the client does not ask again at once.
    setTimeout(() => send({ id: msg.id, result: { items: [] } }), 1000);
  } else if (msg.method === 'exit') {
    process.exit(0);
  } else if (msg.id !== undefined && msg.method !== undefined) {
    send({ id: msg.id, result: null });
  }
}

process.stdin.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  for (;;) {
    const headerEnd = buf.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const m = /Content-Length: *(\d+)/i.exec(buf.subarray(0, headerEnd).toString('ascii'));
    if (!m) throw new Error('no Content-Length');
    const len = Number(m[1]);
    if (buf.length < headerEnd + 4 + len) return;
    const body = buf.subarray(headerEnd + 4, headerEnd + 4 + len).toString('utf8');
    buf = buf.subarray(headerEnd + 4 + len);
    handle(JSON.parse(body));
  }
});
process.stdin.on('end', () => process.exit(0));
