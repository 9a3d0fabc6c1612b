// Whether this machine's ONNX Runtime for Node computes dynamic q8 as WebAssembly does. Its native
// int8 matrix kernels depend on the CPU: on one without AVX-512 VNNI (AVX2 only) they saturate
// products that WebAssembly's kernels keep, and stories260K's q8 probe sentence scores −5.7310 nats
// there against the published −5.9105 (the shared models' README). Where
// they differ, a browser q8 number cannot be checked against Node's; the tests check it against
// the browser's own from-scratch score instead, and say so.
import path from 'node:path';
import { Tensor } from '@huggingface/transformers';
import { createNodeEngine } from '../../src/engine/node';
import { cpuData, emptyPast, logitsOnly } from '../../src/engine/forward';
import { rowLogprob } from '../../src/core/scoring/distribution';
import { PROBE_TEXT } from '../../src/engine/engine';
import { MODELS_DIR } from '../paths';

/** The probe's BOS-conditioned sum log-prob under q8 in one pass, as published with the model. */
const PROBE_Q8_NATS = -5.9105;

export async function nodeQ8AsWasm(): Promise<{ same: boolean; nats: number }> {
  const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'q8');
  const m = engine.current()!;
  const ids = (m.tokenizer as unknown as { encode(t: string): number[] }).encode(PROBE_TEXT);
  const t = (v: number[]) => new Tensor('int64', BigInt64Array.from(v, (x) => BigInt(x)), [1, v.length]);
  const logits = await logitsOnly(m.model, { input_ids: t(ids), attention_mask: t(ids.map(() => 1)), position_ids: t(ids.map((_, i) => i)), ...emptyPast(m.model, 1) });
  const data = await cpuData(logits);
  const V = m.info.vocabSize;
  let nats = 0;
  for (let i = 0; i + 1 < ids.length; i++) nats += rowLogprob(data.subarray(i * V, (i + 1) * V), ids[i + 1]).logprob;
  await engine.unload();
  return { same: Math.abs(nats - PROBE_Q8_NATS) < 1e-3, nats };
}
