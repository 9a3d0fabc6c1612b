import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

interface GoldenCandidate {
  candidate: string;
  continuation: string;
  continuation_ids: number[];
  token_logprobs: number[];
  token_bytes: number[];
  continuation_bytes: number;
  sum_logprob: number;
  is_greedy: boolean;
}
const golden = JSON.parse(fs.readFileSync(path.join(MODELS_DIR, 'reference/stories260K-golden.json'), 'utf8')) as {
  items: { context: string; candidates: GoldenCandidate[] }[];
};

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
});

describe('stories260K golden log-probs (fp32, prefix cache + batching)', () => {
  for (const [n, item] of golden.items.entries()) {
    it(`item ${n}: ${JSON.stringify(item.context).slice(0, 40)}`, async () => {
      const res = await engine.score({ context: item.context, candidates: item.candidates.map((c) => c.candidate), options: DEFAULT_SCORE_OPTIONS });
      item.candidates.forEach((g, i) => {
        const c = res.candidates[i];
        expect(c.boundary).toBe('ok');
        expect(c.continuation).toBe(g.continuation);
        expect(c.tokens.map((t) => t.id)).toEqual(g.continuation_ids);
        c.tokens.forEach((t, j) => expect(Math.abs(t.logprob - g.token_logprobs[j])).toBeLessThan(1e-4));
        expect(Math.abs(c.sum_logprob - g.sum_logprob)).toBeLessThan(1e-4);
        expect(c.is_greedy).toBe(g.is_greedy);
        // Byte spans: contiguous, and they add up to the continuation's bytes. The golden file's
        // token_bytes count the dummy-prefix space of an empty context's first token; we do not.
        const widths = c.tokens.map((t) => t.bytes[1] - t.bytes[0]);
        const expected = [...g.token_bytes];
        if (item.context === '') expected[0] -= 1;
        expect(widths).toEqual(expected);
        expect(widths.reduce((a, b) => a + b, 0)).toBe(g.continuation_bytes);
      });
    });
  }
});
