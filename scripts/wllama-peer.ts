// wllama 2.4.0 (llama.cpp in WebAssembly, installed into peers/ by scripts/install-peers.mjs) as the
// benchmark's browser peer: in a headless Chromium page it loads the same GGUF file the Node peers
// use, on one thread with a float32 KV cache and no flash attention, and scores lengthlens's planned
// token ids the kv way, as llama.cpp's HellaSwag scorer does (on `threads` threads: more than one
// needs the multi-thread build, which needs a cross-origin isolated page, so the page is served
// with COOP/COEP headers): the shared context decoded once (its
// last distribution kept), then for each choice, for each of its tokens, p(token) read at the
// current position with getLogits(-1) and the token decoded; the choice's tokens are then removed
// from the cache. Used by scripts/bench-browser.ts (`--peer-inputs`); on its own:
//   npx tsx scripts/wllama-peer.ts --inputs FILE [--rounds 3] [--chunk 10] [--threads 1]
// where FILE is what `lengthlens bench` hands the browser half (a list of PeerInputs with `gguf`).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium';
import { maxAbsDiff, PEERS_DIR, type PeerInputs } from '../src/engine/bench/peers';
import type { PeerRow } from '../src/engine/bench/report';
import { flags } from './preview';

export const WLLAMA_VERSION = '2.4.0';
export const WLLAMA_DIR = path.resolve(PEERS_DIR, 'node_modules', '@wllama', 'wllama');

/** What the browser half gets from the Node half for one dtype: lengthlens's inputs and the GGUF file. */
export type WllamaPeerInput = PeerInputs & { gguf: string };

/** wllama 2.4.0 in peers/, or null with the reason. */
export function wllamaMissing(): string | null {
  const pkg = path.join(WLLAMA_DIR, 'package.json');
  if (!fs.existsSync(pkg)) return '@wllama/wllama is not installed in peers/: run `node scripts/install-peers.mjs`';
  const v = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  return v === WLLAMA_VERSION ? null : `peers/ has @wllama/wllama ${v}, the browser peer needs ${WLLAMA_VERSION} (3.x has no decode/getLogits API): run \`node scripts/install-peers.mjs\``;
}

interface PageResult {
  /** The threads wllama runs on, as it reports them after the load (isMultithread, getNumThreads). */
  threads: number;
  multithread: boolean;
  /** Per-token log-probs; a value that was not finite in the page is null (JSON has no NaN or Infinity). */
  logprobs: Array<Array<Array<number | null>>>;
  /** Fastest time (ms) of each chunk, per way. */
  best: Record<'kv' | 'kv-decode-only', number[]>;
  error?: string;
}

