// Serves one file as the hub does: 404 for a missing one, Range requests answered with 206, and
// HEAD with the headers only. Shared by the tests that serve a models folder in the hub's layout.
import fs from 'node:fs';
import type http from 'node:http';

export function serveFile(req: http.IncomingMessage, res: http.ServerResponse, file: string | null): void {
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end('Entry not found');
  const size = fs.statSync(file).size;
  const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
  if (range) {
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': end - start + 1 });
    if (req.method === 'HEAD') return void res.end();
    return void fs.createReadStream(file, { start, end }).pipe(res);
  }
  res.writeHead(200, { 'Content-Length': size });
  if (req.method === 'HEAD') return void res.end();
  fs.createReadStream(file).pipe(res);
}
