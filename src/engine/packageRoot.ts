// The lengthlens package's own folder, found from this module's place on disk: src/engine/ in a
// checkout, the compiled CLI's folder in an installed package. Node only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageManifest {
  name: string;
  version: string;
}

function readManifest(file: string): PackageManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PackageManifest>;
    return m.name === 'lengthlens' && typeof m.version === 'string' ? { name: m.name, version: m.version } : null;
  } catch {
    return null; // Absent, unreadable or another package's: keep looking above it.
  }
}

let found: { dir: string; manifest: PackageManifest } | undefined;

function locate(): { dir: string; manifest: PackageManifest } {
  if (found) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = readManifest(path.join(dir, 'package.json'));
    if (manifest) return (found = { dir, manifest });
    const up = path.dirname(dir);
    if (up === dir) throw new Error('the lengthlens package folder (the one with its package.json) could not be found');
    dir = up;
  }
}

/** The nearest folder above this module whose package.json is lengthlens's. */
export function packageRoot(): string {
  return locate().dir;
}

/** The package's version, as its package.json says. */
export function packageVersion(): string {
  return locate().manifest.version;
}
