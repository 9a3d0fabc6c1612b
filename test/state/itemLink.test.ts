// `#item=` links (a task item opened in the Scorer): what the check and the Task lab write comes
// back unchanged; a cut, edited or oversized link is refused with a message that says why; the
// item replaces the workspace's strings and gold and nothing else.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import LZString from 'lz-string';
import { itemHash } from '../../src/core/check/itemLink';
import { decodeItemHash, hasItemHash, workspaceWithItem } from '../../src/state/itemLink';
import { defaultWorkspace } from '../../src/state/workspace';

describe('#item= links', () => {
  it('round-trips context, choices, gold and logged scores (NaN logged as null comes back NaN)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.boolean(),
        (context, choices, g, withLogged) => {
          const gold = g % (choices.length + 1) === choices.length ? null : g % choices.length;
          const logged = withLogged ? choices.map((_, i) => (i === 0 ? NaN : -i - 0.5)) : undefined;
          const hash = itemHash({ context, choices, gold, ...(logged ? { logged } : {}) });
          expect(hasItemHash(hash)).toBe(true);
          const r = decodeItemHash(hash);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.item.context).toBe(context);
          expect(r.item.choices).toEqual(choices);
          expect(r.item.gold).toBe(gold);
          if (logged) expect(r.item.logged).toEqual(logged);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses a cut, edited or invalid item with a reason', () => {
    const good = itemHash({ context: 'Q', choices: ['a', 'b'], gold: 1 });
    expect(decodeItemHash(good.slice(0, 12))).toMatchObject({ ok: false, error: expect.stringMatching(/could not be decompressed|not valid JSON/) });
    expect(decodeItemHash('#item=<script>')).toEqual({ ok: false, error: "the link's item contains characters a lengthlens link never has (was it cut or edited?)" });
    const enc = (v: unknown) => '#item=' + LZString.compressToEncodedURIComponent(JSON.stringify(v));
    expect(decodeItemHash(enc({ context: 'Q', choices: ['a'], gold: 3 }))).toEqual({ ok: false, error: "the link's item has gold 3, past its last choice" });
    expect(decodeItemHash(enc({ context: 'Q', choices: [], gold: null }))).toMatchObject({ ok: false, error: expect.stringMatching(/^the link's item is invalid: choices: /) });
    expect(decodeItemHash(enc({ context: 5, choices: ['a'], gold: null }))).toMatchObject({ ok: false, error: expect.stringMatching(/^the link's item is invalid: context: /) });
    // Issue 41: a logged row for a choice that does not exist (+5 nats) is refused like a gold past the end.
    expect(decodeItemHash(enc({ context: 'Q', choices: ['a', 'b'], gold: 0, logged: [-1, -2, 5] }))).toEqual({ ok: false, error: "the link's item has 3 logged scores for 2 choices" });
    expect(decodeItemHash(enc({ context: 'Q', choices: ['a', 'b'], gold: 0, logged: [-1] }))).toEqual({ ok: false, error: "the link's item has 1 logged score for 2 choices" });
  });

  it('replaces the context, candidates and gold; keeps the model and options', () => {
    const ws = { ...defaultWorkspace(), dtype: 'q8' as const, units: 'nats' as const };
    const next = workspaceWithItem(ws, { context: 'Q: 2+2?', choices: [' 4', ' five'], gold: 0 });
    expect(next).toEqual({ ...ws, context: 'Q: 2+2?', candidates: [' 4', ' five'], gold: 0 });
  });
});
