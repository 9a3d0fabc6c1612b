// Every export style hub models ship scores exactly through the engine's public path.
//
// Fixtures (test/fixtures/exportStyles.ts) are random-weight models generated on first use, one
// per style; see that file for the list. Ground truth: one unpadded forward per (prefix,
// continuation) from an empty cache, through transformers.js, on the style's plain-op twin with
// the same weights (or on the style itself where it is written in plain ops). Each graph is in
// turn checked against the generator's independent float64 numpy forward.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import type { LoadedModel } from '../../src/engine/model';
import { DEFAULT_SCORE_OPTIONS, type ScoreOptions } from '../../src/core/scoring/types';
import { EXPORT_STYLES, ensureExportStyleModels, exportStyleFolder, styleReference, type ExportStyle } from '../fixtures/exportStyles';
import { ITEMS, compareItem, sequenceLogprobs, type Deviation } from '../fixtures/groundTruth';

beforeAll(() => {
  ensureExportStyleModels();
}, 300_000);

const measured: Record<string, Record<string, number>> = {};
afterAll(() => {
  // The table in docs/export-styles.md is made from these lines.
  for (const [style, m] of Object.entries(measured)) console.log(`[export-styles] ${style} ${JSON.stringify(m)}`);
});

for (const style of EXPORT_STYLES) {
  describe(`${style.name}: ${style.description}`, () => {
    let engine: Engine;
    let m: LoadedModel;
    let truth: LoadedModel;
    const record = (key: string, v: number) => ((measured[style.name] ??= {})[key] = v);
    const refModes: ('whole' | 'split')[] = style.dynamicQuant ? ['whole', 'split'] : ['whole'];

    beforeAll(async () => {
      engine = await createNodeEngine({ kind: 'path', path: exportStyleFolder(style.name) }, style.dtype, { cpuThreads: 1 });
      m = engine.current()!;
      truth = style.truth === style.name ? m : (await createNodeEngine({ kind: 'path', path: exportStyleFolder(style.truth) }, exportStyleDtype(style.truth), { cpuThreads: 1 })).current()!;
    });

    it('loads through transformers.js as its model_type, with the inputs its style defines', () => {
      expect((m.model.config as unknown as { model_type: string }).model_type).toBe(style.modelType);
      const session = (m.model as unknown as { sessions: Record<string, { inputNames: string[]; inputMetadata: { name: string; type: string }[] }> }).sessions.model;
      expect(session.inputNames.includes('position_ids')).toBe(style.hasPositionIds);
      const pastType = session.inputMetadata.find((x) => x.name === 'past_key_values.0.key')?.type;
      expect(pastType).toBe(style.fp16Cache ? 'float16' : 'float32');
      // The graph really uses the operators its style is about (op types are plain strings in the protobuf).
      const graph = fs.readFileSync(path.join(exportStyleFolder(style.name), 'onnx', style.dtype === 'q8' ? 'model_quantized.onnx' : 'model.onnx')).toString('latin1');
      for (const op of [...style.contribOps, ...(style.dynamicQuant ? ['DynamicQuantizeLinear', 'MatMulInteger'] : [])]) expect(graph).toContain(op);
      if (style.contribOps.length > 0) expect(graph).toContain('com.microsoft');
    });

    it('its graph equals the float64 reference on one unpadded sequence', async () => {
      const ref = styleReference(style.name);
      const lp = await sequenceLogprobs(m, ref.ids);
      let max = 0;
      ref.next_logprobs.forEach((v, s) => (max = Math.max(max, Math.abs(lp(ref.ids[s + 1], s) - v))));
      ref.probe_logprobs.forEach((row, s) => row.forEach((v, k) => (max = Math.max(max, Math.abs(lp(ref.probe_ids[k], s) - v)))));
      record('graph_vs_float64', max);
      // Dynamic int8 quantisation is not meant to equal float64: only a sanity bound.
      expect(max).toBeLessThan(style.dynamicQuant ? 0.5 : style.tolerance);
    });

    if (style.dynamicQuant) {
      it('a candidate scores the same (1e-6) alone, with other candidates, and in a chunk with other items', async () => {
        const options = DEFAULT_SCORE_OPTIONS;
        const chunk = await engine.scoreChunk({ items: ITEMS, options, stats: 'logprob' });
        let max = 0;
        for (const [k, item] of ITEMS.entries()) {
          const together = await engine.score({ context: item.context, candidates: item.candidates, options });
          for (const [i, cand] of item.candidates.entries()) {
            const alone = (await engine.score({ context: item.context, candidates: [cand], options })).candidates[0];
            for (const other of [together.candidates[i], chunk[k].candidates[i]]) {
              max = Math.max(max, Math.abs(other.sum_logprob - alone.sum_logprob), Math.abs(other.pmi - alone.pmi));
            }
          }
        }
        record('alone_vs_together', max);
        expect(max).toBeLessThan(1e-6);
      });
    }

    for (const policy of ['whole', 'separate'] as const) {
      it(`score(): each item alone equals the ground truth (boundary policy ${policy}, PMI, empty context)`, async () => {
        const options: ScoreOptions = { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: policy };
        const dev: Deviation = { max: 0, tokens: 0 };
        let merged = 0;
        for (const item of ITEMS) {
          const got = await engine.score({ context: item.context, candidates: item.candidates, options });
          merged += got.candidates.filter((c) => c.boundary === 'merged').length;
          await compareItem(truth, item, got, options, dev, refModes);
        }
        expect(merged).toBeGreaterThan(0);
        record(`score_${policy}`, dev.max);
        expect(dev.max).toBeLessThan(style.tolerance);
      });

      it(`scoreChunk(): all items in one chunk equal the ground truth (boundary policy ${policy})`, async () => {
        const options: ScoreOptions = { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: policy, unconditionalContext: policy === 'whole' ? '' : 'Answer:' };
        const got = await engine.scoreChunk({ items: ITEMS, options, stats: 'logprob' });
        const dev: Deviation = { max: 0, tokens: 0 };
        for (const [k, item] of ITEMS.entries()) await compareItem(truth, item, got[k], options, dev, refModes);
        record(`chunk_${policy}`, dev.max);
        expect(dev.max).toBeLessThan(style.tolerance);
      });
    }
  });
}

function exportStyleDtype(name: string): ExportStyle['dtype'] {
  return EXPORT_STYLES.find((s) => s.name === name)?.dtype ?? 'fp32';
}
