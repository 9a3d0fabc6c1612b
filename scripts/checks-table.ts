// Writes docs/check.md's table of checks from the registry (src/core/check/checks/index.ts), between
// its two marker lines. `npm run docs:checks`; test/core/check/checks/registry.test.ts fails while
// the table and the registry differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checksTable } from '../src/core/check/checks';
import { CHECKS_TABLE_BEGIN, CHECKS_TABLE_END } from '../src/core/check/checks/docsTable';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'check.md');
const text = readFileSync(file, 'utf8');
const begin = text.indexOf(CHECKS_TABLE_BEGIN);
const end = text.indexOf(CHECKS_TABLE_END);
if (begin < 0 || end < begin) throw new Error(`docs/check.md lacks the lines ${CHECKS_TABLE_BEGIN} and ${CHECKS_TABLE_END}`);
writeFileSync(file, `${text.slice(0, begin + CHECKS_TABLE_BEGIN.length)}\n${checksTable()}\n${text.slice(end)}`);
