#!/usr/bin/env node
// Runs every check in order — types, lint, unit and integration (Vitest), then browser
// (Playwright) — and closes with one plain summary line, so a reader (or CI) sees the whole
// count at once.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
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
statuses.push(step('types', 'npm', ['run', 'typecheck']));
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
statuses.push(step('build web and server', 'npm', ['run', 'build']));
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
