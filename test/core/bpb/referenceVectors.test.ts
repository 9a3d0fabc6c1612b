// Every case of reference/priorbpb-vectors.json, every expected key, to 1e-9.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBitsFile } from '../../../src/core/formats/bitsFile';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import { PRIORBPB_VECTORS } from '../../paths';

const text = readFileSync(PRIORBPB_VECTORS, 'utf8');
interface Case {
  name: string;
  expected: Record<string, unknown>;
  identity: Record<string, boolean>;
}
const cases = (JSON.parse(text) as { cases: Case[] }).cases;

function close(actual: number, expected: number | null, label: string): void {
  if (expected === null) {
    expect(Number.isNaN(actual), `${label} should be NaN/undefined, got ${actual}`).toBe(true);
    return;
  }
  expect(Math.abs(actual - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}

describe('reference/priorbpb-vectors.json', () => {
  it('has the cases this suite expects', () => {
    expect(cases.map((c) => c.name)).toEqual([
      'flat_one_bit_per_byte',
      'affine_entry_cost',
      'mc_letters_leading_space',
      'zero_byte_tokens',
    ]);
  });

  for (const c of cases) {
    it(`${c.name}: every expected key`, () => {
      const { records, errors } = parseBitsFile(text, c.name);
      expect(errors).toEqual([]);
      const m111 = taskMetrics(records, { mu: 111, prefixBudgets: [1, 4] });
      const m40 = taskMetrics(records, { mu: 40 });
      const e = c.expected;
      const checked = new Set<string>();
      const num = (key: string, actual: number) => {
        checked.add(key);
        close(actual, e[key] as number | null, `${c.name}.${key}`);
      };
      num('n_items_answer', m111.n_items_answer);
      num('n_items_prior', m111.n_items_prior);
      num('corpus_bpb', m111.corpus_bpb);
      num('mean_of_ratios_bpb', m111.mean_of_ratios_bpb);
      num('space_stripped_corpus_bpb', m111.space_stripped_corpus_bpb);
      num('alpha', m111.alpha);
      num('beta', m111.beta);
      num('r2', m111.r2);
      num('K', m111.K);
      num('priorbpb_mu111', m111.prior_bpb);
      num('priorbpb_mu40', m40.prior_bpb);
      num('self_prior_bpb', m111.self_prior_bpb);
      num('content_corpus_bpb', m111.content_corpus_bpb);
      num('untruncated_prior_mass_within_K_mu111', m111.prior_mass_within_K);
      const head = e.R_head as number[];
      checked.add('R_head');
      expect(m111.R.slice(0, head.length).length).toBe(head.length);
      head.forEach((v, k) => close(m111.R[k], v, `${c.name}.R(${k + 1})`));
      checked.add('R_counts_head');
      expect(m111.R_counts.slice(0, head.length)).toEqual(e.R_counts_head);
      checked.add('prefix_bpb');
      for (const [k, v] of Object.entries(e.prefix_bpb as Record<string, number | null>)) {
        close(m111.prefix_bpb[k], v, `${c.name}.prefix_bpb[${k}]`);
      }
      // No expected key goes unchecked.
      expect([...checked].sort()).toEqual(Object.keys(e).sort());
      // The identity corpus BPB = alpha/mean(n) + beta.
      close(m111.corpus_bpb_from_fit, e.corpus_bpb as number, `${c.name}.alpha/mean(n)+beta`);
    });

    it(`${c.name}: self-prior identities`, () => {
      const m = taskMetrics(parseBitsFile(text, c.name).records);
      if (c.identity.self_prior_equals_content_corpus) {
        expect(Math.abs(m.self_prior_bpb - m.content_corpus_bpb)).toBeLessThanOrEqual(1e-12);
      }
      if (c.identity.self_prior_equals_corpus_bpb) {
        expect(Math.abs(m.self_prior_bpb - m.corpus_bpb)).toBeLessThanOrEqual(1e-12);
      }
      // Every case is short next to mu = 111: the note says so.
      expect(m.notes.join(' ')).toMatch(/Short answers: only \d/);
    });
  }
});
