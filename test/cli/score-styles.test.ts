// `lengthlens score --items F --json` on the GroupQueryAttention exports gives the per-token
// log-probs of their plain twin, and says which plan it used.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODELS_DIR } from '../paths';
import { runInProcess } from './inProcess';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-styles-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const ITEMS = [
  { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Tom and his big red dog.', ' Sue'] },
  { context: 'Once upon a ti', candidates: ['me, there was a cat.', 'me'] },
  { context: '', candidates: ['Once upon a time', 'The dog ran.'] },
  { context: 'Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her', candidates: [' friends.', ' big brown dog and her little brother Tom.', ' ball'] },
];

interface Out {
  plan: { style: string; plan: string; note: string; cost: { pass_ms: number | null; token_ms: number | null; overhead_tokens: number; source: string } };
  items: { candidates: { boundary: string; pmi: number; tokens: { id: number; logprob: number }[] }[] }[];
}

async function score(model: string, policy: string): Promise<Out> {
  const file = path.join(tmp, 'items.jsonl');
  fs.writeFileSync(file, ITEMS.map((it) => JSON.stringify(it)).join('\n') + '\n');
  const r = await runInProcess(['score', '--model', path.join(MODELS_DIR, model), '--items', file, '--policy', policy, '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Out;
}

describe('lengthlens score on hub export styles', () => {
  for (const policy of ['whole', 'separate']) {
    it(`tiny-llama-gqa and -gqa-pos equal tiny-llama-plain per token (policy ${policy})`, async () => {
      const plain = await score('tiny-llama-plain', policy);
      expect(plain.plan).toMatchObject({ style: 'plain', plan: 'shared-cache' });
      // snake_case like every other key of the CLI's JSON.
      expect(Object.keys(plain.plan).sort()).toEqual(['cache_type', 'cost', 'key_ops', 'logits_to_keep', 'note', 'plan', 'position_ids', 'style']);
      // The fixed cost a pass is counted as (nothing timed: the output repeats to the last digit).
      expect(plain.plan.cost).toEqual({ pass_ms: null, token_ms: null, overhead_tokens: 16, source: 'fixed' });
      expect(plain.items[1].candidates[0].boundary).toBe('merged');
      for (const model of ['tiny-llama-gqa', 'tiny-llama-gqa-pos']) {
        const got = await score(model, policy);
        expect(got.plan).toMatchObject({ style: 'gqa', plan: 'gqa-exact' });
        expect(got.plan.note).toMatch(/GroupQueryAttention/);
        let max = 0;
        got.items.forEach((item, i) =>
          item.candidates.forEach((c, k) => {
            const ref = plain.items[i].candidates[k];
            expect(c.tokens.map((t) => t.id)).toEqual(ref.tokens.map((t) => t.id));
            c.tokens.forEach((t, j) => (max = Math.max(max, Math.abs(t.logprob - ref.tokens[j].logprob))));
            expect(Math.abs(c.pmi - ref.pmi)).toBeLessThan(1e-3);
          }),
        );
        expect(max).toBeLessThan(1e-4);
      }
    });
  }
});
