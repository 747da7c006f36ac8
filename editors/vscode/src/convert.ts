// CloudFormation to Carina in the editor. The server converts (its workspace/executeCommand
// carina.convertCloudFormation, what `carina-lsp convert` runs); this file offers it: "Paste as
// Carina" when CloudFormation is pasted into a .crn file (VS Code's document paste API, 1.97+;
// found at run time, the extension's engine being older), and the command "Carina: Convert
// CloudFormation…" on the selection, the active template or a file. What the conversion leaves to
// the user goes to the output channel and, for a template in a file or editor, to the Problems
// panel at its place in the template.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

/** The server's command (its executeCommandProvider's): vscode-languageclient registers this id. */
export const SERVER_CONVERT = 'carina.convertCloudFormation';
/** The extension's command in the palette, the explorer and the editor's context menu. */
export const CONVERT_COMMAND = 'carina.convertFromCloudFormation';
/** The paste edit's kind: `editor.action.pasteAs` with { kind } and editor.pasteAs.preferences name it. */
export const PASTE_KIND = 'text.carina.cloudformation';
/** The diagnostics' source in the Problems panel. */
export const NOTES_SOURCE = 'CloudFormation to Carina';

export interface ConvertArguments {
  text: string;
  /** The document the result goes into: its configuration's schemas are used. */
  uri?: string;
  /** Without the heading and the provider block: for a configuration that has them. */
  fragment?: boolean;
  region?: string;
}

/** A note at a place of the CloudFormation text (LSP line and UTF-16 character, from 0). */
export interface ConvertNote {
  line: number;
  character: number;
  what: string;
  message: string;
  /** Something the user must still do. */
  left: boolean;
}

export interface ConvertResult {
  text: string;
  notes: ConvertNote[];
  resources: number;
  converted: number;
}

export type Convert = (args: ConvertArguments) => Promise<ConvertResult>;

/**
 * Whether pasted text is CloudFormation: a template's sections or a resource's Type naming a
 * CloudFormation type, in YAML or JSON. Other text is pasted as it is, with no offer.
 */
