// Drives carina-lsp as VS Code names files: every URI made by vscode-uri, the URI class of VS Code
// and its extensions, in a workspace whose file names hold the characters VS Code encodes and
// other clients do not (+ = ; , @ $ ! % #, spaces, non-ASCII letters). Every URI the server answers
// must be the one VS Code would write (vscode-uri reads and writes it back unchanged, and it names
// a file of the workspace), and every request must be answered the same when it names its
// document as Node's pathToFileURL spells it (which leaves & + = ; , @ $ ! alone).
// Usage: node uris.mjs <carina-lsp binary> <empty dir>. Prints the results as JSON on stdout.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { URI } from 'vscode-uri';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
  InitializeRequest, InitializedNotification, DidOpenTextDocumentNotification,
  PublishDiagnosticsNotification, ShutdownRequest, ExitNotification,
} from 'vscode-languageserver-protocol/node';

const [bin, root] = process.argv.slice(2);
const cfg = join(root, 'cfg %#é +=;,@$!');
const mod = join(root, 'mod ule&1');
const texts = {
  'x&y.crn': "let cert = aws.acm.Certificate {\n  domain_name       = 'registry.carina-rs.dev'\n  validation_method = dns\n}\n\nlet validation_record = aws.route53.RecordSet {\n  hosted_zone_id   = 'Z0123456789'\n  name             = cert.domain_validation_options[0].resource_record.name\n  type             = cname\n  ttl              = 60\n  resource_records = [cert.domain_validation_options[0].resource_record.value]\n}\n\nlet label = region\nlet dup = 1\n",
  'a+b=c;d,e.crn': 'let cert_issued = wait cert {\n  until      = cert.status == aws.acm.Certificate.Status.issued\n  depends_on = [validation_record]\n}\n',
  'at@dollar$ bang!.crn': "awscc.cloudfront.Distribution {\n  distribution_config = {\n    enabled = true\n\n    viewer_certificate = {\n      acm_certificate_arn = cert_issued.certificate_arn\n    }\n  }\n}\n\nlet net = use { source = '../mod ule&1' }\nlet web = net { cidr = '10.0.0.0/16' }\n",
  'pct%hash#日本 ö.crn': "let region = 'eu-west-1'\nlet dup = 2\n", // never opened
};
const opened = ['x&y.crn', 'a+b=c;d,e.crn', 'at@dollar$ bang!.crn'];
mkdirSync(cfg, { recursive: true });
mkdirSync(mod, { recursive: true });
for (const [name, text] of Object.entries(texts)) writeFileSync(join(cfg, name), text);
writeFileSync(join(mod, 'main.crn'), 'arguments {\n  cidr: String\n}\n\nlet vpc = aws.ec2.Vpc {\n  cidr_block = cidr\n}\n');

const vscode = (p) => URI.file(p).toString();
const nodeURL = (p) => pathToFileURL(p).href;
const path = (name) => join(cfg, name);
const expected = new Set([...Object.keys(texts).map((n) => vscode(path(n))), vscode(mod), vscode(join(mod, 'main.crn'))]);
const results = { checked: {}, bad: [], differ: [], sameSpelling: [] };
for (const name of opened) {
  if (vscode(path(name)) === nodeURL(path(name))) results.sameSpelling.push(name);
}

// check records every file: or untitled: URI of an answer (keys included) that VS Code would not
// write as it is, or that names no file of the workspace.
const check = (what, answer) => {
  const walk = (v) => {
    if (typeof v === 'string') {
      if (v.startsWith('file:') || v.startsWith('untitled:')) {
        results.checked[what] = (results.checked[what] ?? 0) + 1;
        const again = URI.parse(v).toString();
        if (again !== v || !expected.has(v)) results.bad.push({ what, uri: v, vscode: again });
      }
    } else if (Array.isArray(v)) {
      v.forEach(walk);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        walk(k);
        walk(x);
      }
    }
  };
  walk(answer);
};

// position is where needle first stands in an ASCII line of text.
const position = (text, needle) => {
  const i = text.indexOf(needle);
  const before = text.slice(0, i);
  return { line: before.split('\n').length - 1, character: i - before.lastIndexOf('\n') - 1 };
};

