// Settings of the extension and how they turn into the server's command line and options. Nothing
// here imports vscode, so the tests can run it in plain Node.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The language client's id: vscode-languageclient reads `${CLIENT_ID}.trace.server` by itself. */
export const CLIENT_ID = 'carina';

/** The default executable, looked up on PATH. */
export const DEFAULT_SERVER = 'carina-lsp';

/** Every setting the extension reads, under the `carina` section (see package.json). */
export const SETTINGS = {
  serverPath: 'server.path',
  serverArgs: 'server.args',
  schemas: 'schemas',
  disable: 'disable',
  listToBlocks: 'listToBlocks',
  inlayHintTypes: 'inlayHints.types',
  /** Read by vscode-languageclient itself, as `${CLIENT_ID}.trace.server`. */
  traceServer: 'trace.server',
} as const;

/** Settings that need a new server process when they change. */
export const RESTART_SETTINGS = [SETTINGS.serverPath, SETTINGS.serverArgs];

/**
 * Settings that choose what program runs. In Restricted Mode (a folder not yet trusted) only the
 * user's own values count, as package.json's restrictedConfigurations declares: a repository must
 * not name a binary for the editor to run.
 */
export const RESTRICTED_SETTINGS: readonly string[] = [SETTINGS.serverPath, SETTINGS.serverArgs];

/** Settings the running server is told about (workspace/didChangeConfiguration). */
export const SERVER_SETTINGS = [SETTINGS.schemas, SETTINGS.disable, SETTINGS.listToBlocks, SETTINGS.inlayHintTypes];

export interface Settings {
  serverPath: string;
  serverArgs: string[];
  schemas: string[];
  /** Diagnostic codes not to report (as `carina-lsp check -disable`). */
  disable: string[];
  /**
   * Formatting rewrites lists of maps of list-of-struct attributes as blocks, as `carina fmt`;
   * undefined when no settings file sets it, so that the project's carina-lsp.toml decides.
   */
  listToBlocks: boolean | undefined;
  /** Inlay hints show the inferred types of lets and untyped parameters. */
  inlayHintTypes: boolean;
}

/** What the server reads of the settings: initializationOptions and settings.carina. */
export interface ServerSettings {
  schemas: string[];
  disable: string[];
  listToBlocks?: boolean;
  inlayHints: { types: boolean };
}

/** The part of vscode.WorkspaceConfiguration that readSettings uses. */
export interface ConfigurationReader {
  get<T>(section: string, defaultValue: T): T;
}

