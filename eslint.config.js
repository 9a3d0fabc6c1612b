// Lint: the layer rule (core ← engine ← state ← ui; the CLI uses core and the engine), plus the
// recommended rules the tree passes. Each layer's forbidden imports are listed once, in LAYERS.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const up = '^(\\.\\./)+'; // a relative path that climbs out of the importing file's folder

/** Imports each layer must not make, as regexes over the import path, with the reason. */
const LAYERS = {
  core: [
    { regex: `${up}(engine|state|ui|cli)(/|$)`, message: 'src/core is pure: it imports nothing of engine, state, ui or cli.' },
    { regex: '^@huggingface/transformers$', message: 'src/core is pure: transformers.js belongs to src/engine.' },
  ],
  engine: [{ regex: `${up}(state|ui|cli)(/|$)`, message: 'src/engine must not import state, ui or cli.' }],
  state: [
    { regex: `${up}(ui|cli)(/|$)`, message: 'src/state must not import ui or cli.' },
    { regex: `${up}engine/`, message: "Import the engine through its face: '../engine' (src/engine/index.ts)." },
  ],
  ui: [
    { regex: `${up}(engine|cli)(/|$)`, message: 'src/ui must not import the engine or the CLI: go through src/state (src/state/engine.ts re-exports what the UI needs).' },
  ],
  cli: [
    { regex: `${up}(state|ui)(/|$)`, message: 'src/cli must not import state or ui.' },
    { regex: `${up}engine/(?!nodeFace$)`, message: "Import the engine through its Node face: '../../engine/nodeFace' (or '../../engine')." },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'reports/**', '.stryker-tmp/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Recommended rules the tree does not pass yet (a handful of findings each): off until fixed.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-loss-of-precision': 'off',
      'no-control-regex': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...Object.entries(LAYERS).map(([layer, patterns]) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
);
