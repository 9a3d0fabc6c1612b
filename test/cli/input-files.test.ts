// Issue 12 (defects 4, 15): input files that are not UTF-8 are line-numbered errors; a UTF-8 BOM
// is accepted by every reader, `score --items` included.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const dir = mkdtempSync(join(tmpdir(), 'lengthlens-input-'));
const MODEL = path.join(MODELS_DIR, 'stories260K');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('input files', () => {
  it('score --items accepts a UTF-8 BOM (defect 15)', async () => {
    const file = join(dir, 'bom.jsonl');
    writeFileSync(file, Buffer.concat([BOM, Buffer.from('{"context": "Once upon a time", "candidates": [" there", " Lily"]}\n')]));
    const r = await runInProcess(['score', '--model', MODEL, '--items', file, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { items: unknown[] }).items).toHaveLength(1);
  });

  it('a Latin-1 byte in a log_samples file is a line-numbered error, not U+FFFD (defect 4)', async () => {
    const file = join(dir, 'latin1.jsonl');
    const line = (ch: string) => `{"doc_id": 0, "arguments": {"gen_args_0": {"arg_0": "Q", "arg_1": " caf${ch}"}, "gen_args_1": {"arg_0": "Q", "arg_1": " tea"}}, "filtered_resps": [["-1.0", "False"], ["-2.0", "False"]], "target": "0"}\n`;
    writeFileSync(file, Buffer.concat([Buffer.from(line('e')), Buffer.from(line('').replace('caf', 'caf\u0000')).map((b) => (b === 0 ? 0xe9 : b))]));
    expect(expectOneLineError(await runInProcess(['harness', file, '--json']))).toMatch(/latin1\.jsonl line 2, byte 72: not valid UTF-8 \(0xE9\)/);
  });

  it('an invalid byte in a task items file or a --bits file is an error', async () => {
    const items = join(dir, 'bad-utf8.jsonl');
    writeFileSync(items, Buffer.concat([Buffer.from('{"context": "Q", "gold": " a'), Buffer.from([0xff]), Buffer.from('"}\n')]));
    expect(expectOneLineError(await runInProcess(['task', '--model', MODEL, '--items', items]))).toMatch(/bad-utf8\.jsonl line 1, byte 29: not valid UTF-8 \(0xFF\)/);
    const bits = join(dir, 'bad-utf8-bits.json');
    writeFileSync(bits, Buffer.concat([Buffer.from('[{"tokens": [[1, 1]], "text": "'), Buffer.from([0xc3]), Buffer.from('"}]')]));
    expect(expectOneLineError(await runInProcess(['task', '--bits', bits]))).toMatch(/line 1, byte 32: not valid UTF-8 \(0xC3\)/);
  });

  it('a lone surrogate in a task items file is reported with the field (defect 4)', async () => {
    const items = join(dir, 'surrogate.jsonl');
    writeFileSync(items, '{"context": "Q", "gold": " a"}\n{"context": "Q", "gold": " \\ud800"}\n');
    const r = await runInProcess(['task', '--model', MODEL, '--items', items, '--json', '--strict']);
    expect(expectOneLineError(r)).toMatch(/surrogate\.jsonl: line 2: "gold" holds a lone surrogate \(\\ud800\)/);
  });
});
