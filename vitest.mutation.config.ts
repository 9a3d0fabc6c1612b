import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import path from 'node:path';

/**
 * Shortest test files first (by the last recorded duration; unknown ones first). Stryker stops a
 * mutant's run at its first failing test, so a killed mutant costs only the files before the one
 * that kills it: vitest's default order (longest first) made every judge mutant wait for the
 * Monte Carlo and AlpacaEval files.
 */
class ShortestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const duration = (f: TestSpecification) => {
      const key = `${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`;
      return cache.getFileTestResults(key)?.duration ?? -1;
    };
    return [...files].sort((a, b) => duration(a) - duration(b));
  }
}

// The tests StrykerJS runs against each mutant of src/core: the pure unit tests only (no model,
// no browser), so that a mutant is judged in milliseconds.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/core/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: ShortestFirst },
  },
});
