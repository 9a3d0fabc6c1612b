// What wllama 3.x (llama.cpp in WebAssembly) gives a scorer in headless Chromium, on the benchmark's
// GGUF file. Written for 3.13.0 (its asset layout, esm/wasm/); scripts/install-peers.mjs now pins
// 2.4.0, whose low-level calls scripts/wllama-peer.ts scores with. Usage:
//   npx tsx scripts/wllama-probe.ts [--gguf bench-models/gguf/bench-llama-6M-f32.gguf]
// Serves wllama's own files from peers/ (nothing from a CDN) and the GGUF from a local server,
// loads the model on one thread with a float32 cache, and prints the outcome of three completion
// requests: plain text, text asking for the next token's probabilities, and a prompt of token ids.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { launchChromium } from '../test/browser/chromium';
import { PEERS_DIR } from '../src/engine/bench/peers';
import { flags } from './preview';

const args = flags(process.argv.slice(2));
const gguf = path.resolve(args.gguf ?? 'bench-models/gguf/bench-llama-6M-f32.gguf');
const wllamaDir = path.resolve(PEERS_DIR, 'node_modules', '@wllama', 'wllama');

const PAGE = `<!doctype html><meta charset="utf-8"><pre id="out">running</pre>
<script type="module">
import { Wllama } from '/wllama/esm/index.js';
const wasm = '/wllama/esm/wasm/wllama.wasm';
const requests = {
  'text': { prompt: 'Lily saw a big red ball', max_tokens: 1 },
  'text, n_probs 5': { prompt: 'Lily saw a big red ball', max_tokens: 1, n_probs: 5 },
  'token ids': { prompt: [1, 300, 301, 302], max_tokens: 1 },
};
const result = {};
try {
  const w = new Wllama({ default: wasm, 'single-thread/wllama.wasm': wasm }, { suppressNativeLog: true });
  const blob = await (await fetch('/model.gguf')).blob();
  await w.loadModel([blob], { n_ctx: 512, n_batch: 512, n_threads: 1, cache_type_k: 'f32', cache_type_v: 'f32', flash_attn: false });
  for (const [name, req] of Object.entries(requests)) {
    try {
      const r = await w.createCompletion(req);
      result[name] = 'ok: ' + JSON.stringify(r.choices[0]).slice(0, 300);
    } catch (e) {
      result[name] = 'failed: ' + String(e && e.message || e).split('\\n')[0];
    }
  }
} catch (e) {
  result.load = 'failed: ' + String(e && e.message || e).split('\\n')[0];
}
document.getElementById('out').textContent = JSON.stringify(result, null, 2);
</script>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(wllamaDir, 'esm', 'index.js'))) throw new Error('@wllama/wllama is not installed in peers/: run `node scripts/install-peers.mjs`');
  if (!fs.existsSync(gguf)) throw new Error(`no GGUF file at ${gguf} (npm run bench writes it on first use)`);
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = url === '/model.gguf' ? gguf : url.startsWith('/wllama/') ? path.join(wllamaDir, path.normalize(url.slice('/wllama/'.length))) : null;
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE);
    } else if (file && file.startsWith(wllamaDir) || file === gguf) {
      if (!fs.existsSync(file!)) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file!)] ?? 'application/octet-stream' });
      fs.createReadStream(file!).pipe(res);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.locator('#out').filter({ hasNotText: 'running' }).waitFor({ timeout: 300_000 });
    process.stdout.write(`${path.basename(gguf)} in wllama, Chromium ${browser.version()}:\n${await page.locator('#out').textContent()}\n`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`wllama-probe: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
