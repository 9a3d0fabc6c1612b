// `lengthlens bench --dtype` checks every requested model file before benchmarking anything.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODELS_DIR } from '../paths';
import { runInProcess } from './inProcess';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-bench-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('lengthlens bench --dtype', () => {
  it('names every missing dtype file and what the model has, before running anything', async () => {
    const out = path.join(tmp, 'bench.json');
    const r = await runInProcess(['bench', '--model', path.join(MODELS_DIR, 'bench-llama-6M'), '--dtype', 'fp32,fp16,q4f16', '--browser', 'no', '--out', out]);
    // The model cannot be used with these dtypes: bad input (1), as score --dtype on a model without that file.
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bench-llama-6M has no fp16 file \(onnx\/model_fp16\.onnx\), no q4f16 file \(onnx\/model_q4f16\.onnx\); it has fp32, q8, q4/);
    expect(r.stderr).not.toMatch(/node fp32/); // nothing was benchmarked
    expect(fs.existsSync(out)).toBe(false);
  });
});
