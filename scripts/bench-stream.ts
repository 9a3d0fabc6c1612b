// Streams a large generated task (default 10,000 items, stories260K on WASM) through the built
// app's engine Worker and reports the memory measured before, during and after (SPEC §9: memory
// must not grow with N beyond the results themselves). Usage:
//   npx tsx scripts/bench-stream.ts [--n 10000] [--chunk 32] [--device wasm] [--out FILE]
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../test/browser/chromium';
import { ensureBuilt, flags, startPreview } from './preview';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 10000);
const log = (s: string) => process.stderr.write(s + '\n');

interface Sample {
  items: number;
  phase: string;
  uaBytes: number | null;
  uaWorkerBytes: number | null;
  jsHeapUsed: number | null;
  ms: number;
}

const mb = (b: number | null) => (b === null ? 'n/a' : `${(b / 2 ** 20).toFixed(1)} MB`);

async function main(): Promise<void> {
  ensureBuilt(log);
  const { url, server } = await startPreview();
  // Eager measurement: measureUserAgentSpecificMemory answers after a GC instead of waiting for one.
  const browser = await launchChromium(['--enable-blink-features=ForceEagerMeasureMemory']);
  try {
    const page = await browser.newPage();
    const q = new URLSearchParams({ mode: 'stream', n: String(n), chunk: args.chunk ?? '32', device: args.device ?? 'wasm', model: args.model ?? 'stories260K', samples: args.samples ?? '10' });
    log(`streaming ${n} items (${q.get('model')}, ${q.get('device')}, chunks of ${q.get('chunk')}) ...`);
    const t0 = Date.now();
    await page.goto(`${url}/diagnostics.html?${q}`);
    const status = page.getByTestId('status').filter({ hasNotText: 'running' });
    await status.waitFor({ timeout: 3_600_000 });
    const result = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as { status: string; error?: string; samples: Sample[]; items_per_s: number; resultsBytes: number; measureApi: string };
    if (result.status !== 'done') throw new Error(result.error ?? result.status);
    log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s, ${result.items_per_s.toFixed(1)} items/s; memory via ${result.measureApi}`);
    process.stdout.write('items   phase    page+workers (UA)  of which workers  page JS heap\n');
    for (const s of result.samples) process.stdout.write(`${String(s.items).padStart(6)}  ${s.phase.padEnd(7)}  ${mb(s.uaBytes).padStart(17)}  ${mb(s.uaWorkerBytes).padStart(16)}  ${mb(s.jsHeapUsed).padStart(12)}\n`);
    process.stdout.write(`results kept by the page: ${(result.resultsBytes / 1024).toFixed(0)} KB\n`);
    if (args.out) {
      fs.mkdirSync(path.dirname(path.resolve(args.out)), { recursive: true });
      fs.writeFileSync(args.out, JSON.stringify({ command: `npx tsx scripts/bench-stream.ts ${process.argv.slice(2).join(' ')}`.trim(), date: new Date().toISOString(), chromium: browser.version(), ...result }, null, 2) + '\n');
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  log(`bench-stream: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
