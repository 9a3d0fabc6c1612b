// `lengthlens bench --check [FILES]`: the time and peak memory of `lengthlens check FILE --json`
// (read + every model-free check, the whole report) on big benchmark files, by default MMLU's and
// MMLU-Pro's test parquet. Each file is checked in a child process of its own, so its peak
// resident memory (process.resourceUsage().maxRSS) is that check's alone. For a Parquet file, the
// first quarter and the first half of its rows are checked too (written to temporary Parquet files
// with the same schema and row-group size): peak memory against rows shows whether it stays flat.
// With --browser yes, the same files in Chromium's Task lab (scripts/bench-check-browser.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { InputError } from '../errors';

/** The default files: MMLU's and MMLU-Pro's hub test splits, beside the repository (DATA_DIR overrides). */
export function defaultCheckBenchFiles(): string[] {
  const data = path.resolve(process.env.DATA_DIR ?? '../shared/reference');
  return [path.join(data, 'native/mmlu/hf-mmlu_no_train-all-test-00000-of-00001.parquet'), path.join(data, 'native/mmlu-pro/test-00000-of-00001.parquet')];
}

/** The figures of the check report the bench repeats, so a reader can see it checked the whole file. */
export interface CheckFigures {
  n_items: number;
  choice_counts: Record<string, number>;
  gold_longest: { successes: number; n: number; expected: number };
  gold_shortest: { successes: number; n: number; expected: number };
  duplicates_exact: number;
  input_errors: number;
}

/** One child's measurement of one `check FILE --json`. */
export interface CheckRun {
  /** Seconds from the start of the check command to its report written (modules already loaded). */
  check_s: number;
  /** CPU seconds (user + system, every thread) the check took: less sensitive than check_s to a machine shared with other work. */
  check_cpu_s: number;
  /** Peak resident memory of the whole child process (process.resourceUsage().maxRSS), MiB. */
  peak_rss_mib: number;
  /** Resident memory once the modules were loaded, before the check, MiB. */
  start_rss_mib: number;
  /** Seconds of the whole child process, start-up included (measured by the parent). */
  process_s: number;
  figures: CheckFigures;
}

export interface CheckBenchRow extends CheckRun {
  file: string;
  bytes: number;
  items: number;
  /** Parquet: the same measurement on the first quarter and half of the rows, and the whole file. */
  flat?: { rows: number; check_s: number; check_cpu_s: number; peak_rss_mib: number }[];
  /** Why there is no `flat` (not Parquet, or the writer is missing). */
  flat_skipped?: string;
  /** With --browser yes: the same file (and its quarter and half) dropped on the Task lab in Chromium. */
  chromium?: ChromiumCheckRow[];
}

/** One file in Chromium (scripts/bench-check-browser.ts). */
export interface ChromiumCheckRow {
  file: string;
  items: number;
  /** From the drop to the Check view drawn, wall seconds. */
  check_s: number;
  /** The renderer process's peak resident memory (VmHWM), MiB. */
  renderer_peak_rss_mib: number | null;
  /** The page's live memory after the check (measureUserAgentSpecificMemory), MiB. */
  page_memory_mib: number | null;
}

/** The Chromium half: scripts/bench-check-browser.ts in a child process (it needs vite and playwright, which the CLI does not load). */
export function runCheckBrowser(files: readonly string[]): ChromiumCheckRow[] {
  const script = path.resolve('scripts/bench-check-browser.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');
  if (!fs.existsSync(script) || !fs.existsSync(tsx)) throw new InputError('scripts/bench-check-browser.ts or tsx not found (run from the repository root)');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) throw new InputError(`Chromium not found at ${chromium} (set CHROMIUM_PATH)`);
  const out = path.join(os.tmpdir(), `lengthlens-bench-check-browser-${process.pid}.json`);
  const r = spawnSync(tsx, [script, '--out', out, ...files], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !fs.existsSync(out)) throw new InputError(`the Chromium check benchmark failed (exit ${r.status ?? r.signal})`);
  const rows = (JSON.parse(fs.readFileSync(out, 'utf8')) as { rows: ChromiumCheckRow[] }).rows;
  fs.rmSync(out, { force: true });
  return rows;
}

