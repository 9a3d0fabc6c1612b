#!/usr/bin/env node
// In a checkout (src/ present) the CLI runs from its TypeScript sources through tsx, so the app, the
// tests and the CLI share one source; an installed package runs the JavaScript compiled into
// dist-cli/ when it was packed (scripts/build-cli.mjs), with no TypeScript runner.
import fs from 'node:fs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (fs.existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(sources.href));
} else {
  ({ main } = await import('../dist-cli/main.mjs'));
}
process.exitCode = await main(process.argv.slice(2));
