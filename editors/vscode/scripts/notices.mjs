// Writes ThirdPartyNotices.txt: the licences of everything the .vsix files bundle besides our own
// code (MIT, LICENSE): the npm packages esbuild puts into out/extension.js, and, for the
// platform-specific packages, what the carina-lsp binary is built from (the Go modules it links
// for any release target, the Go standard library, and Carina's provider schemas it embeds).
//   node scripts/notices.mjs           rewrites the file
//   node scripts/notices.mjs --check   exits 1 when the file is not what it would write
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS } from './targets.mjs';

const extensionDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(extensionDir, '..', '..');
export const noticesPath = path.join(extensionDir, 'ThirdPartyNotices.txt');

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

function licenseText(dir) {
  const names = fs.readdirSync(dir).filter((n) => LICENSE_FILE.test(n)).sort();
  if (names.length === 0) throw new Error(`no licence file in ${dir}`);
  return fs.readFileSync(path.join(dir, names[0]), 'utf8').replace(/\r\n/g, '\n').trim();
}

/** The npm packages whose code esbuild bundles into out/extension.js. */
async function npmPackages() {
  const result = await esbuild.build({
    absWorkingDir: extensionDir,
    entryPoints: ['src/extension.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const roots = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const m = input.match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//);
    if (m) roots.add(m[1]);
  }
  return [...roots].map((root) => {
    const dir = path.join(extensionDir, root);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return { name: `${pkg.name} ${pkg.version} (npm)`, license: pkg.license, text: licenseText(dir) };
  });
}

/** The Go modules linked into carina-lsp for any release target, and the Go standard library. */
function goModules() {
  const mods = new Map();
  for (const { goos, goarch } of TARGETS) {
    const out = execFileSync('go', ['list', '-deps', '-f', '{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Version}}\t{{.Dir}}{{end}}{{end}}', './cmd/carina-lsp'], {
      cwd: repo,
      env: { ...process.env, GOOS: goos, GOARCH: goarch, CGO_ENABLED: '0' },
      encoding: 'utf8',
    });
    for (const line of out.split('\n').filter(Boolean)) {
      const [p, v, dir] = line.split('\t');
      mods.set(`${p} ${v}`, dir);
    }
  }
  const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
  return [
    { name: 'The Go standard library and runtime (linked into carina-lsp)', license: 'BSD-3-Clause', text: licenseText(goroot) },
    ...[...mods].map(([name, dir]) => ({ name: `${name} (Go module)`, text: licenseText(dir) })),
  ];
}

/** The text of ThirdPartyNotices.txt. */
export async function notices() {
  const schemas = {
    name: 'Provider schemas of carina-rs/carina-provider-aws and carina-rs/carina-provider-awscc (embedded in carina-lsp; see testdata/README.md of the repository)',
    license: 'MIT',
    text: fs.readFileSync(path.join(repo, 'testdata', 'LICENSE-carina'), 'utf8').trim(),
  };
  const entries = [...(await npmPackages()), ...goModules(), schemas].sort((a, b) => a.name.localeCompare(b.name));
  const parts = [
    'THIRD-PARTY NOTICES',
    '',
    'The Carina extension and carina-lsp are released under the MIT licence (LICENSE). They include',
    'the following third-party software: the npm packages in out/extension.js (every package), and the',
    'Go modules, the Go standard library and the schema data in the bundled carina-lsp binary (the',
    'platform-specific packages).',
  ];
  for (const e of entries) {
    parts.push('', '='.repeat(78), e.name + (e.license ? ` — ${e.license}` : ''), '='.repeat(78), '', e.text);
  }
  return parts.join('\n') + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await notices();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(noticesPath) ? fs.readFileSync(noticesPath, 'utf8') : '';
    if (current !== text) {
      console.error(`${noticesPath} is out of date: run node scripts/notices.mjs`);
      process.exit(1);
    }
  } else {
    fs.writeFileSync(noticesPath, text);
    console.log(`wrote ${noticesPath}`);
  }
}
