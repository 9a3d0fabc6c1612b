// The lines in docs/check.md between which the table of checks (`checksTable`) is written.
export const CHECKS_TABLE_BEGIN = '<!-- checks table: written by `npm run docs:checks` from src/core/check/checks/index.ts -->';
export const CHECKS_TABLE_END = '<!-- end of checks table -->';
