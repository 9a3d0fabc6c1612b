// Bad input to the CLI: a non-zero exit and exactly one line on stderr.
import type { CliResult } from './run';

export function expectOneLineError(r: CliResult): string {
  if (r.code === 0) throw new Error(`expected a non-zero exit, got 0; stdout: ${r.stdout.slice(0, 200)}`);
  const lines = r.stderr.trimEnd().split('\n');
  if (lines.length !== 1 || lines[0] === '') throw new Error(`expected one stderr line, got: ${JSON.stringify(r.stderr)}`);
  return lines[0];
}
