// score --items as a stream: results come out while the run goes on, --json stays one valid
// document (byte for byte the whole-result JSON), --jsonl gives one line per item, and memory
// does not grow with the number of items.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { MODELS_DIR } from '../paths';
import { runCli } from './run';
import { expectOneLineError } from './oneLineError';
import { main } from '../../src/cli/main';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const BIN = path.resolve(__dirname, '../../bin/lengthlens.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-stream-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const NAMES = ['Lily', 'Tom', 'Sue', 'Ben', 'Max', 'Mia', 'Sam', 'Tim'];
function itemsFile(name: string, n: number): string {
  const file = path.join(tmp, name);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ context: `Once upon a time, ${NAMES[i % 8]} saw a`, candidates: [' dog.', ` big ${NAMES[(i + 3) % 8].toLowerCase()}`] }));
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('score --items streams', () => {
  it('--json is one document, byte for byte the whole result; --jsonl is the same items, one per line', () => {
    const file = itemsFile('small.jsonl', 20);
    const json = runCli(['score', '--model', STORIES, '--items', file, '--json']);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe('');
    const doc = JSON.parse(json.stdout);
    expect(json.stdout).toBe(JSON.stringify(doc, null, 2) + '\n');
    expect(Object.keys(doc)).toEqual(['model', 'dtype', 'plan', 'lengths', 'items']);
    expect(doc.items).toHaveLength(20);
    const jsonl = runCli(['score', '--model', STORIES, '--items', file, '--jsonl']);
    expect(jsonl.code).toBe(0);
    const lines = jsonl.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(20);
    // Each line says its length convention, as the document does once.
    expect(lines.map((l) => JSON.parse(l))).toEqual(doc.items.map((it: object) => ({ lengths: doc.lengths, ...it })));
    // Items keep their order: item k is the k-th line's context.
    expect(doc.items.map((it: { context: string }) => it.context)).toEqual(fs.readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l).context));
  });

  it('writes the first results long before the last item is scored', async () => {
    const file = itemsFile('long.jsonl', 600);
    const child = spawn(process.execPath, [BIN, 'score', '--model', STORIES, '--items', file, '--jsonl', '--quiet']);
    let out = '';
    let linesAtFirstData = -1;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (linesAtFirstData < 0) linesAtFirstData = out.split('\n').length - 1;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(out.trimEnd().split('\n')).toHaveLength(600);
    // The first write holds one item, not the run.
    expect(linesAtFirstData).toBeGreaterThan(0);
    expect(linesAtFirstData).toBeLessThanOrEqual(32);
  });

  it('refuses invalid UTF-8 by line number before loading the model, and accepts a BOM', () => {
    const bad = path.join(tmp, 'latin1.jsonl');
    fs.writeFileSync(bad, Buffer.concat([Buffer.from('{"context": "a", "candidates": [" b"]}\n{"context": "caf'), Buffer.from([0xe9]), Buffer.from('", "candidates": [" b"]}\n')]));
    const r = runCli(['score', '--model', STORIES, '--items', bad, '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(expectOneLineError(r)).toBe(`lengthlens score: ${bad} line 2: not valid UTF-8 (at byte 17 of the line)`);
    const bom = path.join(tmp, 'bom.jsonl');
    fs.writeFileSync(bom, '\uFEFF{"context": "Once upon a time", "candidates": [" there"]}\r\n');
    const ok = runCli(['score', '--model', STORIES, '--items', bom, '--jsonl']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).candidates[0].text).toBe(' there');
  });

  it('holds memory flat: the heap after item 600 is within a fraction of the results written since item 150', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const N = 600;
    const file = itemsFile('memory.jsonl', N);
    const heapAt = new Map<number, number>();
    let items = 0;
    let bytes = 0;
    let bytesAt150 = 0;
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      const s = String(chunk);
      bytes += s.length;
      items += s.split('\n').length - 1;
      if ((items === 150 || items === N) && !heapAt.has(items)) {
        gc();
        heapAt.set(items, process.memoryUsage().heapUsed);
        if (items === 150) bytesAt150 = bytes;
      }
      return true;
    }) as typeof process.stdout.write;
    let code: number;
    try {
      code = await main(['score', '--model', STORIES, '--items', file, '--jsonl', '--quiet']);
    } finally {
      process.stdout.write = write;
    }
    expect(code).toBe(0);
    expect(items).toBe(N);
    const grown = heapAt.get(N)! - heapAt.get(150)!;
    const written = bytes - bytesAt150;
    // Keeping the 450 results in between would hold about twice their JSON (≈ 1.8 MB here; measured:
    // a writer that kept its results grew 6.9 MB over 900 items, the stream 0.14 MB); the stream
    // holds two items at most.
    expect(written).toBeGreaterThan(1_000_000);
    expect(grown).toBeLessThan(written / 5);
  });
});
