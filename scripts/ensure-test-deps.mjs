#!/usr/bin/env node
// Makes sure of everything the test suite uses outside node_modules, before any test runs:
// Debian's Chromium (never a downloaded browser) and the fonts the screenshots need, Debian's
// python3 with onnx and numpy (it generates the export-style fixtures), and the folder of test
// models and reference data. What is missing is installed when we may (root with apt-get);
// otherwise the run stops at once with one line naming exactly what to install.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const python = process.env.LENGTHLENS_PYTHON ?? '/usr/bin/python3';

function pythonHasOnnx() {
  try {
    execFileSync(python, ['-c', 'import onnx, numpy'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Each system dependency: whether it is there, and the Debian packages that bring it. */
const deps = [
  { what: `Chromium at ${chromium}`, present: () => fs.existsSync(chromium), packages: ['chromium', 'fonts-dejavu-core'], custom: Boolean(process.env.CHROMIUM_PATH) },
  { what: 'the CJK font of the lesson screenshots', present: () => fs.existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'), packages: ['fonts-wqy-microhei'], custom: false },
  { what: `${python} with onnx and numpy`, present: pythonHasOnnx, packages: ['python3', 'python3-onnx', 'python3-numpy'], custom: Boolean(process.env.LENGTHLENS_PYTHON) },
];

const missing = deps.filter((d) => !d.present());
if (missing.length > 0) {
  const packages = [...new Set(missing.flatMap((d) => d.packages))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const canInstall = isRoot && fs.existsSync('/usr/bin/apt-get') && !missing.some((d) => d.custom);
  if (!canInstall) {
    console.error(`The tests need ${missing.map((d) => d.what).join(', ')}: install Debian's packages (sudo apt-get install -y ${packages.join(' ')}).`);
    process.exit(1);
  }
  console.log(`Installing what the tests need (${packages.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`apt-get update -qq && apt-get install -y -qq ${packages.join(' ')} >/dev/null`, { stdio: 'inherit', env });
  const still = missing.filter((d) => !d.present());
  if (still.length > 0) {
    console.error(`Installed ${packages.join(' ')}, but the tests still lack ${still.map((d) => d.what).join(', ')}.`);
    process.exit(1);
  }
}

// The test models and reference data are read where they are, never copied into the repository.
const modelsDir = path.resolve(process.env.MODELS_DIR ?? path.join(root, '../shared/models'));
const referenceDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '../shared/reference'));
/** `dir` itself when it is absent, else those of its `parts` that are. */
const absent = (dir, parts) => (fs.existsSync(dir) ? parts.map((p) => path.join(dir, p)).filter((p) => !fs.existsSync(p)) : [dir]);
const lacking = [
  ...absent(modelsDir, ['stories260K', 'bench-llama-6M', 'tiny-llama-plain', 'tiny-llama-gqa', 'tiny-llama-gqa-pos', 'tokenizers', 'reference']),
  ...absent(referenceDir, ['realdata', 'alpacaeval']),
];
if (lacking.length > 0) {
  console.error(
    `The tests read the test models and reference data from a shared folder beside the repository (or MODELS_DIR and DATA_DIR), and ${lacking.length === 1 ? 'this is' : 'these are'} missing: ${lacking.join(', ')}. The app and the CLI run without it (npm run dev).`,
  );
  process.exit(1);
}
