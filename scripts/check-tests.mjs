#!/usr/bin/env node
// Fails when a test file holds an assertion that cannot fail or a wait by the clock:
//  - expect(…getBy…(…)).toBeDefined() / .toBeTruthy() (and findBy): the query throws first,
//    so the assertion says nothing; write the query alone, or assert what the user sees;
//  - page.waitForTimeout(…) and other fixed sleeps (setTimeout(resolve, …), sleep(…), delay(…),
//    timers/promises): wait on the condition instead (vi.waitFor, expect.poll, a locator).
// Test support modules (apps/*/test, e2e/support) may poll on a condition; test files may not.
// Web tests answer the API through MSW (apps/web/test/api-server.ts), never a stubbed `fetch`.
// And the browser suite (e2e/) finds elements as a person does: locators by test id
// (getByTestId, [data-testid…]) must stay under a fifth of all its locators (issue 42).
// Run by `npm run lint`; `node scripts/check-tests.mjs --count` prints the counts and passes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', '.git', 'dist', 'build', '.expo', 'coverage', 'ios']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (TEST_FILE.test(entry.name)) yield path;
  }
}

/** Index just past the bracket closing the one at `open`, skipping strings and comments. */
function closing(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) return -1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const QUERY =
  /^\s*(await\s+)?[\w$.]*(within\([^)]*\)\s*\.\s*)?(get|find)(All)?By[A-Z]\w*\s*(<[^>()]*>)?\s*\(/;
const INERT = /^\s*\.\s*(toBeDefined|toBeTruthy)\(\)/;

/** `expect(<a query that throws when nothing is found>).toBeDefined()` and the like. */
function inertQueries(text) {
  const found = [];
  for (const match of text.matchAll(/\bexpect\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const end = closing(text, open);
    if (end < 0) continue;
    const argument = text.slice(open + 1, end - 1);
    const query = QUERY.exec(argument);
    if (!query) continue;
    // The query's own call must be the whole argument (not `getAllBy…(…).length`).
    const callEnd = closing(argument, query[0].length - 1);
    if (callEnd < 0 || argument.slice(callEnd).trim().replace(/,$/, '') !== '') continue;
    if (INERT.test(text.slice(end))) found.push(match.index);
  }
  return found;
}

const SLEEPS = [
  /\bwaitForTimeout\s*\(/g,
  /\bsetTimeout\s*\(\s*(resolve|res|r|done|next|wake)\s*[,)]/g,
  /\b(sleep|delay)\s*\(\s*[\d_]+/g,
  /from\s+['"](node:)?timers\/promises['"]/g,
];

function fixedSleeps(text) {
  return SLEEPS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m.index)).sort(
    (a, b) => a - b,
  );
}

const FETCH_STUB = /\bstubGlobal\s*\(\s*['"]fetch['"]/g;
/** A hand-made `fetch` in a web test: the page is then tested against no real request. */
function fetchStubs(file, text) {
  return file.startsWith('apps/web/') ? [...text.matchAll(FETCH_STUB)].map((m) => m.index) : [];
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const problems = [];
const counts = { files: 0, inert: 0, sleeps: 0, fetchStubs: 0 };
for (const path of testFiles(root)) {
  const text = readFileSync(path, 'utf8');
  counts.files++;
  const file = relative(root, path);
  for (const at of inertQueries(text)) {
    counts.inert++;
    problems.push(`${file}:${lineOf(text, at)}  expect(get/findBy…) with toBeDefined/toBeTruthy`);
  }
  for (const at of fixedSleeps(text)) {
    counts.sleeps++;
    problems.push(`${file}:${lineOf(text, at)}  a fixed sleep: wait on the condition instead`);
  }
  for (const at of fetchStubs(file, text)) {
    counts.fetchStubs++;
    problems.push(`${file}:${lineOf(text, at)}  a stubbed fetch: answer with serveApi (MSW)`);
  }
}

const TEST_ID_LOCATOR = /\bgetByTestId\s*\(|\[data-testid/g;
const PERSON_LOCATOR = /\bgetBy(Role|Label|Text|Placeholder|Title|AltText)\s*\(/g;
/** Browser-suite locators by test id against all of them, in e2e/ (specs and support). */
function e2eLocators() {
  const tally = { testId: 0, all: 0 };
  const files = (function* walk(dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name)) yield path;
    }
  })(join(root, 'e2e'));
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const byTestId = text.match(TEST_ID_LOCATOR)?.length ?? 0;
    tally.testId += byTestId;
    tally.all += byTestId + (text.match(PERSON_LOCATOR)?.length ?? 0);
  }
  return tally;
}
const MAX_TEST_ID_SHARE = 0.2;
const locators = e2eLocators();
const testIdShare = locators.all === 0 ? 0 : locators.testId / locators.all;
const shareText = `e2e locators by test id: ${locators.testId} of ${locators.all} (${(testIdShare * 100).toFixed(1)} %, limit under ${MAX_TEST_ID_SHARE * 100} %)`;
console.log(shareText);
if (testIdShare >= MAX_TEST_ID_SHARE) {
  problems.push(`${shareText}: find elements by role, label or text (what a person sees)`);
}

if (process.argv.includes('--count')) {
  console.log(
    `${counts.files} test files: inert query assertions ${counts.inert}, fixed sleeps ${counts.sleeps}, web fetch stubs ${counts.fetchStubs}`,
  );
} else if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\ncheck-tests: ${problems.length} problem(s); see scripts/check-tests.mjs`);
  process.exitCode = 1;
}
