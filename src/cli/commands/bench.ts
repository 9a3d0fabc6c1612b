import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Command } from '../command';
import { InputError, UsageError } from '../errors';
import { jsonReplacer } from '../io';
import { commandFlags, dtypeList, single, usageText, type FlagSpec } from '../flags';
import { createNodeEngine } from '../../engine/nodeFace';
import { DEFAULT_BENCH_CONFIG, engineScorer, liveTypingLatency, runBenchmark } from '../../engine/nodeFace';
import { envKey, formatBenchTable, formatPeerTable, type BenchReport } from '../../engine/nodeFace';
import { ALL_DTYPES, isDtype, type Dtype } from '../../engine/nodeFace';
import { DEFAULT_CPU_MEM_ARENA, DEFAULT_RELEASE_OUTPUTS, DTYPE_FILES } from '../../engine/nodeFace';
import { runScale } from './benchScale';
import { runScaleBrowser } from './benchScaleBrowser';
import { checkOutPath, writeResultFile } from '../outFile';
import type { ScaleResult } from '../../engine/nodeFace';
import { benchItemsFor, ensureGguf, nodeLlamaCppEntry, peerInputs, peerQuant, PEERS_INSTALL_HINT, runLlamaCppPeer, type PeerInputs } from '../../engine/nodeFace';
import { SCALE_DIR } from './benchScale';
import { defaultCheckBenchFiles, formatCheckBenchTable, runCheckBench } from './benchCheck';

/** The --scale results, one line per (style, dtype). */
function formatScaleTable(rows: readonly ScaleResult[]): string {
  const f = (x: number | undefined, d = 0) => (x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d));
  const head = 'shape         style dtype plan          load_ms  key_cand med/p90 (floor)  key_ctx med/p90 (floor)  every rule cand/ctx  scratch  task it/s  vs naive  ideal  share  predicted  pass=tok  ORT alone (share)  vs harness';
  return [
    head,
    ...rows.map((r) =>
      [
        r.shape.padEnd(13),
        r.style.padEnd(5),
        r.dtype.padEnd(5),
        r.plan.padEnd(13),
        f(r.load_ms).padStart(7),
        `${f(r.keystroke_candidate_ms.median)}/${f(r.keystroke_candidate_ms.p90)} (${f(r.floor_candidate_ms)})`.padStart(24),
        `${f(r.keystroke_context_ms.median)}/${f(r.keystroke_context_ms.p90)} (${f(r.floor_context_ms)})`.padStart(23),
        `${f(r.keystroke_candidate_pmi_ms.median)}/${f(r.keystroke_context_all_ms.median)}`.padStart(20),
        f(r.from_scratch_ms).padStart(8),
        f(r.task_items_per_s, 2).padStart(10),
        f(r.ratio_vs_naive, 2).padStart(9),
        f(r.ideal_ratio, 2).padStart(6),
        (r.share_of_ideal === undefined ? '-' : `${f(100 * r.share_of_ideal)}%`).padStart(6),
        f(r.predicted_ratio_vs_naive, 2).padStart(10),
        (r.pass_overhead_tokens == null ? '—' : String(r.pass_overhead_tokens)).padStart(9),
        (r.onnx_alone_ratio_vs_naive == null ? '-' : `${f(r.onnx_alone_ratio_vs_naive, 2)} (${f(100 * (r.onnx_alone_share_of_ideal ?? NaN))}%)`).padStart(18),
        f(r.ratio_vs_harness, 2).padStart(11),
      ].join(' '),
    ),
  ].join('\n');
}

/** Where the results go without --out. */
const BENCH_OUT = 'bench-results/bench.json';
const SCALE_OUT = 'bench-results/bench-scale.json';
const CHECK_OUT = 'bench-results/bench-check.json';

