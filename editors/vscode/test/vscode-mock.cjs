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
  // What the language client's converter calls on the server's URIs.
  static parse(s) {
    const u = new URL(s);
    return new Uri(u.protocol.slice(0, -1), decodeURIComponent(u.pathname));
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
  const calls = { configurationKeys: [], errors: [], commands: [], outputs: [], configListeners: [], watchers: [], panels: [], shown: [], infos: [], warnings: [], executed: [], providers: [] };
  // The commands registered and not yet disposed, by id: VS Code refuses a second registration of
  // an id, so the extension must not register one the language client registers.
  const registered = new Map();
  const events = { activeEditor: event(), textChange: event(), grantTrust: event() };
  // The user's settings, and the workspace's (which override them where the folder is trusted).
  let configuration = {};
  let workspaceConfiguration = {};
  let trusted = true;
  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

  const disposable = () => ({ dispose() {} });
  const known = {
    version: '1.85.0',
    workspace: namespace({
      get isTrusted() {
        return trusted;
      },
      onDidGrantWorkspaceTrust: events.grantTrust,
      workspaceFolders: undefined,
      textDocuments: [],
      notebookDocuments: [],
      getConfiguration(section) {
        return {
          get(key, def) {
            const full = section ? `${section}.${key}` : key;
            calls.configurationKeys.push(full);
            if (has(workspaceConfiguration, full)) return workspaceConfiguration[full];
            return has(configuration, full) ? configuration[full] : def;
          },
          has: () => false,
          inspect(key) {
            const full = section ? `${section}.${key}` : key;
            calls.configurationKeys.push(full);
            return { key: full, globalValue: configuration[full], workspaceValue: workspaceConfiguration[full] };
          },
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
    languages: namespace({
      // Documents match a selector by language and scheme, which is all the extension's selector
      // says; the language client sends didOpen for the documents that match.
      match(selector, doc) {
        const filters = Array.isArray(selector) ? selector : [selector];
        const hit = (f) => typeof f === 'string' ? f === doc.languageId : (!f.language || f.language === doc.languageId) && (!f.scheme || f.scheme === doc.uri.scheme);
        return filters.some(hit) ? 10 : 0;
      },
      createDiagnosticCollection(name) {
        const map = new Map();
        return { name, set: (uri, d) => map.set(String(uri), d), delete: (uri) => map.delete(String(uri)), get: (uri) => map.get(String(uri)), has: (uri) => map.has(String(uri)), clear: () => map.clear(), forEach: (f) => map.forEach((v, k) => f(k, v)), dispose() {} };
      },
      // The providers the language client registers, kept so that a test can ask them.
      registerCodeLensProvider(selector, provider) {
        calls.providers.push({ kind: 'codeLens', selector, provider });
        return disposable();
      },
      registerCallHierarchyProvider(selector, provider) {
        calls.providers.push({ kind: 'callHierarchy', selector, provider });
        return disposable();
      },
      // The document paste API of VS Code 1.97+ (convert.ts finds it at run time).
      registerDocumentPasteEditProvider(selector, provider, metadata) {
        calls.providers.push({ kind: 'paste', selector, provider, metadata });
        return disposable();
      },
    }),
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
      async showWarningMessage(message, ...items) {
        calls.warnings.push({ message, items });
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
        if (registered.has(id)) throw new Error(`command '${id}' already exists`);
        calls.commands.push(id);
        registered.set(id, fn);
        return { dispose: () => registered.get(id) === fn && registered.delete(id) };
      },
      // A registered command runs; any other (VS Code's own) is recorded in calls.executed.
      async executeCommand(id, ...args) {
        if (registered.has(id)) return registered.get(id)(...args);
        calls.executed.push({ id, args });
        return undefined;
      },
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
    // new Range(startLine, startCharacter, endLine, endCharacter) or new Range(start, end).
    Range: class {
      constructor(sl, sc, el, ec) {
        if (typeof sl === 'object') [sl, sc, el, ec] = [sl.line, sl.character, sc.line, sc.character];
        this.start = { line: sl, character: sc };
        this.end = { line: el, character: ec };
      }
    },
    // The client converts published diagnostics under one of these.
    CancellationTokenSource: class {
      constructor() {
        this.token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
      }
      cancel() {
        this.token.isCancellationRequested = true;
      }
      dispose() {}
    },
    Position: class {
      constructor(line, character) {
        this.line = line;
        this.character = character;
      }
    },
    Location: class {
      constructor(uri, range) {
        this.uri = uri;
        this.range = range;
      }
    },
    CodeLens: class {
      constructor(range, command) {
        this.range = range;
        this.command = command;
      }
    },
    CallHierarchyItem: class {
      constructor(kind, name, detail, uri, range, selectionRange) {
        Object.assign(this, { kind, name, detail, uri, range, selectionRange });
      }
    },
    CallHierarchyIncomingCall: class {
      constructor(from, fromRanges) {
        this.from = from;
        this.fromRanges = fromRanges;
      }
    },
    CallHierarchyOutgoingCall: class {
      constructor(to, fromRanges) {
        this.to = to;
        this.fromRanges = fromRanges;
      }
    },
    // The kinds the client converts the server's codeActionKinds to.
    CodeActionKind: (() => {
      class CodeActionKind {
        constructor(value) {
          this.value = value;
        }
        append(part) {
          return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
        }
      }
      const kinds = { Empty: '', QuickFix: 'quickfix', Refactor: 'refactor', RefactorExtract: 'refactor.extract', RefactorInline: 'refactor.inline', RefactorRewrite: 'refactor.rewrite', Source: 'source', SourceOrganizeImports: 'source.organizeImports', SourceFixAll: 'source.fixAll' };
      for (const [name, value] of Object.entries(kinds)) CodeActionKind[name] = new CodeActionKind(value);
      return CodeActionKind;
    })(),
    DocumentDropOrPasteEditKind: class {
      constructor(value) {
        this.value = value;
      }
    },
    DocumentPasteEdit: class {
      constructor(insertText, title, kind) {
        Object.assign(this, { insertText, title, kind });
      }
    },
    Diagnostic: class {
      constructor(range, message, severity) {
        Object.assign(this, { range, message, severity });
      }
    },
    DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
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
    setConfiguration(c, workspace = {}) {
      configuration = c;
      workspaceConfiguration = workspace;
    },
    /** Restricted Mode (false) or a trusted folder; granting trust fires the event as VS Code does. */
    setTrusted(t) {
      const granted = t && !trusted;
      trusted = t;
      if (granted) events.grantTrust.fire();
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
