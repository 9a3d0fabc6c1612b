// The embedded default model: `--model stories260K` names the copy inside the package (a folder of
// that name where the CLI runs comes first; a hub id is tried only for "org/name"), and that copy
// is the shared stories260K byte for byte, with its licence.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_MODELS, embeddedModelDir, modelSourceFromArg, packageRoot, packageVersion } from '../../src/engine/nodeFace';
import { MODELS_DIR } from '../paths';

const root = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe('the embedded model', () => {
  it('the package root is this checkout, with its version', () => {
    expect(packageRoot()).toBe(root);
    expect(packageVersion()).toBe((JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version);
  });
  it('a bare name resolves to the embedded copy; a folder of that name wins; org/name is a hub id', () => {
    expect(EMBEDDED_MODELS).toEqual(['stories260K']);
    expect(modelSourceFromArg('stories260K', () => false)).toEqual({ kind: 'path', path: path.join(root, 'models', 'stories260K') });
    expect(modelSourceFromArg('stories260K', (p) => p === 'stories260K')).toEqual({ kind: 'path', path: path.resolve('stories260K') });
    expect(modelSourceFromArg('org/stories260K', () => false)).toEqual({ kind: 'hub', id: 'org/stories260K' });
    expect(embeddedModelDir('bench-llama-6M')).toBeNull();
    expect(() => modelSourceFromArg('stories260k', () => false)).toThrow(/neither a folder nor a hub id .*embedded models: stories260K/);
  });
  it('is the shared stories260K, byte for byte, with its MIT licence', () => {
    const embedded = path.join(root, 'models', 'stories260K');
    const shared = path.join(MODELS_DIR, 'stories260K');
    expect(filesUnder(embedded)).toEqual(filesUnder(shared));
    for (const f of filesUnder(shared)) expect(fs.readFileSync(path.join(embedded, f)).equals(fs.readFileSync(path.join(shared, f))), f).toBe(true);
    expect(fs.readFileSync(path.join(embedded, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });
});
