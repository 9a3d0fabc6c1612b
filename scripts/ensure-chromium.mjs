#!/usr/bin/env node
// Browser tests drive Debian's Chromium (never a downloaded browser). Install it when missing and
// we may (root with apt-get); otherwise say exactly what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
  console.log('Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core', { stdio: 'inherit', env });
  process.exit(0);
}
console.error(`Browser tests need Chromium at ${chromium}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
process.exit(1);