/** Where each value of a setting is set (vscode.WorkspaceConfiguration.inspect). */
export interface SettingInspection {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The part of vscode.WorkspaceConfiguration that restrictedSettings uses. */
export interface ConfigurationInspector extends ConfigurationReader {
  inspect(section: string): SettingInspection | undefined;
}

/**
 * The settings of a folder in Restricted Mode: the restricted settings from the user's settings
 * only (else their defaults), and the full names of those the workspace sets, which are ignored.
 */
export function restrictedSettings(config: ConfigurationInspector): { settings: Settings; ignored: string[] } {
  const ignored: string[] = [];
  const reader: ConfigurationReader = {
    get<T>(section: string, defaultValue: T): T {
      if (!RESTRICTED_SETTINGS.includes(section)) return config.get(section, defaultValue);
      const i = config.inspect(section);
      if (i && (i.workspaceValue !== undefined || i.workspaceFolderValue !== undefined)) ignored.push(`${CLIENT_ID}.${section}`);
      return i?.globalValue !== undefined ? (i.globalValue as T) : defaultValue;
    },
  };
  return { settings: readSettings(reader), ignored };
}

/** Whether file lies inside folder: a program the folder holds, not run in Restricted Mode. */
export function insideFolder(file: string, folder: string | undefined, platform: NodeJS.Platform): boolean {
  if (folder === undefined) return false;
  const pathApi = platform === 'win32' ? path.win32 : path.posix;
  const rel = pathApi.relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !pathApi.isAbsolute(rel));
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * Whether a settings file (the user's, the workspace's, a folder's) sets a setting, rather than
 * its default applying: a reader without inspect (a test's) counts every value as set.
 */
function explicitlySet(config: ConfigurationReader, section: string): boolean {
  const inspect = (config as Partial<ConfigurationInspector>).inspect;
  if (!inspect) return true;
  const i = inspect.call(config, section);
  return !!i && (i.globalValue !== undefined || i.workspaceValue !== undefined || i.workspaceFolderValue !== undefined);
}

/** Reads the extension's settings from the `carina` configuration section. */
export function readSettings(config: ConfigurationReader): Settings {
  const serverPath = config.get<string>(SETTINGS.serverPath, '');
  return {
    serverPath: typeof serverPath === 'string' ? serverPath.trim() : '',
    serverArgs: stringList(config.get<string[]>(SETTINGS.serverArgs, [])),
    schemas: stringList(config.get<string[]>(SETTINGS.schemas, [])),
    disable: stringList(config.get<string[]>(SETTINGS.disable, [])),
    listToBlocks: explicitlySet(config, SETTINGS.listToBlocks) ? config.get<boolean>(SETTINGS.listToBlocks, true) !== false : undefined,
    inlayHintTypes: config.get<boolean>(SETTINGS.inlayHintTypes, false) === true,
  };
}

/** What resolving a path setting may use of its environment. */
export interface Environment {
  /** PATH, or Path on Windows. */
  pathVariable: string | undefined;
  /** PATHEXT on Windows. */
  pathExt?: string | undefined;
  platform: NodeJS.Platform;
  home: string;
  /** The first workspace folder, against which relative paths are resolved. */
  workspaceFolder: string | undefined;
  isExecutable(file: string): boolean;
}

export function defaultEnvironment(workspaceFolder: string | undefined): Environment {
  return {
    pathVariable: process.env.PATH ?? process.env.Path,
    pathExt: process.env.PATHEXT,
    platform: process.platform,
    home: os.homedir(),
    workspaceFolder,
    isExecutable,
  };
}

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Expands `~` and `${workspaceFolder}` and makes a relative path absolute. */
export function expandPath(p: string, env: Pick<Environment, 'home' | 'workspaceFolder' | 'platform'>): string {
  const pathApi = env.platform === 'win32' ? path.win32 : path.posix;
  let out = p;
  if (env.workspaceFolder !== undefined) out = out.split('${workspaceFolder}').join(env.workspaceFolder);
  if (out === '~') out = env.home;
  else if (out.startsWith('~/') || out.startsWith('~\\')) out = pathApi.join(env.home, out.slice(2));
  if (!pathApi.isAbsolute(out) && env.workspaceFolder !== undefined) out = pathApi.resolve(env.workspaceFolder, out);
  return out;
}

/** Where the server executable came from. */
export type ServerSource = 'setting' | 'bundled' | 'PATH';

export type ServerCommand = { ok: true; command: string; source: ServerSource } | { ok: false; message: string };

/** The file name of the server executable bundled in the platform-specific packages. */
export function bundledServerName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'carina-lsp.exe' : 'carina-lsp';
}

/**
 * Finds the server executable, in this order: `carina.server.path` when set (a bare name is looked
 * up on PATH, anything else is a file path); the binary bundled in the extension (`bundled`, the
 * platform-specific packages have one); `carina-lsp` on PATH.
 */
export function resolveServerCommand(setting: string, env: Environment, bundled?: string): ServerCommand {
  if (setting === '' && bundled !== undefined && env.isExecutable(bundled)) {
    return { ok: true, command: bundled, source: 'bundled' };
  }
  const name = setting === '' ? DEFAULT_SERVER : setting;
  const source: ServerSource = setting === '' ? 'PATH' : 'setting';
  const hasSeparator = name.includes('/') || (env.platform === 'win32' && name.includes('\\'));
  if (!hasSeparator && !name.startsWith('~') && !name.includes('${')) {
    const found = findOnPath(name, env);
    if (found) return { ok: true, command: found, source };
    const how =
      setting === ''
        ? 'This package has no bundled server (it is the universal one): install the package for your platform, or install carina-lsp (go install github.com/carina-rs/carina-lsp/cmd/carina-lsp@latest) and make sure it is on PATH, or set "carina.server.path" to the executable.'
        : 'Set "carina.server.path" to the full path of the executable, or put it on PATH.';
    return { ok: false, message: `Carina: the language server "${name}" was not found on PATH. ${how} Syntax highlighting works without it.` };
  }
  const file = expandPath(name, env);
  if (env.isExecutable(file)) return { ok: true, command: file, source };
  return {
    ok: false,
    message: `Carina: the language server "${file}" (from "carina.server.path") does not exist or is not executable. Fix the setting, or clear it to use the bundled server or carina-lsp from PATH.`,
  };
}

/** How the output channel names where the server came from. */
export function describeServer(server: { command: string; source: ServerSource }): string {
  switch (server.source) {
    case 'setting':
      return `carina-lsp from "carina.server.path": ${server.command}`;
    case 'bundled':
      return `the carina-lsp bundled with the extension: ${server.command}`;
    default:
      return `carina-lsp from PATH: ${server.command}`;
  }
}

/** Looks an executable name up on PATH (with PATHEXT on Windows). */
export function findOnPath(name: string, env: Environment): string | undefined {
  const pathApi = env.platform === 'win32' ? path.win32 : path.posix;
  const sep = env.platform === 'win32' ? ';' : ':';
  const exts = env.platform === 'win32' ? ['', ...(env.pathExt ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)] : [''];
  for (const dir of (env.pathVariable ?? '').split(sep)) {
    if (dir === '') continue;
    for (const ext of exts) {
      const candidate = pathApi.join(dir, name + ext);
      if (env.isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The server's arguments: none by default (stdio mode), then carina.server.args. */
export function serverArgs(settings: Settings): string[] {
  return [...settings.serverArgs];
}

/** Schema paths with `~`, `${workspaceFolder}` and relative paths made absolute. */
export function schemaPaths(settings: Settings, env: Pick<Environment, 'home' | 'workspaceFolder' | 'platform'>): string[] {
  return settings.schemas.map((s) => expandPath(s, env));
}

/** The server's settings: the schema paths made absolute, the disabled codes, the rewrite, the inlay hints. */
export function serverSettings(settings: Settings, env: Pick<Environment, 'home' | 'workspaceFolder' | 'platform'>): ServerSettings {
  return {
    schemas: schemaPaths(settings, env),
    disable: settings.disable,
    ...(settings.listToBlocks === undefined ? {} : { listToBlocks: settings.listToBlocks }),
    inlayHints: { types: settings.inlayHintTypes },
  };
}

/** The initializationOptions sent with initialize. */
export function initializationOptions(s: ServerSettings): ServerSettings {
  return s;
}

/** The settings sent with workspace/didChangeConfiguration when a server setting changes. */
export function didChangeConfigurationParams(s: ServerSettings): { settings: { carina: ServerSettings } } {
  return { settings: { carina: s } };
}
