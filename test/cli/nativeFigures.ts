// The published benchmark files' figures as the Python script computed them from the raw strings
// (test/fixtures/make/native_check_expected.py), and the one assertion of `check --json` against them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export const EXPECTED = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/native-check-expected.json'), 'utf8')) as Record<string, Record<string, unknown>>;

interface Share {
  successes: number;
  n: number;
  expected: number;
}

/** The part of `check --json` the figures cover. */
export interface NativeFigures {
  n_items: number;
  choice_counts: Record<string, number>;
  length: { n_items: number; gold_longest: Share; gold_shortest: Share; baselines: { longest: Share; shortest: Share } };
  duplicates: { exact: { count: number } };
  input_errors: unknown[];
}

export function expectFigures(out: NativeFigures, want: Record<string, unknown>): void {
  expect(out.input_errors).toEqual([]);
  expect(out.n_items).toBe(want.n_items);
  expect(out.choice_counts).toEqual(want.choice_counts);
  expect(out.length.n_items).toBe(want.n_items);
  expect(out.length.gold_longest.successes).toBe(want.gold_longest);
  expect(out.length.gold_longest.expected).toBeCloseTo(want.gold_longest_expected as number, 9);
  expect(out.length.gold_shortest.successes).toBe(want.gold_shortest);
  expect(out.length.gold_shortest.expected).toBeCloseTo(want.gold_shortest_expected as number, 9);
  expect(out.length.baselines.longest.successes).toBe(want.baseline_longest);
  expect(out.length.baselines.shortest.successes).toBe(want.baseline_shortest);
  expect(out.length.baselines.longest.expected).toBeCloseTo(want.baseline_expected as number, 9);
  expect(out.duplicates.exact.count).toBe(want.duplicates_exact);
}
