import { describe, expect, it } from 'vitest';
import { codePointLength, utf8Length } from '../../../src/core/text/unicode';
import { SAMPLE_TASKS, sampleTask } from '../../../src/core/tasks/samples';

describe('built-in sample tasks', () => {
  it('stories-cloze: 200 items, golds 2 to 150 bytes spread over the range, each with a leading space', () => {
    const t = sampleTask('stories-cloze')!;
    expect(t.items).toHaveLength(200);
    expect(t.targetDelimiter).toBe('');
    const lengths = t.items.map((it) => utf8Length(it.choices[0]));
    expect(Math.min(...lengths)).toBe(2);
    expect(Math.max(...lengths)).toBe(150);
    // Every 15-byte band of the range holds golds.
    for (let lo = 0; lo < 150; lo += 15) expect(lengths.filter((l) => l > lo && l <= lo + 15).length).toBeGreaterThan(10);
    for (const it of t.items) {
      expect(it.choices[0].startsWith(' ')).toBe(true);
      expect(it.choices[0].startsWith('  ')).toBe(false);
      expect(/\s$/.test(it.context)).toBe(false);
    }
    expect(new Set(t.items.map((it) => it.id)).size).toBe(200);
    expect(new Set(t.items.map((it) => it.context + '|' + it.choices[0])).size).toBe(200);
  });
  it('stories-choice: distractors differ in length from the gold, in both versions of the same questions', () => {
    const full = sampleTask('stories-choice')!;
    const letters = sampleTask('stories-choice-letters')!;
    expect(full.items.length).toBeGreaterThanOrEqual(30);
    expect(letters.items.map((i) => [i.id, i.gold, i.subject])).toEqual(full.items.map((i) => [i.id, i.gold, i.subject]));
    let goldShortest = 0;
    let goldLongest = 0;
    full.items.forEach((it, n) => {
      const gold = it.choices[it.gold as number];
      const lens = it.choices.map(codePointLength);
      expect(Math.max(...lens) / Math.min(...lens)).toBeGreaterThan(3);
      if (codePointLength(gold) === Math.min(...lens)) goldShortest++;
      if (codePointLength(gold) === Math.max(...lens)) goldLongest++;
      expect(letters.items[n].choices).toEqual(['A', 'B', 'C', 'D']);
      expect(letters.items[n].context).toContain(`${'ABCD'[it.gold as number]}. ${gold}`);
    });
    expect(goldShortest).toBeGreaterThan(5);
    expect(goldLongest).toBeGreaterThan(3);
    expect(new Set(full.items.map((i) => i.gold)).size).toBe(4);
  });
  it('lists every sample', () => {
    expect(SAMPLE_TASKS.map((t) => t.name)).toEqual(['stories-cloze', 'stories-choice', 'stories-choice-letters']);
    expect(sampleTask('nope')).toBeUndefined();
  });
});
