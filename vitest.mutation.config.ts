import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant of src/core: the pure unit tests only (no model,
// no browser), so that a mutant is judged in milliseconds.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/core/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
