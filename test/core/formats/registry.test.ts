// The format registry on small hand-written files in each layout: which format it sniffs, the
// records with their numbers, errors for bad records, gzip of any, and a line splitter that gives
// the same lines however the bytes are chunked.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { chunksOf, openRecords, splitLines, type RawRecord } from '../../../src/core/formats/registry';
import type { LineError } from '../../../src/core/formats/lineError';

const enc = new TextEncoder();

async function read(bytes: Uint8Array | string, name: string, chunk = 7): Promise<{ format: string; gzip: boolean; records: RawRecord[]; errors: LineError[] }> {
  const b = typeof bytes === 'string' ? enc.encode(bytes) : bytes;
  const opened = await openRecords(chunksOf(b, chunk), name);
  const records: RawRecord[] = [];
  for await (const r of opened.records) records.push(r);
  return { format: opened.format.id, gzip: opened.gzip, records, errors: opened.errors };
}

describe('format registry', () => {
  it('reads JSON lines, numbering records by line, and a log whose first line is not a record', async () => {
    const text = 'INFO 2024 writing samples\n{"doc_id": 0, "arguments": []}\n\n{"doc_id": 1\n{"doc_id": 2}\n';
    const r = await read(text, 'samples_arc.txt');
    expect(r.format).toBe('jsonl');
    expect(r.records).toEqual([
      { n: 2, value: { doc_id: 0, arguments: [] } },
      { n: 5, value: { doc_id: 2 } },
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([1, 4]);
    expect(r.errors[0].message).toMatch(/^not valid JSON/);
  });

  it('reads one JSON array, an object holding one list, and an object of records', async () => {
    expect((await read('[{"a": 1}, {"a": 2}]', 'x.json')).records).toEqual([
      { n: 1, value: { a: 1 } },
      { n: 2, value: { a: 2 } },
    ]);
    const wrapped = await read('{\n  "items": [\n    {"a": 1}\n  ]\n}\n', 'x.json');
    expect(wrapped.format).toBe('json');
    expect(wrapped.records).toEqual([{ n: 1, value: { a: 1 } }]);
    const keyed = await read('{\n "q1": {"x": "y"},\n "q2": {"id": "own", "x": "z"}\n}', 'x.json');
    expect(keyed.records.map((r) => r.value)).toEqual([
      { id: 'q1', x: 'y' },
      { id: 'own', x: 'z' },
    ]);
  });

  it('reads CSV with a header as objects, and Hendrycks\u2019 headerless CSV (CRLF, no final newline) as lists', async () => {
    const withHeader = await read('context,choices,label\r\n"Q, one",A,B\r\n', 'items.csv');
    expect(withHeader.records).toEqual([{ n: 2, value: { context: 'Q, one', choices: 'A', label: 'B' } }]);
    const mmlu = await read('"Which, of these?",one,two,three,four,C\r\nSecond,a,b,c,d,A', 'x_test.csv');
    expect(mmlu.format).toBe('csv');
    expect(mmlu.records).toEqual([
      { n: 1, value: ['Which, of these?', 'one', 'two', 'three', 'four', 'C'] },
      { n: 2, value: ['Second', 'a', 'b', 'c', 'd', 'A'] },
    ]);
  });

  it('reads TSV by name or by tabs, and a row with the wrong field count is an error', async () => {
    const text = 'ID\tQuestion Stem\tChoices\tAnswer Key\n8-1\tWhy, then?\t(A) x (B) y\tB\n8-2\tshort\n';
    const r = await read(text, 'test.tsv');
    expect(r.format).toBe('tsv');
    expect(r.records).toEqual([{ n: 2, value: { ID: '8-1', 'Question Stem': 'Why, then?', Choices: '(A) x (B) y', 'Answer Key': 'B' } }]);
    expect(r.errors).toEqual([{ line: 3, message: 'expected 4 fields, found 2' }]);
    expect((await read(text, 'noname')).format).toBe('tsv');
  });

  it('reads Parquet row groups, INT64 as numbers', async () => {
    const writer = new ByteWriter();
    parquetWrite({
      writer,
      rowGroupSize: 2,
      columnData: [
        { name: 'question', data: ['q1', 'q2', 'q3'] },
        { name: 'choices', data: [['a', 'bb'], ['ccc', 'd', 'é'], ['x', 'y']] },
        { name: 'answer', data: [1n, 0n, 2n], type: 'INT64' },
      ],
    });
    const r = await read(new Uint8Array(writer.getBuffer()), 'data.bin', 100);
    expect(r.format).toBe('parquet');
    expect(r.records).toEqual([
      { n: 1, value: { question: 'q1', choices: ['a', 'bb'], answer: 1 } },
      { n: 2, value: { question: 'q2', choices: ['ccc', 'd', 'é'], answer: 0 } },
      { n: 3, value: { question: 'q3', choices: ['x', 'y'], answer: 2 } },
    ]);
  });

  it('Parquet INT64 past 2^53 keeps its digits as a string; a safe one is a number, in each row group', async () => {
    const writer = new ByteWriter();
    parquetWrite({
      writer,
      rowGroupSize: 1,
      columnData: [
        { name: 'labels', data: [['a', 'b'], ['c']] },
        { name: 'answer', data: [9007199254740993n, -3n], type: 'INT64' },
      ],
    });
    const r = await read(new Uint8Array(writer.getBuffer()), 'data.parquet', 100);
    expect(r.records).toEqual([
      { n: 1, value: { labels: ['a', 'b'], answer: '9007199254740993' } },
      { n: 2, value: { labels: ['c'], answer: -3 } },
    ]);
  });

  it('unwraps gzip of any format, and says it did', async () => {
    const inner = '{"chosen": "a", "rejected": "bb"}\n{"chosen": "ccc", "rejected": "d"}\n';
    const r = await read(new Uint8Array(gzipSync(inner)), 'test.jsonl.gz', 5);
    expect(r).toMatchObject({ format: 'jsonl', gzip: true });
    expect(r.records.map((x) => x.n)).toEqual([1, 2]);
    const csv = await read(new Uint8Array(gzipSync('q,a,b,c,A\n')), 'x.csv.gz');
    expect(csv).toMatchObject({ format: 'csv', gzip: true, records: [{ n: 1, value: ['q', 'a', 'b', 'c', 'A'] }] });
  });

  it('names a file that is not UTF-8', async () => {
    await expect(read(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d, 0x0a]), 'x.jsonl')).rejects.toThrow(/not valid UTF-8/);
  });

  it('splits lines the same way however the text is chunked (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', 'é') }), fc.array(fc.nat(), { maxLength: 6 }), async (text, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces: string[] = [];
        let from = 0;
        for (const c of at) {
          pieces.push(text.slice(from, c));
          from = c;
        }
        pieces.push(text.slice(from));
        const got: { line: number; text: string }[] = [];
        for await (const l of splitLines((async function* () { yield* pieces; })())) got.push(l);
        const want = text.split('\n').map((t, i) => ({ line: i + 1, text: t.replace(/\r$/, '') }));
        if (text.endsWith('\n') || text === '') want.pop();
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
