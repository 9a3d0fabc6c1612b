// Issue 12 (defect 16): number flags reject non-numbers, non-integers and out-of-range values by
// name, negative values included (node's parser calls "-5" an ambiguous option argument).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const MODEL = path.join(MODELS_DIR, 'stories260K');
const score = (...flags: string[]) => runInProcess(['score', '--model', MODEL, '--context', 'Once', '--candidate', ' upon', ...flags]);

describe('number flags', () => {
  it('--mu: a negative value is named as out of range, not an ambiguous argument', async () => {
    expect(expectOneLineError(await score('--mu', '-5'))).toBe('lengthlens score: --mu must be a number > 1 (the prior\'s mean length in bytes), got "-5"');
    expect(expectOneLineError(await runInProcess(['task', '--bits', 'x.json', '--mu', '-5']))).toMatch(/--mu must be a number > 1 .*got "-5"/);
    expect(expectOneLineError(await runInProcess(['harness', 'x.jsonl', '--model', MODEL, '--mu', '-0.5']))).toMatch(/--mu must be a number > 1 .*got "-0.5"/);
    expect(expectOneLineError(await score('--mu', '0x10'))).toMatch(/--mu must be a number > 1 .*got "0x10"/);
    expect(expectOneLineError(await score('--mu', ''))).toMatch(/--mu must be a number > 1 .*got ""/);
  });
  it('--top-k: whole numbers from 0, nothing else', async () => {
    expect(expectOneLineError(await score('--top-k', '-1'))).toBe('lengthlens score: --top-k must be a whole number from 0 to 100, got "-1"');
    expect(expectOneLineError(await score('--top-k', ''))).toBe('lengthlens score: --top-k must be a whole number from 0 to 100, got ""');
    expect(expectOneLineError(await score('--top-k', '2.7'))).toBe('lengthlens score: --top-k must be a whole number from 0 to 100, got "2.7"');
    expect(expectOneLineError(await score('--top-k', '0x10'))).toBe('lengthlens score: --top-k must be a whole number from 0 to 100, got "0x10"');
    expect(expectOneLineError(await score('--top-k', '1e400'))).toMatch(/--top-k must be a whole number from 0 to 100/);
    // Bounded: a huge k would list the whole vocabulary at every token.
    expect(expectOneLineError(await score('--top-k', '101'))).toBe('lengthlens score: --top-k must be a whole number from 0 to 100, got "101"');
    expect((await score('--top-k', '100', '--json')).code).toBe(0);
  });
  it('--limit: whole numbers from 1', async () => {
    for (const bad of ['0', '-3', '1.5', '', '0x10', ' 2'])
      expect(expectOneLineError(await runInProcess(['task', '--model', MODEL, '--sample', 'stories-cloze', '--limit', bad]))).toBe(
        `lengthlens task: --limit must be a whole number ≥ 1, got "${bad}"`,
      );
  });
  it('an option given without its value still says so', async () => {
    expect(expectOneLineError(await runInProcess(['task', '--bits', 'x.json', '--mu']))).toMatch(/--mu/);
  });
});

describe('string values that start with "-"', () => {
  it('are the value of the option before them ("-1", "-")', async () => {
    const r = await runInProcess(['score', '--model', MODEL, '--context', '-', '--candidate', '-1', '--json']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { items: { context: string; candidates: { text: string }[] }[] };
    expect(out.items[0].context).toBe('-');
    expect(out.items[0].candidates[0].text).toBe('-1');
  });
});
