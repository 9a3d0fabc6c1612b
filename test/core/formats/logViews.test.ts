// What a log can give: docs/scale-out.md's table is the list in logViews.ts, row for row, and
// logGaps names a rule exactly when the accuracy report leaves it out (a property over random
// items), each in one sentence that names the missing field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { APP_REMEDY, CLI_REMEDY, LOG_VIEWS, NEED_LABELS, PER_TOKEN_VIEW, logGaps, type ViewNeed } from '../../../src/core/formats/logViews';
import { accuracyReport } from '../../../src/core/metrics/accuracy';
import type { ChoiceScores, ScoredItem } from '../../../src/core/metrics/types';
import { ACCURACY_RULES } from '../../../src/core/scoring/rules';

/** The rows of the table under "## 3." in docs/scale-out.md: [view, needs]. */
export function scaleOutTable(): [string, string][] {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/scale-out.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## 3.'));
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| view ') && !/^\|-/.test(l))
    .map((l) => {
      const cells = l.split('|').slice(1, -1).map((c) => c.trim());
      return [cells[0], cells[1]];
    });
}

describe('docs/scale-out.md', () => {
  it('its table is LOG_VIEWS: every view, in order, with what it needs', () => {
    const labelToNeed = Object.fromEntries(Object.entries(NEED_LABELS).map(([k, v]) => [v, k as ViewNeed]));
    const rows = scaleOutTable();
    expect(rows.length).toBe(LOG_VIEWS.length);
    expect(rows.map(([view, needs]) => [view, labelToNeed[needs]])).toEqual(LOG_VIEWS.map((v) => [v.name, v.need]));
  });
});

const choice = (over: Partial<ChoiceScores> = {}): ChoiceScores => ({ text: 'a', continuation: ' a', logprob: -1, ...over });

describe('logGaps', () => {
  it('on logged items (sums and strings only) names the per-token rule, PMI, the whole-word rule and the per-token measures', () => {
    const items: ScoredItem[] = [{ id: '0', choices: [choice(), choice({ text: 'bb', continuation: ' bb', logprob: -2 })], gold: 0 }];
    const gaps = logGaps(items);
    expect(gaps.map((g) => g.view)).toEqual(['acc_per_token', 'acc_mutual_info', 'acc_word', 'acc_ncc', PER_TOKEN_VIEW]);
    expect(gaps[0].sentence).toBe(
      "acc_per_token needs each choice's token count, which lm-eval-harness does not log (resps hold one summed log-likelihood per choice): " +
        'give n_tokens in a lengthlens task --bits file, or rescore the documents with lengthlens harness FILE --model M.',
    );
    expect(gaps[1].sentence).toContain('only for a task whose metric_list includes acc_mutual_info');
    // One sentence each: a single full stop, at the end.
    for (const g of gaps) expect(g.sentence.match(/\.(\s|$)/g)).toEqual(['.']);
    // The app has no --bits input, so its sentences do not offer one.
    for (const g of logGaps(items, APP_REMEDY)) {
      expect(g.sentence).not.toContain('--bits');
      expect(g.sentence).toContain('score the documents with a model in step 2 above');
    }
    expect(CLI_REMEDY.bits).toBe(true);
  });

  it('with the unconditional log-likelihoods logged (an acc_mutual_info task), PMI is not named', () => {
    const items: ScoredItem[] = [{ id: '0', choices: [choice({ unconditionalLogprob: -3 }), choice({ unconditionalLogprob: -4 })], gold: 1 }];
    expect(logGaps(items).map((g) => g.view)).toEqual(['acc_per_token', 'acc_word', 'acc_ncc', PER_TOKEN_VIEW]);
  });

  it('names a rule exactly when the accuracy report leaves it out (random items)', () => {
    const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    const arbChoice = fc.record({
      logprob: fc.double({ min: -50, max: 0, noNaN: true }),
      nTokens: optional(fc.integer({ min: 1, max: 9 })),
      unconditionalLogprob: optional(fc.double({ min: -50, max: 0, noNaN: true })),
      wordFinalLogprob: optional(fc.double({ min: -5, max: 0, noNaN: true })),
      text: fc.string({ minLength: 1, maxLength: 6 }),
    });
    const arbItem = fc.array(arbChoice, { minLength: 2, maxLength: 4 }).map((choices): ScoredItem => ({ id: 'x', choices, gold: 0 }));
    fc.assert(
      fc.property(fc.array(arbItem, { minLength: 1, maxLength: 6 }), (items) => {
        const reported = Object.keys(accuracyReport(items).rules);
        const named = logGaps(items).map((g) => g.view).filter((v) => v !== PER_TOKEN_VIEW);
        expect([...named].sort()).toEqual(ACCURACY_RULES.filter((r) => !reported.includes(r)).sort());
      }),
      { numRuns: 300 },
    );
  });
});
