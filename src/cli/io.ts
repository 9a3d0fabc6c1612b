import { readFile } from 'node:fs/promises';
import { UsageError } from './errors';

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
