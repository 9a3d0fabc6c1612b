// A whole file's bytes read through the format registry and the schema table, for the Task lab
// (the CLI streams the same two steps in `check`): which format and schema, each field's mapping,
// the items (a preference pair becomes a two-choice item, chosen first), or a log's records.
import type { TaskItem } from '../tasks/types';
import { firstOfId } from './items';
import type { LineError } from './lineError';
import { chunksOf, openRecords, type FormatId, type RawRecord, type RecordUnit } from './registry';
import { detectSchema, mappingSchema, schemaById, type FieldMapping, type FieldsText, type SchemaKind, type SchemaSpec } from './schemas';

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
  /** No recognised schema fits its first records (it was read as lengthlens items). */
  unrecognised?: true;
}

/** How many records decide the schema (as `check` decides). */
export const SCHEMA_SAMPLE = 50;

function ambiguousText(candidates: readonly SchemaSpec[]): string {
  return `ambiguous: its first records fit ${candidates.map((s) => s.name).join(' and ')} equally; map its fields with lengthlens check --context/--choices/--gold`;
}

/** A schema or field mapping chosen by the user, over detection (`--schema`, `--context …`, the lab's mapping form). */
export interface ReadWith {
  schema?: string;
  mapping?: FieldMapping;
}

/** What the mapping form starts from: the file's first records and what detection made of them. */
export interface MappingRequest {
  /** `recognised`: one schema fits (its paths are the start); `ambiguous`: several fit equally; `unrecognised`: none does. */
  reason: 'recognised' | 'ambiguous' | 'unrecognised';
  message: string;
  /** The schemas that fit (one when recognised), best first. */
  candidates: string[];
  /** The first records (at most SCHEMA_SAMPLE). */
  records: RawRecord[];
  unit: RecordUnit;
  format: FormatId;
  gzip: boolean;
}

/** A file that needs a mapping before it can be read: the lab opens the mapping form with it. */
export class MappingNeeded extends Error {
  constructor(readonly request: MappingRequest) {
    super(request.message);
    this.name = 'MappingNeeded';
  }
}

/** The first records of a file and what detection makes of them. */
export async function mappingRequest(bytes: Uint8Array, name: string): Promise<MappingRequest> {
  const opened = await openRecords(chunksOf(bytes), name);
  const records: RawRecord[] = [];
  for await (const r of opened.records) {
    records.push(r);
    if (records.length >= SCHEMA_SAMPLE) break;
  }
  const guess = detectSchema(records.map((r) => r.value));
  const base = { records, unit: opened.format.unit, format: opened.format.id, gzip: opened.gzip };
  if ('ambiguous' in guess) return { ...base, reason: 'ambiguous', message: ambiguousText(guess.ambiguous), candidates: guess.ambiguous.map((s) => s.id) };
  if ('none' in guess) return { ...base, reason: 'unrecognised', message: `no recognised schema fits any of its first ${guess.of} records: map its fields`, candidates: [] };
  return { ...base, reason: 'recognised', message: `read as ${guess.schema.name}`, candidates: [guess.schema.id] };
}

/** The items of records read by a schema (a preference pair becomes a two-choice item, chosen first); a record that fails is an error naming it. */
export function itemsOfRecords(spec: SchemaSpec, records: readonly RawRecord[]): { items: TaskItem[]; errors: LineError[] } {
  const items: TaskItem[] = [];
  const errors: LineError[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    try {
      const out = spec.read(r.value, r.n);
      for (const p of out.pairs ?? []) items.push({ id: p.id, ...(p.subset ? { subject: p.subset } : {}), context: p.prompt, choices: [p.chosen, p.rejected], gold: 0 });
      for (const it of out.items ?? []) {
        firstOfId(seen, it.id);
        items.push(it);
      }
    } catch (err) {
      errors.push({ line: r.n, message: (err as Error).message });
    }
  }
  return { items, errors };
}

/**
 * A file's bytes read with the schema detection picks, or with `given`. Throws MappingNeeded when
 * two schemas fit equally; `unrecognised` is set when none fits (then read as lengthlens items).
 */
export async function readPublished(bytes: Uint8Array, name: string, given: ReadWith = {}): Promise<PublishedFile> {
  const opened = await openRecords(chunksOf(bytes), name);
  const records: RawRecord[] = [];
  for await (const r of opened.records) records.push(r);
  const errors = [...opened.errors];
  let spec: SchemaSpec;
  let how: string;
  let unrecognised = false;
  if (given.mapping) {
    spec = mappingSchema(given.mapping);
    how = 'the paths given in the mapping form';
  } else if (given.schema !== undefined) {
    const s = schemaById(given.schema);
    if (!s) throw new Error(`unknown schema "${given.schema}"`);
    spec = s;
    how = 'chosen in the mapping form';
  } else {
    const guess = detectSchema(records.slice(0, SCHEMA_SAMPLE).map((r) => r.value));
    if ('ambiguous' in guess)
      throw new MappingNeeded({ reason: 'ambiguous', message: ambiguousText(guess.ambiguous), candidates: guess.ambiguous.map((s) => s.id), records: records.slice(0, SCHEMA_SAMPLE), unit: opened.format.unit, format: opened.format.id, gzip: opened.gzip });
    if ('none' in guess) {
      spec = schemaById('lengthlens')!;
      how = `no recognised schema fits the first ${guess.of} records: read as lengthlens items`;
      unrecognised = true;
    } else {
      spec = guess.schema;
      how = `detected (${guess.matched} of the first ${guess.of} records fit)`;
    }
  }
  const schema: SchemaInfo = { id: spec.id, name: spec.name, format: opened.format.id, gzip: opened.gzip, how, fields: spec.fields };
  const read = spec.kind === 'log_samples' ? { items: [], errors: [] } : itemsOfRecords(spec, records);
  errors.push(...read.errors);
  errors.sort((a, b) => a.line - b.line);
  return { kind: spec.kind, schema, items: read.items, records, errors, unit: opened.format.unit === 'line' ? 'line' : 'item', ...(unrecognised ? { unrecognised } : {}) };
}

/**
 * Whether a file's records are lm-eval-harness --log_samples records: the schema table decides from
 * the first ones, as for any schema, so a first line that is not a record (a harness INFO line, a
 * record cut short) does not make a log an items file. `lengthlens task` asks it of --items and
 * --bits files; `check` and the Task lab reach the same row while they choose a file's schema.
 */
export function isLogSamples(values: readonly unknown[]): boolean {
  const guess = detectSchema(values.slice(0, SCHEMA_SAMPLE));
  return 'schema' in guess && guess.schema.kind === 'log_samples';
}
