// Bundles the extension client (src/extension.ts and vscode-languageclient) into out/extension.js,
// so the packaged extension needs no node_modules.
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['src/extension.ts'],
  outfile: 'out/extension.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['vscode'],
  logLevel: 'warning',
  sourcemap: process.argv.includes('--sourcemap'),
  minify: process.argv.includes('--minify'),
});
