// Where llama.cpp's time goes on the benchmark's items, through node-llama-cpp (installed into
// peers/ by scripts/install-peers.mjs). Usage:
//   npx tsx scripts/llama-cpp-probe.ts [--model DIR] [--quant f32|q8_0] [--items 10] [--reps 3] [--threads 1] [--loop N]
// --loop N only runs N calls of 160 tokens (flash attention off) after loading, for a profiler:
//   perf record -o llama.perf -- npx tsx scripts/llama-cpp-probe.ts --loop 60
//   perf report -i llama.perf --no-children --sort dso,symbol
// Prints: the ggml CPU build node-llama-cpp loads and the features it reports; one forward pass
// over a whole sequence against the same tokens split into calls; then each way of scoring the
// items, with and without flash attention, in milliseconds per item of wall time and of this
// process's CPU time (on a shared machine CPU time moves less with the load than wall time);
// and flash attention's log-probs against lengthlens's.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createNodeEngine, benchItemsFor, DEFAULT_BENCH_CONFIG } from '../src/engine/nodeFace';
import { ensureGguf, LlamaCppPeer, maxAbsDiff, nodeLlamaCppEntry, peerInputs, type PeerPlan } from '../src/engine/bench/peers';
import type { GgufQuant } from '../src/engine/bench/ggufExport';
import { flags } from './preview';

const args = flags(process.argv.slice(2));
const modelDir = path.resolve(args.model ?? path.join(process.env.MODELS_DIR ?? '../shared/models', 'bench-llama-6M'));
const quant = (args.quant ?? 'f32') as GgufQuant;
const items = Number(args.items ?? 10);
const reps = Number(args.reps ?? 3);
const threads = Number(args.threads ?? 1);
const loop = Number(args.loop ?? 0);
const log = (s: string) => process.stdout.write(s + '\n');

// The parts of node-llama-cpp used here beyond what peers.ts uses.
type Ask = number | [number, { generateNext: { token: true } }];
interface Seq {
  clearHistory(): Promise<void>;
  controlledEvaluate(input: Ask[]): Promise<unknown>;
}
interface Ctx {
  getSequence(): Seq;
  dispose(): Promise<void>;
}
interface Lib {
  getLlama(o: Record<string, unknown>): Promise<{
    systemInfo: string;
    cpuMathCores: number;
    loadModel(o: { modelPath: string }): Promise<{ createContext(o: Record<string, unknown>): Promise<Ctx>; dispose(): Promise<void> }>;
    dispose(): Promise<void>;
  }>;
  LlamaLogLevel: Record<string, string>;
}

/** Wall and CPU milliseconds per call of `f`, best of `reps` runs after one warm-up. */
async function time(f: () => Promise<unknown>, per: number): Promise<{ wall: number; cpu: number }> {
  await f();
  let best = { wall: Infinity, cpu: Infinity };
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await f();
    const c = process.cpuUsage(c0);
    best = { wall: Math.min(best.wall, (performance.now() - t0) / per), cpu: Math.min(best.cpu, (c.user + c.system) / 1000 / per) };
  }
  return best;
}