export function looksLikeCloudFormation(text: string): boolean {
  if (text.length > 4 << 20) return false;
  return (
    /(^|[\s{,])["']?Type["']?\s*:\s*["']?(AWS|Custom|Alexa)::/m.test(text) ||
    /(^|[\s{,])["']?AWSTemplateFormatVersion["']?\s*:/m.test(text)
  );
}

/** One line on what a conversion did: "Converted 3 of 4 resources; 2 notes left to you". */
export function summary(r: ConvertResult): string {
  const left = r.notes.filter((n) => n.left).length;
  const of = r.resources === 1 ? 'resource' : 'resources';
  const head = r.resources === 0 ? 'Converted no resource' : r.converted === r.resources ? `Converted ${r.resources} ${of}` : `Converted ${r.converted} of ${r.resources} ${of}`;
  return left === 0 ? `${head}; nothing left to you.` : `${head}; ${left} ${left === 1 ? 'note' : 'notes'} left to you.`;
}

/** The paste edit's title: what the choice does, and how much it leaves to do. */
export function pasteTitle(r: ConvertResult): string {
  const left = r.notes.filter((n) => n.left).length;
  return left === 0 ? 'Paste as Carina' : `Paste as Carina (${left} ${left === 1 ? 'note' : 'notes'})`;
}

/**
 * The server's message for a text it cannot read, "CloudFormation: 2:3: what", with the place
 * moved by the lines before the text in its document (a selection's first line, from 0).
 */
export function readError(message: string, firstLine: number): string {
  const m = /^CloudFormation: (\d+):(\d+): ([\s\S]*)$/.exec(message);
  if (!m) return message;
  return `line ${Number(m[1]) + firstLine}, column ${m[2]}: ${m[3]}`;
}

/** The notes as output lines: "vpc.yaml:12:3: left: Resources.A.Properties.X: message". */
export function noteLines(name: string, notes: ConvertNote[], firstLine: number): string[] {
  return notes.map((n) => `${name}:${n.line + firstLine + 1}:${n.character + 1}: ${n.left ? 'left' : 'note'}: ${n.what}: ${n.message}`);
}

/** The notes as diagnostics of the template: a warning for what is left to do, else information. */
export function noteDiagnostics(notes: ConvertNote[], firstLine: number): vscode.Diagnostic[] {
  return notes.map((n) => {
    const at = new vscode.Position(n.line + firstLine, n.character);
    const d = new vscode.Diagnostic(new vscode.Range(at, at), `${n.what}: ${n.message}`, n.left ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
    d.source = NOTES_SOURCE;
    return d;
  });
}

/**
 * The name a template's conversion is proposed under: name.crn beside it, unless that exists
 * (then no name: an untitled document, so that saving never replaces a file unasked).
 */
export function proposedName(template: string, exists: (file: string) => boolean): string | undefined {
  const ext = path.extname(template);
  const file = path.join(path.dirname(template), `${path.basename(template, ext)}.crn`);
  return exists(file) ? undefined : file;
}

// The document paste API of VS Code 1.97+, declared here: the extension's engine (and its
// @types/vscode) is older, so it is found at run time.
interface PasteKind {
  readonly value: string;
}
interface PasteApi {
  registerDocumentPasteEditProvider(
    selector: vscode.DocumentSelector,
    provider: {
      provideDocumentPasteEdits(document: vscode.TextDocument, ranges: readonly vscode.Range[], data: vscode.DataTransfer, context: unknown, token: vscode.CancellationToken): Promise<unknown[] | undefined>;
    },
    metadata: { providedPasteEditKinds: readonly PasteKind[]; pasteMimeTypes?: readonly string[] },
  ): vscode.Disposable;
}
interface PasteTypes {
  DocumentDropOrPasteEditKind: new (value: string) => PasteKind;
  DocumentPasteEdit: new (insertText: string, title: string, kind: PasteKind) => unknown;
}

/** Registers "Paste as Carina" where VS Code has the paste API; undefined where it has not. */
export function registerPasteAsCarina(api: typeof vscode, convert: Convert, log: (line: string) => void): vscode.Disposable | undefined {
  const languages = api.languages as unknown as Partial<PasteApi>;
  const types = api as unknown as Partial<PasteTypes>;
  if (typeof languages.registerDocumentPasteEditProvider !== 'function' || !types.DocumentDropOrPasteEditKind || !types.DocumentPasteEdit) return undefined;
  const kind = new types.DocumentDropOrPasteEditKind(PASTE_KIND);
  const Edit = types.DocumentPasteEdit;
  return languages.registerDocumentPasteEditProvider(
    { language: 'carina' },
    {
      async provideDocumentPasteEdits(document, _ranges, data, _context, token) {
        const text = await data.get('text/plain')?.asString();
        if (!text || !looksLikeCloudFormation(text) || token.isCancellationRequested) return undefined;
        let r: ConvertResult;
        try {
          r = await convert({ text, uri: document.uri.toString(), fragment: true });
        } catch (err) {
          // Text that only looks like CloudFormation: pasted as it is, the reason in the output.
          log(`Paste as Carina: not offered: ${readError(errorMessage(err), 0)}`);
          return undefined;
        }
        if (token.isCancellationRequested) return undefined;
        if (r.notes.length) {
          log(`Paste as Carina into ${document.uri.toString(true)}: ${summary(r)}`);
          for (const l of noteLines('pasted text', r.notes, 0)) log(`  ${l}`);
        }
        return [new Edit(r.text, pasteTitle(r), kind)];
      },
    },
    { providedPasteEditKinds: [kind], pasteMimeTypes: ['text/plain'] },
  );
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** What "Carina: Convert CloudFormation…" needs of the extension. */
export interface ConvertUI {
  convert: Convert;
  log: (line: string) => void;
  showOutput: () => void;
  notes: vscode.DiagnosticCollection;
}

/**
 * "Carina: Convert CloudFormation…": a file given (the explorer's menu) or picked, the selection,
 * or the active template. A selection in a .crn file is replaced by its conversion (one undo
 * step); anything else opens the conversion as a new Carina document beside the template.
 */
export async function convertCommand(ui: ConvertUI, arg?: unknown): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  let uri = arg instanceof vscode.Uri ? arg : undefined;
  // The editor's context menu passes its document: its selection, if any, is what is meant.
  if (editor && !editor.selection.isEmpty && (!uri || uri.toString() === editor.document.uri.toString())) return convertSelection(ui, editor);
  if (!uri && editor && editor.document.languageId !== 'carina' && looksLikeCloudFormation(editor.document.getText())) uri = editor.document.uri;
  if (!uri) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Convert to Carina',
      filters: { CloudFormation: ['yaml', 'yml', 'json', 'template'], 'All files': ['*'] },
    });
    if (!picked?.length) return;
    uri = picked[0];
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri!.toString());
  const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const name = path.basename(uri.path);
  const r = await run(ui, { text, uri: uri.toString(), fragment: false }, name, 0, uri);
  if (!r) return;
  const proposed = uri.scheme === 'file' ? proposedName(uri.fsPath, (f) => fs.existsSync(f)) : undefined;
  const doc = proposed
    ? await vscode.workspace.openTextDocument(vscode.Uri.file(proposed).with({ scheme: 'untitled' }))
    : await vscode.workspace.openTextDocument({ language: 'carina' });
  const shown = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside });
  await shown.edit((b) => b.replace(new vscode.Range(0, 0, doc.lineCount, 0), r.text));
  if (doc.languageId !== 'carina') await vscode.languages.setTextDocumentLanguage(doc, 'carina');
  await tell(ui, r);
}

