// Every definition of the model-free checks (issue 21), pinned against items computed by hand:
// ties, two-choice items, cloze items, multiple gold labels, NBSP and zero-width characters,
// NFKC-equal choices.
import { describe, expect, it } from 'vitest';
import { AnswerStringsCheck, chanceAnyOf, type AnswerStringsReport, type CheckItem } from '../../../src/core/check/answerStrings';
import { wilson } from '../../../src/core/check/interval';

const mc = (id: string, choices: string[], gold: number[], context = 'Q:'): CheckItem => ({ id, context, choices, gold, cloze: false });

function check(items: CheckItem[], link?: (it: CheckItem) => string): AnswerStringsReport {
  const c = new AnswerStringsCheck(link);
  for (const it of items) c.add(it);
  return c.report();
}

const close = (a: number, b: number) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThan(1e-12);

describe('length checks', () => {
  // Bytes: "aa" 2, "bb" 2, "c" 1 (a tie for longest); "yes" 3, "no" 2; "x" 1, "yyy" 3, "zz" 2, "w" 1
  // (a tie for shortest, two golds); "é" is 2 bytes though one character.
  const items = [
    mc('tie', ['aa', 'bb', 'c'], [0]),
    mc('two', ['yes', 'no'], [1]),
    mc('multi', ['x', 'yyy', 'zz', 'w'], [1, 3]),
    { id: 'cloze', context: 'Say', choices: [' é'], gold: [0], cloze: true },
    mc('nogold', ['a', 'b'], []),
  ];
  const r = check(items);

  it('counts items, choices, cloze items and items without a gold', () => {
    expect(r.n_items).toBe(5);
    expect(r.choice_counts).toEqual({ '2': 2, '3': 1, '4': 1 });
    expect(r.n_cloze).toBe(1);
    expect(r.n_no_gold).toBe(1);
    expect(r.length.n_items).toBe(3);
    expect(r.notes.join(' ')).toMatch(/1 cloze item has one answer .* skipped by the checks that compare choices/);
  });

  it('gold is a longest / shortest choice, ties counting, against the share a random gold would have', () => {
    // longest: tie (0 is one of two longest) yes, two no, multi yes (1) → 2/3.
    expect(r.length.gold_longest.successes).toBe(2);
    close(r.length.gold_longest.share, 2 / 3);
    // expected: 2/3 (two of three longest), 1/2, and for two golds of four with one longest 1 − C(3,2)/C(4,2) = 1/2.
    close(r.length.gold_longest.expected, (2 / 3 + 1 / 2 + 1 / 2) / 3);
    // shortest: tie no, two yes, multi yes (3 is one of the two shortest) → 2/3; expected 1/3, 1/2, 1 − C(2,2)/C(4,2) = 5/6.
    close(r.length.gold_shortest.share, 2 / 3);
    close(r.length.gold_shortest.expected, (1 / 3 + 1 / 2 + 5 / 6) / 3);
  });

  it('length-only baselines pick the first longest / shortest choice; chance is mean #gold/k', () => {
    // first longest: 0 (gold), 0 (not), 1 (gold) → 2/3; first shortest: 2 (not), 1 (gold), 0 (not) → 1/3.
    close(r.length.baselines.longest.share, 2 / 3);
    close(r.length.baselines.shortest.share, 1 / 3);
    close(r.length.baselines.longest.expected, (1 / 3 + 1 / 2 + 2 / 4) / 3);
  });

  it('every share carries its Wilson 95% interval (values from an independent Python implementation)', () => {
    close(r.length.gold_longest.interval[0], 0.2076596008020477);
    close(r.length.gold_longest.interval[1], 0.9385080552796037);
    close(r.length.baselines.shortest.interval[0], 0.06149194472039621);
    close(r.length.baselines.shortest.interval[1], 0.7923403991979522);
    close(wilson(81, 263)[0], 0.2552885198782742);
    close(wilson(6123, 10042)[1], 0.6192362603724587);
    expect(wilson(0, 1)).toEqual([0, wilson(0, 1)[1]]);
    close(wilson(0, 1)[1], 0.7934506856227626);
  });

  it('the verdict says the share, the interval and chance in plain words', () => {
    expect(r.length.gold_longest.verdict).toBe(
      'the gold is a longest choice in 66.7% of items (95% interval 20.8%–93.9%), against 55.6% by chance: consistent with chance',
    );
    const biased = check(Array.from({ length: 40 }, (_, i) => mc(String(i), ['a long gold answer', 'no', 'nah', 'nope'], [0])));
    expect(biased.length.gold_longest.against).toBe('above');
    expect(biased.length.gold_longest.verdict).toMatch(/^the gold is a longest choice in 100\.0% of items .* against 25\.0% by chance: more often than chance$/);
    expect(biased.length.gold_shortest.against).toBe('below');
  });

  it('the gold-length rank histogram (1 = longest, competition ranks on ties) and what a random gold gives', () => {
    expect(r.length.gold_rank.counts).toEqual([2, 1, 0, 0]);
    expect(r.length.gold_rank.expected[3]).toBe(0);
    const e = r.length.gold_rank.expected;
    // Competition ranks: tie 1,1,3 (two choices are longer than "c"); two 1,2; multi 3,1,2,3.
    close(e[0], 2 / 3 + 1 / 2 + 1 / 4);
    close(e[1], 1 / 2 + 1 / 4);
    close(e[2], 1 / 3 + 2 / 4);
  });

  it('where every choice is as long as the others, the baselines say they pick the first choice', () => {
    const t = check([mc('abc', ['A', 'B', 'C'], [1]), mc('x', ['xx', 'y', 'zzz'], [2])]);
    expect(t.length.n_all_tied).toBe(1);
    expect(r.length.n_all_tied).toBe(0);
    expect(t.length.baselines.longest.verdict).toMatch(/^always picking the first longest choice scores 50\.0% \(95% interval .*: consistent with chance; in 1 of 2 items every choice is as long as the others, and there it picks the first choice$/);
    expect(r.length.baselines.longest.verdict).not.toMatch(/as long as the others/);
  });

  it('chanceAnyOf is 1 − C(k−m, g)/C(k, g)', () => {
    close(chanceAnyOf(4, 1, 1), 1 / 4);
    close(chanceAnyOf(4, 2, 2), 5 / 6);
    close(chanceAnyOf(5, 2, 3), 1 - 1 / 10);
    expect(chanceAnyOf(3, 3, 1)).toBe(1);
    expect(chanceAnyOf(3, 1, 3)).toBe(1);
  });
});

describe('duplicates', () => {
  const r = check([
    mc('exact', ['Paris', 'Rome', 'Paris'], [1]),
    mc('nfkc', ['Ｐａｒｉｓ', 'paris', 'Rome'], [2]),
    mc('space', ['New  York', 'new\u00a0york\t', 'Boston'], [2]),
    mc('fold', ['Straße', 'STRASSE', 'x'], [2]),
    mc('zw', ['a\u200bb', 'ab', 'c'], [2]),
    mc('both', ['x', 'x', 'X'], [0]),
  ]);

  it('exact: two identical choices', () => {
    expect(r.duplicates.exact.ids).toEqual(['exact', 'both']);
    expect(r.duplicates.exact.items[0].why).toBe('choices A and C are both "Paris"');
  });

  it('normalised: the other items equal after NFKC, whitespace runs, trim and case-fold; a zero-width space is not whitespace', () => {
    expect(r.duplicates.normalised.ids).toEqual(['nfkc', 'space', 'fold']);
    expect(r.duplicates.normalised.items[1].why).toBe('choices A and B are equal after normalisation: "New  York" and "new\\u00a0york\\t"');
    expect(r.duplicates.normalised.n).toBe(6);
    close(r.duplicates.normalised.share, 3 / 6);
  });
});

describe('format tells', () => {
  it('the gold alone differs from every distractor, in items with three or more choices', () => {
    const r = check([
      mc('lead', [' gold', 'a', 'b'], [0]),
      mc('pair', [' a', 'b'], [0]),
      mc('punct', ['It is.', 'no', 'maybe'], [0]),
      mc('punct-ws', ['done!  ', 'x. ', 'y'], [2]),
      mc('multi', ['A', 'B', 'c', 'd'], [0, 1]),
      mc('not-alone', ['x.', 'y.', 'z'], [0]),
    ]);
    const t = r.format_tells;
    expect(t.leading_whitespace.ids).toEqual(['lead']);
    expect(t.leading_whitespace.items[0].why).toBe('the gold starts with whitespace; no other choice does');
    expect(t.trailing_punctuation.ids).toEqual(['punct', 'punct-ws']);
    expect(t.trailing_punctuation.items[1].why).toBe('the gold does not end in . ! or ?; every other choice does');
    expect(t.trailing_whitespace.ids).toEqual(['punct-ws']);
    expect(t.initial_capital.ids).toEqual(['punct', 'multi']);
    expect(t.leading_whitespace.n).toBe(5);
  });

  it('the odd-one-out baseline: the choice that alone differs, else a random pick', () => {
    // trailing punctuation: a: odd 0 = gold (1); b: odd 2 = gold (1); c: no odd one (1/3); d: odd 1, gold 0 (0).
    const r = check([
      mc('a', ['Yes.', 'no', 'nah'], [0]),
      mc('b', ['x.', 'y.', 'z'], [2]),
      mc('c', ['x', 'y', 'z'], [1]),
      mc('d', ['x', 'y.', 'z'], [0]),
    ]);
    const o = r.format_tells.trailing_punctuation.odd_one_out;
    close(o.accuracy, (1 + 1 + 1 / 3 + 0) / 4);
    close(o.chance, 1 / 3);
    expect(o.n_odd).toBe(3);
  });
});

describe('letter keys, the join, invisible characters', () => {
  const r = check([
    mc('letters', [' A', ' B', ' C'], [0]),
    mc('one-cp', ['é', '😀'], [0]),
    mc('words', ['A', 'BB'], [0]),
    mc('join', [' an', 'bee'], [0], 'Q: '),
    mc('join-tab', ['\tan', 'bee'], [0], 'Q:\n'),
    mc('no-join', [' an', 'bee'], [0], 'Q:'),
    mc('nbsp', ['a\u00a0b', 'c'], [0]),
    mc('bom', ['\ufeffx', 'y'], [0]),
    mc('ideo', ['c', 'a\u3000b'], [0]),
    mc('tab', ['a\tb', 'c'], [0]),
    { id: 'cloze-join', context: 'Say ', choices: [' it\u200d'], gold: [0], cloze: true },
  ]);

  it('letter keys: every choice one character (code point) once trimmed', () => {
    expect(r.letter_keys.ids).toEqual(['letters', 'one-cp']);
    expect(r.letter_keys.items[0].why).toBe('every choice is one character: " A", " B", " C"');
  });

  it('join whitespace: the context ends in whitespace and a choice starts with it (cloze items too)', () => {
    expect(r.join_whitespace.ids).toEqual(['join', 'join-tab', 'cloze-join']);
    expect(r.join_whitespace.items[1].why).toBe('the context ends in "\\n" and choice A starts with whitespace: two spaces at the join');
  });

  it('invisible: a format character (Cf) or a space other than U+0020 (Zs); a tab is neither', () => {
    expect(r.invisible.ids).toEqual(['nbsp', 'bom', 'ideo', 'cloze-join']);
    expect(r.invisible.items.map((i) => i.why)).toEqual([
      'choice A holds U+00A0 NO-BREAK SPACE at character 1',
      'choice A holds U+FEFF ZERO WIDTH NO-BREAK SPACE at character 0',
      'choice B holds U+3000 IDEOGRAPHIC SPACE at character 1',
      'the answer holds U+200D ZERO WIDTH JOINER at character 3',
    ]);
  });

  it('invisible: the position is in characters (code points), so an emoji before it counts once', () => {
    const e = check([mc('emoji', ['😀\u200b', 'b'], [0])]);
    expect(e.invisible.items.map((i) => i.why)).toEqual(['choice A holds U+200B ZERO WIDTH SPACE at character 1']);
  });

  it('a listed item carries the link the caller builds', () => {
    const linked = check([mc('nbsp', ['a\u00a0b', 'c'], [0])], (it) => `#item=${it.id}`);
    expect(linked.invisible.items[0]).toEqual({ id: 'nbsp', why: 'choice A holds U+00A0 NO-BREAK SPACE at character 1', scorer: '#item=nbsp' });
  });
});
