import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { alpacaEvalSwitched, codePointLength, parseAlpacaEvalAnnotations } from '../../../src/core/judge/alpacaEval';
import { pythonFirstCoinFlip, pythonRandomFirstWord, sha512 } from '../../../src/core/judge/pythonRandom';
import { parseVerdicts } from '../../../src/core/judge/verdicts';
import { auditVerdicts } from '../../../src/core/judge/audit';
import { LEADERBOARD, readAlpacaEvalFile } from './alpacaEvalData';

describe("Python's random.Random(str), first draw", () => {
  it('computes SHA-512 as node:crypto does, across block boundaries and for non-ASCII text', () => {
    for (const text of ['', 'abc', 'x'.repeat(111), 'x'.repeat(112), 'y'.repeat(127), 'z'.repeat(128), 'é漢字🙂'.repeat(40)]) {
      const bytes = new TextEncoder().encode(text);
      expect(Buffer.from(sha512(bytes)).toString('hex'), text.slice(0, 8)).toBe(createHash('sha512').update(bytes).digest('hex'));
    }
  });

  it("matches CPython's getrandbits(32) and choices([False, True]) (values from Python 3.11)", () => {
    // python3 -c "import random; r = random.Random(s); print(r.getrandbits(32))"
    expect(pythonRandomFirstWord('abc')).toBe(3315820543);
    expect(pythonRandomFirstWord('is_switched_outputsWhat is 2+2?0')).toBe(241889308);
    expect(pythonRandomFirstWord('')).toBe(4124137760);
    expect(pythonRandomFirstWord('é漢字🙂'.repeat(50))).toBe(3303612211);
    expect(pythonFirstCoinFlip('abc')).toBe(true);
    expect(pythonFirstCoinFlip('is_switched_outputsWhat is 2+2?0')).toBe(false);
  });

  it('agrees with CPython on 120 generated texts of 0–300 characters in four scripts', () => {
    // test/fixtures/make/python_coin_flips.py
    const cases = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/python-coin-flips.json'), 'utf8')) as { text: string; word: number; coin: boolean }[];
    expect(cases).toHaveLength(120);
    for (const c of cases) {
      expect(pythonRandomFirstWord(c.text), JSON.stringify(c.text.slice(0, 20))).toBe(c.word);
      expect(pythonFirstCoinFlip(c.text)).toBe(c.coin);
    }
  });
});

