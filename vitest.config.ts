import { defineConfig } from 'vitest/config';

// Unit and engine tests: Node, real models through onnxruntime-node. Two projects: `fast` (the inner
// loop, `npm run test:fast`: no browser, no model larger than the embedded stories260K, no packing or
// long CLI runs) and `slow` (the rest). `vitest run` (what `npm test` runs) runs both.

/** Test files the fast loop leaves out, each for the reason beside it. */
export const SLOW_TESTS = [
  // npm pack and an install of the tarball into a scratch folder.
  'test/cli/package.test.ts',
  // Generated or shared models beyond stories260K (tiny Llama export styles, bench-llama-6M, q4/q8 pairs).
  'test/engine/exportStyles.test.ts',
  'test/engine/fp32Agreement.test.ts',
  'test/engine/gqa-plan.test.ts',
  'test/engine/graph-plan.test.ts',
  'test/engine/prefixReuse.test.ts',
  'test/engine/passBudget.test.ts',
  'test/engine/passCost.test.ts',
  'test/engine/memoryLimit.test.ts',
  'test/engine/hubMetadata.test.ts',
  'test/engine/outputRelease.test.ts',
  'test/engine/fastBpe.test.ts',
  'test/engine/dynamic-quant.test.ts',
  // llama.cpp (installed on demand into peers/) against the engine on two models.
  'test/engine/bench-peers.test.ts',
  'test/cli/scoreCompare.test.ts',
  'test/cli/score-styles.test.ts',
  'test/cli/bench-dtypes.test.ts',
  // Many CLI processes or thousands of streamed items: minutes on two cores.
  'test/cli/scoreStream.test.ts',
  'test/cli/score.test.ts',
  'test/cli/judge.test.ts',
  'test/cli/scoreLengths.test.ts',
  'test/engine/wordFinal.test.ts',
  'test/engine/hostile-inputs.test.ts',
];

const shared = {
  environment: 'node' as const,
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: ['test/browser/**', 'node_modules/**', ...SLOW_TESTS] },
      },
      {
        extends: true,
        test: { name: 'slow', include: SLOW_TESTS },
      },
    ],
  },
});
