// A plain static host on loopback for the test models: it answers a path inside the models folder
// with the file (HEAD with its headers alone), anything else with 404, and ignores Range requests,
// as plain static hosts do. Every request is logged as "METHOD /path".
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { MODELS_DIR } from '../paths';

export interface ModelsHost {
  /** "METHOD /path" of every request, in order. */
  asked: string[];
  /** http://127.0.0.1:PORT once listening. */
  base(): string;
  listen(): Promise<void>;
  close(): void;
}

/** `route(url)`: the file under MODELS_DIR a URL names (a path relative to it), a body to send as JSON, or null for 404. */
export function modelsHost(route: (url: string) => { file: string } | { json: unknown } | null): ModelsHost {
  const asked: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    asked.push(`${req.method} ${url}`);
    const r = route(url);
    if (r && 'json' in r) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(r.json));
      return;
    }
    const file = r ? path.resolve(MODELS_DIR, r.file) : '';
    if (!r || !file.startsWith(path.resolve(MODELS_DIR) + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': fs.statSync(file).size, 'Access-Control-Allow-Origin': '*' });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  return {
    asked,
    base: () => base,
    listen: () =>
      new Promise<void>((r) =>
        server.listen(0, '127.0.0.1', () => {
          base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          r();
        }),
      ),
    close: () => server.close(),
  };
}
