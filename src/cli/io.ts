import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError, UsageError } from './errors';
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
  return inputText(file, await readInputBytes(file));
}

/** An input file's bytes as text, as readTextFile reads them (the error names the file, line and byte). */
export function inputText(file: string, bytes: Uint8Array): string {
  try {
    return decodeUtf8(bytes);
  } catch (err) {
    throw new InputError(`${file} ${(err as Error).message}`);
  }
}

/** An input file's bytes; a file that is missing, a folder or unreadable is an InputError naming it. */
export async function readInputBytes(file: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`file not found: ${file}`);
    if (code === 'EISDIR') throw new InputError(`expected a file, got a folder: ${file}`);
    throw new InputError(`cannot read ${file}: ${(err as Error).message}`);
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
  const kind = r.integer ? 'a whole number' : 'a number';
  if (r.min !== undefined && r.max !== undefined && !r.minExclusive) return `${kind} from ${r.min} to ${r.max}`;
  const parts = [kind];
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
 * Every command's flags: node:util parseArgs (strict), with a value that starts with "-" (a
 * negative number) taken as the value of the string option before it, as a user means it, and its
 * errors as one-line usage errors (exit 2). `positionals` is how many plain arguments the command
 * takes (default: any number; the command checks them).
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, positionals = Infinity) {
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
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true, tokens: true });
  } catch (err) {
    throw new UsageError(parseArgsMessage((err as Error).message));
  }
  rejectRepeatedValues(parsed.tokens, options);
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  return parsed;
}

/**
 * A flag that takes one value, given twice (`--model A --model B`): parseArgs keeps the last one
 * silently, so the run would not be the one asked for. Flags declared `multiple` may repeat.
 */
function rejectRepeatedValues(tokens: readonly { kind: string; name?: string; value?: string }[] | undefined, options: NonNullable<ParseArgsConfig['options']>): void {
  const seen = new Map<string, string | undefined>();
  for (const t of tokens ?? []) {
    if (t.kind !== 'option' || t.name === undefined) continue;
    const opt = options[t.name];
    if (!opt || opt.type !== 'string' || opt.multiple) continue;
    if (seen.has(t.name))
      throw new UsageError(`--${t.name} takes one value and was given twice (${JSON.stringify(seen.get(t.name))}, then ${JSON.stringify(t.value)})`);
    seen.set(t.name, t.value);
  }
}

/** node:util parseArgs's error as one short line that names the flag. */
function parseArgsMessage(message: string): string {
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]} (try --help)`;
  const positional = /Unexpected argument '([^']+)'/.exec(message);
  if (positional) return `unexpected argument "${positional[1]}"`;
  const missing = /Option '(-[\w-]+)[^']*' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  return message.split('\n')[0];
}

/**
 * camelCase keys to snake_case, all the way down (arrays and plain objects): the one converter for
 * JSON built from camelCase core results (judge). Keys already in snake_case are unchanged.
 */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeCaseKeys(v)]));
}

/** One warning line on stderr (stdout stays the result alone). */
export function warn(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}

/**
 * Bad lines of an input file: the good ones still load (SPEC §6), and one stderr line counts
 * the skipped ones; with `strict`, the first bad line is an error instead.
 */
/** A message for stderr with its control, format and line-separator characters written as \uXXXX, so a file's text cannot forge a line or drive the terminal. */
export function stderrSafe(s: string): string {
  return s.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function reportSkipped(file: string, errors: readonly LineError[], unit: string, strict: boolean): void {
  if (errors.length === 0) return;
  // The message may quote the file's own text (a duplicate id): escaped, as the reports escape it.
  const first = stderrSafe(`${unit} ${errors[0].line}: ${errors[0].message}`);
  file = stderrSafe(file);
  if (strict) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more bad ${unit}s)` : '';
    throw new InputError(`${file}: ${first}${more}`);
  }
  const n = errors.length === 1 ? `1 bad ${unit}` : `${errors.length} bad ${unit}s`;
  warn(`${file}: skipped ${n} (${first}); --strict makes a bad ${unit} an error`);
}
