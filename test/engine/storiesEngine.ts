// The real stories260K model loaded once per test file (fp32), with a scorer that fills in the
// default options: the setup the engine's behaviour tests share.
import { beforeAll } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../src/engine/node';
import type { Engine } from '../../src/engine/engine';
import { DEFAULT_SCORE_OPTIONS, type ItemScore, type ScoreOptions } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';

export const STORIES = { kind: 'path' as const, path: path.join(MODELS_DIR, 'stories260K') };

export function useStoriesEngine(): {
  engine: () => Engine;
  score: (context: string, candidates: string[], options?: Partial<ScoreOptions>) => Promise<ItemScore>;
} {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await createNodeEngine(STORIES, 'fp32');
  });
  const loaded = () => {
    if (!engine) throw new Error('stories260K is not loaded yet');
    return engine;
  };
  return {
    engine: loaded,
    score: (context, candidates, options = {}) => loaded().score({ context, candidates, options: { ...DEFAULT_SCORE_OPTIONS, ...options } }),
  };
}