describe('AlpacaEval annotations', () => {
  // Read in the tests that need them (not while collecting, not shared), so that per-test coverage
  // credits every test that checks them.
  const verbose = () => parseAlpacaEvalAnnotations(readAlpacaEvalFile('gpt-3.5-turbo-1106_verbose.json'));
  const fuse = () => parseAlpacaEvalAnnotations(readAlpacaEvalFile('FuseChat-Llama-3.2-1B-Instruct.json'));

  it("rebuilds the presentation order by AlpacaEval's rule (known values from Python)", () => {
    // random.Random("is_switched_outputs" + instruction + "0").choices([False, True], k=1)[0] for
    // rows 0, 1, 2, 3, 4, 100 and 804 of the file, computed with CPython.
    const expected: [number, boolean][] = [[0, true], [1, true], [2, true], [3, false], [4, false], [100, true], [804, true]];
    const v = verbose();
    for (const [i, switched] of expected) expect(v.rows[i].aFirst, `row ${i}`).toBe(switched);
    expect(v.rows.filter((r) => r.aFirst)).toHaveLength(406);
    expect(alpacaEvalSwitched('How did US states get their names?')).toBe(true);
    expect(alpacaEvalSwitched('What is some cool music from the 1920s?')).toBe(false);
  });

  it("agrees with the judge's raw output wherever the file keeps it, and with the converted CSV everywhere", () => {
    const v = verbose();
    const f = fuse();
    expect(v.orderKnown).toBe(true);
    expect(v.orderCheck.disagree).toBe(0);
    expect(v.orderCheck.agree).toBeGreaterThan(780);
    expect(v.notes.join(' ')).toMatch(/rebuilt with AlpacaEval's rule \(seed 0\): confirmed by the judge's raw output on \d+ rows/);
    // The FuseChat file keeps no raw output: the order is rebuilt but cannot be confirmed.
    expect(f.orderCheck).toEqual({ agree: 0, disagree: 0, unverifiable: 805 });
    expect(f.notes.join(' ')).toMatch(/keeps no raw judge output/);
    for (const [read, csv] of [[verbose, 'converted/gpt-3.5-turbo-1106_verbose.csv'], [fuse, 'converted/FuseChat-Llama-3.2-1B-Instruct.csv']] as const) {
      const parsed = read();
      const converted = parseVerdicts(readAlpacaEvalFile(csv)).rows;
      expect(parsed.rows).toHaveLength(converted.length);
      parsed.rows.forEach((row, i) => {
        expect([row.aFirst, row.lenA, row.lenB, row.category]).toEqual([converted[i].aFirst, converted[i].lenA, converted[i].lenB, converted[i].category]);
        expect(Math.abs(row.pA - converted[i].pA)).toBeLessThan(1e-12);
      });
    }
  });

  it('gives the leaderboard win rate (1e-9 in percent), n and average length, with A = the evaluated model', () => {
    for (const [read, model] of [[verbose, 'gpt-3.5-turbo-1106_verbose'], [fuse, 'FuseChat-Llama-3.2-1B-Instruct']] as const) {
      const parsed = read();
      const lb = LEADERBOARD[model];
      expect(parsed.model).toBe(model);
      expect(parsed.baseline).toBe('gpt4_1106_preview');
      expect(parsed.rows).toHaveLength(lb.n);
      const raw = parsed.rows.reduce((s, r) => s + r.pA, 0) / parsed.rows.length;
      expect(Math.abs(100 * raw - lb.winRate)).toBeLessThan(1e-9);
      // AlpacaEval's avg_length is int(mean of len(output)) in code points.
      expect(Math.floor(parsed.rows.reduce((s, r) => s + r.lenA, 0) / parsed.rows.length)).toBe(lb.avgLength);
    }
  });

  it('reads preference on the 1–2 scale, a legacy 0 as a draw, drops null, keeps empty answers, counts code points', () => {
    const item = (preference: unknown, output2: string, instruction = 'q') => ({
      instruction,
      output_1: 'baseline answer',
      generator_1: 'base',
      output_2: output2,
      generator_2: 'model',
      dataset: 'koala',
      preference,
    });
    const text = JSON.stringify([item(2, 'a', 'q1'), item(1, 'bb', 'q2'), item(0, '', 'q3'), item(null, 'x', 'q4'), item(1.25, '🙂🙂', 'q5'), item(3, 'y', 'q6'), item('2', 'y', 'q7')]);
    const r = parseAlpacaEvalAnnotations(text);
    expect(r.rows.map((x) => [x.line, x.pA, x.hard, x.lenA, x.lenB, x.category])).toEqual([
      [1, 1, 'A', 1, 15, 'koala'],
      [2, 0, 'B', 2, 15, 'koala'],
      [3, 0.5, 'tie', 0, 15, 'koala'],
      [5, 0.25, null, 2, 15, 'koala'],
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([6, 7]);
    expect(r.errors[0].message).toMatch(/preference must be a number from 1 \(baseline won\) to 2 \(model won\), or 0 for a draw, got "3"/);
    expect([r.nullPreferences, r.legacyDraws, r.emptyAnswers]).toEqual([1, 1, 1]);
    expect(codePointLength('a🙂b')).toBe(3);
  });

  it('says when the order is unknown: no instruction, or raw outputs that contradict the rule', () => {
    const noInstruction = parseAlpacaEvalAnnotations(JSON.stringify([{ output_1: 'a', output_2: 'b', preference: 2 }]));
    expect(noInstruction.orderKnown).toBe(false);
    expect(noInstruction.notes.join(' ')).toMatch(/order shown to the judge is unknown/);
    // A raw completion that says the judge preferred the first-shown answer with certainty,
    // where the rule says the opposite order.
    const instruction = 'What is some cool music from the 1920s?'; // not switched: output_1 was shown first as "m"
    const raw = { logprobs: { content: [{ top_logprobs: [{ token: 'm', logprob: 0 }, { token: 'M', logprob: -1000 }] }] } };
    const contradicted = parseAlpacaEvalAnnotations(JSON.stringify([{ instruction, output_1: 'a', output_2: 'b', preference: 2, raw_completion: raw }]));
    expect(contradicted.orderCheck.disagree).toBe(1);
    expect(contradicted.orderKnown).toBe(false);
    const confirmed = parseAlpacaEvalAnnotations(JSON.stringify([{ instruction, output_1: 'a', output_2: 'b', preference: 1, raw_completion: raw }]));
    expect(confirmed.orderCheck.agree).toBe(1);
    expect(confirmed.orderKnown).toBe(true);
  });

  it('loads through parseVerdicts and audits with an unknown order as one slot', () => {
    const parsed = parseVerdicts(readAlpacaEvalFile('FuseChat-Llama-3.2-1B-Instruct.json'));
    expect(parsed.format).toBe('alpacaeval');
    expect(parsed.orderKnown).toBe(true);
    expect(parsed.alpacaEval?.model).toBe('FuseChat-Llama-3.2-1B-Instruct');
    const unknown = auditVerdicts(parsed.rows, { bootstrapReps: 10, orderKnown: false });
    expect(Number.isNaN(unknown.phi)).toBe(true);
    expect(Number.isNaN(unknown.firstSlot)).toBe(true);
    expect(unknown.warnings[0]).toMatch(/order shown to the judge is unknown/);
    expect(unknown.checklist[0].status).toBe('warn');
  });

  it('refuses a cut-short annotations file with one clear line', () => {
    const text = readAlpacaEvalFile('bad/annotations_as_is.json');
    expect(() => parseAlpacaEvalAnnotations(text)).toThrow(/^not valid JSON: the file ends in the middle of a value/);
    const viaVerdicts = parseVerdicts(text);
    expect(viaVerdicts.rows).toEqual([]);
    expect(viaVerdicts.errors).toEqual([{ line: 1, message: expect.stringMatching(/starts a JSON array but is not valid JSON: it ends in the middle of a value/) }]);
  });
});

describe('AlpacaEval annotations cut or malformed', () => {
  it('calls every kind of cut a cut, and names other errors', async () => {
    const { parseAlpacaEvalAnnotations: parse, endsMidValue } = await import('../../../src/core/judge/alpacaEval');
    for (const cut of ['[{"preference": 1.5', '[{"preference": ', '[{"preference": 2},', '[{"instruction": "x'])
      expect(() => parse(cut), cut).toThrow('not valid JSON: the file ends in the middle of a value (is it cut short?)');
    expect(() => parse('[{"preference": 2}] x')).toThrow(/^not valid JSON \(.*position 20\)$/);
    expect(() => parse('{"preference": 2}')).toThrow('expected a JSON array of AlpacaEval annotations');
    expect(() => parse('[{"a": 1}]')).toThrow('not AlpacaEval annotations: no item has output_1, output_2 and preference');
    expect(parse('\uFEFF[]').rows).toEqual([]);
    expect(endsMidValue(new SyntaxError('Unexpected token x in JSON at position 3'), '[1, x]')).toBe(false);
    expect(endsMidValue(new SyntaxError('Unexpected token in JSON at position 6'), '[1, 2,  \n')).toBe(true);
    expect(endsMidValue('Unexpected end of JSON input', '[')).toBe(true);
  });
});
