// Runs the real CLI (node bin/lengthlens.mjs) and captures its output.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[]): CliResult {
  const r = spawnSync(process.execPath, ['bin/lengthlens.mjs', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A bad-input run: non-zero exit and exactly one line on stderr. */
export function expectOneLineError(r: CliResult): string {
  if (r.status === 0) throw new Error(`expected a non-zero exit, got 0; stdout: ${r.stdout.slice(0, 200)}`);
  const lines = r.stderr.trimEnd().split('\n');
  if (lines.length !== 1 || lines[0] === '') throw new Error(`expected one stderr line, got: ${JSON.stringify(r.stderr)}`);
  return lines[0];
}
