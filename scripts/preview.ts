// Shared by the browser measurement scripts: build the app when dist/ lacks it, serve dist/ with
// `vite preview` on a free port, and open pages in Debian's headless Chromium.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { preview, type PreviewServer } from 'vite';

export function ensureBuilt(log: (s: string) => void): void {
  if (fs.existsSync('dist/diagnostics.html')) return;
  log('dist/ is missing: npm run build ...');
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
