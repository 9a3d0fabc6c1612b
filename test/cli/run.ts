// Run the real CLI in a child process, as a user would.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const BIN = path.resolve(__dirname, '../../bin/lengthlens.mjs');

export function runCli(args: string[], input?: string): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input, timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
