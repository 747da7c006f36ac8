// CloudFormation to Carina through the extension, against the vscode stand-in: which pasted text
// is offered "Paste as Carina", the summary and the notes' places; then, with the real carina-lsp
// (built with Go), the paste edit of a resource (its text parses and is formatted, `carina-lsp
// fmt -check`), no offer for text that only looks like CloudFormation, and the command on a
// selection of a .crn file (replaced in one edit) and on a broken one (an error at the place in
// the document, nothing replaced). Without Go that part is skipped, saying why; under CI=true it
// fails instead. The real workbench's paste and command are in e2e/workbench.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { extensionDir } from './textmate.mjs';
import { realServerSkip, token } from './real-server.mjs';
import { serverFor, tempDir } from './tmp.mjs';

const require = createRequire(import.meta.url);
const mock = require('./vscode-mock.cjs').install();
const ext = require(path.join(extensionDir, 'out', 'extension.js'));
const { vscode } = mock;

const skip = realServerSkip('the conversion test with the real server');

const RESOURCE = `Bucket:
  Type: AWS::S3::Bucket
  Properties:
    BucketName: !Sub '\${Env}-logs'
    VersioningConfiguration:
      Status: Enabled
`;

test('which pasted text is CloudFormation', () => {
  const cases = [
    ['a resource in YAML', RESOURCE, true],
    ['a resource in JSON', '{"Logs": {"Type": "AWS::Logs::LogGroup"}}', true],
    ['a template without resources yet', 'AWSTemplateFormatVersion: "2010-09-09"\n', true],
    ['a custom resource', "  Type: 'Custom::Thing'\n", true],
    ['Carina', "let a = aws.s3.Bucket {\n  bucket = 'x'\n}\n", false],
    ['YAML of something else', 'type: service\nname: AWS::thing\n', false],
    ['a word in prose', 'the Type of AWS::S3::Bucket', false],
    ['nothing', '', false],
  ];
  for (const [name, text, want] of cases) assert.equal(ext.looksLikeCloudFormation(text), want, name);
});

test('the summary, the paste title and the notes at their places', (t) => {
  const note = (left) => ({ line: 3, character: 4, what: 'Resources.A', message: 'set it', left });
  const cases = [
    [{ text: '', notes: [], resources: 2, converted: 2 }, 'Converted 2 resources; nothing left to you.', 'Paste as Carina'],
    [{ text: '', notes: [note(true), note(false)], resources: 1, converted: 1 }, 'Converted 1 resource; 1 note left to you.', 'Paste as Carina (1 note)'],
    [{ text: '', notes: [note(true), note(true)], resources: 3, converted: 2 }, 'Converted 2 of 3 resources; 2 notes left to you.', 'Paste as Carina (2 notes)'],
    [{ text: '', notes: [], resources: 0, converted: 0 }, 'Converted no resource; nothing left to you.', 'Paste as Carina'],
  ];
  for (const [r, sum, title] of cases) {
    assert.equal(ext.summary(r), sum);
    assert.equal(ext.pasteTitle(r), title);
  }
  assert.deepEqual(ext.noteLines('t.yaml', [note(true), note(false)], 10), ['t.yaml:14:5: left: Resources.A: set it', 't.yaml:14:5: note: Resources.A: set it']);
  const [d] = ext.noteDiagnostics([note(true)], 10);
  assert.deepEqual([d.range.start.line, d.range.start.character, d.severity, d.source], [13, 4, vscode.DiagnosticSeverity.Warning, ext.NOTES_SOURCE]);
  assert.equal(ext.readError('CloudFormation: 2:7: a mapping was expected', 10), 'line 12, column 7: a mapping was expected');
  assert.equal(ext.readError('the language server is not running', 10), 'the language server is not running');
  const dir = tempDir(t, 'proposed');
  assert.equal(ext.proposedName(path.join(dir, 'vpc.yaml'), fs.existsSync), path.join(dir, 'vpc.crn'));
  fs.writeFileSync(path.join(dir, 'vpc.crn'), '');
  assert.equal(ext.proposedName(path.join(dir, 'vpc.yaml'), fs.existsSync), undefined, 'an existing file is never proposed');
});

