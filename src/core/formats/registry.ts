// The file formats lengthlens reads records from, one spec each: how it is sniffed from a file's
// first bytes and name, and how its records are read from the bytes. JSONL is read as it streams
// (memory stays flat); a JSON document, CSV/TSV and Parquet are read once their bytes are in.
// gzip of any of them is unwrapped first (DecompressionStream, in Node and the browser alike).
// What a record *means* (a benchmark's schema) is decided afterwards, from the records
// (`schemas.ts`), never from the first line alone.
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { forEachCsvRecord, duplicatedHeader } from './csvRecords';
import { isRecord, type LineError } from './lineError';
import { parseTolerantJson } from './tolerantJson';
import { rejectLoneSurrogates } from './utf8';

export type FormatId = 'jsonl' | 'json' | 'csv' | 'tsv' | 'parquet';

/** One record of a file with the number an error about it names (a line, or a record's 1-based position). */
export interface RawRecord {
  n: number;
  value: unknown;
}

/** What an error's number counts. */
export type RecordUnit = 'line' | 'item' | 'row';

/** What reading a file finds besides its records: a CSV/TSV's header (absent when it has none, or names a column twice). */
export interface ReadMeta {
  header?: { line: number; names: string[] };
}

export interface FormatSpec {
  id: FormatId;
  label: string;
  /** How sure the sniff is that `head` (the first bytes, decoded) is this format: 0 (no) to 3. */
  sniff(head: string, name: string, bytes: Uint8Array): number;
  unit: RecordUnit;
  /** Reads the records; a record that cannot be read becomes an error and the rest still come. */
  read(chunks: AsyncIterable<Uint8Array>, errors: LineError[], meta: ReadMeta): AsyncGenerator<RawRecord>;
}

const PAR1 = [0x50, 0x41, 0x52, 0x31];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Decodes strict UTF-8 chunk by chunk; a bad byte is an error naming the line it is on. */
async function* decodeText(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lines = 1;
  let first = true;
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new Error(`not valid UTF-8 (after line ${lines})`);
    }
    if (first && text.length) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    yield text;
  }
  let tail: string;
  try {
    tail = decoder.decode();
  } catch {
    throw new Error('not valid UTF-8 at its end');
  }
  if (tail) yield tail;
}

/** Lines with their 1-based numbers, in time linear in the file's length (CRLF endings dropped). */
export async function* splitLines(texts: AsyncIterable<string>): AsyncGenerator<{ line: number; text: string }> {
  let pending: string[] = [];
  let line = 0;
  for await (const text of texts) {
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      pending.push(text.slice(from, nl));
      line++;
      yield { line, text: pending.join('').replace(/\r$/, '') };
      pending = [];
      from = nl + 1;
    }
    if (from < text.length) pending.push(text.slice(from));
  }
  const last = pending.join('');
  if (last !== '') yield { line: line + 1, text: last.replace(/\r$/, '') };
}

