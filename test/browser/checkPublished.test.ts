// The Task lab reads published benchmark files by file drop (the chooser, as a drop hands over the
// same File): a hub-style MMLU Parquet file, Hendrycks' headerless CSV, a gzip AI2 jsonl. It names
// the schema it recognised with each field's mapping, and the Check view breaks the gold-longest
// share down by subject (flagged first). Written by hand here; screenshotted at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { baseUrl, collectErrors, launchChromium } from './chromium';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-published-ui-'));

function mmluParquet(): string {
  const subjects: string[] = [];
  const choices: string[][] = [];
  const answers: bigint[] = [];
  for (let i = 0; i < 30; i++) {
    subjects.push('high_school_biology');
    choices.push(['cell', 'tissue', 'the organ system that carries blood', 'gene']);
    answers.push(2n);
    subjects.push('anatomy');
    choices.push(['aa', 'bb', 'cc', 'dd']);
    answers.push(BigInt(i % 4));
  }
  const writer = new ByteWriter();
  parquetWrite({ writer, columnData: [
    { name: 'question', data: subjects.map((_, i) => `Question ${i}?`) },
    { name: 'subject', data: subjects },
    { name: 'choices', data: choices },
    { name: 'answer', data: answers, type: 'INT64' },
  ] });
  const file = path.join(dir, 'test-00000-of-00001.parquet');
  writeFileSync(file, new Uint8Array(writer.getBuffer()));
  return file;
}

const CSV = path.join(dir, 'anatomy_test.csv');
writeFileSync(CSV, '"Which, of these?",short,a much longer answer,mid one,x,B\r\nSecond,aa,b,c,d,A');
const ARC_GZ = path.join(dir, 'ARC-Easy-Test.jsonl.gz');
writeFileSync(
  ARC_GZ,
  gzipSync(JSON.stringify({ id: 'q1', question: { stem: 'Which?', choices: [{ text: 'a long gold answer', label: 'A' }, { text: 'no', label: 'B' }] }, answerKey: 'A' }) + '\n'),
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function load(page: Page, file: string) {
  await page.setInputFiles('input[type=file]', file);
  await page.getByTestId('task-schema').waitFor({ timeout: 30_000 });
}

describe('Task lab: published files', () => {
  it('names the schema of Parquet, headerless CSV and gzip files, and checks by subject', async () => {
    for (const [width, height, name] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      const errors = collectErrors(page);
      await page.goto(baseUrl() + '#/task');
      await load(page, mmluParquet());
      expect(await page.getByTestId('schema-name').textContent()).toBe('MMLU on the hub (question, subject, choices, answer)');
      expect(await page.getByTestId('item-count').textContent()).toBe('60');
      expect(await page.getByTestId('task-schema').locator('dd').allTextContents()).toEqual(['question', 'choices', 'answer', '— (the record number)', 'subject']);
      const bars = page.locator('[data-testid=task-check] figure[aria-label^="Gold is a longest choice (%), by subject"] .check-bar-name');
      await expect.poll(() => bars.allTextContents()).toEqual(['⚠ high_school_biology', 'anatomy']);
      await page.getByTestId('task-input-title').scrollIntoViewIfNeeded().catch(() => undefined);
      await page.screenshot({ path: path.resolve('screenshots', `published-parquet-${name}.png`), fullPage: true });

      await load(page, CSV);
      await expect.poll(() => page.getByTestId('schema-name').textContent()).toBe('MMLU CSV without a header (Hendrycks)');
      expect(await page.getByTestId('item-count').textContent()).toBe('2');
      await load(page, ARC_GZ);
      await expect.poll(() => page.getByTestId('schema-name').textContent()).toBe('AI2 jsonl (ARC, OpenBookQA, QASC, CommonsenseQA)');
      expect(await page.getByTestId('task-schema').textContent()).toContain('jsonl, gzip');
      await page.getByTestId('task-schema').screenshot({ path: path.resolve('screenshots', `published-schema-${name}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
