// The engine against an independent float64 reference (test/fixtures/make/stories260k_reference.py:
// a numpy forward pass from the ONNX weights and a BPE tokenizer from tokenizer.json, both checked
// against the golden file). Every per-token statistic and per-candidate score is compared by value,
// so a wrong sign, an off-by-one rank, a dropped leading-space rule or a wrong prefix all fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

interface RefToken {
  id: number;
  piece: string;
  bytes: number;
  logprob: number;
  rank: number;
  rank_margin: number;
  entropy: number;
  top: { id: number; prob: number }[];
}
interface RefCandidate {
  text: string;
  prefix_ids: number[];
  tokens: RefToken[];
  sum_logprob: number;
  per_token: number;
  per_char: number;
  per_byte: number;
  bits_per_byte: number;
  prior_bpb: number;
  prior_bpb_ignoring_leading_space: number;
  first_token_bits: number;
  is_greedy: boolean;
}
const ref = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/stories260k-reference.json'), 'utf8')) as {
  mu: number;
  cases: { context: string; candidates: RefCandidate[] }[];
  separate: { context: string; candidate: string; prefix_ids: number[]; first_row_logprobs: number[] };
  no_bos: { context: string; candidates: RefCandidate[] };
};

/** float32 inference against float64: log-probs agree to ~1e-5 on this model; 1e-4 leaves room. */
const TOL = 1e-4;
const STORIES = path.join(MODELS_DIR, 'stories260K');
let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: STORIES }, 'fp32');
});
afterAll(async () => {
  await engine?.unload();
});

const close = (got: number, want: number, tol = TOL) => expect(Math.abs(got - want), `${got} vs ${want}`).toBeLessThan(tol);

describe('stories260K fp32 against the float64 reference', () => {
  for (const c of ref.cases) {
    it(`per-token log-prob, rank, entropy and top-5, and every candidate score: ${JSON.stringify(c.context)}`, async () => {
      const out = await engine.score({ context: c.context, candidates: c.candidates.map((x) => x.text), options: { ...DEFAULT_SCORE_OPTIONS, mu: ref.mu, topK: 5 } });
      c.candidates.forEach((want, i) => {
        const got = out.candidates[i];
        expect(got.tokens.map((t) => t.id)).toEqual(want.tokens.map((t) => t.id));
        got.tokens.forEach((t, j) => {
          const w = want.tokens[j];
          close(t.logprob, w.logprob);
          close(t.bits, -w.logprob / Math.LN2);
          // Ranks are compared where the float64 logits leave a clear gap (all of these cases).
          expect(w.rank_margin).toBeGreaterThan(1e-3);
          expect(t.rank).toBe(w.rank);
          close(t.entropy, w.entropy);
          expect(t.entropy).toBeGreaterThan(0);
          expect(t.top.map((a) => a.id)).toEqual(w.top.map((a) => a.id));
          t.top.forEach((a, k) => close(a.prob, w.top[k].prob, 1e-5));
          expect(t.greedy).toBe(w.rank === 1);
          expect(t.bytes[1] - t.bytes[0]).toBe(w.bytes);
        });
        close(got.sum_logprob, want.sum_logprob);
        close(got.per_token, want.per_token);
        close(got.per_char, want.per_char);
        close(got.per_byte, want.per_byte);
        close(got.bits_per_byte, want.bits_per_byte);
        close(got.first_token_bits, want.first_token_bits);
        expect(got.is_greedy).toBe(want.is_greedy);
        // PriorBPB drops the leading space's byte (eval-framework); the reference says how far
        // apart the two readings are, so the comparison can tell them apart.
        close(got.prior_bpb, want.prior_bpb);
        if (want.text.startsWith(' ')) expect(Math.abs(want.prior_bpb - want.prior_bpb_ignoring_leading_space)).toBeGreaterThan(1e-3);
      });
    });
  }

  it('scores each candidate the same alone as in its group (fp32, 1e-5)', async () => {
    const c = ref.cases[0];
    const group = await engine.score({ context: c.context, candidates: c.candidates.map((x) => x.text), options: DEFAULT_SCORE_OPTIONS });
    for (const [i, want] of c.candidates.entries()) {
      const alone = await engine.score({ context: c.context, candidates: [want.text], options: DEFAULT_SCORE_OPTIONS });
      close(alone.candidates[0].sum_logprob, group.candidates[i].sum_logprob, 1e-5);
      close(alone.candidates[0].sum_logprob, want.sum_logprob);
    }
  });
});

describe('the separate boundary policy', () => {
  it('predicts the first continuation token after encode(context) alone', async () => {
    const s = ref.separate;
    const out = await engine.score({ context: s.context, candidates: [s.candidate], options: { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: 'separate' } });
    const c = out.candidates[0];
    expect(c.boundary).toBe('merged');
    expect(c.tokens.length).toBeGreaterThan(0);
    const first = c.tokens[0];
    // Whatever tokens the continuation is encoded as, its first one is scored by the reference's
    // distribution after encode(context) (with BOS).
    close(first.logprob, s.first_row_logprobs[first.id]);
    const row = s.first_row_logprobs;
    const rank = 1 + row.filter((x) => x > row[first.id]).length;
    expect(first.rank).toBe(rank);
  });
});

describe('a model without BOS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-nobos-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('scores an empty context from EOS, as the reference conditions it', async () => {
    // stories260K with its BOS taken away: no bos_token, no BOS added by the post-processor.
    for (const f of ['config.json', 'generation_config.json']) fs.copyFileSync(path.join(STORIES, f), path.join(dir, f));
    const tcfg = JSON.parse(fs.readFileSync(path.join(STORIES, 'tokenizer_config.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify({ ...tcfg, bos_token: null, add_bos_token: false }));
    const tok = JSON.parse(fs.readFileSync(path.join(STORIES, 'tokenizer.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify({ ...tok, post_processor: null }));
    fs.symlinkSync(path.join(STORIES, 'onnx'), path.join(dir, 'onnx'));
    const noBos = await createNodeEngine({ kind: 'path', path: dir }, 'fp32');
    try {
      const info = noBos.current()!.info;
      expect(info.bosTokenId).toBeNull();
      expect(noBos.current()!.prefixTokenId).toBe(2);
      const want = ref.no_bos.candidates[0];
      expect(want.prefix_ids).toEqual([2]);
      const out = await noBos.score({ context: '', candidates: [want.text], options: DEFAULT_SCORE_OPTIONS });
      const got = out.candidates[0];
      expect(got.tokens.map((t) => t.id)).toEqual(want.tokens.map((t) => t.id));
      got.tokens.forEach((t, j) => close(t.logprob, want.tokens[j].logprob));
      close(got.sum_logprob, want.sum_logprob);
    } finally {
      await noBos.unload();
    }
  });
});