const MIB = 1024 * 1024;

interface CheckOutputShape {
  n_items: number;
  choice_counts: Record<string, number>;
  length: { gold_longest: { successes: number; n: number; expected: number }; gold_shortest: { successes: number; n: number; expected: number } };
  duplicates: { exact: { count: number } };
  input_errors: unknown[];
}

export function checkFigures(out: CheckOutputShape): CheckFigures {
  const pick = (x: { successes: number; n: number; expected: number }) => ({ successes: x.successes, n: x.n, expected: x.expected });
  return {
    n_items: out.n_items,
    choice_counts: out.choice_counts,
    gold_longest: pick(out.length.gold_longest),
    gold_shortest: pick(out.length.gold_shortest),
    duplicates_exact: out.duplicates.exact.count,
    input_errors: out.input_errors.length,
  };
}

/**
 * The child's side (`bench --check-child FILE`): runs `check FILE --json` in this process, its
 * output kept, and prints one JSON line: its seconds, this process's peak memory and the figures.
 */
export async function checkChild(file: string): Promise<number> {
  const { main } = await import('../main');
  await import('./check'); // loaded before the clock starts: the figure is the check's, not module loading's
  const startRss = process.memoryUsage().rss;
  let text = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  let code: number;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    code = await main(['check', file, '--json']);
  } finally {
    process.stdout.write = write;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (code !== 0) return code;
  const run: Omit<CheckRun, 'process_s'> = {
    check_s: seconds,
    check_cpu_s: (cpu.user + cpu.system) / 1e6,
    peak_rss_mib: (process.resourceUsage().maxRSS * 1024) / MIB,
    start_rss_mib: startRss / MIB,
    figures: checkFigures(JSON.parse(text) as CheckOutputShape),
  };
  process.stdout.write(JSON.stringify(run) + '\n');
  return 0;
}

/** The CLI's entry script, to start the child with. */
function cliEntry(): string {
  const here = path.resolve('bin/lengthlens.mjs');
  if (fs.existsSync(here)) return here;
  return process.argv[1];
}

function runChild(file: string): CheckRun {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cliEntry(), 'bench', '--check-child', file], { encoding: 'utf8', maxBuffer: 64 * MIB });
  const process_s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new InputError(`check of ${file} failed in the benchmark (exit ${r.status ?? r.signal}): ${(r.stderr ?? '').trim().split('\n').pop() ?? ''}`);
  const line = r.stdout.trim().split('\n').pop()!;
  return { ...(JSON.parse(line) as Omit<CheckRun, 'process_s'>), process_s };
}

/** The first `fraction` of a Parquet file's rows as a Parquet file of the same row-group size (needs hyparquet-writer, a development dependency). */
async function parquetPrefixes(file: string, fractions: number[], dir: string): Promise<{ rows: number; file: string }[] | string> {
  let writerLib: typeof import('hyparquet-writer');
  try {
    writerLib = await import('hyparquet-writer');
  } catch {
    return 'hyparquet-writer (a development dependency) is not installed';
  }
  const { parquetMetadata, parquetReadObjects, parquetSchema } = await import('hyparquet');
  const bytes = fs.readFileSync(file);
  const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const meta = parquetMetadata(buf);
  const groupRows = Number(meta.row_groups[0]?.num_rows ?? 1000);
  const rows = (await parquetReadObjects({ file: buf })) as Record<string, unknown>[];
  const columns = parquetSchema(meta).children.map((c) => ({ name: c.element.name }));
  const out: { rows: number; file: string }[] = [];
  for (const f of fractions) {
    const n = Math.max(1, Math.round(rows.length * f));
    const writer = new writerLib.ByteWriter();
    await writerLib.parquetWriteRows({ writer, rows: rows.slice(0, n), columns, schema: meta.schema as unknown as Parameters<typeof writerLib.parquetWriteRows>[0]['schema'], rowGroupSize: groupRows });
    const target = path.join(dir, `first-${n}-${path.basename(file)}`);
    fs.writeFileSync(target, new Uint8Array(writer.getBuffer()));
    out.push({ rows: n, file: target });
  }
  return out;
}

