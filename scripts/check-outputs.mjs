#!/usr/bin/env node
// Byte-identical check of the CLI's outputs: runs a fixed set of `lengthlens` commands (score,
// task, harness, judge, help and usage errors; not bench, whose numbers are timings) on the test
// fixtures, the shared models and the shared reference data, and records or compares the sha256 of
// each command's stdout, stderr, exit code and written files.
//
//   node scripts/check-outputs.mjs --record DIR    write DIR/manifest.json and DIR/outputs/*
//   node scripts/check-outputs.mjs --compare DIR   run again, list every difference, exit 1 if any
//                                                  (this run's outputs go to DIR-compare/ for diffing)
//   options: --root TREE   the checkout whose CLI runs (default: this script's repository)
//            --shared DIR  the shared models and reference data (default: $SHARED_DIR or ../shared)
//            --jobs N      commands run at once (default 2)
//            --only TEXT   only the cases whose name contains TEXT
//            --isolated    a fresh process per command (slower; default: a few worker processes
//                          that each load the CLI once and run their share of commands in turn)
//
// Arguments naming shared files stay relative (../shared/...), so outputs that echo a path are the
// same in any checkout beside the shared folder. Files a command writes go to a scratch folder
// whose path is written as {TMP} before hashing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgv(argv) {
  const o = { root: path.resolve(here, '..'), shared: process.env.SHARED_DIR ?? '../shared', jobs: 2 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (argv[i + 1] === undefined) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--record') o.record = value();
    else if (a === '--compare') o.compare = value();
    else if (a === '--root') o.root = path.resolve(value());
    else if (a === '--shared') o.shared = value();
    else if (a === '--jobs') o.jobs = Number(value());
    else if (a === '--only') o.only = value();
    else if (a === '--isolated') o.isolated = true;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument "${a}"`);
  }
  if ((o.record === undefined) === (o.compare === undefined)) usage('give exactly one of --record DIR or --compare DIR');
  if (!(Number.isInteger(o.jobs) && o.jobs >= 1)) usage('--jobs must be a whole number ≥ 1');
  return o;
}

function usage(problem) {
  const text = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 19).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
  if (problem) {
    process.stderr.write(`check-outputs: ${problem}\n\n${text}\n`);
    process.exit(2);
  }
  process.stdout.write(text + '\n');
  process.exit(0);
}

/** Every case: a name (also its output file name) and the CLI arguments. {S} = shared, {TMP} = scratch. */
function cases() {
  const stories = '{S}/models/stories260K';
  const ctx = 'Once upon a time, there was a little girl named';
  const cands = ['--candidate', ' Lily.', '--candidate', ' Lily. She liked to play outside.', '--candidate', ' Tim.'];
  const items = '{TMP}/inputs/score-items.jsonl';
  const real = '{S}/reference/realdata';
  const ae = '{S}/reference/alpacaeval';
  const list = [
    // top level
    ['help', ['--help']],
    ['no-command', []],
    ['unknown-command', ['frobnicate']],
    ...['score', 'task', 'harness', 'check', 'judge', 'bench'].map((c) => [`${c}-help`, [c, '--help']]),
    // score
    ['score-stories-fp32-json', ['score', '--model', stories, '--context', ctx, ...cands, '--json']],
    ['score-stories-fp32-table', ['score', '--model', stories, '--context', ctx, ...cands]],
    ['score-stories-q8-jsonl', ['score', '--model', stories, '--dtype', 'q8', '--context', ctx, ...cands, '--jsonl']],
    ['score-stories-q4-json', ['score', '--model', stories, '--dtype', 'q4', '--context', ctx, ...cands, '--json']],
    ['score-stories-options', ['score', '--model', stories, '--context', 'Tom saw a', '--candidate', ' dog', '--candidate', ' big red ball', '--policy', 'separate', '--unconditional', 'Once', '--mu', '40', '--top-k', '3', '--json']],
    ['score-stories-items-json', ['score', '--model', stories, '--items', items, '--json', '--quiet']],
    ['score-stories-items-jsonl', ['score', '--model', stories, '--items', items, '--jsonl', '--quiet']],
    ...['tiny-llama-gqa', 'tiny-llama-gqa-pos', 'tiny-llama-plain'].map((m) => [`score-${m}-json`, ['score', '--model', `{S}/models/${m}`, '--context', 'The cat sat on the', ...cands, '--json']]),
    ['score-tiny-llama-plain-chat-jsonl', ['score', '--model', '{S}/models/tiny-llama-plain', '--context', 'Hello', '--candidate', ' world', '--candidate', ' there, friend', '--chat-template', '--jsonl']],
    ['score-error-bogus-flag', ['score', '--bogus']],
    ['score-error-no-model', ['score', '--context', 'a', '--candidate', 'b']],
    ['score-error-bad-dtype', ['score', '--model', stories, '--dtype', 'q9', '--context', 'a', '--candidate', 'b']],
    ['score-error-no-candidate', ['score', '--model', stories, '--context', 'a']],
    ['score-error-bad-topk', ['score', '--model', stories, '--context', 'a', '--candidate', 'b', '--top-k', '-1']],
    ['score-error-huge-topk', ['score', '--model', stories, '--context', 'a', '--candidate', 'b', '--top-k', '100000', '--json']],
    ['score-error-items-missing', ['score', '--model', stories, '--items', '{TMP}/inputs/nope.jsonl']],
    ['score-error-items-bad', ['score', '--model', stories, '--items', '{TMP}/inputs/score-items-bad.jsonl']],
    ['score-error-model-missing', ['score', '--model', '{TMP}/no-such-model', '--context', 'a', '--candidate', 'b']],
    // task
    ['task-bits-fixture-json', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--json']],
    ['task-bits-fixture-csv', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--csv']],
    ['task-bits-fixture-table', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--mu', '50', '--space', 'keep']],
    ['task-bits-gpt3-json', ['task', '--bits', `${real}/converted/gpt3_ada_bits.jsonl`, '--json']],
    ['task-bits-compare-json', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--bits', `${real}/converted/gpt3_ada_bits.jsonl`, '--json']],
    ['task-bits-compare-table', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--bits', `${real}/converted/gpt3_ada_bits.jsonl`]],
    ['task-bits-compare-csv', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--bits', `${real}/converted/gpt3_ada_bits.jsonl`, '--csv']],
    ...['flat_one_bit_per_byte', 'mc_letters_leading_space'].map((c) => [`task-bits-vectors-${c}`, ['task', '--bits', '{S}/reference/priorbpb-vectors.json', '--case', c, '--json']]),
    ['task-bits-array-bad-json', ['task', '--bits', '{TMP}/inputs/bits-array-bad.json', '--json']],
    ['task-bits-array-bad-strict', ['task', '--bits', '{TMP}/inputs/bits-array-bad.json', '--strict']],
    ['task-sample-cloze-json', ['task', '--model', stories, '--sample', 'stories-cloze', '--limit', '12', '--json']],
    ['task-sample-choice-csv', ['task', '--model', stories, '--sample', 'stories-choice', '--limit', '12', '--csv']],
    ['task-sample-letters-table', ['task', '--model', stories, '--sample', 'stories-choice-letters', '--limit', '6']],
    ['task-sample-dtypes-json', ['task', '--model', stories, '--sample', 'stories-choice', '--dtype', 'fp32', '--dtype', 'q8', '--limit', '8', '--json']],
    ['task-items-malformed-json', ['task', '--model', stories, '--items', 'test/fixtures/task-items-malformed.jsonl', '--json']],
    ['task-items-malformed-strict', ['task', '--model', stories, '--items', 'test/fixtures/task-items-malformed.jsonl', '--strict']],
    ['task-export-lm-eval', ['task', '--sample', 'stories-cloze', '--export-lm-eval', '{TMP}/lmeval']],
    ['task-error-bogus-flag', ['task', '--bogus']],
    ['task-error-nothing', ['task']],
    ['task-error-bad-mu', ['task', '--bits', 'test/fixtures/stories-cloze-bits.json', '--mu', '1']],
    ['task-error-bad-case', ['task', '--bits', '{S}/reference/priorbpb-vectors.json', '--case', 'nope']],
    ['task-error-bits-missing', ['task', '--bits', '{TMP}/inputs/nope.json']],
    ['task-error-bad-sample', ['task', '--model', stories, '--sample', 'nope']],
    // harness
    ['harness-fixture-json', ['harness', 'test/fixtures/task-log-samples.jsonl', '--json']],
    ['harness-fixture-csv', ['harness', 'test/fixtures/task-log-samples.jsonl', '--csv']],
    ['harness-fixture-table', ['harness', 'test/fixtures/task-log-samples.jsonl']],
    ['harness-fixture-rescore-json', ['harness', 'test/fixtures/task-log-samples.jsonl', '--model', stories, '--json']],
    ['harness-arc-easy-json', ['harness', `${real}/raw/correctness_gate/samples_arc_easy_2026-08-05T12-33-01.036743.jsonl`, '--json']],
    ['harness-arc-easy-v040-table', ['harness', `${real}/converted/correctness_gate_v040_style.jsonl`]],
    ['harness-copa-json', ['harness', `${real}/raw/errorbars_copa/samples_copa_2026-10-01T23-15-32.942677.jsonl`, '--json']],
    ['harness-negotiationtom-json', ['harness', `${real}/raw/eleuther_negotiationtom/samples_negotiationtom_belief_2026-07-08T18-15-33.115417.jsonl`, '--delimiter', '', '--json']],
    ['harness-legacy-winogrande-csv', ['harness', `${real}/raw/eleuther_legacy_2023/pretrained=EleutherAI__pythia-2.8b_winogrande.jsonl`, '--csv']],
    ['harness-error-results-file', ['harness', `${real}/raw/errorbars_copa/results_2026-10-01T23-15-32.942677.json`]],
    ['harness-error-no-file', ['harness']],
    // check
    ['check-task-items-malformed-table', ['check', 'test/fixtures/task-items-malformed.jsonl']],
    ['check-arc-easy-json', ['check', `${real}/raw/correctness_gate/samples_arc_easy_2026-08-05T12-33-01.036743.jsonl`, '--json']],
    ['check-arc-easy-markdown', ['check', `${real}/raw/correctness_gate/samples_arc_easy_2026-08-05T12-33-01.036743.jsonl`, '--markdown']],
    ['check-negotiationtom-fail-on', ['check', `${real}/raw/eleuther_negotiationtom/samples_negotiationtom_belief_2026-07-08T18-15-33.115417.jsonl`, '--delimiter', '', '--fail-on', 'letter_keys,acc_picks_shortest']],
    ['check-sample-model-json', ['check', 'test/fixtures/task-log-samples.jsonl', '--model', stories, '--json']],
    ['check-error-unknown-check', ['check', 'test/fixtures/task-items-malformed.jsonl', '--fail-on', 'nope']],
    ['harness-error-bogus-flag', ['harness', 'test/fixtures/task-log-samples.jsonl', '--bogus']],
    // judge
    ['judge-simulate-json', ['judge', 'simulate', '--json']],
    ['judge-simulate-params-json', ['judge', 'simulate', '--b', '0.3', '--lambda', '0.6', '--m', '-0.3', '--rho', '0.2', '--n', '500', '--seed', '7', '--json']],
    ['judge-simulate-table', ['judge', 'simulate', '--n', '300']],
    ['judge-audit-sample-json', ['judge', 'audit', 'public/samples/judge-verdicts.csv', '--reps', '40', '--seed', '3', '--json']],
    ['judge-audit-sample-table', ['judge', 'audit', 'public/samples/judge-verdicts.csv', '--reps', '40', '--length-feature', 'char-difference']],
    ['judge-audit-ae-verbose-json', ['judge', 'audit', `${ae}/converted/gpt-3.5-turbo-1106_verbose.csv`, '--reps', '30', '--json']],
    ['judge-audit-ae-hard-json', ['judge', 'audit', `${ae}/converted/alpaca_eval_gpt4__gpt4_1106_preview.hard.csv`, '--reps', '30', '--seed', '2', '--json']],
    ['judge-audit-ae-annotations-json', ['judge', 'audit', `${ae}/FuseChat-Llama-3.2-1B-Instruct.json`, '--reps', '30', '--json']],
    ['judge-audit-ae-annotations-table', ['judge', 'audit', `${ae}/FuseChat-Llama-3.2-1B-Instruct.json`, '--reps', '20']],
    ...['nan.csv', 'dup_exact.csv', 'verdicts_array.json', 'order_unknown.csv', 'missing_len.csv'].map((f) => [`judge-audit-bad-${f.replace(/\W/g, '-')}`, ['judge', 'audit', `${ae}/bad/${f}`, '--reps', '20', '--json']]),
    ['judge-audit-bad-strict', ['judge', 'audit', `${ae}/bad/nan.csv`, '--reps', '20', '--strict']],
    ['judge-montecarlo-json', ['judge', 'montecarlo', '--prompts', '60', '--reps', '25', '--json']],
    ['judge-montecarlo-table', ['judge', 'montecarlo', '--prompts', '40', '--reps', '20', '--b', '0.2']],
    ['judge-sample', ['judge', 'sample', '--prompts', '25', '--seed', '5']],
    ['judge-error-no-sub', ['judge']],
    ['judge-error-bad-sub', ['judge', 'frob']],
    ['judge-error-bogus-flag', ['judge', 'simulate', '--bogus']],
    ['judge-error-bad-number', ['judge', 'simulate', '--b', 'x']],
    ['judge-error-audit-no-file', ['judge', 'audit']],
    ['judge-error-audit-missing', ['judge', 'audit', '{TMP}/inputs/nope.csv']],
    ['judge-error-reps', ['judge', 'audit', 'public/samples/judge-verdicts.csv', '--reps', '0']],
    ['bench-error-bogus-flag', ['bench', '--bogus']],
  ];
  return list.map(([name, args]) => ({ name, args }));
}

/** Input files the cases read, written into the scratch folder (so no fixture has to exist in the tree). */
function writeInputs(tmp) {
  const dir = path.join(tmp, 'inputs');
  fs.mkdirSync(dir, { recursive: true });
  const items = [
    { context: 'Once upon a time, there was a little girl named', candidates: [' Lily.', ' Lily. She liked to play outside.', ' Tim.'] },
    { context: 'Tom went to the park. He saw a big', candidates: [' dog.', ' tree with many red apples on it.'] },
    { context: 'The sun was shining and the birds were', candidates: [' singing.', ' happy', ' flying in the sky above the house.'] },
  ];
  fs.writeFileSync(path.join(dir, 'score-items.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'score-items-bad.jsonl'), JSON.stringify(items[0]) + '\n{"context": "x"}\nnot json\n');
  const good = { tokens: [[3.5, 4], [2.25, 3], [6, 5]], text: 'abc' };
  fs.writeFileSync(path.join(dir, 'bits-array-bad.json'), JSON.stringify([good, { tokens: 'nope' }, [[1, 2], [2.5, 3]], [[1, -2]]]));
}

const sha = (data) => createHash('sha256').update(data).digest('hex');

/** The files a case wrote into its scratch folder, by relative path. */
function writtenFiles(caseTmp) {
  const files = {};
  const walk = (dir, rel) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, `${rel}${e.name}/`);
      else files[`${rel}${e.name}`] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(caseTmp, '');
  return files;
}

/**
 * Worker mode: one process loads the CLI once (through tsx, as bin/lengthlens.mjs does) and runs
 * its share of the cases one after another through main(), capturing what each writes. This saves
 * a tsx and transformers.js start per command. Each worker always gets the same cases in the same
 * order, so anything printed once per process lands on the same case in every run.
 */
async function worker(jobFile) {
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
  const { register } = await import(pathToFileURL(path.join(job.root, 'node_modules/tsx/dist/esm/api/index.mjs')).href);
  register();
  const { main } = await import(pathToFileURL(path.join(job.root, 'src/cli/main.ts')).href);
  const results = [];
  for (const c of job.cases) {
    const caseTmp = path.join(job.tmp, c.name);
    const args = c.args.map((a) => a.replaceAll('{S}', job.shared).replaceAll('{TMP}/lmeval', `${caseTmp}/lmeval`).replaceAll('{TMP}', job.tmp));
    const out = [];
    const err = [];
    const stdoutWrite = process.stdout.write;
    const stderrWrite = process.stderr.write;
    const capture = (into) => (chunk, encoding, cb) => {
      into.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
      const done = typeof encoding === 'function' ? encoding : cb;
      if (done) queueMicrotask(done);
      return true;
    };
    process.stdout.write = capture(out);
    process.stderr.write = capture(err);
    const started = Date.now();
    let code;
    try {
      code = await main(args);
    } catch (e) {
      code = `threw ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      process.stdout.write = stdoutWrite;
      process.stderr.write = stderrWrite;
    }
    // Scratch paths vary per run: written as {TMP} so the bytes compare.
    const norm = (bufs) => Buffer.from(Buffer.concat(bufs).toString('latin1').replaceAll(caseTmp, '{TMP}').replaceAll(job.tmp, '{TMP}'), 'latin1').toString('base64');
    results.push({ name: c.name, args: c.args, code, stdout: norm(out), stderr: norm(err), files: writtenFiles(caseTmp), seconds: (Date.now() - started) / 1000 });
    process.stderr.write(`  ${c.name} (exit ${code}, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  fs.writeFileSync(job.out, JSON.stringify(results));
}

async function runAll(o) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-check-'));
  writeInputs(tmp);
  const todo = cases().filter((c) => o.only === undefined || c.name.includes(o.only));
  // Default: `jobs` workers, each running its share in one process. --isolated: a fresh process
  // per command (slower; nothing one command leaves in memory can reach the next).
  const groups = o.isolated ? todo.map((c) => [c]) : Array.from({ length: Math.min(o.jobs, todo.length) }, (_, w) => todo.filter((_, i) => i % o.jobs === w));
  const runGroup = (group, w) => {
    const job = { root: o.root, shared: o.shared, tmp, cases: group, out: path.join(tmp, `worker-${w}.json`) };
    const jobFile = path.join(tmp, `worker-${w}.job.json`);
    fs.writeFileSync(jobFile, JSON.stringify(job));
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--worker', jobFile], {
        cwd: o.root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('close', (code) => {
        if (code !== 0) reject(new Error(`worker ${w} exited with ${code}`));
        else resolve(JSON.parse(fs.readFileSync(job.out, 'utf8')));
      });
    });
  };
  const done = [];
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const w = next++;
      done.push(await runGroup(groups[w], w));
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.jobs, groups.length) }, lane));
  const runs = done;
  const byName = new Map((await Promise.all(runs)).flat().map((r) => [r.name, r]));
  fs.rmSync(tmp, { recursive: true, force: true });
  return todo.map((c) => {
    const r = byName.get(c.name);
    const buf = (b64) => Buffer.from(b64, 'base64');
    return { ...r, stdout: buf(r.stdout), stderr: buf(r.stderr), files: Object.fromEntries(Object.entries(r.files).map(([k, v]) => [k, buf(v)])) };
  });
}

function manifestOf(results) {
  const m = {};
  for (const r of results)
    m[r.name] = {
      args: r.args,
      exit: r.code,
      stdout: sha(r.stdout),
      stderr: sha(r.stderr),
      files: Object.fromEntries(Object.entries(r.files).map(([k, v]) => [k, sha(v)])),
    };
  return m;
}

function save(dir, results) {
  fs.rmSync(path.join(dir, 'outputs'), { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'outputs'), { recursive: true });
  for (const r of results) {
    fs.writeFileSync(path.join(dir, 'outputs', `${r.name}.stdout`), r.stdout);
    fs.writeFileSync(path.join(dir, 'outputs', `${r.name}.stderr`), r.stderr);
    fs.writeFileSync(path.join(dir, 'outputs', `${r.name}.exit`), `${r.code}\n`);
    for (const [f, data] of Object.entries(r.files)) {
      const p = path.join(dir, 'outputs', `${r.name}.files`, f);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, data);
    }
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifestOf(results), null, 2) + '\n');
}

async function main() {
  if (process.argv[2] === '--worker') {
    await worker(process.argv[3]);
    return 0;
  }
  const o = parseArgv(process.argv.slice(2));
  const started = Date.now();
  const results = await runAll(o);
  const took = `${results.length} commands in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  if (o.record !== undefined) {
    save(o.record, results);
    process.stdout.write(`recorded ${took} in ${o.record}/manifest.json\n`);
    return 0;
  }
  const before = JSON.parse(fs.readFileSync(path.join(o.compare, 'manifest.json'), 'utf8'));
  const now = manifestOf(results);
  const out = `${o.compare.replace(/\/$/, '')}-compare`;
  save(out, results);
  const diffs = [];
  for (const [name, b] of Object.entries(before)) {
    const a = now[name];
    if (a === undefined) {
      if (o.only === undefined) diffs.push(`${name}: not run now (case removed)`);
      continue;
    }
    const what = [];
    if (a.exit !== b.exit) what.push(`exit ${b.exit} → ${a.exit}`);
    if (a.stdout !== b.stdout) what.push('stdout');
    if (a.stderr !== b.stderr) what.push('stderr');
    const names = new Set([...Object.keys(a.files), ...Object.keys(b.files)]);
    for (const f of names) if (a.files[f] !== b.files[f]) what.push(`file ${f}`);
    if (what.length) diffs.push(`${name}: ${what.join(', ')}`);
  }
  for (const name of Object.keys(now)) if (!(name in before)) diffs.push(`${name}: new case (not in the baseline)`);
  if (diffs.length === 0) {
    process.stdout.write(`identical: ${took}, every stdout, stderr, exit code and file as in ${o.compare}\n`);
    return 0;
  }
  process.stdout.write(`${diffs.length} of ${results.length} commands differ from ${o.compare} (${took}):\n${diffs.map((d) => `  ${d}`).join('\n')}\n`);
  process.stdout.write(`this run's outputs: ${out}/outputs (diff -r ${o.compare}/outputs ${out}/outputs)\n`);
  return 1;
}

process.exitCode = await main();
