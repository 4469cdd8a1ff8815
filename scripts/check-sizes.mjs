#!/usr/bin/env node
// Fails when a source file (code or test) is over 600 lines: a unit that long does more than one
// job and is split by job (CONTRIBUTING.md, "Size of units"). ESLint warns earlier, at 400 lines
// of code and 80 per function; this is the hard limit. Generated files are exempt (EXEMPT below,
// each with its reason, the same list as in CONTRIBUTING.md).
// Run by `npm run lint`; `node scripts/check-sizes.mjs --list` prints the largest files and passes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 600;

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['apps', 'packages', 'scripts', 'e2e'];
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  '.expo',
  'coverage',
  'ios',
  'android',
]);
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|sol)$/;

/** Paths (relative, `/`-separated) left out on purpose, and why. */
export const EXEMPT = [
  {
    prefix: 'packages/contracts/src/artifacts/',
    why: 'generated from the compiler output (ABI and bytecode); checked against the sources',
  },
  { prefix: 'apps/server/drizzle/', why: 'generated SQL migrations and their snapshots' },
];

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** Every source file under the given folders of `base` with its line count, largest first. */
export function measure(base = root, roots = ROOTS) {
  const files = [];
  for (const top of roots) {
    for (const path of sourceFiles(join(base, top))) {
      const name = relative(base, path).split(sep).join('/');
      if (EXEMPT.some((exempt) => name.startsWith(exempt.prefix))) continue;
      const text = readFileSync(path, 'utf8');
      const lines = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      files.push({ name, lines });
    }
  }
  return files.sort((a, b) => b.lines - a.lines);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const files = measure();
  if (process.argv.includes('--list')) {
    for (const file of files.slice(0, 25))
      console.log(`${String(file.lines).padStart(6)}  ${file.name}`);
    process.exit(0);
  }
  const over = files.filter((file) => file.lines > MAX_LINES);
  for (const file of over) {
    console.error(`${file.name}: ${file.lines} lines (over ${MAX_LINES}); split it by job`);
  }
  if (over.length > 0) process.exit(1);
}