export async function runCheckBench(files: readonly string[], log: (s: string) => void, opts: { browser?: boolean } = {}): Promise<CheckBenchRow[]> {
  for (const f of files) if (!fs.existsSync(f)) throw new InputError(`no file ${f} to check (give FILES, or set DATA_DIR to the reference data folder)`);
  const rows: CheckBenchRow[] = [];
  for (const file of files) {
    log(`check ${file} ...`);
    const run = runChild(file);
    const row: CheckBenchRow = { file, bytes: fs.statSync(file).size, items: run.figures.n_items, ...run };
    if (/\.parquet$/i.test(file)) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-bench-check-'));
      try {
        const prefixes = await parquetPrefixes(file, [0.25, 0.5], dir);
        if (typeof prefixes === 'string') row.flat_skipped = prefixes;
        else {
          row.flat = [];
          for (const p of prefixes) {
            log(`check the first ${p.rows} rows ...`);
            const r = runChild(p.file);
            row.flat.push({ rows: r.figures.n_items, check_s: r.check_s, check_cpu_s: r.check_cpu_s, peak_rss_mib: r.peak_rss_mib });
          }
          row.flat.push({ rows: run.figures.n_items, check_s: run.check_s, check_cpu_s: run.check_cpu_s, peak_rss_mib: run.peak_rss_mib });
        }
        if (opts.browser) {
          log('chromium: the same files in the Task lab ...');
          row.chromium = runCheckBrowser([...(typeof prefixes === 'string' ? [] : prefixes.map((p) => p.file)), file]);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } else {
      row.flat_skipped = 'memory against rows is measured for Parquet files';
      if (opts.browser) row.chromium = runCheckBrowser([file]);
    }
    rows.push(row);
  }
  return rows;
}

export function formatCheckBenchTable(rows: readonly CheckBenchRow[]): string {
  const f = (x: number, d: number) => x.toFixed(d);
  const head = 'file                                              items   MB  check_s  cpu_s  process_s  start_MiB  peak_MiB  peak MiB by rows (flat?)';
  return [
    head,
    ...rows.map((r) =>
      [
        path.basename(r.file).slice(0, 48).padEnd(48),
        String(r.items).padStart(7),
        f(r.bytes / 1e6, 1).padStart(4),
        f(r.check_s, 2).padStart(8),
        f(r.check_cpu_s, 2).padStart(6),
        f(r.process_s, 2).padStart(10),
        f(r.start_rss_mib, 0).padStart(10),
        f(r.peak_rss_mib, 0).padStart(9),
        ' ' + (r.flat ? r.flat.map((x) => `${x.rows}: ${f(x.peak_rss_mib, 0)}`).join(', ') : `- (${r.flat_skipped})`),
      ].join(' '),
    ),
    ...chromiumTable(rows),
  ].join('\n');
}

/** The Chromium rows, when there are any: a file's quarter, half and whole, one line each. */
function chromiumTable(rows: readonly CheckBenchRow[]): string[] {
  const all = rows.flatMap((r) => (r.chromium ?? []).map((c) => ({ ...c, of: path.basename(r.file) })));
  if (all.length === 0) return [];
  const f = (x: number | null, d: number) => (x === null ? '-' : x.toFixed(d));
  return [
    '',
    'chromium (Task lab)                               items  drop_to_check_s  renderer_peak_MiB  page_live_MiB',
    ...all.map((c) => [c.of.slice(0, 48).padEnd(48), String(c.items).padStart(7), f(c.check_s, 2).padStart(16), f(c.renderer_peak_rss_mib, 0).padStart(18), f(c.page_memory_mib, 1).padStart(14)].join(' ')),
  ];
}