async function allBytes(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const c of chunks) {
    parts.push(c);
    size += c.length;
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function allText(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: string[] = [];
  for await (const t of decodeText(chunks)) parts.push(t);
  return parts.join('');
}


const JSONL: FormatSpec = {
  id: 'jsonl',
  label: 'JSON lines',
  unit: 'line',
  sniff(head, name) {
    if (/\.(jsonl|ndjson)$/i.test(name)) return 3;
    const lines = head.split('\n').slice(0, -1).filter((l) => l.trim() !== '');
    if (lines.length === 0) return /^\s*\{/.test(head) ? 1 : 0;
    const objects = lines.filter((l) => l.trimStart().startsWith('{')).length;
    // Most lines are objects: JSON lines, even when a log's first line is not a record.
    return objects * 2 >= lines.length ? 2 : 0;
  },
  async *read(chunks, errors) {
    for await (const l of splitLines(decodeText(chunks))) {
      if (l.text.trim() === '') continue;
      let value: unknown;
      try {
        value = parseTolerantJson(l.text);
      } catch (err) {
        errors.push({ line: l.line, message: `not valid JSON (${(err as Error).message})` });
        continue;
      }
      try {
        rejectLoneSurrogates(value);
      } catch (err) {
        errors.push({ line: l.line, message: (err as Error).message });
        continue;
      }
      yield { n: l.line, value };
    }
  },
};

/** The records of one JSON document: an array, an object holding one array of records, or an object of records. */
export function recordsOfJson(doc: unknown): RawRecord[] {
  if (Array.isArray(doc)) return doc.map((value, i) => ({ n: i + 1, value }));
  if (isRecord(doc)) {
    const entries = Object.entries(doc);
    const lists = entries.filter(([, v]) => Array.isArray(v) && v.length > 0 && (v as unknown[]).every(isRecord));
    if (lists.length === 1) return (lists[0][1] as unknown[]).map((value, i) => ({ n: i + 1, value }));
    if (entries.length > 0 && entries.every(([, v]) => isRecord(v)))
      return entries.map(([k, v], i) => ({ n: i + 1, value: 'id' in (v as object) ? v : { id: k, ...(v as object) } }));
  }
  throw new Error('one JSON document that is neither a list of records nor an object of records');
}

const JSON_DOC: FormatSpec = {
  id: 'json',
  label: 'JSON (one document)',
  unit: 'item',
  sniff(head, name) {
    const lead = head.trimStart();
    if (lead.startsWith('[')) return 3;
    if (!lead.startsWith('{')) return 0;
    // An object spread over lines (the first line is not a whole JSON value) is one document.
    const firstLine = lead.split('\n')[0];
    try {
      parseTolerantJson(firstLine);
      return /\.json$/i.test(name) ? 1 : 0;
    } catch {
      return 2;
    }
  },
  async *read(chunks, errors) {
    let doc: unknown;
    const text = await allText(chunks);
    try {
      doc = parseTolerantJson(text);
    } catch (err) {
      errors.push({ line: 1, message: `not valid JSON (${(err as Error).message})` });
      return;
    }
    for (const r of recordsOfJson(doc)) {
      try {
        rejectLoneSurrogates(r.value);
        yield r;
      } catch (err) {
        errors.push({ line: r.n, message: (err as Error).message });
      }
    }
  },
};

/**
 * A CSV/TSV row list: a header row gives objects keyed by it; a file whose first row ends in a single
 * capital letter (Hendrycks' MMLU: question, A–D, answer letter) has no header, and each row is a list.
 */
function delimited(id: 'csv' | 'tsv', delimiter: string): FormatSpec {
  return {
    id,
    label: id === 'csv' ? 'CSV' : 'TSV',
    unit: 'line',
    sniff(head, name) {
      if (new RegExp(`\\.${id}$`, 'i').test(name)) return 3;
      const first = head.split('\n')[0] ?? '';
      if (/^\s*[[{]/.test(head)) return 0;
      if (id === 'tsv') return first.includes('\t') ? 2 : 0;
      return first.includes(',') ? 1 : 0;
    },
    async *read(chunks, errors, meta) {
      const text = await allText(chunks);
      const rows: RawRecord[] = [];
      let header: string[] | undefined;
      let headerless = false;
      let columns = 0;
      let stopped = false;
      forEachCsvRecord(
        text,
        ({ fields, line, error }) => {
          if (stopped) return;
          if (header === undefined && !headerless) {
            columns = fields.length;
            headerless = fields.length >= 3 && /^[A-Z]$/.test(fields[fields.length - 1].trim());
            if (headerless) {
              if (error !== undefined) errors.push({ line, message: error });
              else rows.push({ n: line, value: fields });
              return;
            }
            const twice = duplicatedHeader(fields);
            if (twice !== undefined) {
              errors.push({ line, message: twice });
              stopped = true;
            }
            header = fields.map((h) => h.trim());
            if (twice === undefined) meta.header = { line, names: header };
            return;
          }
          if (error !== undefined) errors.push({ line, message: error });
          else if (fields.length !== columns) errors.push({ line, message: `expected ${columns} fields, found ${fields.length}` });
          else if (headerless) rows.push({ n: line, value: fields });
          else {
            const rec: Record<string, string> = {};
            header!.forEach((h, i) => (rec[h] = fields[i]));
            rows.push({ n: line, value: rec });
          }
        },
        delimiter,
      );
      if (header === undefined && !headerless) errors.push({ line: 1, message: 'the file is empty' });
      yield* rows;
    },
  };
}

/** Parquet's INT64 columns arrive as BigInt: as numbers where exact, else as their digits. */
function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v !== 'object' || v === null) return v;
  // The reader's own rows, lists and structs are converted where they are (no copy per row);
  // anything else (a Date, a byte array) becomes a plain object of its own fields, as before.
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = plain(v[i]);
    return v;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto === Object.prototype) {
    const rec = v as Record<string, unknown>;
    for (const k of Object.keys(rec)) rec[k] = plain(rec[k]);
    return rec;
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
}

const PARQUET: FormatSpec = {
  id: 'parquet',
  label: 'Parquet',
  unit: 'row',
  sniff(_head, name, bytes) {
    return startsWith(bytes, PAR1) ? 3 : /\.parquet$/i.test(name) ? 1 : 0;
  },
  async *read(chunks, errors) {
    const bytes = await allBytes(chunks);
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    let metadata: ReturnType<typeof parquetMetadata>;
    try {
      metadata = parquetMetadata(file);
    } catch (err) {
      errors.push({ line: 1, message: `not a readable Parquet file (${(err as Error).message})` });
      return;
    }
    const groups = metadata.row_groups.map((g) => ({ rows: Number(g.num_rows) }));
    // One row group at a time: only one group's rows are held as objects. The footer is parsed
    // once, not again for every group.
    let start = 0;
    for (const g of groups) {
      const rows = await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: start + g.rows });
      for (let i = 0; i < rows.length; i++) yield { n: start + i + 1, value: plain(rows[i]) };
      start += g.rows;
    }
  },
};

