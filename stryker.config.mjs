// Mutation testing of the pure core (`npm run test:mutation`): StrykerJS mutates src/core and
// runs only the unit tests of test/core (vitest.mutation.config.ts) against each mutant, per-test
// coverage deciding which tests a mutant can affect. Results: reports/mutation/ (HTML + JSON);
// the summary and the surviving mutants judged equivalent are in docs/testing.md.
import path from 'node:path';

// Tests find the shared models through MODELS_DIR and the reference data through DATA_DIR
// (test/paths.ts); Stryker runs them from a sandbox copy of the repository one folder deeper, where
// the default ../shared paths do not resolve (a test file that cannot read its data leaves its
// mutants uncovered).
process.env.MODELS_DIR ??= path.resolve('../shared/models');
process.env.DATA_DIR ??= path.resolve('../shared/reference');
// Skips the handful of judge tests that run AlpacaEval-size audits or hundreds of Monte Carlo
// replications (test/core/judge/mutationRun.ts): seconds to minutes per mutant under
// instrumentation. Their mutants are judged by the small pinned tests; `npm test` runs them all.
process.env.LENGTHLENS_MUTATION ??= '1';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: ['src/core/**/*.ts', '!src/core/tasks/samples/**'],
  coverageAnalysis: 'perTest',
  // Regex mutants are left out: weapon-regex turns \v into \V, which is a syntax error under the
  // u flag and so breaks the whole instrumented module instead of one mutant.
  mutator: { excludedMutations: ['Regex'] },
  // The scope can be narrowed from the command line: npm run test:mutation -- --mutate 'src/core/bpb/**/*.ts'
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  // A static mutant (a module-level constant) needs every test rerun: on a small machine that is
  // most of the run's time for few mutants, so they are left out (Stryker reports them ignored).
  ignoreStatic: true,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
