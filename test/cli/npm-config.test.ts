// Issue 12 (defect 22): `npx lengthlens` prints no npm warning, and onnxruntime-node's install
// script (a CUDA download from NuGet on linux/x64) stays skipped without an .npmrc key npm warns about.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

describe('npm configuration', () => {
  it('npm exec lengthlens --help writes nothing to stderr', () => {
    const r = spawnSync('npm', ['exec', '--offline', '--', 'lengthlens', '--help'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^lengthlens: /);
  });
  it("onnxruntime-node's install script is denied in package.json, and .npmrc has only keys npm knows", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
    const keys = readFileSync(path.join(root, '.npmrc'), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('=')[0].trim());
    expect(keys.every((k) => ['fund', 'audit'].includes(k))).toBe(true);
  });
});