/** Every format, in the order a tie in sniffing is broken. */
export const FORMATS: readonly FormatSpec[] = [PARQUET, JSONL, JSON_DOC, delimited('tsv', '\t'), delimited('csv', ',')];

export function formatById(id: FormatId): FormatSpec {
  return FORMATS.find((f) => f.id === id)!;
}

/** Chunks with the first `size` bytes available up front (for sniffing) and nothing lost. */
async function peek(chunks: AsyncIterable<Uint8Array>, size: number): Promise<{ head: Uint8Array; all: AsyncIterable<Uint8Array> }> {
  const it = chunks[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let got = 0;
  let done = false;
  while (got < size) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    taken.push(r.value);
    got += r.value.length;
  }
  const head = taken.length === 1 ? taken[0] : await allBytes((async function* () { yield* taken; })());
  const all = (async function* () {
    yield* taken;
    if (done) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  })();
  return { head, all };
}

async function* gunzip(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const ds = new DecompressionStream('gzip');
  const writer = ds.writable.getWriter();
  const pump = (async () => {
    try {
      for await (const c of chunks) await writer.write(c as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch (err) {
      await writer.abort(err).catch(() => undefined);
    }
  })();
  const reader = ds.readable.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) yield r.value;
  } catch (err) {
    throw new Error(`not valid gzip (${(err as Error).message})`);
  } finally {
    await pump;
  }
}

export interface OpenedRecords {
  format: FormatSpec;
  /** True when the bytes were gzip. */
  gzip: boolean;
  records: AsyncGenerator<RawRecord>;
  /** Filled while `records` is read. */
  errors: LineError[];
  /** Filled while `records` is read. */
  meta: ReadMeta;
}

/**
 * Sniffs the format (gzip unwrapped first) and returns its records. `forced` skips the sniff.
 * Throws when no format fits.
 */
export async function openRecords(chunks: AsyncIterable<Uint8Array>, name: string, forced?: FormatId): Promise<OpenedRecords> {
  let { head, all } = await peek(chunks, 65536);
  let gzip = false;
  let inner = name;
  if (isGzip(head)) {
    gzip = true;
    inner = name.replace(/\.gz$/i, '');
    ({ head, all } = await peek(gunzip(all), 65536));
  }
  let format: FormatSpec | undefined;
  if (forced) format = formatById(forced);
  else {
    const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
    let best = 0;
    for (const f of FORMATS) {
      const s = f.sniff(text, inner, head);
      if (s > best) {
        best = s;
        format = f;
      }
    }
  }
  if (!format) throw new Error('not a format lengthlens reads (JSON lines, JSON, CSV, TSV, Parquet, or gzip of one)');
  const errors: LineError[] = [];
  const meta: ReadMeta = {};
  return { format, gzip, errors, meta, records: format.read(all, errors, meta) };
}

/** Bytes as the chunk stream openRecords takes. */
export async function* chunksOf(bytes: Uint8Array, size = 1 << 20): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, Math.min(bytes.length, i + size));
}
