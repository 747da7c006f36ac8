// A stand-in for the `vscode` module, enough to load the bundled extension in plain Node and run
// its activation up to the point where it would start the server. Every API it does not model is a
// harmless class, so vscode-languageclient's module-level `class X extends vscode.Y` works.
'use strict';
const Module = require('node:module');

function stubClass(name) {
  const C = class {};
  Object.defineProperty(C, 'name', { value: name });
  return new Proxy(C, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver);
      return typeof prop === 'string' ? prop : undefined;
    },
  });
}

// A namespace (workspace, window, languages, ...) whose unknown members are functions: `onX`
// events return a disposable, anything else returns a disposable too.
function namespace(known) {
  return new Proxy(known, {
    get(target, prop) {
      if (prop in target) return target[prop];
      if (typeof prop !== 'string') return undefined;
      return () => ({ dispose() {} });
    },
  });
}

// Enough of vscode.Uri for the extension's own use: file URIs and joinPath.
class Uri {
  constructor(scheme, p) {
    this.scheme = scheme;
    this.path = p;
  }
  get fsPath() {
    return this.path;
  }
  toString() {
    return `${this.scheme}:${this.scheme === 'file' ? '//' : ''}${this.path}`;
  }
  static file(p) {
    return new Uri('file', p);
  }
  static joinPath(base, ...parts) {
    return new Uri(base.scheme, require('node:path').posix.join(base.path, ...parts));
  }
}

// A listener list with the shape of a vscode event.
function event() {
  const listeners = [];
  const on = (l) => {
    listeners.push(l);
    return { dispose: () => listeners.splice(listeners.indexOf(l) >>> 0, 1) };
  };
  on.fire = (e) => [...listeners].forEach((l) => l(e));
  on.listeners = listeners;
  return on;
}

function createMock() {
  const calls = { configurationKeys: [], errors: [], commands: [], outputs: [], configListeners: [], watchers: [], panels: [], shown: [], infos: [] };
  const events = { activeEditor: event(), textChange: event() };
  let configuration = {};

  const disposable = () => ({ dispose() {} });
  const known = {
    version: '1.85.0',
    workspace: namespace({
      workspaceFolders: undefined,
      textDocuments: [],
      notebookDocuments: [],
      getConfiguration(section) {
        return {
          get(key, def) {
            const full = section ? `${section}.${key}` : key;
            calls.configurationKeys.push(full);
            return Object.prototype.hasOwnProperty.call(configuration, full) ? configuration[full] : def;
          },
          has: () => false,
          inspect: () => undefined,
          update: async () => {},
        };
      },
      onDidChangeConfiguration(listener) {
        calls.configListeners.push(listener);
        return disposable();
      },
      onDidChangeTextDocument: events.textChange,
      createFileSystemWatcher(glob) {
        calls.watchers.push(glob);
        return { dispose() {}, onDidCreate: disposable, onDidChange: disposable, onDidDelete: disposable };
      },
    }),
    languages: namespace({}),
    notebooks: namespace({}),
    extensions: namespace({ all: [] }),
    env: namespace({ appName: 'mock', language: 'en', machineId: 'mock', sessionId: 'mock', uiKind: 1 }),
    window: namespace({
      visibleTextEditors: [],
      activeTextEditor: undefined,
      tabGroups: { all: [], onDidChangeTabs: disposable, onDidChangeTabGroups: disposable },
      createOutputChannel(name) {
        const lines = [];
        calls.outputs.push({ name, lines });
        return { name, lines, append: (s) => lines.push(s), appendLine: (s) => lines.push(s), show() {}, hide() {}, clear() {}, dispose() {}, replace() {} };
      },
      async showErrorMessage(message, ...items) {
        calls.errors.push({ message, items });
        return undefined;
      },
      async showInformationMessage(message) {
        calls.infos.push(message);
        return undefined;
      },
      onDidChangeActiveTextEditor: events.activeEditor,
      // A webview panel that records its HTML and what is posted to it; page(m) plays the page
      // posting m.
      createWebviewPanel(viewType, title, showOptions, options) {
        const received = event();
        const disposed = event();
        const panel = {
          viewType,
          title,
          showOptions,
          options,
          posted: [],
          revealed: 0,
          webview: {
            html: '',
            cspSource: 'vscode-webview://mock',
            asWebviewUri: (u) => ({ toString: () => `vscode-webview://mock${u.path}` }),
            async postMessage(m) {
              panel.posted.push(m);
              return true;
            },
            onDidReceiveMessage: received,
          },
          page: (m) => received.fire(m),
          reveal() {
            panel.revealed++;
          },
          onDidDispose: disposed,
          dispose() {
            disposed.fire();
          },
        };
        calls.panels.push(panel);
        return panel;
      },
      async showTextDocument(uri, options) {
        calls.shown.push({ uri, options });
        return undefined;
      },
    }),
    commands: namespace({
      registerCommand(id, fn) {
        calls.commands.push(id);
        return disposable();
      },
      async executeCommand() {},
    }),
    EventEmitter: class {
      constructor() {
        this.listeners = new Set();
        this.event = (listener, thisArg) => {
          const l = thisArg ? listener.bind(thisArg) : listener;
          this.listeners.add(l);
          return { dispose: () => this.listeners.delete(l) };
        };
      }
      fire(e) {
        for (const l of [...this.listeners]) l(e);
      }
      dispose() {
        this.listeners.clear();
      }
    },
    Uri,
    Range: class {
      constructor(sl, sc, el, ec) {
        this.start = { line: sl, character: sc };
        this.end = { line: el, character: ec };
      }
    },
    RelativePattern: class {
      constructor(base, pattern) {
        this.base = base;
        this.pattern = pattern;
      }
    },
    ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
    Disposable: class {
      constructor(fn) {
        this.fn = fn;
      }
      dispose() {
        if (this.fn) this.fn();
      }
      static from(...ds) {
        return { dispose: () => ds.forEach((d) => d.dispose()) };
      }
    },
  };
  const vscode = new Proxy(known, {
    get(target, prop) {
      if (prop in target) return target[prop];
      if (typeof prop !== 'string') return undefined;
      target[prop] = stubClass(prop);
      return target[prop];
    },
  });
  return {
    vscode,
    calls,
    events,
    setConfiguration(c) {
      configuration = c;
    },
  };
}

let installed;
/** Makes require('vscode') return the mock; returns the mock's control object. */
function install() {
  if (installed) return installed;
  installed = createMock();
  const origResolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    if (request === 'vscode') return 'vscode';
    return origResolve.call(this, request, ...rest);
  };
  require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: installed.vscode };
  return installed;
}

module.exports = { install };
