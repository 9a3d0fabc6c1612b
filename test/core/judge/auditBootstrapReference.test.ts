// Issue 25 item 20: the audit's pair-keeping bootstrap (prompts drawn with replacement, every
// verdict of a drawn prompt kept, both orders together) against an independent numpy reference
// on a small input: test/fixtures/make/judge_audit_bootstrap_expected.py draws the same prompts
// from the same seeded generator and computes the raw and swap-averaged intervals itself.
import { describe, expect, it } from 'vitest';
import { auditVerdicts } from '../../../src/core/judge/audit';
import type { VerdictRow } from '../../../src/core/judge/verdicts';
import expected from '../../fixtures/judge-audit-bootstrap-expected.json';

interface Interval {
  estimate: number;
  lo: number;
  hi: number;
  dropped: number;
}

const rows: VerdictRow[] = expected.rows.map((r, i) => ({
  line: i + 2,
  promptId: r.prompt_id,
  aFirst: r.a_first,
  pA: r.p_a,
  hard: r.p_a === 1 ? 'A' : r.p_a === 0 ? 'B' : null,
  lenA: 40 + 7 * i,
  lenB: 60 - 3 * i,
  category: null,
  human: null,
}));

describe('audit bootstrap vs the numpy reference', () => {
  it('raw and swap-averaged estimates and 95% intervals agree to 1e-12', () => {
    const r = auditVerdicts(rows, { bootstrapReps: expected.reps, seed: expected.seed });
    for (const key of ['raw', 'swap'] as const) {
      const got = r.estimates[key] as Interval;
      const want = expected[key];
      expect(Math.abs(got.estimate - want.estimate), `${key} estimate`).toBeLessThan(1e-12);
      expect(Math.abs(got.lo - want.lo), `${key} lo`).toBeLessThan(1e-12);
      expect(Math.abs(got.hi - want.hi), `${key} hi`).toBeLessThan(1e-12);
      expect(got.dropped).toBe(want.dropped);
    }
  });
});