// Runs in the page. `read`: read each scored position's whole distribution (scoring) or no output
// at all (the forward passes alone). The context's distribution is kept, as the cache is rewound
// to it for every choice and its logits would otherwise be gone.
const PAGE = `<!doctype html><meta charset="utf-8"><pre id="out">running</pre>
<script type="module">
import { Wllama } from '/wllama/esm/index.js';
const out = document.getElementById('out');
try {
  const job = await (await fetch('/job.json')).json();
  const w = new Wllama({ 'single-thread/wllama.wasm': '/wllama/esm/single-thread/wllama.wasm', 'multi-thread/wllama.wasm': '/wllama/esm/multi-thread/wllama.wasm' }, { suppressNativeLog: true });
  const blob = await (await fetch('/model.gguf')).blob();
  await w.loadModel([blob], { n_ctx: job.contextSize, n_batch: job.contextSize, n_threads: job.threads, cache_type_k: 'f32', cache_type_v: 'f32', flash_attn: false });
  const threads = w.isMultithread() ? w.getNumThreads() : 1;
  if (threads !== job.threads) throw new Error('wllama runs ' + threads + ' thread(s), asked for ' + job.threads + ' (crossOriginIsolated: ' + self.crossOriginIsolated + ')');
  const dist = async () => {
    const d = new Float64Array(job.vocab);
    const all = await w.getLogits(-1);
    if (all.length !== job.vocab) throw new Error('wllama gave ' + all.length + ' probabilities, expected ' + job.vocab);
    for (const { token, p } of all) d[token] = p;
    return d;
  };
  const shared = (plans) => {
    let n = Math.min(...plans.map((p) => p.prefix.length));
    for (const p of plans) { let i = 0; while (i < n && p.prefix[i] === plans[0].prefix[i]) i++; n = i; }
    return n;
  };
  const kv = async (items, read) => {
    const res = [];
    for (const plans of items) {
      await w.kvClear();
      const n = shared(plans);
      await w.decode(plans[0].prefix.slice(0, n), { skipLogits: !read });
      const ctx = read ? await dist() : null;
      const item = [];
      for (const p of plans) {
        let d = ctx;
        const extra = p.prefix.slice(n);
        if (extra.length) { await w.decode(extra, { skipLogits: !read }); d = read ? await dist() : null; }
        const lp = [];
        for (let j = 0; j < p.tokens.length; j++) {
          if (read) lp.push(Math.log(d[p.tokens[j]]));
          if (j < p.tokens.length - 1) { await w.decode([p.tokens[j]], { skipLogits: !read }); d = read ? await dist() : null; }
        }
        item.push(lp);
        await w.kvRemove(n, -1);
      }
      res.push(item);
    }
    return res;
  };
  const logprobs = await kv(job.plans, true);
  const chunks = [];
  for (let i = 0; i < job.plans.length; i += job.chunk) chunks.push(job.plans.slice(i, i + job.chunk));
  const ways = { kv: (c) => kv(c, true), 'kv-decode-only': (c) => kv(c, false) };
  const order = ['kv', 'kv-decode-only'];
  const best = { kv: chunks.map(() => Infinity), 'kv-decode-only': chunks.map(() => Infinity) };
  for (const way of order) await ways[way](job.plans.slice(0, 2));
  for (let r = 0; r < job.rounds; r++)
    for (const way of r % 2 === 0 ? order : [...order].reverse())
      for (const [c, chunk] of chunks.entries()) {
        const t0 = performance.now();
        await ways[way](chunk);
        best[way][c] = Math.min(best[way][c], performance.now() - t0);
      }
  out.textContent = JSON.stringify({ threads, multithread: w.isMultithread(), logprobs, best });
} catch (e) {
  out.textContent = JSON.stringify({ error: String((e && e.message) || e).split('\\n')[0] });
}
</script>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.html': 'text/html' };

/** Serves the page, wllama's own files from peers/ (nothing from a CDN), the GGUF file and the job. */
async function serve(gguf: string, job: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    // Cross-origin isolated (SharedArrayBuffer): wllama's multi-thread build needs it.
    const send = (body: string | fs.ReadStream, type: string) => {
      res.writeHead(200, { 'content-type': type, 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin' });
      if (typeof body === 'string') res.end(body);
      else body.pipe(res);
    };
    const file = url.startsWith('/wllama/') ? path.join(WLLAMA_DIR, path.normalize(url.slice('/wllama/'.length))) : null;
    if (url === '/') send(PAGE, TYPES['.html']);
    else if (url === '/job.json') send(job, TYPES['.json']);
    else if (url === '/model.gguf') send(fs.createReadStream(gguf), 'application/octet-stream');
    else if (file && file.startsWith(WLLAMA_DIR + path.sep) && fs.existsSync(file)) send(fs.createReadStream(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/**
 * wllama's rows for one dtype: `wllama-kv` (scoring: every scored position's distribution read) and
 * `wllama-kv-decode-only` (the same decode calls, no output: the forward passes alone), timed as the
 * benchmark times its own paths (rounds over chunks of `chunk` items, each chunk's fastest time),
 * against `appItemsPerS`, lengthlens's chromium-wasm app path in the same run.
 */
export async function runWllamaPeer(browser: Browser, inp: WllamaPeerInput, opts: { rounds: number; chunk: number; appItemsPerS: number; against: string; threads?: number }): Promise<PeerRow[]> {
  const threads = opts.threads ?? 1;
  const job = JSON.stringify({ plans: inp.plans, vocab: inp.vocab, contextSize: inp.contextSize, rounds: opts.rounds, chunk: opts.chunk, threads });
  const server = await serve(inp.gguf, job);
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await page.locator('#out').filter({ hasNotText: 'running' }).waitFor({ timeout: 900_000 });
    const r = JSON.parse((await page.locator('#out').textContent()) ?? '{}') as PageResult;
    if (r.error) throw new Error(`wllama in Chromium: ${r.error}`);
    // A log-prob that is not finite (log of 0 or NaN) reaches here as JSON's null: NaN again, not 0.
    const logprobs = r.logprobs.map((item) => item.map((c) => c.map((v) => v ?? NaN)));
    const all = logprobs.flat(2);
    const lost = all.filter((v) => !Number.isFinite(v)).length;
    const diff = maxAbsDiff(logprobs, inp.logprobs);
    const rel = maxAbsDiff(logprobs, inp.logprobs, true);
    // getLogits takes exp(logit) in float32 with no maximum subtracted: beyond about ±88 nats a
    // probability under- or overflows, and the log-prob it gives is no measure of agreement.
    const unread = lost === 0 ? {} : { logprob_unavailable: `${lost} of ${all.length} scored tokens' log-probs not finite in wllama: its getLogits computes exp(logit) in float32 with no maximum subtracted, so a probability under- or overflows (a logit or log-prob beyond about ±88 nats)` };
    return (['kv', 'kv-decode-only'] as const).map((w) => {
      const ips = inp.plans.length / (r.best[w].reduce((a, b) => a + b, 0) / 1000);
      return {
        peer: `wllama-${w}`,
        model: inp.model,
        dtype: inp.dtype === 'fp32' ? 'fp32' : 'Q8_0',
        against: opts.against,
        environment: `chromium (wllama ${WLLAMA_VERSION}, wasm${r.multithread ? ' multi-thread build' : ''}, ${r.threads} thread${r.threads === 1 ? '' : 's'})`,
        threads: r.threads,
        items: inp.plans.length,
        items_per_s: ips,
        app_items_per_s: opts.appItemsPerS,
        app_vs_peer: opts.appItemsPerS / ips,
        max_abs_logprob_diff: w === 'kv' && lost === 0 ? diff : null,
        max_rel_logprob_diff: w === 'kv' && lost === 0 ? rel : null,
        ...(w === 'kv' ? unread : {}),
      };
    });
  } finally {
    await page.close();
    server.close();
  }
}

async function main(): Promise<void> {
  const args = flags(process.argv.slice(2));
  const missing = wllamaMissing();
  if (missing) throw new Error(missing);
  if (!args.inputs) throw new Error('--inputs FILE is required (the peer inputs `lengthlens bench` writes)');
  const inputs = JSON.parse(fs.readFileSync(args.inputs, 'utf8')) as WllamaPeerInput[];
  const browser = await launchChromium();
  try {
    for (const inp of inputs) {
      const rows = await runWllamaPeer(browser, inp, { rounds: Number(args.rounds ?? 3), chunk: Number(args.chunk ?? 10), appItemsPerS: NaN, against: 'none (standalone run)', threads: Number(args.threads ?? 1) });
      process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  main().catch((e: unknown) => {
    process.stderr.write(`wllama-peer: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