async function convertSelection(ui: ConvertUI, editor: vscode.TextEditor): Promise<void> {
  const doc = editor.document;
  const sel = editor.selection;
  const carina = doc.languageId === 'carina';
  const version = doc.version;
  const r = await run(ui, { text: doc.getText(sel), uri: doc.uri.toString(), fragment: carina }, path.basename(doc.uri.path), sel.start.line, carina ? undefined : doc.uri);
  if (!r) return;
  if (carina) {
    if (doc.version !== version || !(await editor.edit((b) => b.replace(sel, r.text)))) {
      void vscode.window.showErrorMessage('Carina: the document changed while converting; nothing was replaced.');
      return;
    }
  } else {
    const out = await vscode.workspace.openTextDocument({ language: 'carina', content: r.text });
    await vscode.window.showTextDocument(out, { viewColumn: vscode.ViewColumn.Beside });
  }
  await tell(ui, r);
}

/**
 * Converts, with the notes in the output and (for a template with a place, notesAt) the Problems
 * panel; a text that cannot be read is an error message with its place in the document.
 */
async function run(ui: ConvertUI, args: ConvertArguments, name: string, firstLine: number, notesAt?: vscode.Uri): Promise<ConvertResult | undefined> {
  let r: ConvertResult;
  try {
    r = await ui.convert(args);
  } catch (err) {
    const message = `Carina: ${name} cannot be converted: ${readError(errorMessage(err), firstLine)}`;
    ui.log(message);
    void vscode.window.showErrorMessage(message);
    return undefined;
  }
  ui.log(`Converted ${name}: ${summary(r)}`);
  for (const l of noteLines(name, r.notes, firstLine)) ui.log(`  ${l}`);
  if (notesAt) ui.notes.set(notesAt, noteDiagnostics(r.notes, firstLine));
  return r;
}

async function tell(ui: ConvertUI, r: ConvertResult): Promise<void> {
  const left = r.notes.some((n) => n.left);
  if (!left) {
    void vscode.window.showInformationMessage(`Carina: ${summary(r)}`);
    return;
  }
  const show = 'Show Notes';
  if ((await vscode.window.showWarningMessage(`Carina: ${summary(r)}`, show)) === show) ui.showOutput();
}
