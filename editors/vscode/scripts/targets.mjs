// The platforms the release builds carina-lsp for. `vsce` is the VS Code target of the
// platform-specific .vsix (absent: a binary only, no extension package).
export const TARGETS = [
  { vsce: 'linux-x64', goos: 'linux', goarch: 'amd64' },
  { vsce: 'linux-arm64', goos: 'linux', goarch: 'arm64' },
  { vsce: 'darwin-x64', goos: 'darwin', goarch: 'amd64' },
  { vsce: 'darwin-arm64', goos: 'darwin', goarch: 'arm64' },
  { vsce: 'win32-x64', goos: 'windows', goarch: 'amd64' },
  { vsce: 'win32-arm64', goos: 'windows', goarch: 'arm64' },
  { vsce: undefined, goos: 'freebsd', goarch: 'amd64' },
];

/** The VS Code target of the machine running this (e.g. linux-x64), or undefined. */
export function hostTarget(platform = process.platform, arch = process.arch) {
  const t = `${platform}-${arch}`;
  return TARGETS.some((x) => x.vsce === t) ? t : undefined;
}

/** The binary's file name for a target: carina-lsp, or carina-lsp.exe on Windows. */
export function binaryName(goos) {
  return goos === 'windows' ? 'carina-lsp.exe' : 'carina-lsp';
}
