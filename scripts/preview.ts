// Shared by the browser measurement scripts: build the app when dist/ is missing or stale, serve dist/ with
// `vite preview` on a free port, and open pages in Debian's headless Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { preview, type PreviewServer } from 'vite';

/** Newest modification time of any file under `dir`. */
function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Build the app when dist/ is missing or older than the sources. */
export function ensureBuilt(log: (s: string) => void): void {
  const built = 'dist/diagnostics.html';
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest('src')) return;
  log(fs.existsSync(built) ? 'dist/ is older than src/: npm run build ...' : 'dist/ is missing: npm run build ...');
  const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build failed');
}

export async function startPreview(): Promise<{ url: string; server: PreviewServer }> {
  const server = await preview({ preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server did not report a URL');
  return { url: url.replace(/\/$/, ''), server };
}

/** `--name value` flags of a script. */
export function flags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) {
      const next = argv[i + 1];
      out[argv[i].slice(2)] = next !== undefined && !next.startsWith('--') ? argv[++i] : 'true';
    }
  }
  return out;
}
