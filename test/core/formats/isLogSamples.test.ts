// The one test of "is this an lm-eval log": the schema table over a file's first records as the
// registry reads them, so a first line that is not a record does not make a log an items file.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isLogSamples, SCHEMA_SAMPLE } from '../../../src/core/formats/published';
import { chunksOf, openRecords } from '../../../src/core/formats/registry';

const record = (doc: number) => JSON.stringify({ doc_id: doc, target: '0', arguments: { gen_args_0: { arg_0: 'Q:', arg_1: ' a' } }, filtered_resps: [['-1', 'False']] });
const item = (i: number) => JSON.stringify({ context: `c${i}`, choices: ['a', 'b'], label: 0 });

async function values(text: string, name: string, gzip = false): Promise<unknown[]> {
  const bytes = new TextEncoder().encode(text);
  const opened = await openRecords(chunksOf(gzip ? new Uint8Array(gzipSync(bytes)) : bytes), name);
  const out: unknown[] = [];
  for await (const r of opened.records) out.push(r.value);
  return out;
}

describe('isLogSamples', () => {
  it('a log whose first line is an INFO line or a record cut short is a log, gzip or not', async () => {
    expect(isLogSamples(await values(`INFO evaluator.py:300 writing samples\n${record(0)}\n${record(1)}\n`, 'samples.jsonl'))).toBe(true);
    expect(isLogSamples(await values(`${record(0).slice(0, 30)}\n${record(0)}\n${record(1)}\n`, 'samples.jsonl.gz', true))).toBe(true);
    expect(isLogSamples(await values(JSON.stringify([JSON.parse(record(0))]), 'samples.json'))).toBe(true);
  });

  it('items are not a log; the first records decide, not the rest', async () => {
    expect(isLogSamples(await values(`${item(0)}\n${item(1)}\n`, 'items.jsonl'))).toBe(false);
    expect(isLogSamples([])).toBe(false);
    const mostlyItems = [...Array.from({ length: SCHEMA_SAMPLE }, (_, i) => JSON.parse(item(i)) as unknown), ...Array.from({ length: 200 }, (_, i) => JSON.parse(record(i)) as unknown)];
    expect(isLogSamples(mostlyItems)).toBe(false);
    expect(isLogSamples([JSON.parse(record(0)), JSON.parse(record(1)), JSON.parse(item(0))])).toBe(true);
  });
});