/** Flags only bench takes (the shared ones: src/cli/flags.ts). */
const BENCH_FLAGS = {
  'bench-items': { type: 'number', default: DEFAULT_BENCH_CONFIG.items, range: { integer: true, min: 1 }, value: 'N', help: 'HellaSwag-shaped items to time (default 50)' },
  rounds: { type: 'number', default: DEFAULT_BENCH_CONFIG.rounds, range: { integer: true, min: 1 }, value: 'N', help: 'timed rounds (default 3)' },
  threads: { type: 'number', range: { integer: true, min: 1 }, value: 'N', help: 'ONNX Runtime intra-op threads in Node (default: one per core)' },
  styles: {
    type: 'string',
    value: 'LIST',
    help: 'export-style fixtures (folders beside the bench model) benchmarked in Node at fp32\nas well, each with the exact plan its graph gets (default tiny-llama-plain,tiny-llama-gqa)',
  },
  browser: { type: 'string', value: 'MODE', help: 'auto: run the browser part when Chromium and the build tools are there' },
  'browser-threads': {
    type: 'number',
    default: 1,
    range: { integer: true, min: 1 },
    value: 'N',
    help: "N > 1: the browser part's WASM on N threads (ONNX Runtime's wasm threads, rows\nchromium-wasm-threadsN; the served pages are cross-origin isolated) and wllama's\nmulti-thread build on N threads (default 1: both single-threaded)",
  },
  peers: {
    type: 'string',
    value: 'MODE',
    help: 'auto: where node-llama-cpp is installed in peers/ (node scripts/install-peers.mjs),\nllama.cpp on GGUF files of the same weights (fp32, and Q8_0 against q8), the same\nitems: the harness\'s way (one evaluation per (context, choice)) and at its best (the\ncontext once, its KV cache reused per choice), with --threads threads (default: one per core);\nand in the browser half, wllama (llama.cpp in WebAssembly, --browser-threads threads) the\nkv way on the same items, against the chromium-wasm app path',
  },
  out: { type: 'string', value: 'FILE', help: 'where the JSON results go' },
  scale: { type: 'boolean', help: "at real models' shapes" },
  'task-items': { type: 'number', default: 4, value: 'N', help: 'items on the task path (0 skips it)', needs: ['scale'] },
  keystrokes: { type: 'number', default: 8, range: { integer: true, min: 1 }, value: 'N', help: 'keystrokes timed', needs: ['scale'] },
  shape: { type: 'string', value: 'LIST', help: 'model shapes', needs: ['scale'] },
  'stream-items': { type: 'number', default: 0, value: 'N', help: 'items streamed for the memory figure', needs: ['scale'] },
  'cpu-arena': { type: 'string', value: 'on|off', help: "ONNX Runtime's CPU memory arena", needs: ['scale'] },
  'release-outputs': { type: 'string', value: 'on|off', help: 'release dead buffers', needs: ['scale'] },
  check: { type: 'boolean', help: 'time `lengthlens check`' },
  'models-dir': { type: 'string', value: 'DIR', help: 'where --scale makes and finds its models (default bench-models/)', needs: ['scale'] },
} as const satisfies Record<string, FlagSpec>;

const FLAGS = commandFlags({
  shared: ['model', 'dtype', 'json'],
  own: BENCH_FLAGS,
  // Without --model, the bench model.
  defaults: ['model'],
  // What one mode leaves unused is refused, not ignored: --check times check on files, --scale
  // its own models.
  excludes: {
    model: ['check'],
    dtype: ['check'],
    threads: ['check'],
    styles: ['check'],
    'bench-items': ['scale', 'check'],
    rounds: ['scale', 'check'],
    peers: ['check'],
    'browser-threads': ['scale', 'check'],
    scale: ['check'],
  },
});

