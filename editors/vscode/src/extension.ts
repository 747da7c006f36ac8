// The Carina extension: starts carina-lsp over stdio for .crn files (the setting's executable, else
// the one bundled in the platform-specific package, else carina-lsp on PATH), restarts it when its
// settings change, and says clearly which executable runs, its version, or why none was found. In
// Restricted Mode (a folder not yet trusted) it runs what the user chose, never what the folder
// names, and checks only the open files until the folder is trusted.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  DiagnosticProviderMiddleware,
  DidChangeConfigurationNotification,
  Executable,
  LanguageClient,
  Location,
  LanguageClientOptions,
  State,
} from 'vscode-languageclient/node';
import {
  CLIENT_ID,
  RESTART_SETTINGS,
  SETTINGS,
  Settings,
  bundledServerName,
  defaultEnvironment,
  describeServer,
  didChangeConfigurationParams,
  initializationOptions,
  insideFolder,
  readSettings,
  restrictedSettings,
  resolveServerCommand,
  serverSettings,
  SERVER_SETTINGS,
  serverArgs,
} from './settings';
import { GRAPH_REQUEST, GraphParams, GraphResult, GraphView } from './graphView';
import { PLAN_REQUEST, PlanParams, PlanResult, PlanView, SHOW_PLAN } from './planView';
import { LOCATIONS_COMMAND, SHOW_REFERENCES, lensMiddleware, showReferences } from './lenses';
import { CONVERT_COMMAND, ConvertArguments, ConvertResult, NOTES_SOURCE, SERVER_CONVERT, convertCommand, registerPasteAsCarina } from './convert';

export * from './settings';
export { GraphView, configurationKey, graphHtml } from './graphView';
export { PlanView, planHtml } from './planView';
export { LOCATIONS_COMMAND, SHOW_REFERENCES, rewriteLens } from './lenses';
export * from './convert';

const SERVER_NAME = 'Carina Language Server';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
/** The server binary of a platform-specific package (it may be absent: the universal package). */
let bundledServer: string | undefined;
/** Serialises starts and stops. */
let queue: Promise<void> = Promise.resolve();
/** The command line the running server was started with, to tell whether trust changes it. */
let startedAs: string | undefined;
/** Resolved when the folder is trusted: the workspace pull waits for it in Restricted Mode. */
let trusted = deferred();

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function workspaceFolder(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  return folder?.uri.fsPath;
}

/**
 * The settings in effect: in Restricted Mode the ones that choose a program come from the user's
 * settings only, and ignored names those the workspace sets.
 */
function currentSettings(): { settings: Settings; ignored: string[] } {
  const config = vscode.workspace.getConfiguration(CLIENT_ID);
  if (vscode.workspace.isTrusted) return { settings: readSettings(config), ignored: [] };
  return restrictedSettings(config);
}

/**
 * The server to run for settings: in Restricted Mode never a program inside the folder (a user's
 * relative or ${workspaceFolder} path would name one), the bundled server or PATH's instead.
 */
function serverFor(settings: Settings, env: ReturnType<typeof defaultEnvironment>): ReturnType<typeof resolveServerCommand> {
  const server = resolveServerCommand(settings.serverPath, env, bundledServer);
  if (!vscode.workspace.isTrusted && server.ok && insideFolder(server.command, env.workspaceFolder, process.platform)) {
    output?.appendLine(`Restricted Mode: "carina.server.path" names ${server.command}, inside the folder; it runs once the folder is trusted.`);
    return resolveServerCommand('', env, bundledServer);
  }
  return server;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(SERVER_NAME);
  trusted = deferred();
  if (vscode.workspace.isTrusted) trusted.resolve();
  bundledServer = context.extensionPath ? bundled(context.extensionPath) : undefined;
  const graphView = new GraphView(context.extensionUri, requestGraph);
  const planView = new PlanView(requestPlan);
  const notes = vscode.languages.createDiagnosticCollection(NOTES_SOURCE);
  const log = (line: string) => output?.appendLine(line);
  const paste = registerPasteAsCarina(vscode, requestConvert, log);
  if (!paste) log('Paste as Carina needs VS Code 1.97 or later: "Carina: Convert CloudFormation…" converts the selection instead.');
  context.subscriptions.push(
    graphView,
    planView,
    output,
    notes,
    ...(paste ? [paste] : []),
    vscode.commands.registerCommand(CONVERT_COMMAND, (uri?: unknown) => convertCommand({ convert: requestConvert, log, showOutput: () => output?.show(true), notes }, uri)),
    // A conversion's notes are at places of the template as it was: an edit moves them.
    vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && notes.has(e.document.uri) && notes.delete(e.document.uri)),
    vscode.commands.registerCommand('carina.restartServer', () => enqueue(restart)),
    vscode.commands.registerCommand('carina.showOutput', () => output?.show(true)),
    vscode.commands.registerCommand('carina.showGraph', (uri?: unknown) => graphView.show(uri instanceof vscode.Uri ? uri : undefined)),
    // The palette's and the plan lenses' (whose argument is the document's URI string).
    vscode.commands.registerCommand(SHOW_PLAN, (uri?: unknown) => planView.show(uri instanceof vscode.Uri || typeof uri === 'string' ? uri : undefined)),
    // What a code lens runs (lenses.ts); not in the manifest: it needs a lens's arguments.
    vscode.commands.registerCommand(SHOW_REFERENCES, (...args: unknown[]) => runShowReferences(args)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void enqueue(trustGranted)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (RESTART_SETTINGS.some((s) => e.affectsConfiguration(`${CLIENT_ID}.${s}`))) {
        void enqueue(restart);
      } else if (SERVER_SETTINGS.some((s) => e.affectsConfiguration(`${CLIENT_ID}.${s}`))) {
        void enqueue(sendSettings);
      }
    }),
    { dispose: () => void stop() },
  );
  await enqueue(start);
}

