// A whole file's bytes read through the format registry and the schema table, for the Task lab
// (the CLI streams the same two steps in `check`): which format and schema, each field's mapping,
// the items (a preference pair becomes a two-choice item, chosen first), or a log's records.
import { parseTolerantJson } from './tolerantJson';
import type { TaskItem } from '../tasks/types';
import type { LineError } from './lineError';
import { chunksOf, openRecords, type FormatId, type RawRecord } from './registry';
import { detectSchema, schemaById, type FieldsText, type SchemaKind } from './schemas';

/** Which schema a file was read with, as the Task lab shows it. */
export interface SchemaInfo {
  id: string;
  name: string;
  format: FormatId;
  gzip: boolean;
  /** How the schema was chosen: "detected (50 of 50 records fit)", "given (--schema)", "mapping (--context …)". */
  how: string;
  fields: FieldsText;
}

export interface PublishedFile {
  kind: SchemaKind;
  schema: SchemaInfo;
  /** Items (kind 'items' or 'pairs'); a log's are read by its own reader from `records`. */
  items: TaskItem[];
  records: RawRecord[];
  errors: LineError[];
  unit: 'line' | 'item';
}

/** How many records decide the schema (as `check` decides). */
export const SCHEMA_SAMPLE = 50;

/** The schema of a file's records: the one that fits most of the first ones (throws when two fit equally). */
export function schemaOfRecords(values: readonly unknown[]): { id: string; how: string } {
  const sample = values.slice(0, SCHEMA_SAMPLE);
  const guess = detectSchema(sample);
  if ('ambiguous' in guess) throw new Error(`ambiguous: its first records fit ${guess.ambiguous.map((s) => s.name).join(' and ')} equally; map its fields with lengthlens check --context/--choices/--gold`);
  if ('none' in guess) return { id: 'lengthlens', how: `no recognised schema fits the first ${guess.of} records: read as lengthlens items` };
  return { id: guess.schema.id, how: `detected (${guess.matched} of the first ${guess.of} records fit)` };
}

export async function readPublished(bytes: Uint8Array, name: string): Promise<PublishedFile> {
  const opened = await openRecords(chunksOf(bytes), name);
  const records: RawRecord[] = [];
  for await (const r of opened.records) records.push(r);
  const errors = [...opened.errors];
  const { id, how } = schemaOfRecords(records.map((r) => r.value));
  const spec = schemaById(id)!;
  const schema: SchemaInfo = { id, name: spec.name, format: opened.format.id, gzip: opened.gzip, how, fields: spec.fields };
  const items: TaskItem[] = [];
  const seen = new Set<string>();
  if (spec.kind !== 'log_samples') {
    for (const r of records) {
      try {
        const out = spec.read(r.value, r.n);
        for (const p of out.pairs ?? []) items.push({ id: p.id, ...(p.subset ? { subject: p.subset } : {}), context: p.prompt, choices: [p.chosen, p.rejected], gold: 0 });
        for (const it of out.items ?? []) {
          if (seen.has(it.id)) throw new Error(`duplicate id "${it.id}" (the first one is kept)`);
          seen.add(it.id);
          items.push(it);
        }
      } catch (err) {
        errors.push({ line: r.n, message: (err as Error).message });
      }
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { kind: spec.kind, schema, items, records, errors, unit: opened.format.unit === 'line' ? 'line' : 'item' };
}

/**
 * A file whose records are lm-eval-harness log_samples records: decided from its first records
 * (as `lengthlens check` decides), so a first line that is not a record (a harness INFO line, a
 * record cut short) does not make a log an items file.
 */
export function looksLikeLogSamples(text: string): boolean {
  const values: unknown[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (values.length >= SCHEMA_SAMPLE) break;
    if (!line.trimStart().startsWith('{')) continue;
    try {
      values.push(parseTolerantJson(line));
    } catch {
      // a bad line counts for no schema
    }
  }
  return values.length > 0 && schemaOfRecords(values).id === 'lm_eval_log_samples';
}