const fmt = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(1).padStart(7)} ms wall ${t.cpu.toFixed(1).padStart(7)} ms CPU`;
const withToken = (tokens: readonly number[], from: number): Ask[] => tokens.map((t, i) => (i >= from ? [t, { generateNext: { token: true } }] : t));

async function main(): Promise<void> {
  const entry = nodeLlamaCppEntry();
  if (!entry) throw new Error('node-llama-cpp is not installed in peers/: run `node scripts/install-peers.mjs`');
  const lib = (await import(pathToFileURL(entry).href)) as Lib;

  const engine = await createNodeEngine({ kind: 'path', path: modelDir }, 'fp32', { cpuThreads: threads });
  const m = engine.current()!;
  const inp = await peerInputs(m, benchItemsFor(m, { ...DEFAULT_BENCH_CONFIG, items }), NaN);
  await engine.unload();
  const gguf = ensureGguf(modelDir, quant, path.join('bench-models', 'gguf'));
  const plans = inp.plans;
  const tokensPerItem = plans.reduce((a, it) => a + it[0].prefix.length + it.reduce((b, p) => b + p.tokens.length - 1, 0), 0) / plans.length;
  log(`${path.basename(gguf)}: ${plans.length} items, ${tokensPerItem.toFixed(0)} tokens per item evaluated by the kv way, ${threads} thread(s)`);

  const lines: string[] = [];
  const llama = await lib.getLlama({ gpu: false, build: 'never', skipDownload: true, progressLogs: false, logLevel: lib.LlamaLogLevel.debug, logger: (_l: string, msg: string) => lines.push(msg) });
  const model = await llama.loadModel({ modelPath: gguf });
  // ggml's log line names the library it loads; where the log does not come through, the
  // process's memory map does (Linux).
  const logged = lines.find((l) => l.includes('loaded CPU backend'))?.trim();
  const mapped = fs.existsSync('/proc/self/maps') ? /libggml-cpu-[\w-]+\.so/.exec(fs.readFileSync('/proc/self/maps', 'utf8'))?.[0] : undefined;
  log(`ggml CPU build loaded: ${logged ? path.basename(logged) : (mapped ?? 'not reported')}`);
  log(`llama.systemInfo: ${llama.systemInfo.trim()}; cpuMathCores ${llama.cpuMathCores}`);

  for (const flashAttention of loop > 0 ? [false] : [false, true]) {
    log(`\nflash attention ${flashAttention ? 'on' : 'off'} (F32 KV cache):`);
    const make = (sequences: number) => model.createContext({ contextSize: 512 * sequences, batchSize: 512 * sequences, sequences, threads, experimentalKvCacheKeyType: 'F32', experimentalKvCacheValueType: 'F32', flashAttention });
    const one = await make(1);
    const seq = one.getSequence();
    const whole = [...plans[0][0].prefix, ...plans.flatMap((it) => it[0].tokens)].slice(0, 160);
    const call = await time(async () => {
      await seq.clearHistory();
      await seq.controlledEvaluate(whole);
    }, whole.length);
    log(`  ${whole.length} tokens in one call:     ${fmt(call)} per token`);
    if (loop > 0) {
      for (let i = 0; i < loop; i++) {
        await seq.clearHistory();
        await seq.controlledEvaluate(whole);
      }
      await one.dispose();
      break;
    }
    const split = await time(async () => {
      await seq.clearHistory();
      for (let i = 0; i < whole.length; i += 20) await seq.controlledEvaluate(whole.slice(i, i + 20));
    }, whole.length);
    log(`  the same in calls of 20:    ${fmt(split)} per token`);
    const single = await time(async () => {
      await seq.clearHistory();
      for (const t of whole.slice(0, 40)) await seq.controlledEvaluate([t]);
    }, 40);
    log(`  one token per call:         ${fmt(single)} per token`);
    await one.dispose();

    // All of an item's (context, choice) sequences in one llama_decode, one sequence id each:
    // node-llama-cpp batches evaluations that different sequences ask for in the same tick.
    const width = Math.max(...plans.map((it) => it.length));
    const many = await make(width);
    const seqs = Array.from({ length: width }, () => many.getSequence());
    const batched = async (its: PeerPlan[][]) => {
      for (const it of its) {
        await Promise.all(seqs.map((s) => s.clearHistory()));
        await Promise.all(it.map((p, k) => seqs[k].controlledEvaluate(withToken([...p.prefix, ...p.tokens.slice(0, -1)], p.prefix.length - 1))));
      }
    };
    log(`  per item, ${plans.length} items:`);
    log(`    batched (one decode):     ${fmt(await time(() => batched(plans), plans.length))}`);
    await many.dispose();
  }
  await model.dispose();
  if (loop > 0) return llama.dispose();
  // The benchmark's own ways open their own llama.cpp (and dispose of it when closed).
  await llama.dispose();
  for (const flashAttention of [false, true]) {
    log(`\nflash attention ${flashAttention ? 'on' : 'off'}, per item, the benchmark's ways:`);
    const peer = (await LlamaCppPeer.open(gguf, { vocab: inp.vocab, threads, contextSize: 512, flashAttention }))!;
    log(`    harness:                  ${fmt(await time(() => peer.harness(plans), plans.length))}`);
    log(`    kv:                       ${fmt(await time(() => peer.kv(plans), plans.length))}`);
    log(`    kv-decode-only:           ${fmt(await time(() => peer.kv(plans, 'none'), plans.length))}`);
    log(`    kv max |Δ log-prob| against lengthlens fp32: ${maxAbsDiff(await peer.kv(plans, 'probabilities'), inp.logprobs).toExponential(1)}`);
    await peer.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`llama-cpp-probe: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
