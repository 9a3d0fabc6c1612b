// Knowing the graph: the ONNX operator scan (on the real model files and on generated protobuf),
// the style classification and the plan's least-cost choices.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { bytesSource, scanOnnxOps } from '../../src/engine/onnxOps';
import { classifyGraph, gqaPrefixChoice, scoringPlan, type GraphFacts } from '../../src/engine/plan';
import { singleRowGroups } from '../../src/core/batching';
import { mulberry32 } from '../../src/engine/bench/items';
import { MODELS_DIR } from '../paths';

const scanFile = async (rel: string) => (await scanOnnxOps(bytesSource(new Uint8Array(fs.readFileSync(path.join(MODELS_DIR, rel)))))).ops;

// A minimal protobuf writer, to build ONNX models with known nodes.
function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 128) {
    out.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
const field = (num: number, payload: number[]) => [...varint(num * 8 + 2), ...varint(payload.length), ...payload];
const str = (num: number, s: string) => field(num, [...new TextEncoder().encode(s)]);
const intField = (num: number, v: number) => [...varint(num * 8), ...varint(v)];
const node = (op: string, domain: string, sub: number[][] = []) => [...str(3, 'n'), ...str(4, op), ...(domain ? str(7, domain) : []), ...sub.map((g) => field(5, [...str(1, 'body'), ...field(6, g)])).flat()];
const graph = (nodes: number[][], weightBytes = 0) => [...nodes.map((n) => field(1, n)).flat(), ...field(5, [...str(8, 'w'), ...field(9, new Array(weightBytes).fill(7))]), ...str(2, 'g')];
const model = (g: number[], functions: number[][][] = []) => new Uint8Array([...intField(1, 8), ...field(8, [...str(1, 'com.microsoft'), ...intField(2, 1)]), ...field(7, g), ...functions.map((f) => field(25, [...str(1, 'f'), ...f.map((n) => field(7, n)).flat()])).flat()]);

const facts = (over: Partial<GraphFacts>): GraphFacts => ({
  inputs: ['input_ids', 'attention_mask', 'position_ids', 'past_key_values.0.key', 'past_key_values.0.value'],
  outputs: ['logits', 'present.0.key', 'present.0.value'],
  cacheType: 'float32',
  cacheShape: ['batch_size', 2, 'past_sequence_length', 16],
  ops: { ':MatMul': 4, ':Softmax': 1 },
  ...over,
});

describe('ONNX operator scan', () => {
  it('reads the operators of the shared model files', async () => {
    const gqa = await scanFile('tiny-llama-gqa/onnx/model.onnx');
    expect(gqa['com.microsoft:GroupQueryAttention']).toBe(2);
    expect(gqa['com.microsoft:RotaryEmbedding']).toBeUndefined();
    const pos = await scanFile('tiny-llama-gqa-pos/onnx/model.onnx');
    expect(pos['com.microsoft:RotaryEmbedding']).toBe(4);
    const plain = await scanFile('tiny-llama-plain/onnx/model.onnx');
    expect(plain[':Softmax']).toBe(2);
    expect(Object.keys(plain).every((k) => k.startsWith(':'))).toBe(true);
    const q8 = await scanFile('stories260K/onnx/model_quantized.onnx');
    expect(q8[':DynamicQuantizeLinear']).toBe(36);
    expect(q8[':MatMulInteger']).toBe(36);
    const q4 = await scanFile('stories260K/onnx/model_q4.onnx');
    expect(q4['com.microsoft:MatMulNBits']).toBe(36);
  });

  it('counts every node of generated models (graph, subgraphs, functions), whatever the weights’ size and the block size', async () => {
    const rand = mulberry32(99);
    const OPS: [string, string][] = [['MatMul', ''], ['GroupQueryAttention', 'com.microsoft'], ['Softmax', ''], ['MatMulInteger', ''], ['If', '']];
    for (let trial = 0; trial < 40; trial++) {
      const expected: Record<string, number> = {};
      const pick = () => OPS[Math.floor(rand() * OPS.length)];
      const count = (op: string, d: string) => (expected[`${d}:${op}`] = (expected[`${d}:${op}`] ?? 0) + 1);
      const nodes: number[][] = [];
      for (let k = Math.floor(rand() * 30); k > 0; k--) {
        const [op, d] = pick();
        count(op, d);
        if (op === 'If') {
          const [sop, sd] = pick();
          count(sop === 'If' ? 'MatMul' : sop, sop === 'If' ? '' : sd);
          nodes.push(node(op, d, [graph([node(sop === 'If' ? 'MatMul' : sop, sop === 'If' ? '' : sd)])]));
        } else nodes.push(node(op, d));
      }
      const fnNodes = rand() < 0.5 ? [node('Softmax', '')] : [];
      fnNodes.forEach(() => count('Softmax', ''));
      const bytes = model(graph(nodes, Math.floor(rand() * 5000)), fnNodes.length ? [fnNodes] : []);
      expect((await scanOnnxOps(bytesSource(bytes))).ops).toEqual(expected);
      // Through tiny blocks too: every field straddles block edges.
      expect((await scanOnnxOps(bytesSource(bytes), 1 + Math.floor(rand() * 13))).ops).toEqual(expected);
    }
  });

  it('says clearly when the bytes are not an ONNX model', async () => {
    await expect(scanOnnxOps(bytesSource(new TextEncoder().encode('{"not": "onnx"}')))).rejects.toThrow(/not an ONNX model/);
    const truncated = model(graph([node('MatMul', '')], 100)).slice(0, 40);
    await expect(scanOnnxOps(bytesSource(truncated))).rejects.toThrow(/not an ONNX model/);
  });
});

describe('style and plan', () => {
  it('classifies by operators, dynamic quantisation first', () => {
    expect(scoringPlan(facts({})).plan).toBe('shared-cache');
    expect(scoringPlan(facts({ ops: { 'com.microsoft:GroupQueryAttention': 2, 'com.microsoft:MatMulNBits': 9 } }))).toMatchObject({ style: 'gqa', plan: 'gqa-exact' });
    expect(scoringPlan(facts({ ops: { 'com.microsoft:MultiHeadAttention': 2 } }))).toMatchObject({ style: 'mha', plan: 'isolated' });
    expect(scoringPlan(facts({ ops: { 'com.microsoft:GroupQueryAttention': 2, ':MatMulInteger': 3 } }))).toMatchObject({ style: 'dynamic-quant', plan: 'isolated' });
    expect(scoringPlan(facts({ ops: { ':MatMul': 1, 'com.microsoft:SkipSimplifiedLayerNormalization': 2, 'com.microsoft:RotaryEmbedding': 2 } })).style).toBe('plain');
  });

  it('an unknown style is scored one full forward per candidate, with the reason in the note', () => {
    const cases: [Partial<GraphFacts>, RegExp][] = [
      [{ ops: null, opsError: 'range requests refused' }, /operators could not be read \(range requests refused\)/],
      [{ ops: { 'com.microsoft:PagedAttention': 1 } }, /not checked for batching \(com\.microsoft:PagedAttention\)/],
      [{ ops: { ':Attention': 1 } }, /not checked/],
      [{ inputs: ['input_ids', 'attention_mask'] }, /not the decoder-with-past signature/],
      [{ cacheShape: ['batch', 'seq', 64] }, /3 dimensions/],
      [{ cacheType: 'int8' }, /cache is int8/],
    ];
    for (const [over, why] of cases) {
      const p = scoringPlan(facts(over));
      expect(p).toMatchObject({ style: 'unknown', plan: 'full-forward' });
      expect(p.note).toMatch(why);
      expect(p.note).toMatch(/exact by construction/);
    }
  });

  it('records the cache type, position_ids and a logits-to-keep input', () => {
    const p = scoringPlan(facts({ cacheType: 'float16', inputs: ['input_ids', 'attention_mask', 'past_key_values.0.key', 'num_logits_to_keep'] }));
    expect(p).toMatchObject({ cacheType: 'float16', positionIds: false, logitsToKeep: 'num_logits_to_keep' });
    expect(classifyGraph(facts({ cacheType: 'float16' })).style).toBe('plain');
  });

  it('GQA: one row per pass after a long context, whole sequences after a short one', () => {
    // 82-token context, 4 candidates of 20: 82 + 4 × (16 + 19) = 222 < 4 × 101 = 404.
    expect(gqaPrefixChoice(82, [20, 20, 20, 20], 16)).toBe('rows');
    // BOS only (PMI): 1 + 4 × 35 = 141 > 4 × 20 = 80.
    expect(gqaPrefixChoice(1, [20, 20, 20, 20], 16)).toBe('whole');
    // One-token candidates need no pass after the prefix: rows cost only the prefix.
    expect(gqaPrefixChoice(10, [1, 1, 1], 16)).toBe('rows');
    // Two-token candidates share one batch: 30 + 16 + 3 = 49 < 3 × 31 = 93.
    expect(gqaPrefixChoice(30, [2, 2, 2], 16)).toBe('rows');
  });

  it('GQA rows: two-token continuations batched (capped), longer ones alone, one-token ones need no pass', () => {
    expect(singleRowGroups([2, 5, 1, 2, 2, 3], 2)).toEqual([[1], [0, 3], [5], [4]]);
    expect(singleRowGroups([2, 2, 2], 1)).toEqual([[0], [1], [2]]);
    expect(singleRowGroups([1, 1], 8)).toEqual([]);
  });
});
