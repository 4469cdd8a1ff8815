#!/usr/bin/env node
// Browser tests drive Debian's Chromium (never a downloaded browser build): install it when
// it is missing and we are allowed to (root with apt-get), otherwise say exactly what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How Chromium is launched here: headless, no sandbox, no background network (tests, reports). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function run(command) {
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log('Installing Chromium from Debian packages (one time)…');
  run('apt-get update -qq');
  run('apt-get install -y -qq chromium');
  if (!existsSync(CHROMIUM_PATH)) throw new Error('apt-get finished but Chromium is still missing');
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Chromium: ${ensureChromium()}`);
}
