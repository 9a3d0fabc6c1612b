import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors';
import type { LineError } from '../core/formats/lineError';
import { decodeUtf8 } from '../core/formats/utf8';

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, jsonReplacer, 2) + '\n');
}

/** JSON has no NaN or Infinity: write them as null so the output always parses. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/**
 * An input file as text: strict UTF-8 (a byte that is not UTF-8 is an error naming the file, line
 * and byte, never U+FFFD scored in its place) and one leading BOM dropped.
 */
export async function readTextFile(file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file}`);
    if (code === 'EISDIR') throw new UsageError(`expected a file, got a folder: ${file}`);
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return decodeUtf8(bytes);
  } catch (err) {
    throw new UsageError(`${file} ${(err as Error).message}`);
  }
}

/** A plain decimal number: no hex, no blanks, no empty string (all of which Number() accepts). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export interface NumberRange {
  integer?: boolean;
  /** Smallest allowed value (inclusive unless minExclusive). */
  min?: number;
  minExclusive?: boolean;
  max?: number;
  /** What the flag takes, for the message (default: built from the range). */
  describe?: string;
}

function describeRange(r: NumberRange): string {
  const parts = [r.integer ? 'a whole number' : 'a number'];
  if (r.min !== undefined) parts.push(`${r.minExclusive ? '>' : '≥'} ${r.min}`);
  if (r.max !== undefined) parts.push(`${r.min !== undefined ? 'and ' : ''}≤ ${r.max}`);
  return parts.join(' ');
}

/**
 * A number flag: a finite decimal within the range, else a one-line error that names the flag,
 * what it takes and what was given. Every command's number flags go through here.
 */
export function parseNumberFlag(name: string, raw: string | undefined, fallback: number, range: NumberRange = {}): number {
  if (raw === undefined) return fallback;
  const value = DECIMAL.test(raw) ? Number(raw) : NaN;
  const ok =
    Number.isFinite(value) &&
    (!range.integer || Number.isSafeInteger(value)) &&
    (range.min === undefined || (range.minExclusive ? value > range.min : value >= range.min)) &&
    (range.max === undefined || value <= range.max);
  if (!ok) throw new UsageError(`--${name} must be ${range.describe ?? describeRange(range)}, got "${raw}"`);
  return value;
}

/**
 * node:util parseArgs, with a value that starts with "-" (a negative number) taken as the value of
 * the string option before it, as a user means it, and its errors as one-line usage errors.
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : undefined;
    const next = argv[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-(?!-)/.test(next) && next !== '-h') {
      args.push(`${a}=${next}`);
      i++;
    } else args.push(a);
  }
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
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
