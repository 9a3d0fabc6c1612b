// Two compared models are named by what tells them apart, never by letters that read as candidates.
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../src/ui/scorer/format';

describe('compareNames', () => {
  it('names a dtype comparison by dtype and a model comparison by model', () => {
    expect(compareNames('stories260K fp32', 'stories260K q4')).toEqual(['fp32', 'q4']);
    expect(compareNames('stories260K fp32', 'tiny-llama-plain fp32')).toEqual(['stories260K', 'tiny-llama-plain']);
    expect(compareNames('HuggingFaceTB/SmolLM2-135M q4', 'stories260K q4')).toEqual(['SmolLM2-135M', 'stories260K']);
    // Same name under two owners: the owner is what tells them apart.
    expect(compareNames('a/model q4', 'b/model q4')).toEqual(['a/model', 'b/model']);
  });

  it('falls back to first and second where no word tells them apart', () => {
    expect(compareNames('stories260K fp32', 'stories260K fp32')).toEqual(['first', 'second']);
    expect(compareNames('tiny-llama-plain fp32', 'tiny-llama-plain fp32 with its chat template')).toEqual(['first', 'second']);
    for (const [a, b] of [['x q4', 'y q8'], ['A', 'B']]) for (const n of compareNames(a, b)) expect(n).not.toMatch(/^[A-D]$/);
  });
});
