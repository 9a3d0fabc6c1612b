// The CLI as a package: `npm pack` on this checkout, the tarball installed into an empty project
// with --omit=dev, and the installed `npx lengthlens` (compiled JavaScript, no TypeScript runner in
// its tree) printing exactly what the checkout's CLI prints, on a model folder and on the embedded
// stories260K named by its bare name.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../paths';
import { runCli } from './run';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };

let work: string;
let project: string;
let tarball: string;

function run(cmd: string, args: string[], opts: SpawnSyncOptions): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 240_000, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}: ${String(r.stderr).slice(-2000)}`);
  return String(r.stdout);
}

/** The installed CLI, run from the project folder as a user would. */
function npx(args: string[]) {
  const r = spawnSync('npx', ['--no-install', 'lengthlens', ...args], { cwd: project, encoding: 'utf8', timeout: 120_000, env: { ...process.env, MODELS_DIR: undefined } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-pack-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], { cwd: root })) as { filename: string; size: number; files: { path: string }[] }[];
  tarball = path.join(work, packed[0].filename);
  project = path.join(work, 'project');
  fs.mkdirSync(project);
  // An empty project, as a user's would be. Its allowScripts keeps npm 11 quiet about the
  // dependencies' install scripts; ONNXRUNTIME_NODE_INSTALL=skip does it on an npm that runs them.
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'uses-lengthlens', version: '1.0.0', private: true, allowScripts: { 'onnxruntime-node': false, protobufjs: false } }));
  run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project, env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' } });
}, 300_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the packed CLI', () => {
  it('the tarball holds only what the CLI needs, and is small', () => {
    const listing = run('tar', ['-tzf', tarball], { cwd: work }).trim().split('\n').map((f) => f.replace(/^package\//, ''));
    const tops = [...new Set(listing.map((f) => f.split('/')[0]))].sort();
    expect(tops).toEqual(['LICENSE', 'README.md', 'bin', 'dist-cli', 'models', 'package.json']);
    expect(listing.some((f) => f.endsWith('.ts'))).toBe(false);
    expect(listing).toContain('models/stories260K/LICENSE');
    expect(listing).toContain('dist-cli/main.mjs');
    expect(fs.statSync(tarball).size).toBeLessThan(3 * 1024 * 1024);
  });

  it('installs with --omit=dev and no TypeScript runner, and only the CLI dependencies', () => {
    const modules = path.join(project, 'node_modules');
    expect(fs.existsSync(path.join(modules, 'lengthlens', 'dist-cli', 'main.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(modules, 'lengthlens', 'src'))).toBe(false);
    for (const absent of ['tsx', 'typescript', 'esbuild', 'vite', 'react']) expect(fs.existsSync(path.join(modules, absent)), absent).toBe(false);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@huggingface/jinja', '@huggingface/transformers', 'comlink', 'hyparquet', 'js-yaml', 'papaparse']);
  });

  it('npx lengthlens --version prints the package version', () => {
    const r = npx(['--version']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`lengthlens ${pkg.version}\n`);
    expect(runCli(['--version']).stdout).toBe(r.stdout);
  });

  const ITEM = ['--context', 'The dog ran to the', '--candidate', ' park', '--candidate', ' par', '--candidate', ' big red ball.', '--json'];
  it('score on a model folder prints exactly what the checkout prints', () => {
    const installed = npx(['score', '--model', path.join(MODELS_DIR, 'stories260K'), ...ITEM]);
    const checkout = runCli(['score', '--model', path.join(MODELS_DIR, 'stories260K'), ...ITEM]);
    expect(installed.code, installed.stderr).toBe(0);
    expect(checkout.code, checkout.stderr).toBe(0);
    expect(installed.stdout).toBe(checkout.stdout);
    // And it is a real score: the sum of " park" (BOS-conditioned fp32), to float32 precision.
    const park = (JSON.parse(installed.stdout) as { items: { candidates: { sum_logprob: number }[] }[] }).items[0].candidates[0];
    expect(park.sum_logprob).toBeCloseTo(-1.0689, 3);
  });

  it('a bare stories260K is the embedded copy, in the installed package and in the checkout', () => {
    const installed = npx(['score', '--model', 'stories260K', ...ITEM]);
    expect(installed.code, installed.stderr).toBe(0);
    const folder = npx(['score', '--model', path.join(MODELS_DIR, 'stories260K'), ...ITEM]);
    // Only the model's name differs between a folder and the embedded copy of the same files.
    const strip = (s: string) => ({ ...(JSON.parse(s) as Record<string, unknown>), model: null });
    expect(strip(installed.stdout)).toEqual(strip(folder.stdout));
    expect(runCli(['score', '--model', 'stories260K', ...ITEM]).stdout).toBe(installed.stdout);
  });
});
