// Browser benchmark: how long the Scorer takes to re-score while the user types. Starts
// `vite preview` on the built app, drives headless Chromium on stories260K (WASM), types into
// the context one key at a time and reads, for each keystroke, the time from the scoring
// request (after the debounce) to the new table on screen. Prints the median.
//   npm run build && npx tsx scripts/bench-typing.ts [--keys 30] [--device wasm|webgpu]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { preview } from 'vite';
import { launchChromium } from '../test/browser/chromium';

const { values } = parseArgs({
  options: { keys: { type: 'string', default: '30' }, device: { type: 'string', default: 'wasm' } },
});
const KEYS = Math.max(3, Number(values.keys));
const DEVICE = values.device === 'webgpu' ? 'webgpu' : 'wasm';
const CONTEXT = 'Once upon a time, there was a little girl named Lily. She went to the park with her mom. She saw a';
const CANDIDATES = [' dog.', ' big red ball.', ' bird in a tree that was singing a happy song.', ' cat.'];
const TYPED = ' very big and friendly puppy named Max and';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

if (!fs.existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const server = await preview({ preview: { port: 0, host: '127.0.0.1', strictPort: false } });
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('preview server did not report a URL');
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const workspace = { v: 1, model: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: DEVICE, context: CONTEXT, candidates: CANDIDATES, gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' };
  await context.addInitScript(`localStorage.setItem('lengthlens.scorer.workspace.v1', ${JSON.stringify(JSON.stringify(workspace))});`);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(base);
  await page.getByTestId('model-status').filter({ hasText: DEVICE === 'wasm' ? 'WASM' : 'WebGPU' }).waitFor({ timeout: 120_000 });
  await page.waitForFunction('document.querySelector("[data-testid=scorer]")?.dataset.run !== undefined', undefined, { timeout: 60_000 });

  const box = page.getByTestId('context');
  await box.focus();
  await page.keyboard.press('End');
  const latencies: number[] = [];
  for (let k = 0; k < KEYS; k++) {
    const before = await page.evaluate('document.querySelector("[data-testid=scorer]").dataset.run');
    await page.keyboard.type(TYPED[k % TYPED.length]);
    await page.waitForFunction(
      `(() => { const root = document.querySelector("[data-testid=scorer]");
        return root.dataset.run !== ${JSON.stringify(before)} && !document.querySelector(".table-scroll").classList.contains("stale"); })()`,
      undefined,
      { timeout: 30_000 },
    );
    latencies.push(Number(await page.evaluate('document.querySelector("[data-testid=scorer]").dataset.rescoreMs')));
  }
  const result = {
    device: DEVICE,
    model: 'stories260K',
    dtype: 'fp32',
    candidates: CANDIDATES.length,
    keystrokes: KEYS,
    median_ms: median(latencies),
    p90_ms: quantile(latencies, 0.9),
    min_ms: Math.min(...latencies),
    max_ms: Math.max(...latencies),
    latencies_ms: latencies,
  };
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', `typing-${DEVICE}.json`), JSON.stringify(result, null, 2));
  console.log(`Re-score after a keystroke (stories260K fp32, ${DEVICE}, ${CANDIDATES.length} candidates, ${KEYS} keystrokes, after the debounce):`);
  console.log(`  median ${result.median_ms.toFixed(1)} ms   p90 ${result.p90_ms.toFixed(1)} ms   min ${result.min_ms.toFixed(1)} ms   max ${result.max_ms.toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.close();
}
