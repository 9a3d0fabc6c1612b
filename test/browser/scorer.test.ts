// The Scorer in the built app on stories260K: typed input scored on WASM and WebGPU matches
// `lengthlens score`; share links, the embed view, presets and bad input behave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, collectErrors, launchChromium, screenshot } from './chromium';
import type { ItemScore } from '../../src/core/scoring/types';
import { MODELS_DIR } from '../paths';
import { nodeQ8AsWasm } from './nativeQ8';
import { decodeWorkspaceHash, workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';

const CONTEXT = 'Lily went to the park. She saw a big';
const CANDIDATES = [' dog.', ' red ball.', ' dog that was barking at the birds in the tree.'];
// bits/byte is not a column of its own: per byte in bits is its negation (the table shows one of them).
const COLUMNS = ['sum_logprob', 'per_token', 'per_char', 'per_byte', 'pmi', 'prior_bpb', 'first_token_bits'] as const;
const COUNTS = ['n_tokens', 'n_bytes', 'n_chars'] as const;
const RULE_COLUMN = { acc: 'sum_logprob', acc_norm: 'per_char', acc_bytes: 'per_byte', per_token: 'per_token', pmi: 'pmi' } as const;

let browser: Browser;
let cli: ItemScore;

beforeAll(async () => {
  browser = await launchChromium();
  const args = ['bin/lengthlens.mjs', 'score', '--model', path.join(MODELS_DIR, 'stories260K'), '--dtype', 'fp32', '--context', CONTEXT, '--json'];
  for (const c of CANDIDATES) args.push(`--candidate=${c}`);
  // The CLI and the Scorer both count lengths as lm-eval-harness by default (the leading space not counted).
  cli = (JSON.parse(execFileSync('node', args, { encoding: 'utf8' })) as { items: ItemScore[] }).items[0];
});
afterAll(async () => {
  await browser?.close();
});

interface Row {
  candidate: number;
  text: string;
  values: Record<string, number>;
  wins: string[];
  problem: string | null;
}

async function readTable(page: Page): Promise<Row[]> {
  return page.$$eval('[data-testid=score-table] tbody tr', (trs) =>
    trs.map((tr) => {
      const values: Record<string, number> = {};
      tr.querySelectorAll('td[data-value]').forEach((td) => {
        values[(td as HTMLElement).dataset.col!] = Number((td as HTMLElement).dataset.value);
      });
      return {
        candidate: Number((tr as HTMLElement).dataset.candidate),
        text: tr.querySelector('.cand-text')?.getAttribute('title') ?? '',
        values,
        wins: Array.from(tr.querySelectorAll('td.win')).map((td) => (td as HTMLElement).dataset.col!),
        problem: tr.querySelector('.problem-cell')?.textContent ?? null,
      };
    }),
  );
}

/** Wait until the table shows a fresh result whose scored candidates are `texts`. */
async function waitForScores(page: Page, texts: string[], timeout = 60_000): Promise<Row[]> {
  await page.waitForFunction(
    (want) => {
      const scroll = document.querySelector('.table-scroll');
      if (!scroll || scroll.classList.contains('stale')) return false;
      const got = Array.from(document.querySelectorAll('[data-testid=score-table] .cand-text')).map((e) => e.getAttribute('title'));
      return JSON.stringify(got) === JSON.stringify(want);
    },
    texts,
    { timeout },
  );
  return readTable(page);
}

async function typeItem(page: Page, context: string, candidates: string[]) {
  await page.getByTestId('context').fill(context.slice(0, -1));
  await page.getByTestId('context').pressSequentially(context.slice(-1));
  for (let i = 0; i < candidates.length; i++) await page.getByTestId(`candidate-${i}`).fill(candidates[i]);
}

/**
 * `gpuSums`: on WebGPU (a software adapter here) float32 rounding accumulates along a sum (2.6e-3
 * seen over 21 tokens), so sums get the engine test's WebGPU tolerance of 5e-3; every per-length
 * value still meets 1e-3.
 */
function expectMatchesCli(rows: Row[], gpuSums = false) {
  expect(rows.map((r) => r.text)).toEqual(CANDIDATES);
  rows.forEach((r, i) => {
    const ref = cli.candidates[i];
    for (const k of COUNTS) expect(r.values[k], `${k} of candidate ${i}`).toBe(ref[k]);
    for (const k of COLUMNS) {
      // PMI is a difference of two float32 sums: their errors add up.
      const sum = k === 'sum_logprob' || k === 'pmi';
      const tol = gpuSums && sum ? (k === 'pmi' ? 1e-2 : 5e-3) : k === 'pmi' ? 3e-3 : 1e-3;
      expect(Math.abs(r.values[k] - ref[k]), `${k} of candidate ${i}: ${r.values[k]} vs ${ref[k]}`).toBeLessThan(tol);
    }
  });
  for (const [rule, col] of Object.entries(RULE_COLUMN)) {
    const winner = cli.winners[rule as keyof typeof RULE_COLUMN];
    expect(rows.filter((r) => r.wins.includes(col)).map((r) => r.candidate), `winner under ${rule}`).toEqual([winner]);
  }
}

/** A fresh profile (no saved workspace) with the device preference stored, as a returning user would have it. */
async function freshPage(device: 'wasm' | 'webgpu' | 'auto', width = 1280): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  if (device !== 'auto') {
    await ctx.addInitScript((d) => {
      if (!localStorage.getItem('lengthlens.scorer.workspace.v1'))
        localStorage.setItem(
          'lengthlens.scorer.workspace.v1',
          JSON.stringify({ v: 1, model: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: d, context: 'x', candidates: ['a', 'b', 'c'], gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' }),
        );
    }, device);
  }
  const page = await ctx.newPage();
  return { ctx, page, errors: collectErrors(page) };
}

/** A temporary copy of stories260K whose tokenizer has a (minimal) chat template. */
function withChatTemplate(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-')), 'stories260K-chat');
  fs.cpSync(path.join(MODELS_DIR, 'stories260K'), dir, { recursive: true });
  const cfgFile = path.join(dir, 'tokenizer_config.json');
  const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as Record<string, unknown>;
  cfg.chat_template = "{% for m in messages %}User: {{ m.content }}\n{% endfor %}{% if add_generation_prompt %}Assistant:{% endif %}";
  fs.writeFileSync(cfgFile, JSON.stringify(cfg));
  return dir;
}

let sharedLink = '';

describe('Scorer', () => {
  it('WASM: typed input matches `lengthlens score`; the share link reproduces the view', async () => {
    const { ctx, page, errors } = await freshPage('wasm');
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').filter({ hasText: 'WASM' }).waitFor({ timeout: 60_000 });
    await typeItem(page, CONTEXT, CANDIDATES);
    const rows = await waitForScores(page, CANDIDATES);
    expectMatchesCli(rows);
    // The banner names the winners in words.
    await expect(page.getByTestId('disagreement').textContent()).resolves.toMatch(/picks? A/);
    await screenshot(page, 'scorer-main');
    // The lengths line: lm-eval-harness's by default; "as typed" counts the leading space (" dog." is 5 characters).
    await expect(page.getByTestId('lengths-line').getAttribute('data-lengths')).resolves.toBe('harness');
    expect(rows[0].values.n_chars).toBe(4);
    await page.getByTestId('lengths-typed').check();
    await page.waitForFunction(() => document.querySelector('[data-testid=lengths-line]')?.getAttribute('data-lengths') === 'typed');
    const typed = await readTable(page);
    expect(typed.map((r) => r.values.n_chars)).toEqual(CANDIDATES.map((c) => c.length));
    typed.forEach((r) => expect(Math.abs(r.values.per_char * r.values.n_chars - r.values.sum_logprob)).toBeLessThan(1e-6));
    await page.getByTestId('lengths-harness').check();
    // Hover a token: the tooltip names its piece, bytes, rank and alternatives.
    await page.locator('[data-token="2-1"]').hover();
    const tip = page.getByTestId('token-tooltip');
    await expect(tip.textContent()).resolves.toMatch(/bytes\[\d+, \d+\).*log-prob.*rank.*entropy.*top 5 alternatives/);
    await screenshot(page, 'scorer-tooltip');
    // Keyboard: focus moves along the bars with the arrow keys.
    await page.locator('[data-token="0-0"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-token'))).resolves.toBe('0-1');

    await page.getByTestId('copy-link').click();
    sharedLink = await page.getByTestId('share-text').inputValue();
    expect(sharedLink).toMatch(/#s=[A-Za-z0-9+\-$]+$/);
    expect(errors).toEqual([]);
    await ctx.close();

    // A new profile opening the link gets the same item, model and numbers.
    const other = await freshPage('auto');
    await other.page.goto(sharedLink);
    await expect(other.page.getByTestId('context').inputValue()).resolves.toBe(CONTEXT);
    const again = await waitForScores(other.page, CANDIDATES);
    expect(again.map((r) => r.values)).toEqual(rows.map((r) => r.values));
    await expect(other.page.getByTestId('model-status').textContent()).resolves.toMatch(/stories260K · fp32 · WASM/);
    expect(other.errors).toEqual([]);
    await other.ctx.close();
  });

  it('WebGPU: typed input matches `lengthlens score` and the WASM probe agrees', async () => {
    // Forced: Auto picks WASM on this machine's software adapter (embed.test.ts checks that).
    const { ctx, page, errors } = await freshPage('webgpu');
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').filter({ hasText: 'WebGPU' }).waitFor({ timeout: 60_000 });
    await typeItem(page, CONTEXT, CANDIDATES);
    expectMatchesCli(await waitForScores(page, CANDIDATES), true);
    await expect(page.getByTestId('probe-verdict').textContent({ timeout: 60_000 })).resolves.toMatch(/^✓ WebGPU agrees with WASM/);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('q8 (WASM): after a candidate keystroke the whole-word cell waits with PMI\'s (a pass of its own under dynamic q8), then both match `lengthlens score --dtype q8`', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript((ws) => {
      if (!localStorage.getItem('lengthlens.scorer.workspace.v1')) localStorage.setItem('lengthlens.scorer.workspace.v1', ws);
    }, JSON.stringify({ v: 1, model: { kind: 'served', name: 'stories260K' }, dtype: 'q8', device: 'wasm', context: CONTEXT, candidates: CANDIDATES, gold: null, boundaryPolicy: 'whole', unconditionalContext: '', chatTemplate: false, units: 'bits' }));
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').filter({ hasText: 'q8 · WASM' }).waitFor({ timeout: 60_000 });
    await waitForScores(page, CANDIDATES);
    // Every render of the table: which cells wait for a term.
    await page.evaluate(() => {
      const w = window as unknown as { __pending: string[][] };
      w.__pending = [];
      const root = document.querySelector('[data-testid=score-table]')!.closest('section')!;
      new MutationObserver(() => w.__pending.push(Array.from(root.querySelectorAll('td[data-pending=true]'), (td) => `${td.closest('tr')!.dataset.candidate}:${(td as HTMLElement).dataset.col}`))).observe(root, { subtree: true, childList: true, attributes: true });
    });
    const edited = [CANDIDATES[0] + 'y', ...CANDIDATES.slice(1)];
    await page.getByTestId('candidate-0').press('End');
    await page.getByTestId('candidate-0').pressSequentially('y');
    const rows = await waitForScores(page, edited);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=score-table] td[data-pending=true]').length === 0);
    const seen = (await page.evaluate(() => (window as unknown as { __pending: string[][] }).__pending)).filter((p) => p.length > 0);
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) expect(p.sort()).toEqual(['0:ncc', '0:pmi', '0:word_logprob']);
    // The reference: `lengthlens score --dtype q8`, or where Node's native int8 kernels differ from
    // WebAssembly's on this CPU (nativeQ8.ts), the same item from scratch in this browser.
    const native = await nodeQ8AsWasm();
    let ref: ItemScore;
    if (native.same) {
      const args = ['bin/lengthlens.mjs', 'score', '--model', path.join(MODELS_DIR, 'stories260K'), '--dtype', 'q8', '--context', CONTEXT, '--json', ...edited.map((c) => `--candidate=${c}`)];
      ref = (JSON.parse(execFileSync('node', args, { encoding: 'utf8' })) as { items: ItemScore[] }).items[0];
    } else {
      console.log(`q8 Scorer: Node's int8 kernels differ from WebAssembly's here (probe ${native.nats.toFixed(4)} nats); reference: a from-scratch score in this browser`);
      const diag = await ctx.newPage();
      const q = new URLSearchParams({ model: 'stories260K', device: 'wasm', dtype: 'q8', context: CONTEXT });
      for (const c of edited) q.append('candidate', c);
      await diag.goto(`${baseUrl()}/diagnostics.html?${q}`);
      await diag.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 240_000 });
      ref = (JSON.parse((await diag.getByTestId('result').textContent()) ?? '{}') as { item: ItemScore }).item;
      await diag.close();
    }
    rows.forEach((r, i) => {
      for (const k of ['sum_logprob', 'pmi', 'word_logprob'] as const) expect(Math.abs(r.values[k] - ref.candidates[i][k]), `${k} of candidate ${i}`).toBeLessThan(1e-3);
    });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('embed view loads the model only after a click and sizes its iframe', async () => {
    const { ctx, page, errors } = await freshPage('auto', 700);
    const modelRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/models\/.*\.onnx/.test(r.url()) && r.method() === 'GET') modelRequests.push(r.url());
    });
    const embedUrl = sharedLink.replace(/\/?#/, '/?embed=1#');
    await page.goto(embedUrl);
    await page.getByTestId('load-model').waitFor();
    await page.waitForTimeout(300);
    expect(modelRequests).toEqual([]);
    await expect(page.locator('.app-header').count()).resolves.toBe(0);
    await page.getByTestId('load-model').click();
    await waitForScores(page, CANDIDATES);
    expect(modelRequests.length).toBeGreaterThan(0);
    await screenshot(page, 'scorer-embed');

    // Inside an iframe, the page reports its height and the snippet's listener applies it.
    await page.goto(baseUrl() + '/missing-page-for-iframe-host');
    await page.setContent(
      `<iframe id="f" src="${embedUrl}" style="width:100%;border:0" height="200"></iframe>` +
        `<script>addEventListener('message',function(e){var d=e.data;if(!d||d.type!=='lengthlens:height')return;` +
        `document.querySelectorAll('iframe').forEach(function(f){if(f.contentWindow===e.source)f.style.height=d.height+'px'})})</script>`,
    );
    await page.waitForFunction(() => (document.getElementById('f') as HTMLIFrameElement).getBoundingClientRect().height > 400, undefined, { timeout: 20_000 });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a preset loads and says what to notice; a model folder from disk loads', async () => {
    const { ctx, page, errors } = await freshPage('wasm');
    await page.goto(baseUrl() + '/');
    await page.getByTestId('model-status').waitFor({ timeout: 60_000 });
    await page.locator('[data-preset=letters]').click();
    await expect(page.getByTestId('preset-notice').textContent()).resolves.toMatch(/per-char and per-byte divide all four sums by the same number/);
    const rows = await waitForScores(page, [' A', ' B', ' C', ' D']);
    // Letter keys: per-char and per-byte pick the same winner as the raw sum.
    const winnerOf = (col: string) => rows.find((r) => r.wins.includes(col))?.candidate;
    expect(winnerOf('per_char')).toBe(winnerOf('sum_logprob'));
    expect(winnerOf('per_byte')).toBe(winnerOf('sum_logprob'));
    await expect(page.locator('[data-code=single_character_candidates]').textContent()).resolves.toMatch(/Why it matters/);

    // A folder picked from disk: a folder that is not a model is named as such; a model folder loads.
    await page.getByLabel('Folder on disk').check();
    await page.getByTestId('folder-input').setInputFiles(path.join(MODELS_DIR, 'reference'));
    await expect(page.getByRole('alert').filter({ hasText: 'is not a transformers.js model' }).textContent()).resolves.toMatch(/has no config\.json/);
    // The folder is stories260K with a chat template added, so the side-by-side view can be checked.
    const folder = withChatTemplate();
    await page.getByTestId('folder-input').setInputFiles(folder);
    await page.getByTestId('load-model').click();
    await page.getByTestId('model-status').filter({ hasText: 'stories260K-chat (folder on disk) · fp32 · WASM' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Compare with the chat template').check();
    await page.getByTestId('template-compare').waitFor({ timeout: 30_000 });
    const main = await waitForScores(page, [' A', ' B', ' C', ' D']);
    const compare = await page.$$eval('[data-testid=template-compare] tbody tr', (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => Number(td.textContent!.replace('−', '-')))),
    );
    expect(compare.length).toBe(4);
    compare.forEach((cells, i) => {
      // Raw sums are the main table's (shown in bits to 3 decimals); the template moves every sum.
      expect(Math.abs(cells[0] - main[i].values.sum_logprob / Math.LN2)).toBeLessThan(1e-3);
      expect(Math.abs(cells[1] - cells[0])).toBeGreaterThan(1e-3);
      expect(Math.abs(cells[2] - (cells[1] - cells[0]))).toBeLessThan(2e-3);
    });
    await page.getByTestId('template-compare').screenshot({ path: path.join('screenshots', 'scorer-template.png') });
    fs.rmSync(folder, { recursive: true, force: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('bad input gets a clear message and the rest of the page keeps working', async () => {
    const { ctx, page, errors } = await freshPage('wasm');
    await page.goto(baseUrl() + '/#s=this-is-not-a-lengthlens-link!!');
    await expect(page.getByTestId('link-error').textContent()).resolves.toMatch(/This link could not be opened: .*characters/);
    await page.getByTestId('model-status').waitFor({ timeout: 60_000 });
    await typeItem(page, CONTEXT, CANDIDATES);
    await waitForScores(page, CANDIDATES);

    // An empty candidate: named, not scored; the others still are.
    await page.getByTestId('candidate-1').fill('');
    let rows = await waitForScores(page, [CANDIDATES[0], CANDIDATES[2]]);
    expect(rows[1].problem).toMatch(/Candidate 2 is empty/);
    await expect(page.getByTestId('input-problem').textContent()).resolves.toMatch(/^Candidate 2 is empty/);
    await expect(page.getByTestId('candidate-1').getAttribute('aria-invalid')).resolves.toBe('true');

    // A 20,000-character candidate: a clear limit, the others still scored.
    await page.getByTestId('candidate-1').fill('a'.repeat(20_000));
    rows = await waitForScores(page, [CANDIDATES[0], CANDIDATES[2]]);
    expect(rows[1].problem).toBe('Candidate 2 is 20,000 characters; the limit is 8,000, so it is not scored.');
    await expect(page.getByTestId('candidate-1').getAttribute('aria-invalid')).resolves.toBe('true');

    // Fixing it brings the row back.
    await page.getByTestId('candidate-1').fill(CANDIDATES[1]);
    expectMatchesCli(await waitForScores(page, CANDIDATES));

    // A pasted list over the limit says what is dropped before anything is replaced.
    await page.getByRole('button', { name: 'Paste a list…' }).click();
    await page.getByLabel(/One candidate per line/).fill(Array.from({ length: 40 }, (_, i) => ` answer ${i + 1}`).join('\n'));
    await expect(page.getByText(/The list has 40 candidates; only the first 32 are kept/).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Paste a list…' }).click();
    await expect(page.getByTestId('candidate-2').inputValue()).resolves.toBe(CANDIDATES[2]);

    // The workspace survives a reload without any link (local storage).
    await page.waitForTimeout(400);
    await page.goto(baseUrl() + '/');
    await expect(page.getByTestId('context').inputValue()).resolves.toBe(CONTEXT);
    await expect(page.getByTestId('candidate-2').inputValue()).resolves.toBe(CANDIDATES[2]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a link naming a hub model downloads nothing until the user clicks; a load can be cancelled', async () => {
    const { ctx, page, errors } = await freshPage('auto');
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseUrl())) outside.push(r.url());
    });
    const hash = workspaceHash({ ...defaultWorkspace(), model: { kind: 'hub', id: 'HuggingFaceTB/SmolLM2-135M-Instruct' }, dtype: 'q4' });
    await page.goto(baseUrl() + '/' + hash);
    // Not even the hub's file listing is asked before the user picks or loads the model (so no size yet).
    await expect(page.getByTestId('load-model').textContent()).resolves.toBe('Download and load');
    await expect(page.locator('.consent').textContent()).resolves.toMatch(/downloads from huggingface\.co only when you click/);
    await page.waitForTimeout(1000);
    expect(outside).toEqual([]);

    // A half-typed hub id is flagged and cannot be loaded; it never enters the link.
    await page.getByLabel('Hub: any id').check();
    await page.getByPlaceholder('owner/model-name').fill('owner/');
    await page.getByText('A hub id looks like owner/name.').waitFor();
    await expect(page.getByTestId('load-model').isDisabled()).resolves.toBe(true);
    await page.waitForTimeout(400);
    const inLink = decodeWorkspaceHash(new URL(page.url()).hash);
    expect(inLink.ok && inLink.workspace.model).toEqual({ kind: 'hub', id: 'HuggingFaceTB/SmolLM2-135M-Instruct' });

    // A load can be cancelled while it runs; the panel says so and loading again works.
    await page.getByLabel('Served by this app').check();
    await page.locator('.model-panel select').first().selectOption('bench-llama-6M');
    await page.getByTestId('load-model').click();
    await page.getByTestId('cancel-load').click();
    await page.getByText('Loading was cancelled.').waitFor();
    await expect(page.getByTestId('load-model').textContent()).resolves.toBe('Load model');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