const start = async (capabilities) => {
  const server = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const published = [];
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => published.push(p));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.listen();
  const rootURI = vscode(root);
  await conn.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: rootURI, workspaceFolders: [{ uri: rootURI, name: 'ws' }], capabilities });
  conn.sendNotification(InitializedNotification.type, {});
  for (const name of opened) {
    conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: vscode(path(name)), languageId: 'carina', version: 1, text: texts[name] } });
  }
  const stop = async () => {
    await conn.sendRequest(ShutdownRequest.type);
    conn.sendNotification(ExitNotification.type);
    await new Promise((r) => server.on('exit', r));
  };
  return { conn, published, stop };
};

// ask sends a request naming its document as VS Code does, then as Node does: the answers must
// be the same.
const ask = async (conn, method, name, params) => {
  const answers = [];
  for (const spell of [vscode, nodeURL]) {
    const answer = await conn.sendRequest(method, params(spell(path(name))));
    check(method, answer);
    answers.push(JSON.stringify(answer));
  }
  if (answers[0] !== answers[1]) results.differ.push({ method, name, vscode: answers[0], node: answers[1] });
  return JSON.parse(answers[0]);
};
const at = (name, needle) => (uri) => ({ textDocument: { uri }, position: position(texts[name], needle) });

try {
  {
    const { conn, published, stop } = await start({});
    const main = vscode(path('x&y.crn'));
    for (const end = Date.now() + 60000; ;) { // the semantic phase: the duplicate's related location
      if (published.some((p) => p.uri === main && p.diagnostics.some((d) => d.relatedInformation?.length))) break;
      if (Date.now() > end) throw new Error('timed out waiting for the semantic diagnostics');
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const p of published) check('textDocument/publishDiagnostics', p);

    await ask(conn, 'textDocument/references', 'x&y.crn', (u) => ({ ...at('x&y.crn', 'cert')(u), context: { includeDeclaration: true } }));
    await ask(conn, 'textDocument/definition', 'a+b=c;d,e.crn', at('a+b=c;d,e.crn', 'cert {'));
    await ask(conn, 'textDocument/definition', 'x&y.crn', at('x&y.crn', 'region'));
    for (const [name, needle] of [['a+b=c;d,e.crn', 'cert_issued'], ['at@dollar$ bang!.crn', 'web']]) {
      const [item] = await ask(conn, 'textDocument/prepareCallHierarchy', name, at(name, needle));
      check('callHierarchy/incomingCalls', await conn.sendRequest('callHierarchy/incomingCalls', { item }));
      check('callHierarchy/outgoingCalls', await conn.sendRequest('callHierarchy/outgoingCalls', { item }));
    }
    const lenses = await ask(conn, 'textDocument/codeLens', 'x&y.crn', (uri) => ({ textDocument: { uri } }));
    for (const l of lenses) {
      const [, p, what] = l.command.arguments;
      const byVSCode = await conn.sendRequest('workspace/executeCommand', { command: l.command.command, arguments: l.command.arguments });
      const byNode = await conn.sendRequest('workspace/executeCommand', { command: l.command.command, arguments: [nodeURL(path('x&y.crn')), p, what] });
      check('carina.showLocations', byVSCode);
      if (JSON.stringify(byVSCode) !== JSON.stringify(byNode)) results.differ.push({ method: 'carina.showLocations', name: l.command.title });
    }
    await ask(conn, 'textDocument/documentLink', 'at@dollar$ bang!.crn', (uri) => ({ textDocument: { uri } }));
    check('workspace/symbol', await conn.sendRequest('workspace/symbol', { query: '' }));
    await ask(conn, 'textDocument/rename', 'x&y.crn', (u) => ({ ...at('x&y.crn', 'region')(u), newName: 'area' }));
    await stop();
  }
  {
    const { conn, stop } = await start({ textDocument: { diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } });
    check('workspace/diagnostic', await conn.sendRequest('workspace/diagnostic', { previousResultIds: [] }));
    await ask(conn, 'textDocument/diagnostic', 'x&y.crn', (uri) => ({ textDocument: { uri } }));
    await stop();
  }
} catch (e) {
  results.error = String(e?.stack ?? e);
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