const USAGE = `lengthlens bench [--bench-items 50] [--rounds 3] [--dtype fp32,q8] [--threads N] [--model DIR]
  [--styles tiny-llama-plain,tiny-llama-gqa|none] [--browser auto|yes|no] [--browser-threads 1] [--peers auto|no]
  [--out bench-results/bench.json] [--json]

Times three ways of scoring HellaSwag-shaped items (context ~80 tokens, 4 candidates ~20 tokens,
fixed seed) on bench-llama-6M and checks they give the same log-probs (SPEC §9):
  naive    one full forward pass per (context, candidate)
  harness  an item's full (context + candidate) sequences batched into one forward pass
  app      the app's path: the context once, the candidates batched on its KV cache
Then the same in headless Chromium (WASM and WebGPU), unless --browser no, and the Scorer's
live-typing latency on stories260K. Prints a table (or the JSON with --json) and writes the JSON.
${FLAGS.lines(
  [
    ['model', 'bench model folder (default: $MODELS_DIR/bench-llama-6M, else ../shared/models/...)'],
    'styles',
    'threads',
    'browser',
    'browser-threads',
    'peers',
  ],
  { column: 13, values: false },
)}

lengthlens bench --scale [--shape smollm2-135m,qwen2.5-0.5b] [--styles plain,gqa] [--dtype fp32,q8,q4]
  [--task-items 4] [--keystrokes 8] [--stream-items 1000] [--cpu-arena off|on] [--release-outputs on|off] [--models-dir DIR] [--browser yes]
  [--peers auto|no] [--threads N] [--json]
  At real models' shapes (random weights, made on first use into bench-models/ by
  scripts/make_scale_models.py; default smollm2-135m): a keystroke in a candidate (until every
  rule but PMI is fresh, under dynamic q8 but the whole-word rule too, and until every rule is)
  and at the end of a ~60-token context (4 candidates
  of ~20 tokens) on the Scorer's incremental path, against the floor (the same tokens in bare
  forward passes on the cached context) and a from-scratch score; the task path against naive and
  harness-style (--task-items 0 skips it); peak memory; with --stream-items N, memory after 100
  and after N story items streamed through the task path (default 0: skipped); --cpu-arena on
  loads with ONNX Runtime's CPU memory arena (the app keeps it off), and --release-outputs off
  loads and streams without releasing dead buffers (the load's background reads of the model
  file, a chunk's pass outputs; the app releases them), to compare. Writes
  bench-results/bench-scale.json. --browser yes adds the browser half (chromium-wasm rows, and
  WebGPU as works / does not work), from scripts/bench-scale-browser.ts. --peers auto (where
  peers/ has node-llama-cpp): llama.cpp's rows on the task part's items and token ids, the plain
  style's GGUF (fp32, and Q8_0 against q8) written into bench-models/gguf/, in the "peers" list;
  with --browser yes also wllama's (1 thread) on the same items, against the chromium-wasm task path.

lengthlens bench --check [FILES] [--browser no|yes] [--out bench-results/bench-check.json] [--json]
  The time and peak memory of \`lengthlens check FILE --json\` (reading and every model-free check,
  the whole report) per file, each in a child process of its own: check_s from the command's start
  to its report (modules loaded), cpu_s the CPU seconds of it (steadier than check_s on a busy
  machine), process_s the whole child, peak_MiB its peak resident memory
  (process.resourceUsage().maxRSS). For a Parquet file also the first quarter and half of its rows
  (peak memory by rows: flat or not). Default FILES: MMLU's and MMLU-Pro's test parquet in
  $DATA_DIR/native (default ../shared/reference). --browser yes adds Chromium: each file (and its
  quarter and half) dropped on the built app's Task lab, the seconds to the Check view drawn and
  the renderer's peak memory (scripts/bench-check-browser.ts). Writes bench-results/bench-check.json.`;

function modelsDir(): string {
  return path.resolve(process.env.MODELS_DIR ?? '../shared/models');
}

/** An on/off flag's value. */
function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new UsageError(`--${name} must be on or off, got "${raw}"`);
}


