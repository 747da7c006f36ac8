// Carina: Show Dependency Graph. A webview panel beside the editor draws the configuration graph of
// the active .crn file (else the visible one): the server's carina/graph request with its SVG in
// both directions, of which media/graph.js draws the one that fits the panel, under a strict
// Content-Security-Policy (nothing is fetched). The panel follows
// the active editor's configuration and, debounced, the edits of that configuration's files;
// clicking a node or edge opens the file at its range.
import * as crypto from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';

export const GRAPH_REQUEST = 'carina/graph';
export const GRAPH_VIEW_TYPE = 'carina.graph';

/** The params of carina/graph. */
export interface GraphParams {
  textDocument: { uri: string };
  expandModules?: boolean;
  svg?: boolean;
  /** Where apply order runs in the picture: LR (default) or TB. */
  direction?: Direction;
}

/** A picture's direction: left to right, or top to bottom. */
export type Direction = 'LR' | 'TB';

/** An LSP range, as the graph's JSON writes it. */
export interface GraphRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** The result of carina/graph: the graph's JSON form (format_version 1) and, when asked, its SVG. */
export interface GraphResult {
  graph: { format_version: number; directory: string; nodes: unknown[]; edges: unknown[]; cycles: string[][]; left_out: unknown[] };
  svg?: string;
}

/** What the page posts: ready (it listens), reveal (a click). */
export type PageMessage = { type: 'ready' } | { type: 'reveal'; file: string; range: GraphRange };

export type GraphRequester = (params: GraphParams) => Promise<GraphResult>;

/**
 * The page's HTML: a nonce for its one script, styles and scripts only from the extension's own
 * files (cspSource), no network, no inline code.
 */
