// Issue 41 item 14: `check` builds each listed item's Scorer link once, however many checks list it,
// and none for an item the app would refuse (past its link limits): those are listed without a
// link and named in a note, instead of minutes spent compressing links that cannot open.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LZString from 'lz-string';
import { runInProcess } from './inProcess';
import { itemHashWithinLimits } from '../../src/core/check/itemLink';
import { decodeItemHash } from '../../src/state/itemLink';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-links-'));

/** Text lz-string cannot shrink much: a pseudo-random walk over many letters. */
function noisy(n: number, seed: number): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += String.fromCharCode(0x4e00 + (x % 2000));
  }
  return s;
}

afterEach(() => vi.restoreAllMocks());

describe('check: Scorer links within the app\u2019s limits, built once an item', () => {
  it('an item flagged by several checks is compressed once; one past the limits gets no link and a note', async () => {
    const small = { id: 'small', context: 'Q: ', choices: [' Paris', ' Paris', ' Rome\u00a0x'], label: 2 };
    // 90,000 noisy characters: under the per-field cap, but far past 60,000 once compressed.
    const huge = { id: 'huge', context: noisy(90_000, 7) + ' ', choices: [' A', ' A', ' B\u200b'], label: 2 };
    const file = path.join(dir, 'items.jsonl');
    writeFileSync(file, [small, huge].map((x) => JSON.stringify(x)).join('\n') + '\n');
    const spy = vi.spyOn(LZString, 'compressToEncodedURIComponent');
    const r = await runInProcess(['check', file, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      duplicates: { exact: { items: { id: string; scorer?: string }[] } };
      join_whitespace: { items: { id: string; scorer?: string }[] };
      invisible: { items: { id: string; scorer?: string }[] };
      notes: string[];
    };
    // Both items are in three lists (duplicates, join whitespace, invisible): one compression each.
    for (const list of [out.duplicates.exact, out.join_whitespace, out.invisible]) expect(list.items.map((i) => i.id)).toEqual(['small', 'huge']);
    expect(spy).toHaveBeenCalledTimes(2);
    const smallLink = out.duplicates.exact.items[0].scorer!;
    expect(decodeItemHash(smallLink).ok).toBe(true);
    expect(out.join_whitespace.items[0].scorer).toBe(smallLink);
    expect(out.duplicates.exact.items[1].scorer).toBeUndefined();
    expect(out.notes).toContain('1 listed item(s) are too large for a Scorer link (the app takes at most 32 choices, 100,000 characters a field and 60,000 compressed): listed without one');
  });

  it('the limits: a link it builds, the app opens; a field past the cap is not even compressed', () => {
    const spy = vi.spyOn(LZString, 'compressToEncodedURIComponent');
    expect(itemHashWithinLimits({ context: 'x'.repeat(100_001), choices: ['a'], gold: 0 })).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
    for (const n of [1_000, 30_000, 60_000, 90_000]) {
      const link = itemHashWithinLimits({ context: noisy(n, n), choices: ['a', 'b'], gold: 1 });
      if (link !== undefined) expect(decodeItemHash(link).ok, String(n)).toBe(true);
      else expect(LZString.compressToEncodedURIComponent(JSON.stringify({ context: noisy(n, n), choices: ['a', 'b'], gold: 1 })).length).toBeGreaterThan(60_000);
    }
  });
});
