// Builds the extension's .vsix files: one per platform with the carina-lsp binary inside
// (server/carina-lsp, server/carina-lsp.exe on Windows), as rust-analyzer ships, and a universal one
// without it (that one uses carina.server.path or carina-lsp on PATH).
//
//   node scripts/package.mjs [--target T]... [--no-universal] [--out DIR] [--binaries DIR]
//                            [--version V] [--commit C] [--no-typecheck]
//
// --target: a VS Code target (linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64,
// win32-arm64; default: all of them) or "host". --binaries: take the binaries scripts/release
// built (carina-lsp_<version>_<goos>_<goarch>[.exe]) instead of building them here with
// `go build` (CGO_ENABLED=0, version and commit stamped). --version defaults to package.json's.
// Each package is made in a temporary copy of the extension, so nothing here is modified.
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS, binaryName, hostTarget } from './targets.mjs';

const extensionDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(extensionDir, '..', '..');
const VERSION_PKG = 'github.com/carina-rs/carina-lsp/internal/version';

/** What every package ships besides the bundle and the server (see .vscodeignore). */
const FILES = ['.vscodeignore', 'package.json', 'README.md', 'LICENSE', 'ThirdPartyNotices.txt', 'images/icon.png', 'language-configuration.json', 'syntaxes/carina.tmLanguage.json', 'media/graph.js', 'media/graph.css', 'schemas/carina-lsp.schema.json'];

function gitCommit() {
  try {
    const rev = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
    return dirty ? `${rev}-dirty` : rev;
  } catch {
    return 'unknown';
  }
}

/** go build of carina-lsp for one platform, with the version and commit stamped. */
export function buildServer({ goos, goarch, version, commit, out }) {
  execFileSync('go', ['build', '-trimpath', '-ldflags', `-s -w -X ${VERSION_PKG}.version=${version} -X ${VERSION_PKG}.commit=${commit}`, '-o', out, './cmd/carina-lsp'], {
    cwd: repo,
    env: { ...process.env, CGO_ENABLED: '0', GOOS: goos, GOARCH: goarch },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The path of vsce, installed in packaging/ from its lock file when missing or older than it:
 * apart from the extension's packages, which the tests install and use without it.
 */
export function vscePath(log = console.log) {
  const dir = path.join(extensionDir, 'packaging');
  const installed = path.join(dir, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(installed) || fs.statSync(path.join(dir, 'package-lock.json')).mtimeMs > fs.statSync(installed).mtimeMs) {
    log('installing vsce (npm ci in editors/vscode/packaging)');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return path.join(dir, 'node_modules', '@vscode', 'vsce', 'vsce');
}

/** The release binary's file name. */
export function releaseBinaryName({ goos, goarch, version }) {
  return `carina-lsp_${version}_${goos}_${goarch}${goos === 'windows' ? '.exe' : ''}`;
}

/**
 * Makes the packages and returns their paths. targets: VS Code targets; universal: also the
 * package without a server.
 */
export async function packageExtension({ targets, universal = true, outDir, binaries, version, commit, typecheck = true, log = console.log }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
  version ??= manifest.version;
  commit ??= gitCommit();
  fs.mkdirSync(outDir, { recursive: true });
  if (typecheck) {
    execFileSync(process.execPath, [path.join(extensionDir, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', '.'], { cwd: extensionDir, stdio: 'inherit' });
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carina-package-'));
  try {
    const bundle = path.join(work, 'extension.js');
    await esbuild.build({
      absWorkingDir: extensionDir,
      entryPoints: ['src/extension.ts'],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node18',
      external: ['vscode'],
      logLevel: 'warning',
      minify: true,
    });
    const plan = targets.map((t) => {
      const target = TARGETS.find((x) => x.vsce === t);
      if (!target) throw new Error(`unknown target ${t}: use one of ${TARGETS.filter((x) => x.vsce).map((x) => x.vsce).join(', ')}`);
      return target;
    });
    if (universal) plan.push(undefined);
    const vsce = vscePath(log);
    const made = [];
    for (const target of plan) {
      const stage = path.join(work, target ? target.vsce : 'universal');
      for (const f of FILES) {
        fs.mkdirSync(path.dirname(path.join(stage, f)), { recursive: true });
        fs.copyFileSync(path.join(extensionDir, f), path.join(stage, f));
      }
      // The shipped manifest: no scripts (nothing to run at packaging time in the copy) and no
      // development dependencies.
      const shipped = { ...manifest, version };
      delete shipped.scripts;
      delete shipped.devDependencies;
      fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(shipped, null, 2) + '\n');
      fs.mkdirSync(path.join(stage, 'out'));
      fs.copyFileSync(bundle, path.join(stage, 'out', 'extension.js'));
      const args = ['package', '--no-dependencies'];
      let name = `carina-${version}.vsix`;
      if (target) {
        const server = path.join(stage, 'server', binaryName(target.goos));
        fs.mkdirSync(path.dirname(server));
        if (binaries) {
          fs.copyFileSync(path.join(binaries, releaseBinaryName({ ...target, version })), server);
        } else {
          log(`building carina-lsp ${version} (${commit}) for ${target.goos}/${target.goarch}`);
          buildServer({ ...target, version, commit, out: server });
        }
        fs.chmodSync(server, 0o755);
        args.push('--target', target.vsce);
        name = `carina-${target.vsce}-${version}.vsix`;
      }
      const file = path.join(outDir, name);
      args.push('--out', file);
      execFileSync(process.execPath, [vsce, ...args], { cwd: stage, stdio: ['ignore', 'pipe', 'inherit'] });
      log(`wrote ${file} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);
      made.push(file);
    }
    return made;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function parseArgs(argv) {
  const opts = { targets: [], universal: true, outDir: extensionDir, typecheck: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--target') opts.targets.push(value());
    else if (a === '--no-universal') opts.universal = false;
    else if (a === '--out') opts.outDir = path.resolve(value());
    else if (a === '--binaries') opts.binaries = path.resolve(value());
    else if (a === '--version') opts.version = value();
    else if (a === '--commit') opts.commit = value();
    else if (a === '--no-typecheck') opts.typecheck = false;
    else throw new Error(`unknown argument ${a}`);
  }
  opts.targets = opts.targets.map((t) => {
    if (t !== 'host') return t;
    const h = hostTarget();
    if (!h) throw new Error(`no VS Code target for this machine (${process.platform}-${process.arch})`);
    return h;
  });
  if (opts.targets.length === 0) opts.targets = TARGETS.filter((t) => t.vsce).map((t) => t.vsce);
  return opts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await packageExtension(parseArgs(process.argv.slice(2)));
  } catch (err) {
    console.error(`package: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