test('Paste as Carina and the command with carina-lsp', { skip }, async (t) => {
  const bin = serverFor(t);
  const dir = tempDir(t, 'convert');
  const file = path.join(dir, 'main.crn');
  const before = "let a = 1\n\n# CloudFormation here:\nBucket:\n  Type: AWS::S3::Bucket\n  Properties:\n    BucketName: [\n";
  fs.writeFileSync(file, before);
  const main = { uri: vscode.Uri.file(file), fileName: file, languageId: 'carina', version: 1, isClosed: false, isUntitled: false, getText: () => before, lineCount: 8 };
  vscode.workspace.textDocuments = [main];
  mock.setConfiguration({ 'carina.server.path': bin });
  mock.calls.errors.length = 0;
  const context = { subscriptions: [] };
  await ext.activate(context);
  try {
    assert.deepEqual(mock.calls.errors, []);
    const reg = mock.calls.providers.filter((p) => p.kind === 'paste').at(-1);
    assert.ok(reg, 'no paste provider registered');
    assert.deepEqual(reg.metadata.providedPasteEditKinds.map((k) => k.value), [ext.PASTE_KIND]);
    const paste = (text) =>
      reg.provider.provideDocumentPasteEdits(main, [new vscode.Range(1, 0, 1, 0)], { get: (mime) => (mime === 'text/plain' ? { asString: async () => text } : undefined) }, {}, token);

    const [edit] = await paste(RESOURCE);
    assert.equal(edit.kind.value, ext.PASTE_KIND);
    assert.equal(edit.title, 'Paste as Carina (1 note)', 'Env, a parameter the paste does not have, is left to the user');
    assert.match(edit.insertText, /^let bucket = awscc\.s3\.Bucket \{/m);
    assert.match(edit.insertText, /versioning_configuration/);
    assert.doesNotMatch(edit.insertText, /^provider /m, 'a fragment has no provider block');
    // What is pasted parses and is formatted.
    execFileSync(bin, ['fmt', '-check', '-'], { input: edit.insertText });

    assert.equal(await paste("let b = aws.s3.Bucket {\n  bucket = 'b'\n}\n"), undefined, 'Carina is pasted as it is');
    const output = mock.calls.outputs.find((o) => o.name === 'Carina Language Server').lines;
    assert.equal(await paste('Bucket:\n  Type: AWS::S3::Bucket\n  Properties: [\n'), undefined, 'broken CloudFormation is pasted as it is');
    assert.match(output.at(-1), /^Paste as Carina: not offered: line 3, column \d+: /);

    // The command on a selection of the .crn file: lines 4-6 (1-based) hold broken CloudFormation.
    const replaced = [];
    const editor = (start, end) => ({
      document: { ...main, getText: (r) => (r ? before.split('\n').slice(r.start.line, r.end.line).join('\n') + '\n' : before) },
      selection: Object.assign(new vscode.Range(start, 0, end, 0), { isEmpty: false }),
      edit: async (fn) => {
        fn({ replace: (range, text) => replaced.push({ range, text }) });
        return true;
      },
    });
    vscode.window.activeTextEditor = editor(3, 7);
    await vscode.commands.executeCommand(ext.CONVERT_COMMAND);
    assert.deepEqual(replaced, [], 'nothing replaced when the selection cannot be read');
    const err = mock.calls.errors.at(-1);
    assert.ok(err, 'no error message for a broken selection');
    assert.match(err.message, /^Carina: main\.crn cannot be converted: line 7, column \d+: /, 'the place is in the document, not the selection');

    // A selection that reads: replaced by its conversion, in one edit.
    const good = `${RESOURCE}`;
    vscode.window.activeTextEditor = {
      ...editor(3, 9),
      document: { ...main, getText: (r) => (r ? good : before) },
    };
    await vscode.commands.executeCommand(ext.CONVERT_COMMAND);
    assert.equal(replaced.length, 1);
    assert.match(replaced[0].text, /^let bucket = awscc\.s3\.Bucket \{/m);
    assert.match(mock.calls.warnings.at(-1).message, /^Carina: Converted 1 resource; 1 note left to you\.$/);
    assert.ok(output.some((l) => /^ {2}main\.crn:\d+:\d+: left: /.test(l)), 'the notes are in the output');
  } finally {
    vscode.window.activeTextEditor = undefined;
    await ext.deactivate();
    for (const d of context.subscriptions) d.dispose?.();
  }
});
