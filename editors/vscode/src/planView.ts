// Carina: Show Plan. A webview panel beside the editor shows what `carina-lsp plan` prints for the
// configuration of the active .crn file (else the visible one): the server's carina/plan request,
// computed from the configuration as it is in the editor and its local state file, without
// credentials. The page is text only (no script: its policy loads nothing). It follows the active
// editor's configuration, and, debounced, the edits of that configuration's files and changes of
// its state files (an apply). The plan's code lenses run this command too.
import * as path from 'path';
import * as vscode from 'vscode';
import { configurationKey } from './graphView';

export const PLAN_REQUEST = 'carina/plan';
export const PLAN_VIEW_TYPE = 'carina.plan';
/** The command of the palette and of the server's plan lenses (their argument: a document URI). */
export const SHOW_PLAN = 'carina.showPlan';

/** The params of carina/plan. */
export interface PlanParams {
  textDocument: { uri: string };
}

/** The result of carina/plan: the plan's display, whether it changes anything, its problems. */
export interface PlanResult {
  text: string;
  changed: boolean;
  problems?: string[];
}

export type PlanRequester = (params: PlanParams) => Promise<PlanResult | null>;

/** The page: the display in a <pre>, the problems under it; nothing is loaded or run. */
export function planHtml(title: string, result: PlanResult | null, error?: string): string {
  let body: string;
  if (error !== undefined) {
    body = `<p>The plan could not be computed: ${escapeText(error)}</p>`;
  } else if (!result) {
    body = '<p>No plan: the document is not part of a configuration the server has open.</p>';
  } else {
    body = result.text ? `<pre>${escapeText(result.text)}</pre>` : '';
    if (result.problems?.length) {
      body += `<ul>${result.problems.map((p) => `<li>${escapeText(p)}</li>`).join('')}</ul>`;
    }
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<title>${escapeText(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function isCarina(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  return !!doc && doc.languageId === 'carina' && (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled');
}

/** The one plan panel: created by the command, disposed when closed. */
export class PlanView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private disposables: vscode.Disposable[] = [];
  private watcher: vscode.FileSystemWatcher | undefined;
  private uri: vscode.Uri | undefined;
  private key: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;

  constructor(
    private readonly request: PlanRequester,
    private readonly debounceMs = 300,
  ) {}

  /** Opens (or reveals) the panel on a document: the one given, else the active or visible .crn editor. */
  show(target?: vscode.Uri | string): void {
    const uri = typeof target === 'string' ? vscode.Uri.parse(target) : target ?? this.editorDocument();
    if (!uri) {
      void vscode.window.showInformationMessage('Carina: Show Plan needs a .crn file open in an editor.');
      return;
    }
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(PLAN_VIEW_TYPE, 'Plan', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: false, localResourceRoots: [] });
      this.disposables.push(
        this.panel.onDidDispose(() => this.closed()),
        vscode.window.onDidChangeActiveTextEditor((e) => {
          if (e && isCarina(e.document) && configurationKey(e.document.uri) !== this.key) this.follow(e.document.uri);
        }),
        vscode.workspace.onDidChangeTextDocument((e) => {
          if (isCarina(e.document) && configurationKey(e.document.uri) === this.key) this.schedule();
        }),
      );
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    this.follow(uri);
  }

  private editorDocument(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor?.document;
    if (isCarina(active)) return active.uri;
    return vscode.window.visibleTextEditors.map((e) => e.document).find(isCarina)?.uri;
  }

  /** Points the panel at a document's configuration and asks for its plan. */
  private follow(uri: vscode.Uri): void {
    this.uri = uri;
    const key = configurationKey(uri);
    if (key !== this.key) {
      this.key = key;
      this.watcher?.dispose();
      this.watcher = undefined;
      if (uri.scheme === 'file') {
        // An apply rewrites the state file: the plan changes without an edit.
        this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(key), '*.state.json'));
        const again = () => this.schedule();
        this.watcher.onDidCreate(again);
        this.watcher.onDidChange(again);
        this.watcher.onDidDelete(again);
      }
    }
    if (this.panel) this.panel.title = `Plan: ${uri.scheme === 'file' ? path.basename(key) : 'untitled'}`;
    void this.refresh();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, this.debounceMs);
  }

  /** Asks for the plan; an answer overtaken by a newer request is dropped. */
  private async refresh(): Promise<void> {
    const panel = this.panel;
    const uri = this.uri;
    if (!panel || !uri) return;
    const seq = ++this.seq;
    let html: string;
    try {
      const result = await this.request({ textDocument: { uri: uri.toString() } });
      html = planHtml(panel.title, result);
    } catch (e) {
      html = planHtml(panel.title, null, e instanceof Error ? e.message : String(e));
    }
    if (seq === this.seq && this.panel === panel) panel.webview.html = html;
  }

  private closed(): void {
    this.panel = undefined;
    this.key = undefined;
    this.uri = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.watcher?.dispose();
    this.watcher = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  dispose(): void {
    this.panel?.dispose();
    this.closed();
  }
}