export async function deactivate(): Promise<void> {
  await enqueue(stop);
}

function enqueue(step: () => Promise<void>): Promise<void> {
  queue = queue.then(step, step);
  return queue;
}

/**
 * The bundled server's path, when the package has one. A zip extractor that lost the executable
 * bit gets it back here.
 */
function bundled(extensionPath: string): string | undefined {
  const file = path.join(extensionPath, 'server', bundledServerName(process.platform));
  if (!fs.existsSync(file)) return undefined;
  if (process.platform !== 'win32') {
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      try {
        fs.chmodSync(file, 0o755);
      } catch (err) {
        output?.appendLine(`The bundled server ${file} is not executable and could not be made so: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return file;
}

async function start(): Promise<void> {
  const { settings, ignored } = currentSettings();
  const env = defaultEnvironment(workspaceFolder());
  if (!vscode.workspace.isTrusted) {
    // VS Code hides the workspace's values of restricted settings from inspect() in Restricted
    // Mode, so which ones it set is said only when known.
    const set = ignored.length ? ` (the workspace sets ${ignored.map((s) => `"${s}"`).join(' and ')}: ignored)` : '';
    output?.appendLine(
      `Restricted Mode: "carina.server.path" and "carina.server.args" come from your user settings only${set}, and only the open files are checked, until the folder is trusted (Manage Workspace Trust).`,
    );
  }
  const server = serverFor(settings, env);
  startedAs = undefined;
  if (!server.ok) {
    output?.appendLine(server.message);
    void showError(server.message);
    return;
  }
  // No transport: vscode-languageclient would add --stdio for TransportKind.stdio, and carina-lsp
  // serves stdio when started with no arguments.
  const serverOptions: Executable = { command: server.command, args: serverArgs(settings), options: { env: process.env } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'carina' },
      { scheme: 'untitled', language: 'carina' },
    ],
    initializationOptions: initializationOptions(serverSettings(settings, env)),
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.crn') },
    // The server sees that this client pulls diagnostics and pushes none: open documents are
    // pulled as they change and are saved, and (the server advertises workspaceDiagnostics) every
    // configuration under the workspace folders is pulled in the background, so the Problems
    // panel lists the findings of files never opened.
    diagnosticPullOptions: { onChange: true, onSave: true },
    outputChannel: output,
    middleware: { ...lensMiddleware, provideWorkspaceDiagnostics: workspacePullOnceTrusted },
  };
  output?.appendLine(`Using ${describeServer(server)}`);
  output?.appendLine(`Starting ${[server.command, ...serverOptions.args!].join(' ')}`);
  const c = new LanguageClient(CLIENT_ID, SERVER_NAME, serverOptions, clientOptions);
  client = c;
  startedAs = JSON.stringify([server.command, ...serverOptions.args!]);
  try {
    await c.start();
    const info = c.initializeResult?.serverInfo;
    output?.appendLine(`Running ${info ? `${info.name} ${info.version ?? '(no version)'}` : 'a server that sent no serverInfo'} (${server.command})`);
  } catch (err) {
    client = undefined;
    const message = `Carina: could not start the language server "${server.command}": ${err instanceof Error ? err.message : String(err)}`;
    output?.appendLine(message);
    void showError(message);
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c && c.state !== State.Stopped) {
    try {
      await c.stop(2000);
    } catch (err) {
      output?.appendLine(`Stopping the language server: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

/**
 * The folder was trusted: what Restricted Mode held back starts. A server the workspace's settings
 * now choose differently is restarted; otherwise the running one's workspace pull goes ahead.
 */
async function trustGranted(): Promise<void> {
  const { settings } = currentSettings();
  const env = defaultEnvironment(workspaceFolder());
  const server = serverFor(settings, env);
  const now = server.ok ? JSON.stringify([server.command, ...serverArgs(settings)]) : undefined;
  output?.appendLine('The folder is trusted: every configuration of the workspace is checked now.');
  trusted.resolve();
  if (now !== startedAs) await restart();
}

/**
 * The workspace diagnostic pull (every file of the workspace, opened or not) waits in Restricted
 * Mode until the folder is trusted or the client gives the request up.
 */
const workspacePullOnceTrusted: DiagnosticProviderMiddleware['provideWorkspaceDiagnostics'] = async (resultIds, token, reporter, next) => {
  if (!vscode.workspace.isTrusted) {
    await new Promise<void>((resolve) => {
      const sub = token.onCancellationRequested(() => resolve());
      void trusted.promise.then(() => {
        sub.dispose();
        resolve();
      });
    });
    if (token.isCancellationRequested) return { items: [] };
  }
  return next(resultIds, token, reporter);
};

async function sendSettings(): Promise<void> {
  if (!client || !client.isRunning()) return;
  const s = serverSettings(currentSettings().settings, defaultEnvironment(workspaceFolder()));
  await client.sendNotification(DidChangeConfigurationNotification.type, didChangeConfigurationParams(s));
}

/** carina/graph of the running server, once any start in progress has finished. */
async function requestGraph(params: GraphParams): Promise<GraphResult> {
  await queue;
  if (!client || !client.isRunning()) throw new Error('the language server is not running (see Carina: Show Language Server Output)');
  return client.sendRequest<GraphResult>(GRAPH_REQUEST, params);
}

/** carina/plan of the running server, once any start in progress has finished. */
async function requestPlan(params: PlanParams): Promise<PlanResult | null> {
  await queue;
  if (!client || !client.isRunning()) throw new Error('the language server is not running (see Carina: Show Language Server Output)');
  return client.sendRequest<PlanResult | null>(PLAN_REQUEST, params);
}

/** The server's conversion of CloudFormation (convert.ts), once any start in progress has finished. */
async function requestConvert(args: ConvertArguments): Promise<ConvertResult> {
  await queue;
  if (!client || !client.isRunning()) throw new Error('the language server is not running (see Carina: Show Language Server Output)');
  return client.sendRequest<ConvertResult>('workspace/executeCommand', { command: SERVER_CONVERT, arguments: [args] });
}

/**
 * SHOW_REFERENCES: the references peek for a lens's arguments (a URI, a position and what the lens
 * counts). The lens does not carry its locations (a file's lenses would carry every reference of
 * every binding); the server's workspace/executeCommand of the lens's own command returns them.
 */
async function runShowReferences(args: unknown[]): Promise<unknown> {
  const [uri, position, what] = args;
  if (!client || typeof uri !== 'string' || !isPosition(position) || typeof what !== 'string') {
    output?.appendLine(`${SHOW_REFERENCES}: no running server, or not the arguments of a ${LOCATIONS_COMMAND} lens: ${JSON.stringify(args)}`);
    return undefined;
  }
  const locations = await client.sendRequest<Location[] | null>('workspace/executeCommand', { command: LOCATIONS_COMMAND, arguments: args });
  return showReferences(client.protocol2CodeConverter, uri, position, locations ?? []);
}

function isPosition(p: unknown): p is { line: number; character: number } {
  return typeof p === 'object' && p !== null && typeof (p as { line?: unknown }).line === 'number' && typeof (p as { character?: unknown }).character === 'number';
}

async function showError(message: string): Promise<void> {
  const openSettings = 'Open Settings';
  const showOutput = 'Show Output';
  const choice = await vscode.window.showErrorMessage(message, openSettings, showOutput);
  if (choice === openSettings) {
    await vscode.commands.executeCommand('workbench.action.openSettings', `${CLIENT_ID}.${SETTINGS.serverPath}`);
  } else if (choice === showOutput) {
    output?.show(true);
  }
}
