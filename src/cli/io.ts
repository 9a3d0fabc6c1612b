import { readFile } from 'node:fs/promises';
import { UsageError } from './errors';
import type { LineError } from '../core/formats/lineError';

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, jsonReplacer, 2) + '\n');
}

/** JSON has no NaN or Infinity: write them as null so the output always parses. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

export async function readTextFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file}`);
    if (code === 'EISDIR') throw new UsageError(`expected a file, got a folder: ${file}`);
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

export function parseNumberFlag(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${raw}"`);
  return value;
}

/** One warning line on stderr (stdout stays the result alone). */
export function warn(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}

/**
 * Bad lines of an input file: the good ones still load (SPEC §6), and one stderr line counts
 * the skipped ones; with `strict`, the first bad line is an error instead.
 */
export function reportSkipped(file: string, errors: readonly LineError[], unit: string, strict: boolean): void {
  if (errors.length === 0) return;
  const first = `${unit} ${errors[0].line}: ${errors[0].message}`;
  if (strict) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more bad ${unit}s)` : '';
    throw new UsageError(`${file}: ${first}${more}`);
  }
  const n = errors.length === 1 ? `1 bad ${unit}` : `${errors.length} bad ${unit}s`;
  warn(`${file}: skipped ${n} (${first}); --strict makes a bad ${unit} an error`);
}
