#!/usr/bin/env node
// Compiles the CLI (src/cli/main.ts and what it imports of src/core and src/engine) to JavaScript in
// dist-cli/, for the package: an installed lengthlens runs it with no TypeScript runner. The
// packages it imports stay imports (they are the package's dependencies); each command is its own
// chunk, so `lengthlens --help` does not load the model runtime. It reports on stderr (npm pack
// --json owns stdout).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist-cli');
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});
console.error(`CLI compiled to ${path.relative(root, outdir)}/`);