export function graphHtml(opts: { cspSource: string; nonce: string; scriptUri: string; styleUri: string; title: string }): string {
  const csp = [
    "default-src 'none'",
    `img-src ${opts.cspSource} data:`,
    `style-src ${opts.cspSource}`,
    `font-src ${opts.cspSource}`,
    `script-src 'nonce-${opts.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttr(opts.styleUri)}">
<title>${escapeText(opts.title)}</title>
</head>
<body>
<div id="root"><div class="message">Loading the dependency graph…</div></div>
<script nonce="${opts.nonce}" src="${escapeAttr(opts.scriptUri)}"></script>
</body>
</html>
`;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** The configuration a document belongs to: its directory (an unsaved buffer is one of its own). */
export function configurationKey(uri: vscode.Uri): string {
  if (uri.scheme !== 'file') return uri.toString();
  return path.dirname(uri.fsPath);
}

/** An editor by its document and column: the same file in two columns is two editors. */
function editorKey(e: vscode.TextEditor): string {
  return `${e.viewColumn ?? ''} ${e.document.uri.toString()}`;
}

function isCarina(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  return !!doc && doc.languageId === 'carina' && (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled');
}

/** The one graph panel: created by the command, disposed when closed. */
export class GraphView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private disposables: vscode.Disposable[] = [];
  private watcher: vscode.FileSystemWatcher | undefined;
  /** The document the graph is asked for, and its configuration. */
  private uri: vscode.Uri | undefined;
  private key: string | undefined;
  /** The column of the last Carina editor: where reveals open files. */
  private editorColumn: vscode.ViewColumn | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private ready = false;
  private last: { type: string; [k: string]: unknown } | undefined;
  /** The Carina editors in the order they were last active (by document and column), latest last. */
  private recent: string[] = [];
  private readonly tracker: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly request: GraphRequester,
    private readonly debounceMs = 300,
  ) {
    const seen = (e: vscode.TextEditor | undefined) => {
      if (!e || !isCarina(e.document)) return;
      const k = editorKey(e);
      this.recent = this.recent.filter((r) => r !== k).concat(k).slice(-50);
    };
    seen(vscode.window.activeTextEditor);
    this.tracker = vscode.window.onDidChangeActiveTextEditor(seen);
  }

  /**
   * The Carina editor the command means: the active editor when it is one, else the visible one
   * last active. With the focus in the Output or Problems panel the active editor is the panel's
   * (or none, on the graph or another view) while a .crn file is still in sight.
   */
  private carinaEditor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active && isCarina(active.document)) return active;
    const visible = vscode.window.visibleTextEditors.filter((e) => isCarina(e.document));
    const rank = (e: vscode.TextEditor) => this.recent.lastIndexOf(editorKey(e));
    return visible.reduce<vscode.TextEditor | undefined>((best, e) => (!best || rank(e) > rank(best) ? e : best), undefined);
  }

  /** Shows the graph of uri's configuration (else the Carina editor's), opening the panel beside. */
  show(uri?: vscode.Uri): void {
    const editor = this.carinaEditor();
    const target = uri ?? editor?.document.uri;
    if (!target) {
      void vscode.window.showInformationMessage('Carina: open a .crn file to show its dependency graph.');
      return;
    }
    if (editor) this.editorColumn = editor.viewColumn;
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      this.open();
    }
    this.follow(target, true);
  }

  private open(): void {
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(GRAPH_VIEW_TYPE, 'Carina graph', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [media],
    });
    this.panel = panel;
    this.ready = false;
    const webview = panel.webview;
    webview.html = graphHtml({
      cspSource: webview.cspSource,
      nonce: crypto.randomBytes(16).toString('base64'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'graph.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'graph.css')).toString(),
      title: 'Carina dependency graph',
    });
    this.disposables.push(
      webview.onDidReceiveMessage((m: PageMessage) => this.onMessage(m)),
      panel.onDidDispose(() => this.closed()),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && isCarina(e.document)) {
          this.editorColumn = e.viewColumn;
          this.follow(e.document.uri, false);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (isCarina(e.document) && e.contentChanges.length > 0 && configurationKey(e.document.uri) === this.key) this.schedule();
      }),
    );
  }

  /** Points the panel at uri's configuration; a new configuration is asked for at once. */
  private follow(uri: vscode.Uri, force: boolean): void {
    const key = configurationKey(uri);
    const moved = key !== this.key;
    this.uri = uri;
    if (!moved && !force) return;
    this.key = key;
    if (moved) this.watch(uri);
    if (this.panel) this.panel.title = `Graph: ${path.basename(key) || key}`;
    this.refresh();
  }

  /** Files of the configuration created, changed or deleted on disk (a checkout, another tool). */
  private watch(uri: vscode.Uri): void {
    this.watcher?.dispose();
    this.watcher = undefined;
    if (uri.scheme !== 'file') return;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(uri.fsPath)), '*.crn'));
    w.onDidCreate(() => this.schedule());
    w.onDidChange(() => this.schedule());
    w.onDidDelete(() => this.schedule());
    this.watcher = w;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refresh();
    }, this.debounceMs);
  }

  /**
   * Asks the server for the picture in both directions, so that the page draws the one that fits
   * its size and turns it as it is resized without asking again; only the answers to the latest
   * requests are drawn.
   */
  private refresh(): void {
    const uri = this.uri;
    if (!uri || !this.panel) return;
    const seq = ++this.seq;
    const ask = (direction: Direction) => this.request({ textDocument: { uri: uri.toString() }, svg: true, direction });
    Promise.all([ask('LR'), ask('TB')]).then(
      ([lr, tb]) => {
        if (seq !== this.seq) return;
        if (!lr || !lr.graph) {
          this.post({ type: 'error', message: 'The language server sent no graph: is it a carina-lsp with carina/graph?' });
          return;
        }
        const svgs: Partial<Record<Direction, string>> = {};
        if (lr.svg) svgs.LR = lr.svg;
        if (tb?.svg) svgs.TB = tb.svg;
        this.post({ type: 'graph', graph: lr.graph, ...(Object.keys(svgs).length ? { svgs } : {}) });
      },
      (err: unknown) => {
        if (seq !== this.seq) return;
        this.post({ type: 'error', message: `The dependency graph could not be made: ${err instanceof Error ? err.message : String(err)}` });
      },
    );
  }

  /**
   * Posts to the page once it listens. The page keeps its last graph when an error follows, and
   * so does the message posted again when the page (re)loads.
   */
  private post(message: { type: string; [k: string]: unknown }): void {
    if (message.type !== 'graph' && this.last?.type === 'graph') this.last = { ...this.last, error: message.message };
    else this.last = message;
    if (this.ready) void this.panel?.webview.postMessage(message);
  }

  private onMessage(m: PageMessage): void {
    if (!m || typeof m !== 'object') return;
    if (m.type === 'ready') {
      this.ready = true;
      if (this.last) void this.panel?.webview.postMessage(this.last);
    } else if (m.type === 'reveal') {
      void this.reveal(m.file, m.range);
    }
  }

  /** Opens file (relative to the configuration's directory) at range, in the editor's column. */
  async reveal(file: string, range: GraphRange): Promise<void> {
    const uri = this.uri;
    if (!uri || typeof file !== 'string' || !range?.start || !range?.end) return;
    let target = uri;
    if (uri.scheme === 'file') {
      const dir = path.dirname(uri.fsPath);
      const full = path.resolve(dir, ...file.split('/'));
      if (path.relative(dir, full).startsWith('..')) return; // the graph names files of its own directory only
      target = vscode.Uri.file(full);
    }
    const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
    const open = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
    await vscode.window.showTextDocument(target, {
      viewColumn: open?.viewColumn ?? this.editorColumn ?? vscode.ViewColumn.One,
      selection: r,
      preserveFocus: false,
    });
  }

  private closed(): void {
    this.panel = undefined;
    this.ready = false;
    this.last = undefined;
    this.key = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.watcher?.dispose();
    this.watcher = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  dispose(): void {
    this.panel?.dispose();
    this.closed();
    this.tracker.dispose();
  }
}
