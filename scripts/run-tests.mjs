#!/usr/bin/env node
// Runs every check in order — types, lint, unit and integration (Vitest), then browser
// (Playwright) — and closes with one plain summary line, so a reader (or CI) sees the whole
// count at once.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { mkdirSync, readFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureRedis } from './ensure-redis.mjs';

const reports = 'test-results/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function step(title, command, args) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

ensureChromium();
ensureRedis();
const statuses = [];

// The iOS app (apps/mobile) is its own install with its own lock (React Native pins its own
// React); it is installed here when missing or older than its lock, and nothing is cached.
const mobile = 'apps/mobile';
const mobileInstalled = `${mobile}/node_modules/.package-lock.json`;
if (
  !existsSync(mobileInstalled) ||
  statSync(mobileInstalled).mtimeMs < statSync(`${mobile}/package-lock.json`).mtimeMs
) {
  statuses.push(
    step('install the iOS app', 'npm', ['ci', '--prefix', mobile, '--no-audit', '--no-fund']),
  );
}

statuses.push(step('types', 'npm', ['run', 'typecheck']));
// Both views of the iOS app's sources: as the web build sees them and as the phone does
// (`.ios`/`.native` files: Apple Maps, Bluetooth, the secure store).
statuses.push(step('types of the iOS app', 'npm', ['run', 'typecheck', '--prefix', mobile]));
statuses.push(step('lint', 'npm', ['run', 'lint']));
statuses.push(
  step('unit + integration', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${reports}/vitest.json`,
  ]),
);
statuses.push(
  step('iOS app components and config (jest-expo)', 'npm', [
    'test',
    '--prefix',
    mobile,
    '--',
    '--ci',
    '--json',
    `--outputFile=${resolve(reports, 'jest.json')}`,
  ]),
);
statuses.push(step('build web and server', 'npm', ['run', 'build']));
// The iOS app's web export, which the browser tests drive (project "mobile").
statuses.push(
  step('export the iOS app for the web', 'npm', ['run', 'export:web', '--prefix', mobile]),
);
statuses.push(step('browser', 'npx', ['playwright', 'test']));

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(`${reports}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const jest = readJson(`${reports}/jest.json`);
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
  skipped += jest.numPendingTests + (jest.numTodoTests ?? 0);
}
const playwright = readJson(`${reports}/playwright.json`);
if (playwright) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  // A flaky pass is not a pass here: count it as a failure.
  failed += playwright.stats.flaky;
}
const anyStepFailed = statuses.some((s) => s !== 0);
if (anyStepFailed && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(anyStepFailed || failed > 0 ? 1 : 0);
