// Real-model token scores (stories260K on the stories-cloze sample, test/fixtures) against an
// independent numpy/scipy recomputation of every formula: corpus / mean-of-ratios / space-stripped
// BPB, np.polyfit alpha/beta/r2, R(k) and its counts, PriorBPB(111, 40) in both leading-space modes,
// the self-prior, prefix BPB, np.quantile quintiles and scipy Spearman ρ, for the task and per subject.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBitsFile } from '../../../src/core/formats/bitsFile';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import type { SliceMetrics } from '../../../src/core/metrics/types';

const fixture = readFileSync(join(__dirname, '../../fixtures/stories-cloze-bits.json'), 'utf8');
const expected = (JSON.parse(fixture) as { expected: Record<string, Record<string, number | number[] | null>> }).expected;

function near(actual: number, exp: number | null, label: string): void {
  if (exp === null) expect(Number.isNaN(actual), label).toBe(true);
  else expect(Math.abs(actual - exp), `${label}: ${actual} vs ${exp}`).toBeLessThanOrEqual(1e-9);
}

function check(m111: SliceMetrics, m40: SliceMetrics, keep111: SliceMetrics, keep40: SliceMetrics, e: Record<string, number | number[] | null>, scope: string) {
  for (const key of ['corpus_bpb', 'mean_of_ratios_bpb', 'space_stripped_corpus_bpb', 'alpha', 'beta', 'r2', 'K', 'prior_mass_within_K', 'content_corpus_bpb', 'self_prior_bpb'] as const)
    near(m111[key], e[key] as number, `${scope}.${key}`);
  near(m111.prior_bpb, e.prior_bpb_mu111 as number, `${scope}.prior_bpb(111)`);
  near(m40.prior_bpb, e.prior_bpb_mu40 as number, `${scope}.prior_bpb(40)`);
  near(keep111.prior_bpb, e.prior_bpb_mu111_keep as number, `${scope}.prior_bpb(111, keep)`);
  near(keep40.prior_bpb, e.prior_bpb_mu40_keep as number, `${scope}.prior_bpb(40, keep)`);
  near(m111.prior_bpb_by_space.keep, e.prior_bpb_mu111_keep as number, `${scope}.prior_bpb_by_space.keep`);
  near(keep111.self_prior_bpb, e.self_prior_bpb_keep as number, `${scope}.self_prior_bpb(keep)`);
  (e.R as number[]).forEach((r, k) => near(m111.R[k], r, `${scope}.R(${k + 1})`));
  expect(m111.R_counts).toEqual(e.R_counts);
  for (const k of ['1', '4', '32']) near(m111.prefix_bpb[k], e[`prefix_bpb_${k}`] as number | null, `${scope}.prefix_bpb[${k}]`);
  (e.quintile_edges as number[]).forEach((v, i) => near(m111.quintiles.edges[i], v, `${scope}.edge ${i}`));
  expect(m111.quintiles.bins.map((b) => b.n)).toEqual(e.quintile_n);
  (e.quintile_corpus_bpb as (number | null)[]).forEach((v, i) => near(m111.quintiles.bins[i].corpus_bpb, v, `${scope}.q${i + 1}`));
  near(m111.spearman.logprob!, e.spearman_logprob as number, `${scope}.spearman logprob`);
  near(m111.spearman.bits_per_byte!, e.spearman_bits_per_byte as number, `${scope}.spearman bits_per_byte`);
}

describe('stories260K token scores vs numpy/scipy', () => {
  const { records, errors } = parseBitsFile(fixture);
  it('loads all 200 items', () => {
    expect(errors).toEqual([]);
    expect(records).toHaveLength(200);
  });
  const m111 = taskMetrics(records, { mu: 111 });
  const m40 = taskMetrics(records, { mu: 40 });
  const k111 = taskMetrics(records, { mu: 111, space: 'keep' });
  const k40 = taskMetrics(records, { mu: 40, space: 'keep' });
  it('whole task', () => check(m111, m40, k111, k40, expected.all, 'all'));
  for (const s of ['even', 'odd'])
    it(`subject ${s}`, () => check(m111.by_subject[s], m40.by_subject[s], k111.by_subject[s], k40.by_subject[s], expected[s], s));
  it('alpha/mean(n) + beta reproduces corpus BPB on real data', () => {
    near(m111.corpus_bpb_from_fit, expected.all.corpus_bpb as number, 'identity');
  });
});
