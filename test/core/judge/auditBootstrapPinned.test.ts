import { describe, expect, it } from 'vitest';
import { auditVerdicts } from '../../../src/core/judge/audit';
import { parseVerdicts } from '../../../src/core/judge/verdicts';
import { generateSampleVerdicts } from '../../../src/core/judge/sample';

// The audit's intervals for a fixed seed, recorded before the bootstrap fitted only the rows of
// the drawn prompts (a speed-up that must not move a single bit): 120 sample prompts in five
// categories, 200 replicates, seed 5. One category's LC drops 11 separated resamples, so the
// degenerate-fit path is pinned too.
const rows = parseVerdicts(generateSampleVerdicts({ prompts: 120 })).rows;

const pinned = {
  'log-ratio': {
    lc: { estimate: 0.5207108589154108, lo: 0.4218252529906849, hi: 0.6064531618907076, dropped: 0 },
    categories: [
      { estimate: 0.2880149190184556, lo: 0.029957914589843537, hi: 0.5410398033441073, dropped: 0 },
      { estimate: 0.45305505372134036, lo: 0.27716347128522406, hi: 0.6282882182722577, dropped: 0 },
      { estimate: 0.551729589734711, lo: 0.3568485291933374, hi: 0.7494954363764745, dropped: 0 },
      { estimate: 0.5955491463198445, lo: 0.41411298960090936, hi: 0.8201498032638672, dropped: 0 },
      { estimate: 0.5786483310110024, lo: 0.3408713463343531, hi: 0.9631402517165067, dropped: 11 },
    ],
  },
  'char-difference': {
    lc: { estimate: 0.512897570638949, lo: 0.429942271376856, hi: 0.5888156509572265, dropped: 0 },
    categories: [
      { estimate: 0.3653414312011907, lo: 0.0384300531719778, hi: 0.5925055635503546, dropped: 0 },
      { estimate: 0.4624542989919374, lo: 0.3052971803728751, hi: 0.6383907722137514, dropped: 0 },
      { estimate: 0.5669073280193689, lo: 0.3758145580827111, hi: 0.7577712056092644, dropped: 0 },
      { estimate: 0.5770212526562115, lo: 0.42149096766401195, hi: 0.7833731631883273, dropped: 0 },
      { estimate: 0.5709807149222111, lo: 0.2869487465267031, hi: 0.882261174834174, dropped: 0 },
    ],
  },
} as const;

describe('audit bootstrap for a fixed seed', () => {
  it.each(['log-ratio', 'char-difference'] as const)('gives bit-identical intervals (%s)', (kind) => {
    const r = auditVerdicts(rows, { bootstrapReps: 200, seed: 5, lengthFeature: kind });
    expect(r.estimates.raw).toEqual({ estimate: 0.5536480686695279, lo: 0.48712029105646126, hi: 0.6303699712643678, dropped: 0 });
    expect(r.estimates.swap).toEqual({ estimate: 0.5486725663716814, lo: 0.4804171562867215, hi: 0.6207794877819549, dropped: 0 });
    expect(r.estimates.lc).toEqual(pinned[kind].lc);
    expect(r.categories.map((c) => c.estimates.lc)).toEqual(pinned[kind].categories);
  });
});
