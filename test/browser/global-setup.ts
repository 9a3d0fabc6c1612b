// Serves the built app (dist/) with `vite preview` for the browser tests. `npm test` builds first;
// run `npm run build` yourself before `npm run test:browser`.
import fs from 'node:fs';
import { preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;

export async function setup(): Promise<void> {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first');
  server = await preview({ preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const address = server.resolvedUrls?.local[0];
  if (!address) throw new Error('preview server did not report a URL');
  process.env.LENGTHLENS_BASE_URL = address.replace(/\/$/, '');
}

export async function teardown(): Promise<void> {
  await server?.close();
}
