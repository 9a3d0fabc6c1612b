#!/usr/bin/env node
// Installs the benchmark's peers into peers/ (ignored by git, never a dependency of lengthlens):
// node-llama-cpp pinned to 3.21.1 with only its linux-x64 prebuilt binary (its other platform
// builds are optional dependencies, left out; its postinstall, which would download or build
// llama.cpp, is not run), and @wllama/wllama 2.4.0 (llama.cpp in WebAssembly) for the browser.
// Exit 0 when installed (or already there), 1 when npm failed (e.g. the registry cannot be reached).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NODE_LLAMA_CPP_VERSION = '3.21.1';
const dir = path.resolve(process.argv[2] ?? 'peers');
const want = {
  'node-llama-cpp': NODE_LLAMA_CPP_VERSION,
  '@node-llama-cpp/linux-x64': NODE_LLAMA_CPP_VERSION,
  // 2.4.0, not 3.x: 3.x dropped the low-level decode/getLogits/kvRemove API the browser peer scores with.
  '@wllama/wllama': '2.4.0',
};

function installed() {
  return Object.entries(want).every(([name, version]) => {
    const pkg = path.join(dir, 'node_modules', name, 'package.json');
    return fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).version === version;
  });
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`the peers are installed for linux-x64 only; this is ${process.platform}-${process.arch}`);
  process.exit(1);
}
if (installed()) {
  console.error(`peers already installed in ${dir}`);
  process.exit(0);
}
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'lengthlens-peers', private: true, dependencies: want }, null, 2) + '\n');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['install', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock'], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true' },
});
if (r.status !== 0 || !installed()) {
  console.error(`npm could not install the peers into ${dir} (exit ${r.status ?? r.signal})`);
  process.exit(1);
}
console.error(`peers installed in ${dir}`);
