// An input file of `task` and `harness` read through the format registry (core/formats/registry.ts):
// any format it reads (JSON lines, one JSON document, CSV/TSV, Parquet, gzip of one), as records with
// the numbers their errors name. What a record means is each command's own mapping.
import path from 'node:path';
import { InputError } from './errors';
import { inputText, readInputBytes, readTextFile } from './io';
import type { LineError } from '../core/formats/lineError';
import { chunksOf, isGzip, openRecords, type FormatId, type RawRecord, type ReadMeta } from '../core/formats/registry';

export interface FileRecords {
  records: RawRecord[];
  /** Records that could not be read (not JSON, a CSV row of the wrong width), by number. */
  errors: LineError[];
  /** What the numbers count: lines (JSON lines, CSV, TSV) or records (one JSON document, Parquet). */
  unit: 'line' | 'item';
  format: FormatId;
  gzip: boolean;
  meta: ReadMeta;
}

/** What a command checks once the format is known and before any record is read (the file's bytes as given). */
export type BeforeReading = (file: { format: FormatId; gzip: boolean; bytes: Uint8Array }) => void;

/**
 * The error for a file whose records could not be read: a UTF-8 fault (not gzip) worded as
 * readTextFile words it (the line and byte), anything else with the file's name before it.
 */
export async function readFailed(file: string, gzip: boolean, err: unknown): Promise<never> {
  if (!gzip && /UTF-8/.test((err as Error).message)) await readTextFile(file);
  throw new InputError(`${file}: ${(err as Error).message}`);
}

/** Every record of FILE; a file the registry cannot read is an InputError naming it. */
export async function readFileRecords(file: string, before?: BeforeReading): Promise<FileRecords> {
  const bytes = await readInputBytes(file);
  let opened;
  try {
    opened = await openRecords(chunksOf(bytes), path.basename(file));
  } catch (err) {
    // A file with nothing in it has no records, whatever its name says.
    if (!isGzip(bytes) && inputText(file, bytes).trim() === '') return { records: [], errors: [], unit: 'line', format: 'jsonl', gzip: false, meta: {} };
    return readFailed(file, isGzip(bytes), err);
  }
  const { format, gzip, errors, meta } = opened;
  before?.({ format: format.id, gzip, bytes });
  const records: RawRecord[] = [];
  try {
    for await (const r of opened.records) records.push(r);
  } catch (err) {
    await readFailed(file, gzip, err);
  }
  return { records, errors, unit: format.unit === 'line' ? 'line' : 'item', format: format.id, gzip, meta };
}

/**
 * The values of the first records (at most `limit`) the registry reads from bytes, for a sniff:
 * fewer, or none, where it cannot read on (a file in a shape of its own, such as a --bits container).
 */
export async function firstValues(bytes: Uint8Array, name: string, limit: number): Promise<unknown[]> {
  const values: unknown[] = [];
  try {
    const opened = await openRecords(chunksOf(bytes), name);
    for await (const r of opened.records) {
      values.push(r.value);
      if (values.length >= limit) break;
    }
  } catch {
    // what was read so far decides
  }
  return values;
}
