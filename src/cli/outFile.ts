// `--out FILE`: checked before any work starts (a benchmark that runs for minutes must not then
// fail on its output path), and written so that a finished result is never lost to a failed write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError, UsageError } from './errors';

/** The nearest path at or above `p` that exists. */
function nearestExisting(p: string): string {
  let cur = path.resolve(p);
  while (!fs.existsSync(cur)) {
    const up = path.dirname(cur);
    if (up === cur) return cur;
    cur = up;
  }
  return cur;
}

/**
 * Throws a one-line error when `file` cannot be written: it is a folder (exit 2: the flag's value
 * is wrong), a folder on its way is a file, or the place is not writable (exit 1).
 */
export function checkOutPath(file: string, flag = '--out'): void {
  if (file === '') throw new UsageError(`${flag} needs a file name`);
  const full = path.resolve(file);
  if (fs.existsSync(full) && fs.statSync(full).isDirectory())
    throw new UsageError(`${flag} ${file} is a folder: name a file (e.g. ${path.join(file, 'result.json')})`);
  const existing = nearestExisting(path.dirname(full));
  if (!fs.statSync(existing).isDirectory()) throw new UsageError(`${flag} ${file}: ${existing} is a file, not a folder, so ${file} cannot be created`);
  try {
    fs.accessSync(fs.existsSync(full) ? full : existing, fs.constants.W_OK);
  } catch {
    throw new InputError(`${flag} ${file} cannot be written (no write permission on ${fs.existsSync(full) ? full : existing})`);
  }
}

/**
 * Writes a finished result to `file` (making its folder). When that fails, the result is saved
 * under the system's temporary folder instead and the error says where: the run is not lost.
 */
export function writeResultFile(file: string, text: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (err) {
    const saved = path.join(os.tmpdir(), `lengthlens-${process.pid}-${Date.now()}-${path.basename(file) || 'result.json'}`);
    fs.writeFileSync(saved, text);
    throw new InputError(`could not write ${file} (${(err as Error).message.split('\n')[0]}); the result was saved to ${saved}`);
  }
}
