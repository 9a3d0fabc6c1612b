// A plain static file server for the built app, as a blog's or a project page's host would be:
// files only, no COOP/COEP headers, 404 for anything missing. It logs every path it was asked for.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export const DIST = path.resolve('dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.csv': 'text/csv; charset=utf-8',
  '.png': 'image/png',
};

export interface StaticHost {
  server: http.Server;
  /** Every path the host was asked for: the server's own network log. */
  log: string[];
}

/**
 * Serves `routes` (URL prefix → folder, longest prefix first; null: not published, 404) and
 * everything else from dist/ (or `opts.dist`).
 */
export function staticHost(routes: Record<string, string | null> = {}, opts: { dist?: string; cors?: boolean } = {}): StaticHost {
  const dist = path.resolve(opts.dist ?? DIST);
  const log: string[] = [];
  const prefixes = Object.keys(routes).sort((a, b) => b.length - a.length);
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    log.push(url);
    const prefix = prefixes.find((p) => url.startsWith(p));
    const routed = prefix === undefined ? dist : routes[prefix];
    const root = routed === null ? null : path.resolve(routed);
    const file = root === null ? '' : path.resolve(root, prefix === undefined ? (url === '/' ? 'index.html' : url.slice(1)) : url.slice(prefix.length));
    if (root === null || !file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    // `cors`: as GitHub Pages and most CDNs answer, so that another origin's page may load the app's module scripts.
    const cors = opts.cors ? { 'Access-Control-Allow-Origin': '*' } : {};
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Content-Length': fs.statSync(file).size, ...cors });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  return { server, log };
}

export async function listen(s: http.Server): Promise<string> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}
