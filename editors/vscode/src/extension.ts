// The Carina extension: starts carina-lsp over stdio for .crn files, restarts it when its settings
// change, and says clearly when the executable cannot be found.
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  Executable,
  LanguageClient,
  LanguageClientOptions,
  State,
} from 'vscode-languageclient/node';
import {
  CLIENT_ID,
  RESTART_SETTINGS,
  SETTINGS,
  Settings,
  defaultEnvironment,
  didChangeConfigurationParams,
  initializationOptions,
  readSettings,
  resolveServerCommand,
  schemaPaths,
  serverArgs,
} from './settings';

export * from './settings';

const SERVER_NAME = 'Carina Language Server';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
/** Serialises starts and stops. */
let queue: Promise<void> = Promise.resolve();

function workspaceFolder(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  return folder?.uri.fsPath;
}

function currentSettings(): Settings {
  return readSettings(vscode.workspace.getConfiguration(CLIENT_ID));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(SERVER_NAME);
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('carina.restartServer', () => enqueue(restart)),
    vscode.commands.registerCommand('carina.showOutput', () => output?.show(true)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (RESTART_SETTINGS.some((s) => e.affectsConfiguration(`${CLIENT_ID}.${s}`))) {
        void enqueue(restart);
      } else if (e.affectsConfiguration(`${CLIENT_ID}.${SETTINGS.schemas}`)) {
        void enqueue(sendSchemas);
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

async function start(): Promise<void> {
  const settings = currentSettings();
  const env = defaultEnvironment(workspaceFolder());
  const server = resolveServerCommand(settings.serverPath, env);
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
    initializationOptions: initializationOptions(schemaPaths(settings, env)),
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.crn') },
    outputChannel: output,
  };
  output?.appendLine(`Starting ${[server.command, ...serverOptions.args!].join(' ')}`);
  const c = new LanguageClient(CLIENT_ID, SERVER_NAME, serverOptions, clientOptions);
  client = c;
  try {
    await c.start();
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

async function sendSchemas(): Promise<void> {
  if (!client || !client.isRunning()) return;
  const schemas = schemaPaths(currentSettings(), defaultEnvironment(workspaceFolder()));
  await client.sendNotification(DidChangeConfigurationNotification.type, didChangeConfigurationParams(schemas));
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
