import { describe, expect, it } from 'vitest';
import { generateSampleVerdicts } from '../../../src/core/judge/sample';

// The sample verdict file, generated again by an independent Python implementation
// (test/fixtures/make/judge_sample_expected.py, on the rng of judge_rng_expected.py): every
// category draw, correlated length, tie, human label and single-order prompt must agree exactly.

describe('sample verdicts, pinned against Python', () => {
  it('with correlated lengths, a strong verbosity bias, single orders and human labels', () => {
    const text = generateSampleVerdicts({ prompts: 12, judge: { rho: 0.6, seed: 5, s: 1.2, b: 0.3, lambda: 1.5 }, singleOrder: 0.3, humanLabelled: 0.5 });
    expect(text).toBe("prompt_id,a_first,verdict,len_a,len_b,category,human\np0001,1,A,680,503,reasoning,\np0002,1,A,3411,638,extraction,\np0002,0,A,3411,638,extraction,\np0003,1,B,1458,651,coding,A\np0003,0,A,1458,651,coding,A\np0004,1,A,20862,1342,coding,A\np0004,0,A,20862,1342,coding,A\np0005,1,B,183,576,reasoning,\np0005,0,B,183,576,reasoning,\np0006,1,A,6139,1396,writing,\np0007,0,B,1150,1335,coding,B\np0007,1,tie,1150,1335,coding,B\np0008,1,A,1877,816,coding,\np0008,0,A,1877,816,coding,\np0009,0,B,284,736,math,B\np0010,1,A,3256,345,extraction,A\np0010,0,A,3256,345,extraction,A\np0011,0,B,97,1143,reasoning,B\np0012,0,A,2147,1191,math,A\np0012,1,A,2147,1191,math,A\n");
  });

  it('with a negative correlation, half the prompts in one order and every prompt labelled', () => {
    const text = generateSampleVerdicts({ prompts: 6, judge: { rho: -0.8, m: -0.5, seed: 11 }, singleOrder: 0.5, humanLabelled: 1 });
    expect(text).toBe("prompt_id,a_first,verdict,len_a,len_b,category,human\np0001,0,B,203,782,math,A\np0002,0,A,392,767,extraction,A\np0003,1,A,617,1517,reasoning,A\np0003,0,A,617,1517,reasoning,A\np0004,1,A,615,2065,writing,A\np0004,0,A,615,2065,writing,A\np0005,0,B,361,457,extraction,B\np0006,0,B,213,310,extraction,B\np0006,1,B,213,310,extraction,B\n");
  });

  it('at the defaults (4% single-order prompts, 20% labelled)', () => {
    expect(generateSampleVerdicts({ prompts: 8 })).toBe("prompt_id,a_first,verdict,len_a,len_b,category,human\np0001,0,A,723,1196,math,\np0001,1,B,723,1196,math,\np0002,0,B,1202,859,reasoning,\np0002,1,tie,1202,859,reasoning,\np0003,0,A,1820,663,coding,\np0004,0,A,2887,1956,coding,\np0004,1,B,2887,1956,coding,\np0005,0,tie,5827,2276,writing,\np0005,1,B,5827,2276,writing,\np0006,0,B,1665,2052,coding,\np0006,1,B,1665,2052,coding,\np0007,0,B,1339,574,math,\np0008,1,A,260,294,math,\np0008,0,B,260,294,math,\n");
  });

  it('keeps A at 10 characters at least when A is made very short', () => {
    const text = generateSampleVerdicts({ prompts: 4, judge: { m: -6, seed: 2 }, singleOrder: 0, humanLabelled: 0 });
    expect(text).toBe("prompt_id,a_first,verdict,len_a,len_b,category,human\np0001,0,B,10,357,reasoning,\np0001,1,B,10,357,reasoning,\np0002,0,B,10,1194,coding,\np0002,1,B,10,1194,coding,\np0003,0,B,10,3233,coding,\np0003,1,B,10,3233,coding,\np0004,1,B,10,1163,coding,\np0004,0,B,10,1163,coding,\n");
  });
});
