// `task --items` and `harness` read their file through the format registry: the same fixture as
// gzip, as CSV, as one JSON document or as Parquet gives the JSON the plain JSONL file gives.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import Papa from 'papaparse';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './inProcess';
import { loadTaskSet } from '../../src/cli/commands/taskScoring';
import { MODELS_DIR } from '../paths';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-registry-inputs-'));
const fixtures = path.join(__dirname, '../fixtures');
const model = path.join(MODELS_DIR, 'stories260K');

function write(name: string, content: string | Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** The command's --json output without `source` (the file's own name). */
async function json(args: string[]): Promise<Record<string, unknown>> {
  const r = await runInProcess(args);
  expect(r.code).toBe(0);
  const { source, ...rest } = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(source).toBe(args.find((a) => a.startsWith(dir) || a.startsWith(fixtures)));
  return rest;
}

/** The fixture's lines that are JSON, as values (a broken line is left out). */
function jsonValues(text: string): Record<string, unknown>[] {
  return text.split('\n').flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe('harness reads any format of the registry', () => {
  const plainFile = path.join(fixtures, 'task-log-samples.jsonl');
  const text = readFileSync(plainFile, 'utf8');

  it('the log as gzip and as one JSON document gives the plain file\u2019s JSON', async () => {
    const plain = await json(['harness', plainFile, '--json']);
    expect(plain.n_docs).toBe(4);
    expect(plain.input_errors).toEqual([{ line: 3, message: 'expected 1 responses in "filtered_resps", got 0' }]);
    const gz = await json(['harness', write('samples_arc.jsonl.gz', gzipSync(text)), '--json']);
    expect(gz).toEqual(plain);
    // Every line of the fixture is JSON, so the document's record numbers are its line numbers.
    const values = jsonValues(text);
    expect(values).toHaveLength(5);
    const doc = await json(['harness', write('samples_arc.json', JSON.stringify(values, null, 1)), '--json']);
    expect(doc).toEqual(plain);
  });

  it('a gzip file that is not gzip inside says so; the results file is still named', async () => {
    const bad = gzipSync(text).subarray(0, 40);
    const r = await runInProcess(['harness', write('cut.jsonl.gz', bad), '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cut\.jsonl\.gz: not valid gzip/);
    const results = write('results_2026.json', JSON.stringify({ results: { arc_easy: { acc: 0.5 } }, versions: {} }, null, 2));
    expect((await runInProcess(['harness', results])).stderr).toMatch(/is an lm-eval-harness results file \(results_\*\.json\)/);
  });
});

describe('task --items reads any format of the registry', () => {
  const plainFile = path.join(fixtures, 'task-items-malformed.jsonl');
  const text = readFileSync(plainFile, 'utf8');
  const good = jsonValues(text);

  it('the items as gzip, CSV and Parquet give the plain file\u2019s JSON', async () => {
    const plain = await json(['task', '--model', model, '--items', plainFile, '--json']);
    expect(plain.n_items).toBe(6);
    const labelError = { line: 6, message: 'label 7 is not a choice index (0 to 1)' };
    expect(plain.input_errors).toEqual([{ line: 4, message: expect.stringMatching(/^not valid JSON/) as unknown }, labelError]);

    const gz = await json(['task', '--model', model, '--items', write('items.jsonl.gz', gzipSync(text)), '--json']);
    expect(gz).toEqual(plain);

    // The CSV has the seven records that are JSON, the header on line 1: the bad label stays on line 6.
    expect(good.map((r) => r.id)).toEqual(['a1', 'a2', 'a3', 'a5', 'a6', 'a7', 'a8']);
    const csv = Papa.unparse(
      good.map((r) => ({ id: r.id, subject: r.subject ?? '', context: r.context, gold: r.gold ?? '', choices: r.choices ? JSON.stringify(r.choices) : '', label: r.label ?? '' })),
    );
    const fromCsv = await json(['task', '--model', model, '--items', write('items.csv', csv), '--json']);
    expect(fromCsv).toEqual({ ...plain, input_errors: [labelError] });

    // Parquet numbers its rows from 1: a6 is row 5.
    const column = (key: string) => good.map((r) => (r[key] ?? null) as string | null);
    const writer = new ByteWriter();
    parquetWrite({
      writer,
      columnData: [
        { name: 'id', data: column('id'), type: 'STRING' },
        { name: 'subject', data: column('subject'), type: 'STRING' },
        { name: 'context', data: column('context'), type: 'STRING' },
        { name: 'gold', data: column('gold'), type: 'STRING' },
        { name: 'choices', data: good.map((r) => (r.choices ?? null) as string[] | null) },
        { name: 'label', data: good.map((r) => (r.label ?? null) as number | null), type: 'INT32' },
      ],
    });
    const fromParquet = await json(['task', '--model', model, '--items', write('items.parquet', new Uint8Array(writer.getBuffer())), '--json']);
    expect(fromParquet).toEqual({ ...plain, input_errors: [{ ...labelError, line: 5 }] });
  });

  it('a CSV without a "context" column, and a log given as items, are named as such', async () => {
    const noContext = await runInProcess(['task', '--model', model, '--items', write('q.csv', 'question,gold\nx,y\n')]);
    expect(noContext.code).toBe(1);
    expect(noContext.stderr).toMatch(/q\.csv: line 1: the header has no "context" column\n$/);
    // As readTextFile words them: a byte that is not UTF-8 by its line and byte; an empty file has no items.
    const latin1 = write('latin1.jsonl', new Uint8Array([...new TextEncoder().encode('{"context": "a", "gold": " b"}\n{"context": "caf'), 0xe9, ...new TextEncoder().encode('", "gold": " c"}\n')]));
    expect((await runInProcess(['task', '--model', model, '--items', latin1])).stderr).toMatch(/latin1\.jsonl line 2, byte 17: not valid UTF-8 \(0xE9\); save the file as UTF-8\n$/);
    expect((await runInProcess(['harness', latin1])).stderr).toMatch(/latin1\.jsonl line 2, byte 17: not valid UTF-8 \(0xE9\)/);
    expect((await runInProcess(['task', '--model', model, '--items', write('empty.json', '')])).stderr).toMatch(/empty\.json: no items\n$/);
    const log = write('samples.jsonl.gz', gzipSync(readFileSync(path.join(fixtures, 'task-log-samples.jsonl'))));
    const asItems = await runInProcess(['task', '--model', model, '--items', log]);
    expect(asItems.code).toBe(1);
    expect(asItems.stderr).toMatch(/samples\.jsonl\.gz is an lm-eval-harness --log_samples file, not an items file/);
  });

  it('a published benchmark\u2019s own layout is read by its schema row: ARC as AI2 jsonl gives its items\u2019 JSON', async () => {
    const own = [
      { id: 'q1', context: 'Which is a mammal?', choices: ['whale', 'shark', 'trout'], label: 0 },
      { id: 'q2', context: 'What melts ice?', choices: ['cold', 'heat'], label: 1 },
      { id: 'q3', context: 'Where do fish live?', choices: ['in trees', 'in water', 'in sand'], label: 1 },
    ];
    const arc = own.map((it) => ({ id: it.id, question: { stem: it.context, choices: it.choices.map((text, i) => ({ text, label: 'ABC'[i] })) }, answerKey: 'ABC'[it.label] }));
    const lines = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const expected = await json(['task', '--model', model, '--items', write('own.jsonl', lines(own)), '--json']);
    expect(expected.n_items).toBe(3);
    expect(await json(['task', '--model', model, '--items', write('ARC-Easy-Test.jsonl.gz', gzipSync(lines(arc))), '--json'])).toEqual(expected);
    // PIQA ships its labels apart: without them no item has a gold, and the error says where they are.
    const piqa = write('valid.jsonl', lines([{ goal: 'Open a jar', sol1: 'twist the lid', sol2: 'smash it' }]));
    const noGold = await runInProcess(['task', '--model', model, '--items', piqa]);
    expect(noGold.code).toBe(1);
    expect(noGold.stderr).toMatch(/1 item\(s\) of .*valid\.jsonl \(PIQA \(goal, sol1, sol2\)\) have no gold label .*--labels FILE/);
    const both = write('both.jsonl', lines([{ ctx: 'c', endings: ['a', 'b'], goal: 'g', sol1: 'x', sol2: 'y' }]));
    expect((await runInProcess(['task', '--model', model, '--items', both])).stderr).toMatch(/both\.jsonl: ambiguous: its first records fit hellaswag .* and piqa .* equally/);
  });

  it('property: a JSONL items file and its gzip read the same (items, errors and their lines)', async () => {
    const item = fc.oneof(
      fc.record({ context: fc.string({ maxLength: 12 }), gold: fc.string({ maxLength: 6 }) }, { requiredKeys: ['context'] }),
      fc.record({ id: fc.constantFrom('x', 'y', 'z'), context: fc.string({ maxLength: 8 }), choices: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), label: fc.integer({ min: -1, max: 3 }) }),
    );
    const line = fc.oneof({ weight: 4, arbitrary: item.map((v) => JSON.stringify(v)) }, { weight: 1, arbitrary: fc.constantFrom('', '{"context": ', 'not json', '[1, 2]', '  ') });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12 }), fc.boolean(), async (lines, crlf) => {
        const content = lines.join(crlf ? '\r\n' : '\n');
        n++;
        const plain = write(`p${n}.jsonl`, content);
        const gz = write(`p${n}.jsonl.gz`, gzipSync(content));
        const read = async (file: string) => {
          try {
            const { set, errors, unit } = await loadTaskSet(file, undefined, undefined);
            return { items: set.items, errors, unit };
          } catch (err) {
            return { error: (err as Error).message.replace(file, 'FILE') };
          }
        };
        expect(await read(gz)).toEqual(await read(plain));
      }),
      { numRuns: 60 },
    );
  });
});
