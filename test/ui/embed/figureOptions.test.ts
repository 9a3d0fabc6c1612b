// theme= and parts= of an embedded figure: every accepted spelling, the compact default, and a
// refused value that falls back and says which value it was (never an empty figure).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultParts, figureOptions, figureParts, figureQuery, THEMES } from '../../../src/ui/embed/figureOptions';

describe('figure options', () => {
  it('default to auto and the compact parts (banner and winners; the comparison a snapshot carries)', () => {
    expect(figureOptions(null, null, false)).toEqual({ theme: 'auto', parts: ['banner', 'winners'], problems: [] });
    expect(figureOptions(null, null, true)).toEqual({ theme: 'auto', parts: ['banner', 'winners', 'compare'], problems: [] });
  });

  it('read a theme and parts in any case and order, drawn in the figure order without repeats', () => {
    expect(figureOptions(' Dark ', 'traces, BANNER,traces,table', false)).toEqual({ theme: 'dark', parts: ['banner', 'table', 'traces'], problems: [] });
    expect(figureOptions('light', 'all', false).parts).toEqual(['banner', 'winners', 'table', 'traces', 'chart']);
    expect(figureOptions('light', 'all', true).parts).toEqual(figureParts());
  });

  it('refuse an unknown theme or part by name, keeping the rest', () => {
    expect(figureOptions('blue', null, false)).toEqual({ theme: 'auto', parts: ['banner', 'winners'], problems: ['theme “blue” is not one of light, dark, auto: auto is used'] });
    const o = figureOptions(null, 'banner,charts,tabel', false);
    expect(o.parts).toEqual(['banner']);
    expect(o.problems).toEqual(['parts “charts”, “tabel” are not among banner, winners, table, traces, chart, compare (or all)']);
    expect(figureOptions(null, 'nothing', false)).toEqual({
      theme: 'auto',
      parts: ['banner', 'winners'],
      problems: ['part “nothing” is not among banner, winners, table, traces, chart, compare (or all)', 'no known part was named: the default parts are shown'],
    });
    expect(figureOptions(null, '', false).problems).toEqual(['no known part was named: the default parts are shown']);
    expect(figureOptions(null, 'compare', false)).toEqual({ theme: 'auto', parts: [], problems: ['part “compare” was asked for, but this snapshot carries no second model'] });
    // A long hostile value is cut short in the sentence.
    expect(figureOptions('<script>alert(1)</script>'.repeat(4), null, false).problems[0]).toBe('theme “<script>alert(1)</scrip…” is not one of light, dark, auto: auto is used');
  });

  it('write the query a link needs, and read it back (property)', () => {
    expect(figureQuery('auto', null)).toBe('');
    expect(figureQuery('dark', ['banner', 'chart'])).toBe('&theme=dark&parts=banner,chart');
    fc.assert(
      fc.property(fc.constantFrom(...THEMES), fc.subarray(figureParts(), { minLength: 1 }), fc.boolean(), (theme, parts, hasCompare) => {
        const q = new URLSearchParams(figureQuery(theme, parts).slice(1));
        const o = figureOptions(q.get('theme'), q.get('parts'), hasCompare);
        expect(o.theme).toBe(theme);
        expect(o.parts).toEqual(parts.filter((p) => p !== 'compare' || hasCompare));
      }),
    );
  });

  it('never throw and always keep some known theme and only known parts (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), fc.boolean(), (theme, parts, hasCompare) => {
        const o = figureOptions(theme, parts, hasCompare);
        expect(THEMES).toContain(o.theme);
        for (const p of o.parts) expect(figureParts()).toContain(p);
        expect(new Set(o.parts).size).toBe(o.parts.length);
        if (!hasCompare) expect(o.parts).not.toContain('compare');
        if (theme === null && parts === null) expect(o.parts).toEqual(defaultParts(hasCompare));
      }),
    );
  });
});