/** The browser half: scripts/bench-browser.ts in a child process (it needs vite and playwright). */
function runBrowser(args: { items: number; rounds: number; dtypes: Dtype[]; threads: number; peers: Array<PeerInputs & { gguf: string }> }, mode: string, log: (s: string) => void): { report?: Partial<BenchReport>; skipped?: string } {
  const script = path.resolve('scripts/bench-browser.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');
  if (!fs.existsSync(script) || !fs.existsSync(tsx)) return { skipped: 'scripts/bench-browser.ts or tsx not found (run from the repository root)' };
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    if (mode === 'yes') throw new InputError(`Chromium not found at ${chromium} (set CHROMIUM_PATH)`);
    return { skipped: `Chromium not found at ${chromium}` };
  }
  const out = path.join(os.tmpdir(), `lengthlens-bench-browser-${process.pid}.json`);
  // The peers' inputs (items' token ids, lengthlens's log-probs, the GGUF file): wllama's rows.
  const peerFile = path.join(os.tmpdir(), `lengthlens-bench-peers-${process.pid}.json`);
  if (args.peers.length) fs.writeFileSync(peerFile, JSON.stringify(args.peers));
  log('browser benchmark: scripts/bench-browser.ts ...');
  const r = spawnSync(tsx, [script, '--items', String(args.items), '--rounds', String(args.rounds), '--dtype', args.dtypes.join(','), '--wasm-threads', String(args.threads), '--out', out, ...(args.peers.length ? ['--peer-inputs', peerFile] : [])], { stdio: ['ignore', 'ignore', 'inherit'] });
  fs.rmSync(peerFile, { force: true });
  if (r.status !== 0 || !fs.existsSync(out)) return { skipped: `the browser benchmark failed (exit ${r.status ?? r.signal})` };
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Partial<BenchReport>;
  fs.rmSync(out, { force: true });
  return { report };
}

export const command: Command = {
  summary: 'benchmark naive vs harness-style vs the app’s scoring path (SPEC §9)',
  usage: usageText(FLAGS, USAGE),
  flags: FLAGS.specs,
  async run(argv) {
    const parsed = FLAGS.parse(argv, Infinity);
    const positionals = parsed.positionals;
    const values = { ...parsed.values, model: single(parsed.values.model, 'model') };
    if (!values.check && positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.check) {
      checkOutPath(values.out ?? CHECK_OUT);
      const log = (s: string) => process.stderr.write(s + '\n');
      const browserCheck = values.browser ?? 'no';
      if (browserCheck !== 'yes' && browserCheck !== 'no') throw new UsageError(`--browser with --check must be yes or no, got "${browserCheck}"`);
      const rows = await runCheckBench(positionals.length ? positionals : defaultCheckBenchFiles(), log, { browser: browserCheck === 'yes' });
      const report = {
        command: `lengthlens bench ${argv.join(' ')}`.trim(),
        date: new Date().toISOString(),
        machine: { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average_1m: Number(os.loadavg()[0].toFixed(2)) },
        memory: 'peak resident memory of the child process that checked the file (process.resourceUsage().maxRSS)',
        check: rows,
      };
      const text = JSON.stringify(report, jsonReplacer, 2);
      const outFile = values.out ?? CHECK_OUT;
      process.stdout.write(values.json ? text + '\n' : formatCheckBenchTable(rows) + '\n');
      writeResultFile(outFile, text + '\n');
      if (!values.json) process.stdout.write(`\nwritten to ${outFile}\n`);
      return 0;
    }
    // Before any work: a benchmark runs for minutes and must not then fail on its output path.
    checkOutPath(values.out ?? (values.scale ? SCALE_OUT : BENCH_OUT));
    const peers = values.peers ?? 'auto';
    if (!['auto', 'no'].includes(peers)) throw new UsageError(`--peers must be auto or no, got "${peers}"`);
    if (values.scale) {
      const log = (s: string) => process.stderr.write(s + '\n');
      // --model names one model; --scale's models are a folder of them.
      if (values.model !== undefined) throw new UsageError('--model names one model: with --scale, give the folder of scale models as --models-dir DIR');
      const scaleBrowser = values.browser ?? 'no';
      if (scaleBrowser !== 'yes' && scaleBrowser !== 'no') throw new UsageError(`--browser with --scale must be yes or no, got "${scaleBrowser}"`);
      const dtypes = dtypeList(parsed.values.dtype, ['fp32']);
      const styles = (values.styles ?? 'plain,gqa').split(',').map((s) => s.trim()).filter(Boolean);
      for (const s of styles) if (s !== 'plain' && s !== 'gqa') throw new UsageError(`--styles with --scale must list plain and/or gqa, got "${s}"`);
      const report = await runScale(
        {
          shapes: (values.shape ?? 'smollm2-135m').split(',').map((s) => s.trim()).filter(Boolean),
          styles,
          dtypes,
          streamItems: values['stream-items'],
          taskItems: values['task-items'],
          keystrokes: values.keystrokes,
          threads: values.threads,
          cpuMemArena: onOff('cpu-arena', values['cpu-arena'], DEFAULT_CPU_MEM_ARENA),
          releaseOutputs: onOff('release-outputs', values['release-outputs'], DEFAULT_RELEASE_OUTPUTS),
          peers: peers === 'auto',
          dir: values['models-dir'],
        },
        log,
      );
      const { peerInputs: _inputs, ...written } = report;
      // --browser yes: the browser half's rows (chromium-wasm, chromium-webgpu) join the Node rows.
      const browser = scaleBrowser === 'yes' ? runScaleBrowser({ styles, dtypes, keystrokes: values.keystrokes, taskItems: values['task-items'], streamItems: values['stream-items'], dir: values['models-dir'], peers: report.peerInputs }, log) : null;
      const skipped = { ...report.skipped, ...browser?.skipped };
      const allPeers = [...(report.peers ?? []), ...(browser?.peers ?? [])];
      const text = JSON.stringify({ command: `lengthlens bench ${argv.join(' ')}`.trim(), date: new Date().toISOString(), ...written, ...(browser ? { scale: [...report.scale, ...browser.rows] } : {}), ...(allPeers.length ? { peers: allPeers } : {}), ...(Object.keys(skipped).length ? { skipped } : {}) }, jsonReplacer, 2);
      const outFile = values.out ?? SCALE_OUT;
      const browserNote = browser ? `\n\n${browser.rows.length} Chromium row(s) in the JSON${Object.keys(browser.skipped).length ? `; failed: ${Object.keys(browser.skipped).join(', ')}` : ''}` : '';
      // The result reaches stdout first, so a failed write loses nothing.
      const peerTable = allPeers.length ? `\n\n${formatPeerTable(allPeers)}` : '';
      const skippedLines = Object.entries(report.skipped ?? {}).map(([k, why]) => `\nskipped ${k}: ${why}`).join('');
      process.stdout.write(values.json ? text + '\n' : formatScaleTable(report.scale) + peerTable + skippedLines + browserNote + '\n');
      writeResultFile(outFile, text + '\n');
      if (!values.json) process.stdout.write(`\nwritten to ${outFile}\n`);
      return 0;
    }
    const items = values['bench-items'];
    const rounds = values.rounds;
    const threads = values.threads;
    const dtypes = dtypeList(parsed.values.dtype, ['fp32', 'q8']);
    const browser = values.browser ?? 'auto';
    if (!['auto', 'yes', 'no'].includes(browser)) throw new UsageError(`--browser must be auto, yes or no, got "${browser}"`);
    const modelDir = path.resolve(values.model ?? path.join(modelsDir(), 'bench-llama-6M'));
    if (!fs.existsSync(path.join(modelDir, 'config.json'))) throw new InputError(`no model folder at ${modelDir} (use --model or MODELS_DIR)`);
    // Every requested dtype's file must be there before anything runs: a run that fails half-way
    // would throw away the results already measured.
    const missing = dtypes.filter((d) => !fs.existsSync(path.join(modelDir, DTYPE_FILES[d])));
    if (missing.length > 0) {
      const have = ALL_DTYPES.filter((d) => fs.existsSync(path.join(modelDir, DTYPE_FILES[d])));
      throw new InputError(
        `${path.basename(modelDir)} has no ${missing.map((d) => `${d} file (${DTYPE_FILES[d]})`).join(', no ')}; it has ${have.length ? have.join(', ') : 'no model file'} — pick --dtype from those`,
      );
    }
    const peersOn = peers === 'auto' && nodeLlamaCppEntry() !== null;
    const styles = values.styles === 'none' ? [] : (values.styles ?? 'tiny-llama-plain,tiny-llama-gqa').split(',').map((s) => s.trim()).filter(Boolean);
    const outFile = values.out ?? BENCH_OUT;
    const log = (s: string) => process.stderr.write(s + '\n');

    const report: BenchReport = {
      command: `lengthlens bench ${argv.join(' ')}`.trim(),
      date: new Date().toISOString(),
      machine: { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average_1m: Number(os.loadavg()[0].toFixed(2)) },
      environments: {},
      live_typing: {},
    };
    const peerRuns: PeerInputs[] = [];
    const browserPeers: Array<PeerInputs & { gguf: string }> = [];
    for (const dtype of dtypes) {
      log(`node ${dtype}: ${items} items x ${rounds} rounds ...`);
      const engine = await createNodeEngine({ kind: 'path', path: modelDir }, dtype, threads ? { cpuThreads: threads } : {});
      const cfg = { ...DEFAULT_BENCH_CONFIG, items, rounds };
      const r = await runBenchmark(engine.current()!, 'node', cfg);
      report.environments[envKey(r)] = r;
      // The peers get the same items and token ids, and lengthlens's log-probs of them.
      if (peersOn && peerQuant(dtype)) peerRuns.push(await peerInputs(engine.current()!, benchItemsFor(engine.current()!, cfg), r.app_items_per_s));
      await engine.unload();
    }
    if (peers === 'auto' && !peersOn) report.skipped = { ...report.skipped, peers: PEERS_INSTALL_HINT };
    for (const inp of peerRuns) {
      const quant = peerQuant(inp.dtype)!;
      const gguf = ensureGguf(modelDir, quant, path.join(SCALE_DIR, 'gguf'));
      const peerThreads = threads ?? os.cpus().length;
      log(`llama.cpp ${quant} (${path.basename(gguf)}, ${peerThreads} threads): ${items} items x ${rounds} rounds ...`);
      const rows = await runLlamaCppPeer(inp, { gguf, quant, threads: peerThreads, rounds, chunk: DEFAULT_BENCH_CONFIG.chunk });
      if (rows) report.peers = [...(report.peers ?? []), ...rows];
      browserPeers.push({ ...inp, gguf });
    }
    for (const name of styles) {
      const dir = path.join(path.dirname(modelDir), name);
      if (!fs.existsSync(path.join(dir, DTYPE_FILES.fp32))) {
        report.skipped = { ...report.skipped, [`node-fp32-${name}`]: `no ${DTYPE_FILES.fp32} in ${dir}` };
        continue;
      }
      log(`node fp32 ${name}: ${items} items x ${rounds} rounds ...`);
      const engine = await createNodeEngine({ kind: 'path', path: dir }, 'fp32', threads ? { cpuThreads: threads } : {});
      const r = await runBenchmark(engine.current()!, 'node', { ...DEFAULT_BENCH_CONFIG, items, rounds });
      report.environments[envKey(r)] = r;
      await engine.unload();
    }
    const storiesDir = path.join(path.dirname(modelDir), 'stories260K');
    if (fs.existsSync(path.join(storiesDir, 'config.json'))) {
      const engine = await createNodeEngine({ kind: 'path', path: storiesDir }, 'fp32');
      report.live_typing.node = await liveTypingLatency(engineScorer(engine), { model: 'stories260K', device: 'cpu' });
      await engine.unload();
    }
    if (browser !== 'no') {
      const b = runBrowser({ items, rounds, dtypes, threads: values['browser-threads'], peers: browserPeers }, browser, log);
      if (b.report) {
        if (b.report.peers) report.peers = [...(report.peers ?? []), ...b.report.peers];
        Object.assign(report.environments, b.report.environments ?? {});
        Object.assign(report.live_typing, b.report.live_typing ?? {});
        if (b.report.skipped) report.skipped = { ...report.skipped, ...b.report.skipped };
      } else if (b.skipped) {
        if (browser === 'yes') throw new Error(b.skipped);
        report.skipped = { ...report.skipped, chromium: b.skipped };
      }
    }
    report.machine.load_average_end_1m = Number(os.loadavg()[0].toFixed(2));
    const text = JSON.stringify(report, jsonReplacer, 2);
    // The result reaches stdout first, so a failed write loses nothing.
    process.stdout.write(values.json ? text + '\n' : formatBenchTable(report) + '\n');
    writeResultFile(outFile, text + '\n');
    if (!values.json) process.stdout.write(`\nwritten to ${outFile}\n`);
    return 0;
  },
};
